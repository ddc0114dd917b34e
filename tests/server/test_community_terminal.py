"""`companion join` to a server in a real terminal (tmux): register asks for the password twice and the
terminal never shows it, as getpass reads it; the device token then signs in on the next run."""

from __future__ import annotations

import pytest

from tests.conftest import needs
from tests.server.components import free_port
from tests.server.helpers import server_process, wait_serving
from tests.terminal import Terminal, tmux_available

pytestmark = [pytest.mark.network, pytest.mark.process, pytest.mark.terminal]
SECRET = "never on screen 123"


def test_register_in_a_terminal_never_shows_the_password(tmp_path):
    needs("tmux", tmux_available())
    port = free_port()
    proc = server_process(tmp_path / "s", port)
    try:
        wait_serving(tmp_path / "s", proc)
        args = ("join", f"127.0.0.1:{port}", "--name", "Ana")
        with Terminal(tmp_path / "ana", args=args) as term:
            term.wait_for("Welcome to the lobby, Ana.")
            term.type("register")
            term.key("Enter")
            term.wait_for("It is not shown as you type.")
            term.wait_for("password. ")
            term.type(SECRET)
            term.key("Enter")
            term.wait_for("Type it again.")
            term.type(SECRET)
            term.key("Enter")
            term.wait_for("Registered Ana.")
            term.wait_for("lobby. ")
            term.type("who")
            term.key("Enter")
            term.wait_for("Only you are in the lobby.")
            raw = term.raw()
        assert b"register" in raw  # what is typed is shown; the password is not
        assert SECRET.encode() not in raw and SECRET not in term.screen()
        with Terminal(tmp_path / "ana", args=args) as again:  # the same computer: no password asked
            again.wait_for("Welcome to the lobby, Ana.")
            assert "registered name" not in again.screen()
    finally:
        proc.terminate()
        proc.wait(30)
