"""A real terminal (tmux): type, complete with Tab, recall with up-arrow, and count the escape sequences.

GNU readline edits the line. The bound on escapes: readline writes one ESC [ K (erase to end of line)
each time a typed character is erased with Backspace, and nothing else at TERM=xterm; this session
erases 2 characters, so at most 2 are allowed, plus none at all for colour (SGR).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accessibility import escape_sequences, sgr_sequences
from tests.terminal import Terminal, needs_posix_terminal

VILLAGE = "Village, 3 coins, Action.\r\n+1 Card, +2 Actions.\r\n"


@pytest.fixture
def terminal_available() -> None:
    needs_posix_terminal()


@pytest.mark.parametrize("term", ["xterm-256color", "dumb"])
def test_typing_tab_and_history_at_a_real_terminal(home: Path, term: str, terminal_available: None) -> None:
    with Terminal(home, term=term) as t:
        t.wait_for("companion. ")
        t.type("card vil")
        t.key("Tab")
        t.wait_for("Village")
        t.key("Enter")
        t.wait_for(VILLAGE)
        t.type("card mi")
        t.key("Tab")
        t.wait_for("3 matches, Militia, Mine and Mint.")
        t.key("BSpace", "BSpace")
        t.type("vil")
        t.key("Enter")
        t.wait_for(VILLAGE, count=2)
        t.key("Up")  # the line just typed comes back
        t.key("Enter")
        t.wait_for(VILLAGE, count=3)
        t.type("bogus")
        t.key("Enter")
        t.wait_for("Error, no command 'bogus'.")
        t.type("quit")
        t.key("Enter")
        raw = t.wait_for("Goodbye.\r\n")
    text = raw.decode()
    assert text.startswith("Dominion Companion. Type help for commands.\r\ncompanion. ")
    assert "companion. card mi\r\n3 matches, Militia, Mine and Mint.\r\ncompanion. card Mi" in text
    assert sgr_sequences(raw) == []
    escapes = escape_sequences(raw)
    assert len(escapes) <= (2 if term != "dumb" else 0), escapes
    assert set(escapes) <= {"\x1b[K"}
    assert "\r" not in text.replace("\r\n", "") or term != "dumb"


def test_history_is_kept_between_runs(home: Path, terminal_available: None) -> None:
    with Terminal(home) as t:
        t.wait_for("companion. ")
        t.type("card gold")
        t.key("Enter")
        t.wait_for("Gold, 6 coins")
        t.type("quit")
        t.key("Enter")
        t.wait_for("Goodbye.")
        t.ended()  # the history is saved after the goodbye
    assert "card gold" in (home / "state" / "history.txt").read_text()
    with Terminal(home) as t:
        t.wait_for("companion. ")
        t.key("Up", "Up", "Enter")  # quit, then card gold
        t.wait_for("Gold, 6 coins")


def test_tab_on_an_empty_line_lists_commands(home: Path, terminal_available: None) -> None:
    with Terminal(home) as t:
        t.wait_for("companion. ")
        t.type("se")
        t.key("Tab")
        t.wait_for("4 matches, set, sets, settings and setup.\r\ncompanion. set")
        t.key("C-u")  # erase the line (readline: backspaces and one ESC [ K)
        t.key("C-d")  # end of input on an empty line leaves quietly, on a new line
        raw = t.wait_for("\x1b[K\r\n")
    assert sgr_sequences(raw) == []
    assert b"Goodbye" not in raw and b"Error" not in raw
