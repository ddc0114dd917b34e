"""The lobby by ear, in a real terminal (tmux): `companion join ADDRESS --name Ben` as a person types it, and
exactly what comes back: the first words, help, a create with a wrong answer, a lobby word in the game,
quit back to the lobby (welcomed back, once), the server stopping and coming back while Ben is in the lobby,
a line typed while it is away, and Ctrl-D. No escape sequences, no traceback. Bounded: every wait has a limit."""

from __future__ import annotations

import pytest

import asyncio
import threading

from companion.server.store import FileStore
from tests.accessibility import escape_sequences
from tests.conftest import needs
from tests.terminal import Terminal, tmux_available

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback, a real terminal


class _Server:
    """A server on a loopback port that can be stopped and started again on the same port and folder."""

    def __init__(self, folder, spool) -> None:
        self.folder, self.spool = folder, spool
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.serving = None
        self.port = 0

    def call(self, coro, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=timeout)

    def start(self) -> None:
        from companion.server.proxy import networks
        from companion.server.running import start

        self.serving = self.call(start(FileStore(self.folder), "127.0.0.1", self.port, networks([]), self.spool))
        self.port = self.serving.port

    def stop(self) -> None:
        if self.serving is not None:
            self.call(self.serving.stop())
            self.serving = None

    def close(self) -> None:
        self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


def _said(term: Terminal) -> str:
    return term.raw().decode("utf-8", "replace").replace("\r\n", "\n")


def test_the_lobby_by_ear_in_a_terminal(tmp_path):
    needs("tmux", tmux_available())
    server = _Server(tmp_path / "games", tmp_path / "spool")
    try:
        server.start()
        args = ("join", f"127.0.0.1:{server.port}", "--name", "Ben")
        with Terminal(tmp_path / "ben", args=args, width=100, height=40) as term:
            term.wait_for("lobby. ", timeout=30)
            # the first words: who is welcomed, what there is, what to type; nothing that cannot be done
            first = _said(term)
            assert "Welcome to the lobby, Ben. No games yet. Type create to start one, or help.\n" in first
            assert "lobby. Welcome" not in first  # the prompt comes below the first words, not before them
            term.type("help")
            term.key("Enter")
            term.wait_for("or quit to leave.")
            term.type("create")
            term.key("Enter")
            term.wait_for("How many players, 2 to 6?")
            term.type("seven")
            term.key("Enter")
            term.wait_for("Error, 'seven' is not 2 to 6 players. Type a number from 2 to 6.")
            for answer, next_question in (("2", "How many people"), ("1", "Which bot? Enter for Strong Bot."),
                                          ("big money", "Which kingdom?"),
                                          ("first game", "Private, so only")):
                term.type(answer)
                term.key("Enter")
                term.wait_for(next_question)
            term.key("Enter")
            term.wait_for("Made Ben's game, 2 players, 1 person and 1 bot, First Game. Taking your seat.")
            term.wait_for("Turn 1.", timeout=30)
            term.type("games")
            term.key("Enter")
            term.wait_for("You are at Ben's game, not in the lobby. Type quit to go back to the lobby, then games.")
            term.type("quit")
            term.key("Enter")
            term.wait_for("Back in the lobby, Ben.", timeout=30)
            term.wait_for("lobby. ", count=3)
            heard = _said(term)
            # left and back: two short lines, not a second welcome as if Ben were new
            assert "You left Ben's game, and your seat is kept. Type sit Ben's game to go back.\n" \
                   "Back in the lobby, Ben. No open games, and 1 is being played. Type create to start one, or help.\n" in heard
            assert heard.count("Welcome to the lobby") == 1
            # the server stops and comes back: said once each, and a line typed meanwhile is said unsent at once
            server.stop()
            shown = term.wait_for("The server stopped. Trying again until it is back.", timeout=30)
            at = shown.index(b"The server stopped.")
            # the prompt again once no more words come (0.1 s after the last), then Ben types ("lobby. " also
            # ends sentences, so the prompt is the first one written after the stop's words)
            term.wait_for("lobby. ", count=shown.count(b"lobby. ") - shown[at:].count(b"lobby. ") + 1, timeout=30)
            term.type("games")
            term.key("Enter")
            term.wait_for("Error, the connection to the server is lost, so 'games' was not sent.")
            server.start()
            term.wait_for("Connected again.", timeout=60)
            term.wait_for("Back in the lobby, Ben.", count=2, timeout=30)
            term.type("sit bens game")
            term.key("Enter")
            term.wait_for("Welcome back, Ben.", timeout=30)
            term.type("quit")
            term.key("Enter")
            term.wait_for("Back in the lobby, Ben.", count=3, timeout=30)
            term.key("C-d")
            term.wait_for("Goodbye.")
            term.ended()
            heard = _said(term)
            assert "The connection to the server was lost" not in heard  # the stop said why; not said twice
            # a message that comes while the prompt waits is on a line of its own, the prompt again below it
            assert "\nThe server stopped. Trying again until it is back.\nlobby. " in heard
            # back: one line, one utterance, not "Connected again." and the welcome back on two
            assert "\nConnected again. Back in the lobby, Ben. No open games, and 1 is being played." in heard
            assert heard.count("Connected again.") == 2  # that line, and the error that names it
            assert "Traceback" not in heard and "host" not in heard.split("Welcome to the lobby")[1].lower()
            lobby_part = term.raw().split(b"Made Ben's game")[0]
            assert escape_sequences(lobby_part) == [], lobby_part[-400:]
    finally:
        server.close()


