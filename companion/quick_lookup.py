"""Quick answers to ``companion card NAME``, ``cards FILTER``, ``rule TERM`` and ``companion help``, without
loading the program.

The full path (companion.cli) imports the command registry, the session, dataclasses, pathlib, argparse,
typing and the settings module before it says a word: about four times the start-up of Python itself, and
``help`` loads every command (fifteen times). This module says instead what the full path said before for
the same words under the same settings, from the answers it kept (companion.quick_answers), with os and
json alone.

It answers only with certainty, to the byte and with the same exit status: a line whose key the full path
kept an answer for, with the code, the card data, the card caches and the settings file all unchanged since.
Anything else gives None and the full path runs as before: a misspelling, any error, a name typed in a way
not kept (quotes, a start of a name too short to be unique...), speech on, a settings file it warned about,
COMPANION_NO_CACHE; the full path then keeps fresh answers for the next time.
"""

from __future__ import annotations

import os

from companion import quick_answers

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

LOOKUPS = ("card", "cards", "rule")
HELP = ("help", "-h", "--help")
QUICK = LOOKUPS + HELP


def answer(argv: Sequence[str]) -> str | None:
    """What ``companion ARGV`` prints on standard output, ending in a newline, when it was kept for exactly
    these files and settings (its exit status is then 0 and nothing goes to standard error); otherwise
    None. Never raises an Exception: a surprise here is a question for the full path."""
    try:
        return _answer(list(argv))
    except Exception:  # noqa: BLE001 - whatever happens, the full path answers instead
        return None


def _answer(argv: list[str]) -> str | None:
    if not argv or os.environ.get("COMPANION_NO_CACHE"):
        return None
    if argv[0] in HELP:
        if len(argv) > 1:
            return None
        name, command, key = "help", "help", ""
    elif argv[0] in LOOKUPS:
        name, command = "answers", argv[0]
        found = quick_answers.key_of(argv[1:])
        if found is None:
            return None
        key = found
    else:
        return None
    folders = _folders()
    if folders is None:
        return None
    config, state = folders
    data = quick_answers.load(name, state, config)
    return None if data is None else quick_answers.said(data, command, key)


def _folders() -> tuple[str, str] | None:
    """(config folder, state folder), as companion.paths gives them, or None where it would fail."""
    from companion import folders

    if not folders.overridden():
        from companion.quick_folders import platform_folders

        return platform_folders()
    try:
        return folders.config_folder(), folders.state_folder()
    except RuntimeError:  # a home folder that cannot be found: the full path says what it says
        return None
