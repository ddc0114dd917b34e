"""A seat whose token never reached its device (the page reloaded, or the connection dropped, between the
name and the welcome) is not lost for good: until its device says anything after its welcome, joining
by its name takes it again with a new token. Once the device has spoken, the name is taken."""

from __future__ import annotations

import asyncio
import time

import aiohttp

from companion.net.hosted import Options
from companion.net.hosting import Running, on_loop
from tests.net.helpers import add_game, host_on_loopback, joined_run
from tests.net.test_hostile import bye, frames, hello as _hello, until

CODE = "975318642"


def hello(name: str, **more: object) -> str:
    return _hello(name, code=CODE, **more)


def _closed_on_host(running: Running, game_id: str, seat: int) -> None:
    """Wait (bounded) until the host has seen the seat's connection close."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        ws = on_loop(running, lambda: running.host.conns.get((game_id, seat)))
        if ws is None or ws.closed:
            return
        time.sleep(0.05)
    raise AssertionError("the host never saw the connection close")


def test_a_seat_whose_welcome_was_never_kept_is_taken_again_by_its_name(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(3, [], "First Game", 6), CODE)

        async def main() -> None:
            loop = asyncio.get_running_loop()
            url = f"ws://127.0.0.1:{running.port}/ws"
            async with aiohttp.ClientSession() as http:
                cat = await http.ws_connect(url)
                await cat.send_str(hello("Cat"))
                await until(cat, lambda m: m["type"] == "welcome")
                await cat.send_str('{"v":1,"type":"ping"}')  # Cat's device kept its token
                await until(cat, lambda m: m["type"] == "pong")

                ana = await http.ws_connect(url)
                await ana.send_str(hello("Ana"))
                first = (await until(ana, lambda m: m["type"] == "welcome"))[-1]
                await ana.close()  # reloaded before the token was kept: nothing said after the welcome
                await loop.run_in_executor(None, _closed_on_host, running, game.id, first["seat"])

                again = await http.ws_connect(url)
                await again.send_str(hello("Ana"))
                got = await until(again, lambda m: m["type"] == "welcome")
                second = got[-1]
                assert second["seat"] == first["seat"] and second["token"] and second["token"] != first["token"]
                await again.send_str('{"v":1,"type":"ping"}')
                await until(again, lambda m: m["type"] == "pong")
                # Cat heard Ana join once, not twice
                heard = [m.get("text", "") for m in await frames(cat, wait=1.0)]
                assert sum("Ana joined" in t for t in heard) == 1, heard

                # the first token fits no more: whoever held it cannot take the seat back from the new device
                stale = await http.ws_connect(url)
                await stale.send_str(hello("Ana", seat=first["seat"], token=first["token"]))
                assert "seat token is not right" in bye(await frames(stale))

                # now kept (Ana's device spoke): her name is taken, even with her connection closed
                await again.close()
                await loop.run_in_executor(None, _closed_on_host, running, game.id, second["seat"])
                late = await http.ws_connect(url)
                await late.send_str(hello("Ana"))
                assert "'Ana' is taken in this game" in bye(await frames(late))
                # and so is Cat's, whose connection is still open
                other = await http.ws_connect(url)
                await other.send_str(hello("Cat"))
                assert "'Cat' is taken in this game" in bye(await frames(other))
                await cat.close()

        asyncio.run(main())


def test_an_unkept_seat_with_its_connection_open_is_not_taken_from_it(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, [], "First Game", 6), CODE)

        async def main() -> None:
            url = f"ws://127.0.0.1:{running.port}/ws"
            async with aiohttp.ClientSession() as http:
                ana = await http.ws_connect(url)
                await ana.send_str(hello("Ana"))
                await until(ana, lambda m: m["type"] == "welcome")  # and says nothing yet
                other = await http.ws_connect(url)
                await other.send_str(hello("Ana"))
                assert "'Ana' is taken in this game" in bye(await frames(other))
                await ana.close()

        asyncio.run(main())


def test_a_joined_program_keeps_its_seat_as_its_own(tmp_path):
    """`companion join` keeps the token on disk, then says so: its name cannot be taken after it quits."""
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(3, [], "First Game", 6), CODE)
        out = joined_run(tmp_path / "ben", running.port, CODE, "Ben", "who\nquit\n")
        assert "Waiting for 2 more players" in out

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ws.send_str(hello("Ben"))
                assert "'Ben' is taken in this game" in bye(await frames(ws))

        asyncio.run(main())
