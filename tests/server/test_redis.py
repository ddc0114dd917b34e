"""Several server processes on one Redis: Redis unreachable at start, the fencing token refusing a write
from an owner that was overtaken, and a real process paused (SIGSTOP) past its lease whose late line is
refused after another process took its game over."""

from __future__ import annotations

import pytest

import asyncio
import json
import os
import signal
import time

import aiohttp

from companion.net.hosted import game_from_text
from companion.server.redis_store import RedisStore
from companion.server.store import LEASE_MS
from tests.server.components import free_port, redis_server
from tests.server.helpers import record_in, server_process, wait_serving
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)


def test_redis_unreachable_at_start_is_one_sentence_naming_it(tmp_path):
    port = free_port()  # nothing listens there
    url = f"redis://127.0.0.1:{port}/0"
    proc = server_process(tmp_path, free_port(), "--store", url)
    status = proc.wait(60)
    out = (tmp_path / "server.out").read_text()
    assert status == 1
    assert out.startswith(f"Error, The store at {url} cannot be reached, ")
    assert out.count("\n") == 1 and "Traceback" not in (tmp_path / "server.err").read_text()


def test_a_write_with_an_overtaken_fencing_token_is_refused(tmp_path):
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"

        async def go() -> None:
            a, b = RedisStore(url), RedisStore(url)
            await a.start("a")
            await b.start("b")
            try:
                assert await a.write("abc123", 0, "new", {"name": "T"})  # a new game: nobody holds it
                assert not await a.write("abc123", 0, "again", None)  # a new game's id is never written twice
                ta = await a.claim("abc123")
                assert ta == 1 and await b.claim("abc123") is None  # held: nobody else can claim it
                assert await a.write("abc123", ta, "by a", {"name": "T"})
                await asyncio.sleep(LEASE_MS / 1000 + 0.5)  # a does not renew: its lease runs out
                tb = await b.claim("abc123")
                assert tb == 2
                assert await b.write("abc123", tb, "by b", {"name": "T"})
                assert not await a.write("abc123", ta, "late, by a", {"name": "T"})  # fenced out
                assert not await a.renew("abc123", ta)
                assert await b.renew("abc123", tb)
                assert await b.read("abc123") == "by b"
            finally:
                await a.close()
                await b.close()

        run(go(), 60)


