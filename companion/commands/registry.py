"""One registry of commands, served alike by the shell and by one-shot use (``companion card village``).

A command is a plain function ``run(session, args)`` that speaks through ``session.say`` and fails by
raising ``CommandError`` with a sentence that says what to type instead. Nothing here imports cmd2, so
one-shot commands start fast. Each area registers its commands in its own module under
``companion.commands`` and that module is listed in ``AREAS``.
"""

from __future__ import annotations

import argparse
import importlib
import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, NoReturn, Sequence

if TYPE_CHECKING:
    from companion.session import Session

# Modules that register commands, in the order ``help`` lists their topics.
AREAS: tuple[str, ...] = (
    "companion.commands.lookup",
)


class CommandError(Exception):
    """A command could not do what was asked. ``str()`` is the message after ``Error:``; nothing changed."""


@dataclass(frozen=True)
class Command:
    name: str
    summary: str  # one short line for ``help``
    usage: str  # what to type, e.g. "card NAME [notes]"
    example: str  # a whole example line, e.g. "card village"
    run: Callable[["Session", str], None]
    topic: str = "Cards and rules"
    aliases: tuple[str, ...] = ()
    complete: Callable[["Session", str], list[str]] | None = None
    one_shot: bool = True  # can be run as ``companion NAME ...`` without the shell
    shell: bool = True  # offered in the shell
    details: str = ""  # a few more sentences for ``help NAME``


_COMMANDS: dict[str, Command] = {}
_loaded = False


def command(
    name: str,
    *,
    summary: str,
    usage: str,
    example: str,
    topic: str = "Cards and rules",
    aliases: Sequence[str] = (),
    complete: Callable[["Session", str], list[str]] | None = None,
    one_shot: bool = True,
    shell: bool = True,
    details: str = "",
) -> Callable[[Callable[["Session", str], None]], Callable[["Session", str], None]]:
    """Register ``run(session, args)`` as a command."""

    def register(run: Callable[["Session", str], None]) -> Callable[["Session", str], None]:
        cmd = Command(name, summary, usage, example, run, topic, tuple(aliases), complete, one_shot, shell, details)
        for key in (name, *aliases):
            if key in _COMMANDS:
                raise RuntimeError(f"command {key!r} is registered twice")
            _COMMANDS[key] = cmd
        return run

    return register


def commands() -> dict[str, Command]:
    """Every command by name and alias, loading the areas on first use."""
    global _loaded
    if not _loaded:
        for module in AREAS:
            importlib.import_module(module)
        _loaded = True
    return _COMMANDS


def unique_commands() -> list[Command]:
    seen: dict[str, Command] = {}
    for cmd in commands().values():
        seen.setdefault(cmd.name, cmd)
    return list(seen.values())


class ArgumentParser(argparse.ArgumentParser):
    """argparse that raises CommandError with one short sentence instead of printing a usage dump."""

    def __init__(self, command: str, **kwargs: object) -> None:
        super().__init__(prog=command, add_help=False, allow_abbrev=True, exit_on_error=False, **kwargs)  # type: ignore[arg-type]
        self.command = command

    def error(self, message: str) -> NoReturn:
        message = message.replace("the following arguments are required:", "missing")
        message = message.replace("unrecognized arguments:", "did not expect")
        raise CommandError(f"{message}. Type help {self.command} for an example.")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise CommandError((message or "that did not work").strip() + f" Type help {self.command}.")

    def parse(self, args: str) -> argparse.Namespace:
        """Parse a command's argument text, quotes allowed (``--kingdom "First Game"``)."""
        try:
            words = shlex.split(args)
        except ValueError:
            raise CommandError(f"a quote is not closed in {args.strip()[:30]!r}. Close it with another quote.") from None
        try:
            return self.parse_args(words)
        except argparse.ArgumentError as e:
            self.error(str(e))
