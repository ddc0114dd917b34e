"""The open table in a session: finding it, putting it away when a game starts, recording and saving.

``session.state["table"]`` holds the open table (a ``Saved``) or None. ``table_open`` is the predicate the
shared verbs pass as ``active=``; ``_record`` records an entry, says it and saves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import Card, catalogue
from companion.commands.registry import CommandError, activity
from companion.commands.table_typed import _fail
from companion.table import storage
from companion.table.model import Entry, Table, TableError
from companion.table.storage import Saved, StorageError
from companion.table import text

if TYPE_CHECKING:
    from companion.session import Session

TOPIC = "Table"
HINT = "Start a game with new, or a table with table new."  # the same words as the game's, so said once
KEY = "table"


def table_open(session: "Session") -> bool:
    return session.state.get(KEY) is not None


def _saved(session: "Session") -> Saved:
    saved = session.state.get(KEY)
    if saved is None:
        raise CommandError(HINT)
    return saved


def _put_away(session: "Session") -> str | None:
    """A game is starting: put the table away (it is saved after every entry) so the shared verbs leave it."""
    saved = session.state.get(KEY)
    if saved is None:
        return None
    session.state[KEY] = None
    return f"Table {saved.name} is saved; table load {saved.name} returns to it."


activity(KEY, is_on=table_open, where="at a table", put_away=_put_away)


def _complete_supply(session: "Session", typed: str) -> list[str]:
    """Whole replacements for what was typed after the command: its last card completed from this game's
    Supply, e.g. "Ann vil" gives "Ann Village" and "C1 C1 si" gives "C1 C1 Silver" and "C1 C1 Smithy"."""
    saved = session.state.get(KEY)
    supply = None if saved is None else {c.name for c in saved.table.setup.supply}
    words = typed.split(" ")
    for k in range(len(words)):
        names = [n for n in catalogue().complete(" ".join(words[k:])) if supply is None or n in supply]
        if names:
            return [" ".join(words[:k] + [n]) for n in names]
    return []


def _save(session: "Session", saved: Saved) -> None:
    try:
        storage.save(saved)
    except StorageError as e:
        session.say(f"Warning: not saved. {e}")


def _record(session: "Session", typed: str, entry: Entry, confirm) -> None:  # type: ignore[no-untyped-def]
    """Record ``entry``, then say the announcements first and the confirmation after, and save."""
    saved = _saved(session)
    before = saved.table.state
    try:
        notes = saved.table.record(entry)
    except TableError as e:
        raise _fail(typed, str(e)) from None
    said = confirm(saved.table, before)
    if _verbosity(session) == "brief":
        said = said[:1]  # brief: announcements and the confirmation itself, no coins left or notes
    lines = notes + said
    lines[0:1] = text.fit_first(lines[0])  # long names: keep the first line to a 40-cell display
    session.say("\n".join(lines))
    _save(session, saved)


def _verbosity(session: "Session") -> str:
    """brief, normal or full: the session's (or its settings') verbosity, normal when neither says."""
    found = getattr(session, "verbosity", None) or getattr(session.settings, "verbosity", None)
    return found if isinstance(found, str) else "normal"


def _pile_left(table: Table, cards: list[Card], named: bool = False) -> str:
    names = list(dict.fromkeys(c.name for c in cards))
    if len(names) == 1 and not named:
        return f"{table.state.piles[names[0]]} left"
    return ", ".join(f"{n} pile: {table.state.piles[n]} left" for n in names)
