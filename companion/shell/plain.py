"""Plain line input: Python's own ``input()``, so the terminal (or the Windows console) edits the line and
nothing is ever redrawn. Two small additions that need no drawing:

- A line that ends in Tab asks for completion: one match runs the completed line (``card vil`` Tab Enter
  runs ``card Village``); several are said on one line, and nothing runs.
- Where the terminal has no history of its own (POSIX terminals), up-arrow then Enter sends the arrow's
  escape code as the line: that runs the line typed before (twice up, the one before that).
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

from companion.session import Session
from companion.shell.completion import complete_line, describe_matches

_UP = re.compile(r"(?:\x1b\[A|\x1bOA|\^\[\[A|\^\[OA)+")


def read_line(prompt: str, stdin: TextIO, stdout: TextIO) -> str:
    """One line, without its newline. EOFError at end of input; KeyboardInterrupt on Ctrl-C."""
    if "readline" not in sys.modules and stdin is sys.stdin and stdout is sys.stdout:
        return input(prompt)  # Windows: the console's cooked editing, and its handling of Ctrl-C
    # Readline was loaded by another editor earlier in this run; input() would use it, so read directly.
    stdout.write(prompt)
    stdout.flush()
    line = stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def resolve(session: Session, line: str, earlier: list[str]) -> tuple[str | None, str | None]:
    """``(line to run or None, words to say first or None)`` for a line read by plain input."""
    up = _UP.fullmatch(line.strip())
    if up is not None:
        steps = len(re.findall(r"A", up.group(0)))
        if steps <= len(earlier):
            return earlier[-steps], None
        return None, "No earlier line. Type a command."
    if line.endswith("\t") and line.strip():
        before = line.rstrip("\t")
        start, found = complete_line(session, before)
        if len(found) == 1:
            return before[:start] + found[0], None
        if found:
            return None, describe_matches(found)
        return before, None  # nothing completes: run it as typed, and hear why it fails
    return line, None
