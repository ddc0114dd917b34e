"""``braille CARD`` heard: speech reads each braille cell as its dot numbers ("braille 2 4 5 6"), so a person
at a terminal or hearing the program's own speech is told so once a session, before the first card, with
how to hear the card instead; braille sent to a file or a pipe stays the braille alone."""

from __future__ import annotations

import io
import os
import re
import select
from types import ModuleType

import pytest

from companion.dispatch import run_line
from companion.session import Session

NOTE = ["Speech reads braille as dot numbers.", "A braille display shows the cells. To hear the card, type card witch."]
CELLS = re.compile(r"[\u2801-\u28ff]+( [\u2801-\u28ff]+)*")


class Terminal(io.StringIO):
    """Output that says it is a terminal, as a screen reader's is."""

    def isatty(self) -> bool:
        return True


def said(session: Session, out: io.StringIO, line: str) -> list[str]:
    start = out.tell()
    run_line(session, line)
    return out.getvalue()[start:].rstrip("\n").split("\n")


def test_the_first_card_at_a_terminal_says_what_speech_makes_of_braille(louis: ModuleType) -> None:
    out = Terminal()
    session = Session(out=out)
    first = said(session, out, "braille witch")
    assert first[:2] == NOTE and all(CELLS.fullmatch(line) for line in first[2:]), first
    assert len(NOTE[0]) <= 40  # the first line fits a 40-cell braille display
    again = said(session, out, "braille witch")
    assert again == first[2:]  # said once, not before every card
    assert said(Session(out=(out2 := Terminal())), out2, "braille moat")[1].endswith("type card moat.")


def test_the_programs_own_speech_is_told_too(louis: ModuleType) -> None:
    spoken: list[str] = []
    out = io.StringIO()
    session = Session(out=out, speak=spoken.append)
    assert said(session, out, "braille witch")[:2] == NOTE
    assert spoken and spoken[0].startswith(NOTE[0])


def test_braille_to_a_file_or_pipe_is_the_braille_alone(louis: ModuleType) -> None:
    out = io.StringIO()
    lines = said(Session(out=out), out, "braille witch")
    assert all(CELLS.fullmatch(line) for line in lines), lines


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="a pseudo-terminal is a POSIX thing")
def test_a_real_terminal_gets_the_note(louis: ModuleType) -> None:
    master, slave = os.openpty()
    with os.fdopen(slave, "w", encoding="utf-8") as out:
        run_line(Session(out=out), "braille witch")
        out.flush()
        got = b""
        while select.select([master], [], [], 2)[0]:
            chunk = os.read(master, 65536)
            got += chunk
            if got.count(b"\n") >= 7:
                break
    os.close(master)
    assert got.decode("utf-8").replace("\r\n", "\n").split("\n")[:2] == NOTE


def test_help_braille_says_it(louis: ModuleType) -> None:
    out = io.StringIO()
    words = " ".join(said(Session(out=out), out, "help braille"))
    assert "Speech reads braille as dot numbers. card says it aloud." in words
