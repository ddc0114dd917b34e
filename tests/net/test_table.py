"""A hosted table record: players at one physical table, each on their own device, share the record;
each entry is said to everyone else in one line; the host holds the table and gets it back after a restart."""

from __future__ import annotations

import asyncio

import aiohttp

from companion.net.hosting import on_loop, start_server
from tests.accessibility import check_error, check_response
from tests.net.test_hostile import bye, frames, hello as _hello, line, until

CODE = "555444333"


def hello(name: str, **more: object) -> str:
    return _hello(name, code=CODE, **more)


def test_a_hosted_table_says_each_entry_to_everyone(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    folder = tmp_path / "hosted"
    running = start_server("127.0.0.1", 0, folder=folder)
    game = on_loop(running, running.host.add_table, "Ana, Ben, Cleo", "First Game", 4, CODE)
    url = f"ws://127.0.0.1:{running.port}/ws"

    async def main() -> str:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url)
            await ws.send_str(hello("Zed"))
            assert "does not play at this table" in bye(await frames(ws))
            ana = await http.ws_connect(url)
            await ana.send_str(hello("ana"))
            w = await until(ana, lambda m: m["type"] == "say")
            assert w[0]["name"] == "Ana"
            ben = await http.ws_connect(url)
            await ben.send_str(hello("Ben"))
            await until(ben, lambda m: m["type"] == "say")
            await until(ana, lambda m: "Ben joined" in m.get("text", ""))
            first = game.seating.names[game.seating.waiting_for()]
            who, other = (ana, ben) if first == "Ana" else (ben, ana)
            await who.send_str(line(1, "buy gold"))
            mine = await until(who, lambda m: m.get("reply") == 1)
            theirs = await until(other, lambda m: "Gold" in m.get("text", ""))
            heard_line = theirs[-1]["text"]
            assert "\n" not in heard_line and heard_line.startswith(first)
            check_response(mine[-1]["text"] + "\n")
            check_response(heard_line + "\n")
            # the table's own guard: a table command that would close or replace the record is refused
            await other.send_str(line(1, "table close"))
            refused = await until(other, lambda m: m.get("reply") == 1)
            check_error(refused[-1]["text"] + "\n")
            await ana.close()
            await ben.close()
            return heard_line

    asyncio.run(main())
    entries = len(game.seating.saved.table.entries)
    assert entries >= 1
    running.stop()
    # a host started again holds the same table, with the entry
    running = start_server("127.0.0.1", 0, folder=folder)
    try:
        resumed = on_loop(running, running.host.resume_all)
        assert [g.id for g in resumed] == [game.id]
        assert len(resumed[0].seating.saved.table.entries) == entries
    finally:
        running.stop()
