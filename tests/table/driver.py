"""Feed command lines to the command layer as the shell would, and keep what each response said."""

from __future__ import annotations

import importlib
import io

from companion.commands import registry
from companion.commands.registry import CommandError
from companion.session import Session


def load_areas() -> None:
    """Import every area module present on this branch (others are merged in by hand later)."""
    for module in registry.AREAS:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
    registry._loaded = True  # noqa: SLF001 - the registry would otherwise import the missing ones


class Driver:
    """One session; ``run(line)`` returns exactly what the user would read for that line."""

    def __init__(self) -> None:
        load_areas()
        self.out = io.StringIO()
        self.session = Session(out=self.out)
        self.transcript: list[str] = []

    def run(self, line: str) -> str:
        name, _, args = line.strip().partition(" ")
        start = self.out.tell()
        self.session.begin()
        try:
            cmd = registry.find_command(self.session, name)
            if cmd is None:
                raise CommandError(f'no command "{name}". Type help for the list.')
            cmd.run(self.session, args)
        except CommandError as e:
            self.session.error(str(e))
        self.session.end()
        said = self.out.getvalue()[start:]
        self.transcript.append(f"> {line}\n{said}")
        return said

    def lines(self, *lines: str) -> list[str]:
        return [self.run(line) for line in lines]
