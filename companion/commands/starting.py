"""What the shell offers when it starts: a table or a game to go back to.

Each check is light (does a saved file exist?) and loads its area only when there is something to offer,
so the shell is ready quickly when there is nothing to resume. The registry's ``STARTERS`` lists these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.paths import ABANDONED_AFTER, clear_temporary, data_dir

if TYPE_CHECKING:
    from companion.session import Session


def clear_abandoned(session: "Session") -> None:
    """Remove temporary files that saves killed part way left in the games and tables folders: only files
    named as this program's temporary files, and only minutes-old ones, which no save can still be writing.
    (Opening a table or a game clears its own at once, under its lock.)"""
    for folder in ("games", "tables"):
        clear_temporary(data_dir() / folder, older_than=ABANDONED_AFTER)


def offer_table(session: "Session") -> None:
    """Offer the last unfinished table, in one line that says what to type."""
    folder = data_dir() / "tables"
    if not folder.is_dir() or not any(folder.glob("*.json")):
        return
    from companion.commands.table import offer_on_start

    offer_on_start(session)


def offer_game(session: "Session") -> None:
    """Ask whether to resume the game that was being played, if there is one."""
    games = data_dir() / "games"
    if not (games / "_autosave.json").exists() and not (games / "autosave.json").exists():  # the second: version 1
        return
    from companion.commands.game_saves import offer_resume

    offer_resume(session)
