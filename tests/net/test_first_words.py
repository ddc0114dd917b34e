"""What a seat hears first: the game's opening news (a bot's first turn too) before the program gives its
first prompt, so a screen reader reads the news, then the prompt, not the prompt with news above it."""

from __future__ import annotations

from companion.net.client import Remote
from companion.net.hosted import Options
from tests.net.helpers import add_game, host_on_loopback

CODE = "135792468"


def test_the_opening_news_is_heard_before_the_first_prompt(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        # seed 1: the bot goes first (as `companion host --players 2 --bots bigmoney --seed 1` shows)
        add_game(running, Options(2, ["bigmoney"], "First Game", 1), CODE)
        heard: list[str] = []
        remote = Remote(f"127.0.0.1:{running.port}", CODE, "Ana", show=heard.append)
        try:
            remote.start()  # the shell's first prompt comes once this returns
            said = "\n".join(heard)  # what was shown by then
            assert "The game starts." in said
            assert "Big Money bought" in said, said  # the bot's first turn, before the prompt
            assert said.index("Big Money bought") < said.index("Turn 1.")
            assert remote.prompt == "buy phase. "
        finally:
            remote.close()


def test_the_welcome_counts_the_opening_news_so_a_program_can_wait_for_it(tmp_path):
    """A program shows its first prompt once it has heard up to the welcome's number: a welcome sent before
    the game starts counts none of the opening news, and the prompt could come above it."""
    import asyncio

    import aiohttp

    from tests.net.test_hostile import hello, until

    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, ["bigmoney"], "First Game", 1), CODE)

        async def main() -> list[dict]:
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ws.send_str(hello("Ana", code=CODE))
                got = await until(ws, lambda m: "Turn 1." in m.get("text", ""))
                await ws.close()
                return got

        got = asyncio.run(main())
        welcome = got[0]
        assert welcome["type"] == "welcome"
        bot_turn = next(m for m in got if "Big Money bought" in m.get("text", ""))
        assert welcome["n"] >= bot_turn["n"], got
        assert welcome["prompt"] == "buy phase. "


def test_a_returning_seat_hears_welcome_back_then_only_what_it_missed(tmp_path):
    import time

    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(3, ["bigmoney"], "First Game", 1), CODE)  # seed 1: Ana goes first
        address = f"127.0.0.1:{running.port}"
        before: list[str] = []
        ana = Remote(address, CODE, "Ana", show=before.append)
        ana.start()
        ben = Remote(address, CODE, "Ben", show=lambda text: None)
        try:
            ben.start()
            assert ana.wait(lambda: ana.yours, 10)
            ana.send_line("end")  # Ana's turn 1 ends; she leaves while Ben plays
            seat, token, seen = ana.seat, ana.token, ana.seen
            ana.close()
            assert ben.wait(lambda: ben.yours, 10)
            ben.send_line("end")  # then the bot plays, and it is Ana's turn 2
            time.sleep(0.5)
            after: list[str] = []
            back = Remote(address, CODE, "Ana", show=after.append, seat=seat, token=token, seen=seen)
            try:
                back.start()
                assert back.wait(lambda: "Turn 2." in "\n".join(after), 10), after
                said = "\n".join(after)
                assert said.startswith("Welcome back, Ana."), said
                assert "Ben bought nothing." in said  # missed, so said, after the welcome
                assert "Hand, 5 cards" not in said  # "Turn 2" said it; nothing heard before is said again
                assert not any(text in said for text in before), (before, said)
            finally:
                back.close()
        finally:
            ben.close()
