"""Lobby lines are done once, as a game's are: a person's lobby has a token and numbered lines, and a line
sent again after a lost connection (to the same process or another) is answered again, never done twice;
a `create` sent again makes no second game, even when the process that made the game died before keeping
its answer."""

from __future__ import annotations

import pytest

import asyncio

import aiohttp

from companion.server.redis_store import RedisStore
from tests.server.components import redis_server
from tests.server.helpers import file_server, server_in_thread
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network]  # real sockets on loopback


async def _lost_answer(http: aiohttp.ClientSession, url: str, token: str, seen: int, line_id: int,
                       text: str) -> None:
    """Send a line and drop the connection before its answer can be read."""
    raw = Raw(http, url)
    await raw.open("Ana", seat=0, token=token, seen=seen)
    assert raw.ws is not None
    await raw.ws.send_str('{"v":1,"type":"line","id":%d,"text":"%s"}' % (line_id, text))
    await raw.ws.close()


def _games(listed: str) -> list[str]:
    return [line for line in listed.splitlines()[1:]]


def test_a_create_sent_again_to_the_same_process_makes_one_game(tmp_path):
    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, url)
                welcome = (await ana.open("Ana"))[0]
                assert welcome["type"] == "welcome" and welcome["token"] and welcome["last_line"] == 0
                first = await ana.say("create --players 2 --bots bigmoney --name Once")
                assert first["text"].startswith("Made the game Once")
                await ana.close()
                # the program lost that answer: it comes back with its token and sends line 1 again
                again = Raw(http, url)
                back = (await again.open("Ana", seat=0, token=welcome["token"], seen=0))[0]
                assert back["last_line"] == 1 and back["token"] == ""
                second = await again.say("create --players 2 --bots bigmoney --name Once", 1)
                assert second["reply"] == 1 and second["go"] == first["go"] and second["text"] == first["text"]
                listed = (await again.say("games", 2))["text"]
                assert _games(listed) == ["Once. Nobody sits yet, 1 seat free, First Game, the bot Big Money, open."]
                # a new line is a new line: a second create with the next id makes a second game
                third = await again.say("create --players 2 --bots bigmoney --name Once", 3)
                assert third["text"].startswith("Made the game Once 2") and third["go"] != first["go"]
                # a token this server does not know names no lines: nothing of anyone else's is said again
                stranger = Raw(http, url)
                other = (await stranger.open("Ben", seat=0, token="x" * 32))
                assert other[0]["last_line"] == 0 and other[0]["token"] == ""
                assert (await stranger.say("games", 3))["text"].startswith("2 open games")
                short = Raw(http, url)  # a token too short to be one given out: a new person, with a new one
                assert (await short.open("Cleo", seat=0, token="x"))[0]["token"]

        run(go(), 60)


def test_a_create_sent_again_to_another_process_makes_one_game_even_if_its_answer_was_never_kept(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        with server_in_thread(RedisStore(url), tmp_path / "a") as a, \
                server_in_thread(RedisStore(url), tmp_path / "b") as b:

            async def go() -> None:
                import redis.asyncio as aioredis

                r = aioredis.from_url(url, decode_responses=True)
                async with aiohttp.ClientSession() as http:
                    ana = Raw(http, f"ws://127.0.0.1:{a.port}/lobby/ws")
                    welcome = (await ana.open("Ana"))[0]
                    token = welcome["token"]
                    await ana.close()
                    # line 1 reaches process a; the connection drops before its answer is read
                    await _lost_answer(http, f"ws://127.0.0.1:{a.port}/lobby/ws", token, 1, 1,
                                       "create --players 2 --bots bigmoney --name Friday --private")
                    deadline = asyncio.get_running_loop().time() + 20
                    while not await r.hlen("companion:games"):  # a made the game
                        assert asyncio.get_running_loop().time() < deadline
                        await asyncio.sleep(0.05)
                    # the program reconnects through the proxy to process b and sends line 1 again
                    on_b = Raw(http, f"ws://127.0.0.1:{b.port}/lobby/ws")
                    back = (await on_b.open("Ana", seat=0, token=token, seen=1))[0]
                    assert back["last_line"] == 1
                    again = await on_b.say("create --players 2 --bots bigmoney --name Friday --private", 1)
                    assert again["text"].startswith("Made the game Friday,") and "It is private" in again["text"]
                    assert await r.hlen("companion:games") == 1
                    game_id = again["go"]["game"]
                    # process a died after making a game and before keeping its answer: the line sent again
                    # finds the game its own id names
                    await _lost_answer(http, f"ws://127.0.0.1:{a.port}/lobby/ws", token, 2, 2,
                                       "create --players 3 --bots bigmoney --name Saturday")
                    deadline = asyncio.get_running_loop().time() + 20
                    while await r.hlen("companion:games") < 2:
                        assert asyncio.get_running_loop().time() < deadline
                        await asyncio.sleep(0.05)
                    for key in await r.keys("companion:person:*"):
                        await r.delete(key)  # the kept answer is gone
                    lost = Raw(http, f"ws://127.0.0.1:{b.port}/lobby/ws")
                    fresh = (await lost.open("Ana", seat=0, token=token, seen=2))[0]
                    assert fresh["last_line"] == 0 and fresh["token"] == ""  # its lines are forgotten...
                    said = await lost.say("create --players 3 --bots bigmoney --name Saturday", 2)
                    assert said["text"].startswith("Made the game Saturday, 3 players, 2 people and 1 bot")
                    assert await r.hlen("companion:games") == 2  # no third game
                    assert said["go"]["game"] != game_id
                    listed = (await lost.say("games", 3))["text"]
                    assert listed.startswith("2 open games.")
                    await r.aclose()

            run(go(), 90)
