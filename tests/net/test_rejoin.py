"""Coming back in a new `companion join` run: the seat is taken back, and only what was missed is said
again, not every message of the game so far."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from companion.net.hosted import Options
from tests.net.helpers import add_game, host_on_loopback, joined_run
from tests.net.test_hostile import hello as _hello, line, until

CODE = "246813579"


def test_a_new_run_hears_only_what_it_missed(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, [], "First Game", 6), CODE)
        home = tmp_path / "ben"

        def ben(script: str) -> str:
            return joined_run(home, running.port, CODE, "Ben", script)

        async def main() -> None:
            loop = asyncio.get_running_loop()
            async with aiohttp.ClientSession() as http:
                ana = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ana.send_str(_hello("Ana", code=CODE))
                await until(ana, lambda m: m["type"] == "welcome")
                first = await loop.run_in_executor(None, ben, "say one\nquit\n")
                assert "The game starts." in first and "You said, one" in first
                await ana.send_str(line(1, "say two"))  # while Ben is away
                await until(ana, lambda m: m.get("reply") == 1)
                again = await loop.run_in_executor(None, ben, "who\nquit\n")
                assert "Ana says, two" in again  # missed, so said
                assert "The game starts." not in again and "You said, one" not in again  # heard before
                assert again.index("Welcome back, Ben.") < again.index("Ana says, two")  # welcomed, then told
                assert "Hand, 5 cards" not in again  # heard before Ben left: only what he missed is said
                # a run that stopped before keeping what it heard: the welcome back alone, nothing again
                path = home / "state" / "net" / "seats.json"
                kept = json.loads(path.read_text())
                for entry in kept.values():
                    entry.pop("seen")
                path.write_text(json.dumps(kept))
                third = await loop.run_in_executor(None, ben, "who\nquit\n")
                assert "Welcome back, Ben." in third and "Hand, 5 cards" in third
                assert "The game starts." not in third and "Ana says, two" not in third
                await ana.close()

        asyncio.run(main())


def test_a_run_that_is_killed_still_hears_what_it_missed(tmp_path):
    """What was heard is kept as it is heard, not only when the run ends in order: a killed terminal (or a
    crash) came back to "Welcome back" and its hand alone, and never heard what was said while it was gone."""
    import signal
    import time

    from tests.net.helpers import finish, join_process

    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(2, [], "First Game", 6), CODE)
        home = tmp_path / "ben"
        seats = home / "state" / "net" / "seats.json"

        def kept_seen() -> int | None:
            try:
                entries = list(json.loads(seats.read_text()).values())
            except (OSError, ValueError):
                return None
            return entries[0].get("seen") if entries else None

        async def main() -> None:
            loop = asyncio.get_running_loop()
            async with aiohttp.ClientSession() as http:
                ana = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ana.send_str(_hello("Ana", code=CODE))
                await until(ana, lambda m: m["type"] == "welcome")
                ben = join_process(home, running.port, CODE, "Ben", "", more_to_come=True)
                try:
                    await until(ana, lambda m: "The game starts." in m.get("text", ""), wait=30)
                    await ana.send_str(line(1, "say one"))  # heard by Ben's run
                    await until(ana, lambda m: m.get("reply") == 1)
                    one = game.seats[game.seat_named("Ben")].n  # the number of that message to Ben
                    deadline = time.monotonic() + 30
                    while time.monotonic() < deadline and not (
                            "Ana says, one" in (home / "out").read_text() and (kept_seen() or 0) >= one):
                        await asyncio.sleep(0.05)
                    assert "Ana says, one" in (home / "out").read_text()
                    assert (kept_seen() or 0) >= one  # kept as it was heard, with the run still going
                    ben.kill()  # no finally runs: SIGKILL
                    ben.wait(timeout=30)
                finally:
                    if ben.poll() is None:
                        ben.send_signal(signal.SIGKILL)
                        ben.wait()
                finish(ben, home, 5)
                await ana.send_str(line(2, "say two"))  # while Ben is away
                await until(ana, lambda m: m.get("reply") == 2)
                again = await loop.run_in_executor(
                    None, lambda: joined_run(home, running.port, CODE, "Ben", "who\nquit\n"))
                assert "Ana says, two" in again  # missed, so said
                assert "Ana says, one" not in again and "The game starts." not in again  # heard before
                await ana.close()

        asyncio.run(main())
