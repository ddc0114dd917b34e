"""Nothing is forgotten across a restart: a line that changed nothing still counts, a line's answer is
said again for its id, the bot's turns for an away player are told when they come back, and the token
store clears what a killed writer left; no seat hears another's hidden cards on the way."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from companion.net.hosted import Options
from companion.net.hosting import on_loop, start_server
from tests.net.helpers import hidden_leaks, record_frames
from tests.net.test_hostile import hello as _hello, line, until

CODE = "987654321"


def hello(name: str, **more: object) -> str:
    return _hello(name, code=CODE, **more)


async def _join(http: aiohttp.ClientSession, url: str, name: str, seats: dict[str, dict[str, Any]] | None = None,
                **more: Any) -> tuple[Any, list[dict[str, Any]]]:
    """A seat joins (or comes back with its token); a renewed token is kept in ``seats``."""
    ws = await http.ws_connect(url)
    await ws.send_str(hello(name, **more))
    got = await until(ws, lambda m: m["type"] == "welcome")
    if seats is not None and got[-1].get("renewed"):
        seats[name]["token"] = got[-1]["renewed"]
    return ws, got


async def _line(ws: Any, i: int, text: str) -> dict[str, Any]:
    await ws.send_str(line(i, text))
    return (await until(ws, lambda m: m.get("reply") == i))[-1]


def test_after_restarts_no_line_is_skipped_each_answer_is_kept_and_the_bots_turns_are_told(tmp_path):
    folder = tmp_path / "hosted"
    running = start_server("127.0.0.1", 0, folder=folder)
    frames = record_frames(running)
    game = on_loop(running, running.host.add_game, Options(2, [], "First Game", 4), CODE)
    url = f"ws://127.0.0.1:{running.port}/ws"
    seats: dict[str, dict[str, Any]] = {}

    async def first() -> None:
        async with aiohttp.ClientSession() as http:
            for name in ("Ana", "Ben"):
                ws, got = await _join(http, url, name)
                seats[name] = {"ws": ws, "seat": got[-1]["seat"], "token": got[-1]["token"]}
            ana = seats["Ana"]
            assert (await _line(ana["ws"], 1, "hand"))["text"].startswith("Hand")  # changes nothing
            assert (await _line(ana["ws"], 2, "frobnicate"))["text"].startswith("Error")  # nor does an error
            await seats["Ben"]["ws"].close()
            assert "A bot plays for Ben" in (await _line(ana["ws"], 3, "bot Ben"))["text"]
            assert (await _line(ana["ws"], 4, "hand"))["text"].startswith("Hand")  # changes nothing
            await ana["ws"].close()

    asyncio.run(first())
    ben_seen = max(m["n"] for m in frames[(game.id, seats["Ben"]["seat"])] if m.get("type") == "say")
    running.stop()  # a clean quit

    def again() -> Any:
        r = start_server("127.0.0.1", 0, folder=folder)
        on_loop(r, r.host.resume_all)
        return r

    running = again()
    frames = record_frames(running)
    url = f"ws://127.0.0.1:{running.port}/ws"

    async def second() -> str:
        async with aiohttp.ClientSession() as http:
            ana = seats["Ana"]
            ws, _ = await _join(http, url, "Ana", seats, seat=ana["seat"], token=ana["token"], seen=10_000)
            # line 4 changed nothing, yet it counted: line 5 is taken as the next, not as one skipped.
            # Ana plays her turns from it; the bot plays Ben's
            i, turns = 5, 0
            while turns < 2:
                ok = await _line(ws, i, "play all")
                i += 1
                said = await _line(ws, i, "buy silver")
                i += 1
                assert not ok["text"].startswith("Error") and not said["text"].startswith("Error"), said
                turns += 1
            ana["next"] = i
            await ws.close()
        return ""

    asyncio.run(second())
    running.stop()
    running = again()  # and once more: Ben comes back to a host that restarted since the bot played
    frames = record_frames(running)
    url = f"ws://127.0.0.1:{running.port}/ws"

    async def third() -> list[str]:
        async with aiohttp.ClientSession() as http:
            ben = seats["Ben"]
            ws, got = await _join(http, url, "Ben", seats, seat=ben["seat"], token=ben["token"], seen=ben_seen)
            got += await until(ws, lambda m: "The bot played for you," in m.get("text", ""))  # after the welcome
            texts = [m.get("text", "") for m in got]
            assert any("Welcome back" in t for t in texts[:-1]), texts
            # Ana's last line, sent again after the restart, gets its own answer, not a stand-in
            ana = seats["Ana"]
            aws, _ = await _join(http, url, "Ana", seats, seat=ana["seat"], token=ana["token"], seen=10_000)
            said = await _line(aws, ana["next"] - 1, "buy silver")
            assert "That was done before" not in said["text"] and said["text"].startswith(("Played", "Bought")), said
            await ws.close()
            await aws.close()
            return [m.get("text", "") for m in got]

    heard = asyncio.run(third())
    try:
        told = "\n".join(heard)
        assert "The bot played for you," in told, told
        game = next(iter(running.host.games.values()))
        names = game.seating.names
        for seat in range(2):
            texts = [m["text"] for m in frames.get((game.id, seat), []) if m.get("type") == "say" and m.get("text")]
            assert hidden_leaks(names, seat, texts) == []
    finally:
        running.stop()


def test_the_token_store_clears_what_a_killed_writer_left(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    from companion.net import client

    folder = client._tokens_path().parent
    folder.mkdir(parents=True)
    for pid in (11, 12, 13):  # what three killed writes leave: a temporary file each
        (folder / f".seats.json.{pid}-0a1b2c3d.tmp").write_text("{")
    client.remember("127.0.0.1:8650", CODE, "Ana", 0, "token")
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == []
    assert client.remembered("127.0.0.1:8650", CODE, "Ana")[:2] == (0, "token")
