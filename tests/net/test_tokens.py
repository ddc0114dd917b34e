"""A seat cannot be taken by a sniffed token: each welcome back gives the seat a new token, and the one it
came with stops working as soon as the seat speaks on that connection; a line on its way across the
change is applied once."""

from __future__ import annotations

import asyncio

import aiohttp

from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net.helpers import add_game, host_on_loopback
from tests.net.test_hostile import bye, frames, hello, line, until

CODE = "123456789"


def test_tokens_are_renewed_at_each_welcome_and_lines_stay_exactly_once(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(2, ["bigmoney"], "First Game", 5), CODE)
        url = f"ws://127.0.0.1:{running.port}/ws"

        def answers() -> int:
            return on_loop(running, lambda: len(game.seating.act.game.answers))

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                async def back(token: str) -> tuple[aiohttp.ClientWebSocketResponse, dict]:
                    ws = await http.ws_connect(url)
                    await ws.send_str(hello("Ana", seat=0, token=token, seen=0))
                    got = await until(ws, lambda m: m["type"] in ("welcome", "bye"))
                    return ws, got[-1]

                ws = await http.ws_connect(url)
                await ws.send_str(hello("Ana"))
                first = (await until(ws, lambda m: m.get("yours")))[0]["token"]
                await ws.send_str(line(1, "play all"))
                await until(ws, lambda m: m.get("reply") == 1)
                await ws.close()

                # back with it: a new token; a line sent at once, and the connection drops before its answer
                ws, welcome = await back(first)
                second = welcome["renewed"]
                assert welcome["type"] == "welcome" and second and second != first and welcome["token"] == ""
                before = answers()
                await ws.send_str(line(2, "buy copper"))
                await asyncio.sleep(0.3)
                await ws.close()
                applied = answers()
                assert applied > before
                # the sniffed first token is void now
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Ana", seat=0, token=first))
                assert "seat token is not right" in bye(await frames(ws))
                # the new one works, and line 2 sent again is answered, not applied twice
                ws, welcome = await back(second)
                assert welcome["type"] == "welcome" and welcome["last_line"] == 2
                third = welcome["renewed"]
                await ws.send_str(line(2, "buy copper"))
                said = await until(ws, lambda m: m.get("reply") == 2)
                assert "Copper" in said[-1]["text"]
                assert answers() == applied
                await ws.close()
                # a welcome whose new token never arrived (nothing said after it): the token before still fits
                ws, welcome = await back(third)
                await ws.close()
                ws, welcome = await back(third)
                assert welcome["type"] == "welcome", welcome
                await ws.send_str(json_ping())
                await until(ws, lambda m: m["type"] == "pong")
                await ws.close()
                ws, welcome = await back(third)
                assert welcome["type"] == "bye" and "seat token is not right" in welcome["reason"]

        asyncio.run(main())


def json_ping() -> str:
    import json

    return json.dumps({"v": 1, "type": "ping"})