@pytest.mark.parametrize("typed", ["", "quit\n"])
def test_a_server_that_is_not_there_is_one_sentence(tmp_path, typed):
    """With nothing typed, or a line waiting: before, a line waiting left the connection's thread running at
    exit, and its event loop was closed by the collector with a traceback."""
    import subprocess
    import sys

    from tests.net.helpers import ROOT, env
    from tests.server.components import free_port

    done = subprocess.run([sys.executable, "-m", "companion", "join", f"127.0.0.1:{free_port()}", "--name", "Ben"],
                          input=typed, capture_output=True, text=True, timeout=60, cwd=ROOT, env=env(tmp_path))
    assert done.returncode == 1
    assert done.stdout == "Error, the server could not be reached. Check the address, and that the server is on.\n"
    assert done.stderr == ""


@pytest.mark.parametrize("editor", ["auto", "plain"])
def test_up_arrow_and_tab_in_the_lobby_as_at_the_game(tmp_path, editor):
    """The lobby reads lines with the game's line editor: up-arrow recalls the lobby's own earlier lines (not
    the game's), and with readline Tab completes a lobby word. Before, up-arrow sent its escape code as a line:
    "is not a lobby word"."""
    needs("tmux", tmux_available())
    server = _Server(tmp_path / "games", tmp_path / "spool")
    try:
        server.start()
        args = ("join", f"127.0.0.1:{server.port}", "--name", "Ben")
        with Terminal(tmp_path / "ben", args=args, width=100, height=40, env={"COMPANION_INPUT": editor}) as term:
            term.wait_for("lobby. ", timeout=30)
            term.type("who")
            term.key("Enter")
            term.wait_for("Only you are in the lobby.")
            term.wait_for("lobby. ", count=2)
            term.key("Up")
            term.key("Enter")
            term.wait_for("Only you are in the lobby.", count=2)
            term.wait_for("lobby. ", count=3)
            if editor == "auto":  # readline: Tab completes the word, and the line goes on from there
                term.type("cr")
                term.key("Tab")
            else:
                term.type("create")
            term.type(" --players 2 --bots bigmoney --name Web --seed 4")
            term.key("Enter")
            term.wait_for("Made the game Web, 2 players, 1 person and 1 bot", timeout=30)
            term.wait_for("Turn 1.", timeout=30)
            term.wait_for("buy phase. ", timeout=30)
            term.type("hand")
            term.key("Enter")
            term.wait_for("Hand, 5 cards")
            term.type("quit")
            term.key("Enter")
            term.wait_for("Back in the lobby, Ben.", timeout=30)
            term.wait_for("lobby. ", count=4, timeout=30)
            term.key("Up")  # the lobby's last line, create, not the game's quit or hand
            term.key("Enter")
            term.wait_for("Made the game Web 2,", timeout=30)
            heard = _said(term)
            assert "is not a lobby word" not in heard and "Traceback" not in heard
    finally:
        server.close()