def test_a_process_paused_past_its_lease_has_its_late_line_refused(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        ports = [free_port(), free_port()]
        procs = [server_process(tmp_path / f"s{i}", p, "--store", url) for i, p in enumerate(ports)]
        try:
            for i, proc in enumerate(procs):
                wait_serving(tmp_path / f"s{i}", proc)

            async def go() -> None:
                import redis.asyncio as aioredis

                r = aioredis.from_url(url, decode_responses=True)
                async with aiohttp.ClientSession() as http:
                    lobby = Raw(http, f"ws://127.0.0.1:{ports[0]}/lobby/ws")
                    await lobby.open("Ana")
                    made = await lobby.say("create --players 2 --bots bigmoney --name Paused --seed 5")
                    game_id, code = made["go"]["game"], made["go"]["code"]

                    def answers() -> int:
                        return len(game_from_text(text_of[0], tmp_path).seating.act.game.answers)  # type: ignore[union-attr]

                    text_of = [""]
                    a = Raw(http, f"ws://127.0.0.1:{ports[0]}/g/{game_id}/ws")
                    welcome = (await a.open("Ana", code))[-1]
                    await a.until(lambda m: m.get("yours"))
                    text_of[0] = await record_in(r, game_id)
                    before, before_text = answers(), text_of[0]
                    os.kill(procs[0].pid, signal.SIGSTOP)
                    try:
                        await a.ws.send_str(json.dumps({"v": 1, "type": "line", "id": 1, "text": "end"}))
                        await asyncio.sleep(LEASE_MS / 1000 + 1.5)  # past its lease
                        b = Raw(http, f"ws://127.0.0.1:{ports[1]}/g/{game_id}/ws")
                        back = await b.open("Ana", code, seat=welcome["seat"], token=welcome["token"],
                                            seen=max(m.get("n", 0) for m in a.heard))
                        assert back[-1]["type"] == "welcome" and back[-1]["last_line"] == 0
                        reply = await b.say("end", 1)
                        assert not reply["text"].startswith("Error"), reply
                        text_of[0] = await record_in(r, game_id)
                        by_b = text_of[0]
                        assert by_b != before_text and answers() > before, reply["text"]  # B applied the line
                        assert (await r.get(f"companion:lease:{game_id}")).split(":")[-1] == "2"
                    finally:
                        os.kill(procs[0].pid, signal.SIGCONT)
                    # the paused process wakes with the line it was sent: it must not land
                    got = await a.until(lambda m: m["type"] in ("bye", "closed") or m.get("reply") == 1, wait=20)
                    assert got[-1]["type"] in ("bye", "closed"), got
                    if got[-1]["type"] == "bye":
                        assert got[-1]["reason"].startswith("This game moved to another server process.")
                    await asyncio.sleep(2 * LEASE_MS / 3000 + 0.5)  # its lease check has run too
                    assert await record_in(r, game_id) == by_b
                    # the game goes on where it is now
                    assert (await b.say("hand"))["type"] == "say"
                    await r.aclose()

            run(go(), 120)
        finally:
            for proc in procs:
                if proc.poll() is None:
                    os.kill(proc.pid, signal.SIGCONT)
                    proc.terminate()
            for proc in procs:
                proc.wait(20)


def test_redis_lost_while_running_games_go_on_new_ones_are_refused_nothing_is_lost(tmp_path):
    from companion.server.redis_store import RedisStore
    from tests.server.components import REDIS_PIDS
    from tests.server.helpers import server_in_thread

    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        with server_in_thread(RedisStore(url), tmp_path / "spool") as server:

            async def go() -> None:
                import redis.asyncio as aioredis

                r = aioredis.from_url(url, decode_responses=True)
                async with aiohttp.ClientSession() as http:
                    lobby = Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws")
                    await lobby.open("Ana")
                    made = await lobby.say("create --players 2 --bots bigmoney --name Away --seed 6")
                    game_id, code = made["go"]["game"], made["go"]["code"]
                    seat = Raw(http, f"ws://127.0.0.1:{server.port}/g/{game_id}/ws")
                    welcome = (await seat.open("Ana", code))[-1]
                    await seat.until(lambda m: bool(m.get("yours")))
                    os.kill(REDIS_PIDS[rport], signal.SIGSTOP)
                    try:
                        reply = await seat.say("end")  # the game goes on: answered, kept on this machine
                        assert not reply["text"].startswith("Error") and "could not be saved" not in reply["text"]
                        refused = await lobby.say("create --players 2 --bots bigmoney")
                        assert refused["text"] == ("Error, no new game can be made now, as Redis is slow to answer. Games "
                                                   "in play go on. Try again in a minute.")  # no address said
                        assert "go" not in refused
                        await asyncio.sleep(LEASE_MS / 1000 + 1)  # longer than a lease
                    finally:
                        os.kill(REDIS_PIDS[rport], signal.SIGCONT)
                    deadline = time.monotonic() + 30
                    while True:  # the saves kept meanwhile reach Redis when it is back
                        record = game_from_text(await record_in(r, game_id), tmp_path)
                        if record.seats[welcome["seat"]].last_line == 1:
                            break
                        assert time.monotonic() < deadline, "the line answered while Redis was away was lost"
                        await asyncio.sleep(0.2)
                    assert (await seat.say("hand"))["text"].startswith("Hand")  # still this process's game
                    again = await lobby.say("create --players 2 --bots bigmoney --name Back")
                    assert again["text"].startswith("Made the game Back")
                    await r.aclose()

            run(go(), 180)


def test_the_lobby_is_one_across_processes_who_and_say(tmp_path):
    from companion.server.redis_store import RedisStore
    from tests.server.helpers import server_in_thread

    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        with server_in_thread(RedisStore(url), tmp_path / "a") as a, \
                server_in_thread(RedisStore(url), tmp_path / "b") as b:

            async def go() -> None:
                async with aiohttp.ClientSession() as http:
                    ana = Raw(http, f"ws://127.0.0.1:{a.port}/lobby/ws")
                    ben = Raw(http, f"ws://127.0.0.1:{b.port}/lobby/ws")
                    await ana.open("Ana")
                    await ben.open("Ben")
                    assert (await ben.say("who"))["text"] == "In the lobby, you and Ana."
                    assert (await ana.say("say hello from a"))["text"] == "You said, hello from a"
                    heard = await ben.until(lambda m: m.get("type") == "say" and "hello" in m.get("text", ""))
                    assert heard[-1]["text"] == "Ana says, hello from a" and heard[-1]["reply"] == 0
                    made = await ben.say("create --players 2 --bots bigmoney --name Shared")
                    assert made["go"]
                    listed = (await ana.say("games"))["text"]
                    assert listed == "1 open game.\nShared. Nobody sits yet, 1 seat free, First Game, the bot Big Money, open."
                    await ben.close()
                    await asyncio.sleep(0.3)
                    assert (await ana.say("who"))["text"] == "Only you are in the lobby."

            run(go(), 60)


def test_saves_made_while_redis_was_stopped_reach_the_other_process_when_their_maker_dies(tmp_path):
    """Redis stopped; a game plays on, its lines kept in its process's spool folder; Redis started again;
    that process killed before it could give them over: the other process on the machine claims the game
    by itself and gives them over, and the player back on it finds every confirmed line."""
    from companion.server.spool import Spool
    from tests.server.components import start_redis, stop_redis

    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        data = tmp_path / "data"  # one machine: both processes keep their spool folders in one data folder
        ports = [free_port(), free_port()]
        procs = [server_process(tmp_path / f"s{i}", p, "--store", url, data=data) for i, p in enumerate(ports)]
        try:
            for i, proc in enumerate(procs):
                wait_serving(tmp_path / f"s{i}", proc)

            async def go() -> None:
                import redis.asyncio as aioredis

                async with aiohttp.ClientSession() as http:
                    lobby = Raw(http, f"ws://127.0.0.1:{ports[0]}/lobby/ws")
                    await lobby.open("Ana")
                    made = await lobby.say("create --players 2 --bots bigmoney --name Kept --seed 8")
                    game_id, code = made["go"]["game"], made["go"]["code"]
                    seat = Raw(http, f"ws://127.0.0.1:{ports[0]}/g/{game_id}/ws")
                    welcome = (await seat.open("Ana", code))[-1]
                    await seat.until(lambda m: bool(m.get("yours")))
                    stop_redis(rport)
                    for text in ("end", "hand"):  # confirmed while Redis is away
                        reply = await seat.say(text)
                        assert not reply["text"].startswith("Error") and "could not be saved" not in reply["text"]
                    folder = data / "data" / "server" / f"spool-{ports[0]}"
                    spooled = folder / f"{game_id}.spool"
                    [(_, _, _, kept)] = Spool(folder).found(game_id)  # the whole record, then a line a change
                    assert len(spooled.read_text().splitlines()) >= 2
                    assert game_from_text(kept, tmp_path).seats[welcome["seat"]].last_line == 2
                    await asyncio.sleep(LEASE_MS / 1000 + 1)  # longer than a lease
                    os.kill(procs[0].pid, signal.SIGSTOP)  # it never runs again with Redis back
                    start_redis(tmp_path / "redis", rport)
                    os.kill(procs[0].pid, signal.SIGKILL)
                    procs[0].wait(10)
                    r = aioredis.from_url(url, decode_responses=True)
                    deadline = time.monotonic() + 30
                    while True:  # no player has come back yet: the other process takes the game by itself
                        text = await record_in(r, game_id)
                        if game_from_text(text, tmp_path).seats[welcome["seat"]].last_line == 2:
                            break
                        assert time.monotonic() < deadline, "the lines confirmed while Redis was away were lost"
                        await asyncio.sleep(0.2)
                    assert text == kept and not spooled.exists()
                    back = Raw(http, f"ws://127.0.0.1:{ports[1]}/g/{game_id}/ws")
                    again = await back.open("Ana", code, seat=welcome["seat"], token=welcome["token"],
                                            seen=max(m.get("n", 0) for m in seat.heard))
                    assert again[-1]["type"] == "welcome" and again[-1]["last_line"] == 2
                    answered = len(game_from_text(kept, tmp_path).seating.act.game.answers)  # type: ignore[union-attr]
                    reply = await back.say("hand", 2)  # sent again: answered, not applied twice
                    assert reply["reply"] == 2
                    now = game_from_text(await record_in(r, game_id), tmp_path)
                    assert len(now.seating.act.game.answers) == answered  # type: ignore[union-attr]
                    assert (await back.say("end", 3))["reply"] == 3  # and the game goes on there
                    await r.aclose()

            run(go(), 180)
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.terminate()
            for proc in procs:
                proc.wait(20)


def test_a_bug_in_a_chat_handler_is_logged_and_listening_goes_on(tmp_path):
    """The store's listener tells a fault of the handler (logged, a task_failed event) from Redis being away:
    the next line said in the lobby still arrives."""
    from companion.server import events

    heard: list[str] = []
    failed: list[str] = []

    def listener(name: str, fields: dict) -> None:
        if name == "task_failed":
            failed.append(str(fields.get("task")))

    with redis_server(tmp_path / "redis") as port:
        async def go() -> None:
            store = RedisStore(f"redis://127.0.0.1:{port}/0")
            await store.start("one")

            def on_chat(text: str) -> None:
                if text == "first":
                    raise RuntimeError("a handler's bug")
                heard.append(text)

            store.on_chat = on_chat
            try:
                await asyncio.sleep(0.5)  # subscribed
                await store.chat("first")
                for _ in range(50):
                    await asyncio.sleep(0.1)
                    await store.chat("second")
                    if heard:
                        break
            finally:
                await store.close()

        events.listen(listener)
        try:
            run(go(), 60)
        finally:
            events.unlisten(listener)
    assert "second" in heard and failed == ["store listener"]


def test_a_slow_redis_is_said_as_slow_at_the_lobbys_door(tmp_path):
    """Redis not answering within its time (stopped, as a Redis swapping or saving would be): a newcomer
    hears that it is slow, not a bare "not answering", and comes in once it answers again."""
    from tests.server.components import REDIS_PIDS
    from tests.server.helpers import server_in_thread

    with redis_server(tmp_path / "redis") as rport:
        with server_in_thread(RedisStore(f"redis://127.0.0.1:{rport}/0"), tmp_path / "spool") as server:
            async def go() -> None:
                async with aiohttp.ClientSession() as http:
                    os.kill(REDIS_PIDS[rport], signal.SIGSTOP)
                    try:
                        said = (await Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws").open("Ana"))[-1]
                    finally:
                        os.kill(REDIS_PIDS[rport], signal.SIGCONT)
                    assert said.get("reason", said.get("text", "")).startswith(
                        "Redis is slow to answer, so no name can be checked now."), said
                    again = (await Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws").open("Ana"))[-1]
                    assert again["type"] == "welcome", again

            run(go(), 90)
