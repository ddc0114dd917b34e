"""`companion join` in a real terminal (tmux): the local shell's line editor, Tab completion, words from
the host while the player types (printed on their own line, the prompt and the typed text written again),
and no colour."""

from __future__ import annotations

import asyncio

import aiohttp

from companion.net.hosted import Options
from tests.accessibility import sgr_sequences
from tests.conftest import needs
from tests.net.helpers import add_game, host_on_loopback
from tests.net.test_hostile import hello as _hello, until
from tests.terminal import Terminal, tmux_available

CODE = "321321321"


def test_join_in_a_terminal(tmp_path):
    needs("tmux", tmux_available())
    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(3, ["bigmoney"], "First Game", 8), CODE)
        args = ("join", f"127.0.0.1:{running.port}", "--code", CODE, "--name", "Ana")
        with Terminal(tmp_path / "ana", args=args) as term:
            term.wait_for("Waiting for 1 more player")

            async def ben_joins_and_speaks() -> None:
                async with aiohttp.ClientSession() as http:
                    ws = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                    await ws.send_str(_hello("Ben", code=CODE))
                    await until(ws, lambda m: "The game starts" in m.get("text", ""))
                    term.wait_for("buy phase. ")  # the prompt the host gave, written again after its news
                    term.type("card vil")  # Ana is typing when Ben speaks
                    await asyncio.sleep(0.5)
                    await ws.send_str('{"v":1,"type":"line","id":1,"text":"say good luck"}')
                    await until(ws, lambda m: m.get("reply") == 1)
                    await ws.close()

            asyncio.run(ben_joins_and_speaks())
            said = term.wait_for("Ben says, good luck")
            # the prompt is written again 0.1 s after a burst of incoming lines: Tab once it is back
            term.wait_for("phase. ", count=said.count(b"phase. ") - said[said.index(b"Ben says, good luck"):].count(b"phase. ") + 1)
            term.key("Tab")  # the local line editor completes, with what was typed kept
            term.wait_for("\bVillage")
            assert "buy phase. card Village" in term.screen()
            term.key("Enter")
            term.wait_for("+2 Actions")
            term.type("who")
            term.key("Enter")
            term.wait_for("Here, Ana")
            term.wait_for("Waiting for you.")  # Ana's own turn: said as "you", not her name
            screen = term.screen()
            assert "Ben says, good luck" in screen
            term.type("quit")
            term.key("Enter")
            term.wait_for("Your seat is kept")
            raw = term.raw()
        assert sgr_sequences(raw) == []
        assert game.seats[0].name == "Ana"


def test_a_line_typed_while_the_host_is_away_is_said_unsent_at_once(tmp_path):
    needs("tmux", tmux_available())
    from companion.net.hosting import on_loop, start_server

    folder = tmp_path / "hosted"
    running = start_server("127.0.0.1", 0, folder=folder)
    port = running.port
    try:
        game = add_game(running, Options(2, ["bigmoney"], "First Game", 8), CODE)
        args = ("join", f"127.0.0.1:{port}", "--code", CODE, "--name", "Ana")
        with Terminal(tmp_path / "ana", args=args) as term:
            term.wait_for("The game starts.")
            running.stop()  # the host stops: it says so, and the program tries again by itself
            term.wait_for("The host stopped. Your seat is kept. Trying again until it is back.")
            term.type("hand")
            term.key("Enter")
            # not a wait of minutes with no word: said at once, and nothing was sent to apply later
            term.wait_for("'hand' was not sent. Type it again when it says Connected again.")
            running = start_server("127.0.0.1", port, folder=folder)
            on_loop(running, running.host.resume_all)
            term.wait_for("Connected again.", count=2, timeout=30)  # the error above names it once
            term.type("hand")
            term.key("Enter")
            term.wait_for("Hand, 5 cards", count=2)  # the welcome back said it first
            # one line, one utterance: not "Connected again." and "Welcome back" on lines of their own
            assert "\nConnected again. Welcome back, Ana.\n" in term.raw().decode().replace("\r\n", "\n")
            assert game.seats[0].last_line == 0  # the first "hand" never reached the host
            held = on_loop(running, lambda: next(iter(running.host.games.values())))
            assert held.seats[0].last_line == 1
            term.key("C-d")  # leaving with Ctrl-D says, as quit does, that the seat is kept
            term.wait_for("Goodbye. Your seat is kept")
    finally:
        running.stop()
