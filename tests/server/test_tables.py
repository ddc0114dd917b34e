"""A table of real cards hosted on the server from the lobby: `create --table` makes it, `games` lists it as
a table with its players, only its players may sit, each entry is said to the others and each seat's own
answers to it alone, and when its process is killed another process (on another machine: its own tables
folder) takes it over from the store with every entry, and its players come back to their seats."""

from __future__ import annotations

import pytest

import asyncio
import json
import os
import signal
import time

import aiohttp

from companion.server.redis_store import RedisStore
from tests.accessibility import check_response
from tests.server.components import free_port, redis_server
from tests.server.helpers import record_in, server_in_thread, server_process, wait_serving
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)


def test_a_table_of_real_cards_from_the_lobby_survives_its_process(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "b-home"))  # the survivor's machine
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        port = free_port()
        dying = server_process(tmp_path / "a", port, "--store", url, data=tmp_path / "a-home")
        try:
            wait_serving(tmp_path / "a", dying)
            with server_in_thread(RedisStore(url), tmp_path / "spool") as survivor:
                frames: list[tuple[str, int, dict]] = []
                survivor.host.tap = lambda gid, seat, text: frames.append((gid, seat, json.loads(text)))

                async def go() -> None:
                    import redis.asyncio as aioredis

                    r = aioredis.from_url(url, decode_responses=True)
                    lobby_url = f"ws://127.0.0.1:{port}/lobby/ws"
                    async with aiohttp.ClientSession() as http:
                        ana_lobby = Raw(http, lobby_url)
                        await ana_lobby.open("Ana")
                        refused = await ana_lobby.say("create --table Ben --players 3")
                        assert refused["text"].startswith("Error, a table of real cards has its players by name")
                        made = await ana_lobby.say('create --table Ben --kingdom "First Game" --name Friday')
                        assert made["text"] == ("Made the table Friday, a table of real cards for Ana and Ben, First "
                                                "Game. Each player sits with their own name. Taking your seat.")
                        game_id, code = made["go"]["game"], made["go"]["code"]
                        dan = Raw(http, lobby_url)
                        await dan.open("Dan")
                        assert (await dan.say("games"))["text"] == (
                            "1 open game.\nFriday, a table of real cards for Ana and Ben. Nobody sits yet, 2 seats "
                            "free, First Game, open.")
                        no = await dan.say("sit Friday")
                        assert no["text"].startswith("Error, Friday is a table of real cards for Ana and Ben, and "
                                                     "you are in the lobby as Dan.") and "go" not in no
                        ben_lobby = Raw(http, lobby_url)
                        await ben_lobby.open("Ben")
                        went = await ben_lobby.say("sit fri")
                        assert went["go"] == made["go"]
                        game_url = f"ws://127.0.0.1:{port}/g/{game_id}/ws"
                        seats = {"Ana": Raw(http, game_url), "Ben": Raw(http, game_url)}
                        welcomes = {}
                        for name, seat in seats.items():
                            welcomes[name] = (await seat.open(name, code))[-1]
                            assert welcomes[name]["type"] == "welcome", welcomes[name]
                        await seats["Ana"].until(lambda m: "Ben joined" in m.get("text", ""))
                        record = json.loads(await record_in(r, game_id))
                        first = record["table_record"]["setup"]["players"][record["table_record"]["setup"]["first"]]
                        other = "Ben" if first == "Ana" else "Ana"
                        mine = await seats[first].say("buy gold")
                        check_response(mine["text"] + "\n")
                        heard = await seats[other].until(lambda m: "Gold" in m.get("text", ""))
                        assert heard[-1]["text"].startswith(first) and "\n" not in heard[-1]["text"]
                        oops = await seats[other].say("frobnicate")  # a seat's own answer: to it alone
                        assert oops["text"].startswith("Error")
                        os.kill(dying.pid, signal.SIGKILL)
                        dying.wait(10)
                        # the other process takes the table over by itself, then its players come back
                        deadline = time.monotonic() + 60
                        while game_id not in survivor.host.claimed:
                            assert time.monotonic() < deadline
                            await asyncio.sleep(0.2)
                        back_url = f"ws://127.0.0.1:{survivor.port}/g/{game_id}/ws"
                        again = {}
                        for name, seat in seats.items():
                            w = welcomes[name]
                            again[name] = Raw(http, back_url)
                            got = await again[name].open(name, code, seat=w["seat"], token=w["token"],
                                                         seen=max(m.get("n", 0) for m in seat.heard))
                            assert got[-1]["type"] == "welcome", got
                            assert got[-1]["last_line"] == 1  # each seat's one line is kept
                        held = survivor.host.by_id[game_id]
                        assert [e.verb for e in held.seating.saved.table.entries] == ["buy"]  # the entry is kept
                        said = await again[first].say("buy gold", 1)  # sent again: not recorded twice
                        assert said["reply"] == 1 and len(held.seating.saved.table.entries) == 1
                        status = await again[other].say("table status", 2)
                        assert status["reply"] == 2 and status["text"].startswith(f"{first}'s turn")
                        # each seat's own answers went to it alone, on either process
                        assert not [m for m in seats[first].heard + again[first].heard
                                    if "frobnicate" in m.get("text", "")]
                        to = {seat for gid, seat, m in frames if m.get("text") == status["text"]}
                        assert to == {welcomes[other]["seat"]}
                        await r.aclose()

                run(go(), 180)
        finally:
            if dying.poll() is None:
                dying.kill()
            dying.wait(10)
