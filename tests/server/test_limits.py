"""What one person may do in the lobby, counted across server processes in a real redis-server: 3 games
waiting to start, 5 games made a minute, a say a second in bursts of 5, 5 wrong codes a minute; each refusal
one sentence saying when to try again. Unstarted games nobody is in expire; `games` is paged and searched."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.server import expiry
from companion.server.redis_store import RedisStore
from companion.server.store import FileStore
from tests.server.components import redis_server
from tests.server.helpers import server_in_thread
from tests.server.raw import Raw

pytestmark = [pytest.mark.network, pytest.mark.process]


def _ask(port: int, source: str, name: str, lines: list[str]) -> list[str]:
    """One person (from ``source``) in the lobby of the process on ``port``: the answer to each line."""

    async def talk() -> list[str]:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0))) as http:
            raw = Raw(http, f"ws://127.0.0.1:{port}/lobby/ws")
            opened = await raw.open(name)
            assert opened[-1]["type"] == "welcome", opened  # a refusal at hello says why
            said = []
            for text in lines:
                said.append((await raw.say(text))["text"])
            await raw.close()
            return said

    return asyncio.run(asyncio.wait_for(talk(), 120))


def _seat(port: int, go: dict[str, str], name: str) -> None:
    async def sit() -> None:
        async with aiohttp.ClientSession() as http:
            raw = Raw(http, f"ws://127.0.0.1:{port}/g/{go['game']}/ws")
            got = await raw.open(name, code=go["code"])
            assert got[-1]["type"] == "welcome", got
            await raw.close()

    asyncio.run(asyncio.wait_for(sit(), 60))


def _make(port: int, source: str, name: str, text: str) -> dict[str, Any]:
    async def talk() -> dict[str, Any]:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0))) as http:
            raw = Raw(http, f"ws://127.0.0.1:{port}/lobby/ws")
            opened = await raw.open(name)
            assert opened[-1]["type"] == "welcome", opened
            answer = await raw.say(text)
            await raw.close()
            return answer

    return asyncio.run(asyncio.wait_for(talk(), 60))


def test_limits_hold_across_two_processes_sharing_redis(tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"
        with server_in_thread(RedisStore(url), tmp_path / "a") as a, \
                server_in_thread(RedisStore(url), tmp_path / "b") as b:
            # wrong codes: 3 at one process, 2 at the other; the sixth is refused at either
            said = _ask(a.port, "127.0.2.1", "Ben", ["sit 111111111"] * 3)
            said += _ask(b.port, "127.0.2.1", "Ben", ["sit 111111112"] * 2)
            assert said == ["Error, no game has that code. Check it with the person who made the game."] * 5
            refused = _ask(a.port, "127.0.2.1", "Ben", ["sit 111111113"])[0]
            assert refused.startswith("Error, too many wrong codes, so no code is tried now. Try again in ")
            assert refused.endswith(" seconds.")
            assert _ask(b.port, "127.0.2.1", "Ben", ["sit 111111114"])[0] == refused.replace(
                refused.split("Try again in ")[1], refused.split("Try again in ")[1])  # refused there too
            # a code of someone else's address is still tried
            assert _ask(b.port, "127.0.2.2", "Cleo", ["sit 111111114"])[0].startswith("Error, no game has that")

            # 3 games waiting to start, made at both processes: the fourth is refused
            for i, server in enumerate((a, b, a)):
                assert _make(server.port, "127.0.2.3", "Ana", f"create --name Wait{i}")["text"].startswith(
                    f"Made the game Wait{i}")
            fourth = _make(b.port, "127.0.2.3", "Ana", "create --name Wait3")["text"]
            assert fourth == ("Error, 3 games you made have not started yet, the most one person may have. Sit at "
                              "one of them, or make another when one starts or 30 minutes after everyone has left "
                              "it.")

            # 5 games made a minute (each started at once: one person and a bot): the sixth is refused
            for i, server in enumerate((a, b, a, b, a)):
                answer = _make(server.port, "127.0.2.4", "Dan", f"create --players 2 --bots bigmoney --name Go{i}")
                assert answer["text"].startswith(f"Made the game Go{i}"), answer
                _seat(server.port, answer["go"], "Dan")
            sixth = _make(b.port, "127.0.2.4", "Dan", "create --players 2 --bots bigmoney --name Go5")["text"]
            assert sixth.startswith("Error, you have made 5 games in a short time. Make another in ")
            assert sixth.endswith("seconds.")

            # a say a second, 5 at once: the sixth at once is refused, said when to say it again
            says = _ask(a.port, "127.0.2.5", "Eve", [f"say hello {i}" for i in range(6)])
            assert says[:5] == [f"You said, hello {i}" for i in range(5)]
            assert says[5] == ("Error, you have said a lot at once, so that was not passed on. Say it again in 1 "
                               "second.")


def test_games_is_paged_and_searched_each_page_under_1200_characters(tmp_path: Path) -> None:
    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
        for i in range(23):  # 23 listed games, each with six long names sitting
            server.host.store.index.put(f"g{i:02d}", {
                "name": f"Friday table {i}", "private": False, "code": "123456789", "players": 6, "bots": [],
                "kingdom": "First Game", "seats": [f"Player{i}{j}xxxxxxxxxxxxxx"[:20] for j in range(5)],
                "free": 1, "started": False})
        first = _ask(server.port, "127.0.2.6", "Ana", ["games"])[0]
        n = int(first.splitlines()[0].split(" of ")[1].rstrip(":."))
        pages = [first, *_ask(server.port, "127.0.2.6", "Ana", [f"games {i}" for i in range(2, n + 2)])]
        found = _ask(server.port, "127.0.2.6", "Ana", ["games table 1", "games nothing"])
    assert all(len(p) < 1200 for p in pages + found), [len(p) for p in pages]
    counted = [p.count("\n") - 1 for p in pages[:n]]
    assert pages[0].startswith(f"23 open games, page 1 of {n}.") and sum(counted) == 23 and max(counted) <= 10
    assert pages[0].splitlines()[1].startswith("Friday table 0.") and "Type games 2 for the next page." in pages[0]
    assert "Friday table 2." in pages[0] and "Friday table 10." not in pages[0]  # in number order
    assert pages[n - 1].endswith("That is the last page.")
    assert pages[n] == f"Error, there are {n} pages of open games. Type games {n} for the last."
    assert found[0].startswith("11 open games with 'table 1' in the name")
    assert found[1] == "No open game has 'nothing' in its name. Type games to hear them all."


def test_unstarted_games_nobody_is_in_expire_and_leave_the_list(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expiry, "EXPIRE", 1.0)
    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
        never = _make(server.port, "127.0.2.7", "Ana", "create --name Never")  # nobody ever sits: held by none
        left = _make(server.port, "127.0.2.8", "Ben", "create --name Left")
        _seat(server.port, left["go"], "Ben")  # sat, then left: held here, with nobody in it
        stays = _make(server.port, "127.0.2.9", "Cleo", "create --name Stays")

        async def cleo_stays() -> list[str]:
            async with aiohttp.ClientSession() as http:
                raw = Raw(http, f"ws://127.0.0.1:{server.port}/g/{stays['go']['game']}/ws")
                await raw.open("Cleo", code=stays["go"]["code"])
                gone: list[str] = []
                for _ in range(3):  # looked at over more than EXPIRE: only the games nobody is in go
                    await asyncio.sleep(1.2)
                    gone += await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(
                        server.serving.expiry.look(), server.loop))
                await raw.close()
                return gone

        gone = asyncio.run(asyncio.wait_for(cleo_stays(), 60))
        listing = _ask(server.port, "127.0.2.7", "Ana", ["games"])[0]
    assert sorted(gone) == sorted([never["go"]["game"], left["go"]["game"]])
    assert listing.startswith("1 open game.\nStays. Cleo sits"), listing


def test_a_say_in_a_game_is_limited_and_the_lobby_events_are_logged(tmp_path: Path) -> None:
    import io
    import json

    from companion.server import events

    stream = io.StringIO()
    events.configure(stream)
    try:
        with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
            made = _make(server.port, "127.0.3.1", "Ana", "create --name Chat --private")

            async def chat() -> list[str]:
                async with aiohttp.ClientSession() as http:
                    raw = Raw(http, f"ws://127.0.0.1:{server.port}/g/{made['go']['game']}/ws")
                    await raw.open("Ana", code=made["go"]["code"])
                    said = [(await raw.say(f"say hi {i}"))["text"] for i in range(6)]
                    await raw.close()
                    return said

            said = asyncio.run(asyncio.wait_for(chat(), 60))
            wrong = _ask(server.port, "127.0.3.2", "Ben", ["sit Chat 111111111"])
    finally:
        events.LOGGER.handlers.clear()
        events._handler = None
    assert said[:5] == [f"You said, hi {i}" for i in range(5)]
    assert said[5].startswith("Error, you have said a lot at once, so that was not passed on. Say it again in 1 ")
    assert wrong == ["Error, that is not the code of Chat. Check it with its maker."]
    logged = [json.loads(x) for x in stream.getvalue().splitlines()]
    kinds = [(e["event"], e.get("name"), e.get("address")) for e in logged]
    assert ("lobby", "Ana", "127.0.3.1") in kinds and ("leave", "Ana", "127.0.3.1") in kinds
    assert ("create", "Chat", "127.0.3.1") in kinds
    assert ("wrong_code", "Ben", "127.0.3.2") in kinds
    assert all("code" not in e and "token" not in e for e in logged)


def test_a_name_is_free_in_every_process_once_its_close_is_answered(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Ben leaves the lobby at one process and joins at once at the other under the same name: the departure
    reaches Redis late (as on a loaded machine), yet he is welcomed, as his close is answered only once he has
    left. Before, the close was answered first, and he was turned away as someone in the lobby called Ben."""
    said_here = RedisStore.set_here

    async def late_departure(self: RedisStore, names: list[str]) -> None:
        if len(names) < len(self.names):
            await asyncio.sleep(0.5)
        await said_here(self, names)

    monkeypatch.setattr(RedisStore, "set_here", late_departure)
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"
        with server_in_thread(RedisStore(url), tmp_path / "a") as a, \
                server_in_thread(RedisStore(url), tmp_path / "b") as b:
            for server in (a, b, a):
                assert _ask(server.port, "127.0.2.10", "Ben", ["who"]) == ["Only you are in the lobby."]
