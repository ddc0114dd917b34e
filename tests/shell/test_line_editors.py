"""Every line editor that runs here, in a real terminal (tmux): completion, history, Ctrl-C, escape codes.

The standard typing session is the one ``benchmarks/terminal_noise.py`` measures. Its escape count is a
ceiling per editor: plain input writes none (the terminal itself echoes and erases); libedit writes 7 (a
cursor move after each completion and recall, a move and an erase-to-end-of-line per Backspace). GNU readline's
ceiling (2) is in test_terminal.py. libedit is Python's readline module built against Debian's libedit
(tests/libedit.py), as macOS Pythons have it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.session import Session
from companion.shell import editors, plain
from tests.accessibility import check_response, escape_sequences, sgr_sequences
from tests.conftest import needs
from tests.libedit import libedit_readline
from tests.terminal import ROOT, Terminal, needs_posix_terminal

VILLAGE = "Village, 3 coins, Action.\r\n+1 Card, +2 Actions.\r\n"
STANDARD = ("card vil", "Tab", "Enter", "card mi", "Tab", "BSpace", "BSpace", "vil", "Enter", "Up", "Enter",
            "hand", "Enter", "quit", "Enter")
KEYS = {"Tab", "Enter", "BSpace", "Up", "C-c"}
CEILING = {"plain": 0, "libedit": 7}


def _environment(backend: str) -> dict[str, str]:
    env = {"COMPANION_INPUT": backend}
    if backend == "libedit":
        folder, why_not = libedit_readline()
        needs(f"Python's readline built against libedit ({why_not})", folder is not None)
        env["PYTHONPATH"] = f"{folder}:{ROOT}"
    return env


def _press(t: Terminal, step: str) -> None:
    if step in KEYS:
        t.key(step)
    else:
        t.type(step)


@pytest.mark.parametrize("backend", ["plain", "libedit"])
def test_the_standard_session_stays_under_its_escape_ceiling(home: Path, backend: str) -> None:
    needs_posix_terminal()
    with Terminal(home, env=_environment(backend)) as t:
        t.wait_for("companion. ")
        seen = 1
        for step in STANDARD:
            _press(t, step)
            if step == "Enter":  # each line's answer before the next keys, as a person waits for it
                seen += 1
                t.wait_for("companion. ", count=seen) if seen < 6 else t.wait_for("Goodbye.")
            elif step == "Tab" and backend == "libedit":
                t.wait_for("card ")
        raw = t.wait_for("Goodbye.\r\n")
    text = raw.decode()
    assert VILLAGE in text
    assert sgr_sequences(raw) == []
    escapes = escape_sequences(raw)
    assert len(escapes) <= CEILING[backend], escapes
    assert "Error, nothing was typed" not in text


@pytest.mark.parametrize("backend", ["plain", "readline", "libedit", "prompt_toolkit"])
def test_completion_history_and_a_quiet_ctrl_c(home: Path, backend: str) -> None:
    needs_posix_terminal()
    with Terminal(home, env=_environment(backend)) as t:
        t.wait_for("companion.")
        t.type("card vil")
        t.key("Tab")
        if backend != "plain":
            t.wait_for("lage")  # the editor completed the line (prompt_toolkit writes "V", a move, "lage")
        t.key("Enter")
        t.wait_for(VILLAGE)
        t.type("card mi")
        t.key("Tab")
        if backend == "plain":
            t.key("Enter")  # plain input: a line ending in Tab asks for the matches
        if backend != "prompt_toolkit":  # prompt_toolkit lists them its own way
            t.wait_for("3 matches, Militia, Mine and Mint.")
        t.waiting()
        t.key("C-c")  # abandon the line: nothing runs, nothing is said
        t.key("Up")  # the last line run comes back
        t.key("Enter")
        t.wait_for(VILLAGE, count=2)
        t.type("new")
        t.key("Enter")
        t.wait_for("players, Enter for 2.")
        t.waiting()
        t.key("C-c")  # a question waits: Ctrl-C must not answer it with its default
        t.wait_for("players, Enter for 2.", count=2)
        t.type("3")
        t.key("Enter")
        t.wait_for("people, Enter for 1.")
        raw = t.raw()
    text = raw.decode()
    assert "Error" not in text, text
    assert text.count(VILLAGE) == 2  # Ctrl-C ran nothing
    assert "Militia, 4 coins" not in text


def test_plain_input_recalls_lines_from_earlier_runs(home: Path) -> None:
    needs_posix_terminal()
    with Terminal(home, env={"COMPANION_INPUT": "plain"}) as t:
        t.wait_for("companion. ")
        t.type("card gold")
        t.key("Enter")
        t.wait_for("Gold, 6 coins")
        t.type("quit")
        t.key("Enter")
        t.wait_for("Goodbye.")
        t.ended()  # the history is saved after the goodbye
    with Terminal(home, env={"COMPANION_INPUT": "plain"}) as t:
        t.wait_for("companion. ")
        t.key("Up", "Up", "Enter")  # quit, then card gold: the terminal sends the arrows as the line
        raw = t.wait_for("Gold, 6 coins")
    assert escape_sequences(raw) == []


def test_set_input_takes_effect_at_the_next_prompt(home: Path) -> None:
    needs_posix_terminal()
    with Terminal(home) as t:
        t.wait_for("companion. ")
        t.type("set input plain")
        t.key("Enter")
        t.wait_for("Input is now plain.\r\ncompanion. ")
        start = len(t.raw())
        t.type("card mi\t")  # plain input: Tab goes into the line, and Enter asks for the matches
        t.key("Enter")
        t.wait_for("3 matches, Militia, Mine and Mint.\r\ncompanion. ")
        t.type("input")
        t.key("Enter")
        raw = t.wait_for("Type input and a name")
    assert "Line editor, plain." in raw.decode()
    assert escape_sequences(raw[start:]) == []


# Choosing, without a terminal ---------------------------------------------------------------------


def test_defaults_follow_the_measurement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(editors, "readline_kind", lambda: "gnu")
    assert editors.choose("auto") == ("readline", None)
    assert editors.choose("prompt-toolkit") == ("prompt_toolkit", None)
    monkeypatch.setattr(editors, "readline_kind", lambda: "libedit")
    assert editors.choose(None) == ("libedit", None)
    chosen, notice = editors.choose("readline")
    assert chosen == "libedit" and notice == "Using libedit, as there is no readline here."
    monkeypatch.setattr(editors, "readline_kind", lambda: None)  # Windows, or a Python without readline
    assert editors.choose("auto") == ("plain", None)
    chosen, notice = editors.choose("libedit")
    assert chosen == "plain" and notice == "Using plain input, as there is no libedit here."
    check_response(notice + "\n")


def test_windows_never_uses_a_readline_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")  # pyreadline3 redraws through the console API
    assert editors.readline_kind() is None
    assert editors.choose("auto")[0] == "plain"


def test_plain_tab_and_up_arrow_without_a_terminal() -> None:
    session = Session()
    assert plain.resolve(session, "card vil\t", []) == ("card Village", None)
    line, words = plain.resolve(session, "card mi\t", [])
    assert line is None and words == "3 matches, Militia, Mine and Mint."
    assert plain.resolve(session, "card zzz\t", []) == ("card zzz", None)  # runs, and says why it fails
    earlier = ["card gold", "hand"]
    assert plain.resolve(session, "\x1b[A", earlier) == ("hand", None)
    assert plain.resolve(session, "\x1b[A\x1b[A", earlier) == ("card gold", None)
    line, words = plain.resolve(session, "\x1b[A" * 3, earlier)
    assert line is None and words is not None
    check_response(words + "\n")
    assert plain.resolve(session, "card village", earlier) == ("card village", None)
