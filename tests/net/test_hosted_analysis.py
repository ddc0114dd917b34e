"""``analysis`` at a hosted game once it is over: said to that seat alone, from a process of its own, while
the host goes on answering everyone else at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp
import pytest

from companion.net.hosted import Options
from tests.net.helpers import add_game, host_on_loopback
from tests.net.test_hostile import hello, line, until

CODE = "246813579"


@pytest.mark.process
def test_a_seat_hears_its_analysis_and_the_others_are_answered_meanwhile(tmp_path: Path) -> None:
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, [], "First Game", 11), CODE)

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                ana = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ana.send_str(hello("Ana", code=CODE))
                await until(ana, lambda m: m["type"] == "welcome")
                ben = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ben.send_str(hello("Ben", code=CODE))
                await until(ben, lambda m: m["type"] == "welcome")
                ids = {"Ana": 0, "Ben": 0}

                async def say(who: str, ws: aiohttp.ClientWebSocketResponse, text: str, wait: float = 30) -> list:
                    ids[who] += 1
                    await ws.send_str(line(ids[who], text))
                    return await until(ws, lambda m: m.get("reply") == ids[who], wait)

                for _ in range(2):  # each plays their own turns (a line out of turn is only refused)
                    for who, ws in (("Ana", ana), ("Ben", ben)):
                        for text in ("play all", "buy silver"):
                            await say(who, ws, text)
                await say("Ben", ben, "bot Ben")  # each hands their own seat to a bot
                ids["Ana"] += 1
                await ana.send_str(line(ids["Ana"], "bot Ana"))  # the bots play the game out
                await until(ana, lambda m: bool(m.get("over")), 120)
                first = await say("Ana", ana, "analysis")
                assert first[-1]["text"].startswith("Analysing your moves against Strong Bot's."), first
                asked = time.monotonic()
                score = await say("Ben", ben, "score")  # answered while the analysis runs elsewhere
                assert "Ana" in score[-1]["text"]
                answered_in = time.monotonic() - asked
                words = await until(ana, lambda m: "Points at turns" in m.get("text", ""), 600)
                text = words[-1]["text"]
                assert "\nStrong Bot differed on " in text or "\nAll " in text, text
                assert words[-1]["n"] > first[-1]["n"]  # numbered and kept, like any other message
                assert answered_in < time.monotonic() - asked  # Ben's answer came before the analysis was done
                await ana.close()
                await ben.close()

        asyncio.run(main())
