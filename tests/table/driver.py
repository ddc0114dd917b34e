"""Feed command lines to the program as the shell does (``dispatch.run_line``), and keep what each said."""

from __future__ import annotations

import io

from companion.dispatch import run_line
from companion.session import Session


class Driver:
    """One session; ``run(line)`` returns exactly what the user would read for that line."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out)
        self.transcript: list[str] = []

    def run(self, line: str) -> str:
        start = self.out.tell()
        run_line(self.session, line)
        said = self.out.getvalue()[start:]
        self.transcript.append(f"> {line}\n{said}")
        return said

    def lines(self, *lines: str) -> list[str]:
        return [self.run(line) for line in lines]
