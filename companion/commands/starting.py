"""What the shell offers when it starts: a table or a game to go back to.

Each check is light (does a saved file exist?) and loads its area only when there is something to offer,
so the shell is ready quickly when there is nothing to resume. The registry's ``STARTERS`` lists these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.paths import data_dir

if TYPE_CHECKING:
    from companion.session import Session


def offer_table(session: "Session") -> None:
    """Offer the last unfinished table, in one line that says what to type."""
    if not (data_dir() / "tables" / "last.json").exists():
        return
    from companion.commands.table import offer_on_start

    offer_on_start(session)


def offer_game(session: "Session") -> None:
    """Ask whether to resume the game that was being played, if there is one."""
    if not (data_dir() / "games" / "autosave.json").exists():
        return
    from companion.commands.game_saves import offer_resume

    offer_resume(session)
