"""The refusals every layer raises: ``CommandError`` and its small family, a move or a command that cannot
be done as asked (as python-chess has ``IllegalMoveError`` under ``ValueError``).

Its ``str()`` is the sentence said after ``Error,`` (``companion.dispatch`` words it), and nothing was
changed: a response made from one is ``failed`` because a refusal was raised, never because of how its
words begin. It sits below every area, so the game, the table and the engine's callers refuse without
reaching up into ``companion.commands``.

- ``LineRefused``: a line no command can read (too long, not text, a control character).
- ``UnknownCommand``: no command has the line's first word (the sentence names the nearest ones).
- ``NotHere``: a command that exists, but not here (only in the shell, not at a hosted seat, the command
  after a player's name).
"""

from __future__ import annotations


class CommandError(Exception):
    """A command could not do what was asked. ``str()`` is the message after ``Error,``; nothing changed."""


class LineRefused(CommandError):
    """A typed line no command can read: too long, bytes that are not text, a control character."""


class UnknownCommand(CommandError):
    """No command of the typed name."""


class NotHere(CommandError):
    """A command that exists, but cannot be used here, as typed."""


__all__ = ["CommandError", "LineRefused", "NotHere", "UnknownCommand"]
