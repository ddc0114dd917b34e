"""The refusal every layer raises: ``CommandError``, a move or a command that cannot be done as asked.

Its ``str()`` is the sentence said after ``Error:`` (``companion.dispatch`` words it), and nothing was
changed. It sits below every area, so the game, the table and the engine's callers refuse without
reaching up into ``companion.commands``.
"""

from __future__ import annotations


class CommandError(Exception):
    """A command could not do what was asked. ``str()`` is the message after ``Error:``; nothing changed."""


__all__ = ["CommandError"]
