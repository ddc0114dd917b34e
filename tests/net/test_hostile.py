"""A hostile client on loopback: every broken or unfriendly message closes its own connection with a
reason, and the game does not change."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net.helpers import add_game, host_on_loopback

CODE = "123456789"


def hello(name: str, code: str = CODE, **more: Any) -> str:
    return json.dumps({"v": 1, "type": "hello", "code": code, "name": name, **more})


def line(i: int, text: str, **more: Any) -> str:
    return json.dumps({"v": 1, "type": "line", "id": i, "text": text, **more})


async def frames(ws: aiohttp.ClientWebSocketResponse, wait: float = 3.0) -> list[dict[str, Any]]:
    """Messages until the host closes the connection (or ``wait`` seconds pass quietly)."""
    got = []
    while True:
        try:
            m = await ws.receive(timeout=wait)
        except asyncio.TimeoutError:
            return got
        if m.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            if not got or got[-1]["type"] != "bye":
                got.append({"type": "close", "code": ws.close_code})
            return got
        if m.type != aiohttp.WSMsgType.TEXT:
            return got
        got.append(json.loads(m.data))


async def until(ws: aiohttp.ClientWebSocketResponse, test: Any, wait: float = 5.0) -> list[dict[str, Any]]:
    got = []
    while True:
        m = await ws.receive(timeout=wait)
        assert m.type == aiohttp.WSMsgType.TEXT, (m, got)
        got.append(json.loads(m.data))
        if test(got[-1]):
            return got


def bye(got: list[dict[str, Any]]) -> str:
    assert got and got[-1]["type"] == "bye", got
    return got[-1]["reason"]


def test_hostile_clients_change_nothing(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(3, ["bigmoney"], "First Game", 5), CODE)
        url = f"ws://127.0.0.1:{running.port}/ws"

        def answers() -> int:
            return on_loop(running, lambda: len(game.seating.act.game.answers) if game.seating else -1)

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                # two friendly seats start the game
                ana = await http.ws_connect(url)
                await ana.send_str(hello("Ana"))
                w = await until(ana, lambda m: m["type"] == "welcome")
                ana_token = w[-1]["token"]
                ben = await http.ws_connect(url)
                await ben.send_str(hello("Ben"))
                wb = await until(ben, lambda m: m["type"] == "welcome")
                ben_token, ben_seat = wb[-1]["token"], wb[-1]["seat"]
                await until(ana, lambda m: m.get("yours") or "Waiting for" in m.get("text", ""))
                before = answers()
                assert before >= 0  # the game has started

                async def hostile(*sent: str | bytes, hello_first: bool = True) -> str:
                    nonlocal ana_token
                    ws = await http.ws_connect(url, max_msg_size=0)
                    if hello_first:
                        await ws.send_str(hello("Ana", seat=0, token=ana_token))
                        welcome = await until(ws, lambda m: m["type"] == "welcome")
                        ana_token = welcome[-1]["renewed"]  # each welcome back renews the seat's token
                    for s in sent:
                        if isinstance(s, bytes):
                            await ws.send_bytes(s)
                        else:
                            await ws.send_str(s)
                    reason = bye(await frames(ws))
                    await ws.close()
                    return reason

                # malformed frames, each closing only its own connection
                assert "not JSON" in await hostile("{nope", hello_first=False)
                assert "JSON object" in await hostile("[1, 2]", hello_first=False)
                assert "version" in await hostile(json.dumps({"v": 9, "type": "hello"}), hello_first=False)
                assert "binary" in await hostile(b"\x00\x01", hello_first=False)
                assert "first message must be hello" in await hostile(line(1, "buy gold"), hello_first=False)
                assert "unknown type" in await hostile(json.dumps({"v": 1, "type": "admin"}))
                assert "must be text" in await hostile(json.dumps({"v": 1, "type": "line", "id": 1, "text": 5}))
                # huge frames: refused with a reason, or cut off by the WebSocket layer (1009: too big)
                assert "bigger than 4096 bytes" in await hostile("x" * 10_000)
                ws = await http.ws_connect(url, max_msg_size=0)
                await ws.send_str(hello("Ana", seat=0, token=ana_token))
                ana_token = (await until(ws, lambda m: m["type"] == "welcome"))[-1]["renewed"]
                await ws.send_str("x" * 1_000_000)
                got = await frames(ws)
                assert got[-1] in ({"type": "close", "code": 1009},) or got[-1]["type"] == "bye", got[-1]
                # answering for another seat: no message may name a seat after hello
                assert "unknown fields" in await hostile(line(1, "end", seat=ben_seat))
                # a flood
                flood = [json.dumps({"v": 1, "type": "ping"})] * 200
                assert "too fast" in await hostile(*flood)
                assert answers() == before

                # replayed and borrowed tokens: another seat's token, a token for the wrong seat
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Mallory", seat=ben_seat, token=ana_token))
                assert "seat token is not right" in bye(await frames(ws))
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Mallory", seat=0, token=ben_token + "x"))
                assert "seat token is not right" in bye(await frames(ws))
                # a full game, and a taken name, refuse a newcomer
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Ana"))
                assert "taken" in bye(await frames(ws))
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Cleo"))
                assert "every seat" in bye(await frames(ws))
                assert answers() == before

                # the real seat comes back with its own token (each hostile connection above took it over)
                ana = await http.ws_connect(url)
                await ana.send_str(hello("Ana", seat=0, token=ana_token, seen=0))
                await until(ana, lambda m: m["type"] == "welcome")
                await ana.send_str(line(1, "status"))
                got = await until(ana, lambda m: m.get("reply") == 1)
                assert got[-1]["text"] and not got[-1]["text"].startswith("Error")
                assert answers() == before
                await ana.close()
                await ben.close()

                # wrong codes: refused, and after a few the host stops listening to that address
                reasons = []
                for guess in range(7):
                    ws = await http.ws_connect(url)
                    await ws.send_str(hello("Zed", code=f"{guess:09d}"))
                    reasons.append(bye(await frames(ws)))
                assert all("not right" in r or "too many" in r for r in reasons)
                assert "too many wrong join codes" in reasons[-1]
                # ... even with the right code now, until the minute is over
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Zed"))
                assert "too many" in bye(await frames(ws))


        asyncio.run(main())
