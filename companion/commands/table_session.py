"""The open table in a session: finding it, putting it away when a game starts, recording and saving.

``session.state["table"]`` holds the open table (a ``Saved``) or None. ``table_open`` is the predicate the
shared verbs pass as ``active=``; ``_record`` records an entry, saves it, then says it. The shell holds a
lock on the open table (``session.state["table lock"]``) so no other window writes it; a table another
window holds can be opened read-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from companion.cards import Card, catalogue
from companion.commands.registry import activity
from companion.refusal import CommandError
from companion.commands.table_typed import _fail
from companion.locks import Held
from companion.table import storage
from companion.table.model import Entry, Table, TableError
from companion.table.storage import Saved, StorageError
from companion.table import text

if TYPE_CHECKING:
    from companion.session import Session

TOPIC = "Table"
HINT = "Start a game with new, or a table with table new."  # the same words as the game's, so said once
KEY = "table"


LOCK = "table lock"  # session.state: the lock this shell holds on the open table (None: open read-only)
UNSAVED = "table unsaved"  # session.state: why the open table cannot be saved here (a full disk), if so


def table_open(session: "Session") -> bool:
    return session.state.get(KEY) is not None


def _saved(session: "Session") -> Saved:
    """The open table; one open read-only is read again first, as the window that holds it may have moved on."""
    saved = session.state.get(KEY)
    if saved is None:
        raise CommandError(HINT)
    if session.state.get(LOCK) is None:
        try:
            saved = storage.load(saved.name)
        except StorageError:
            return saved  # renamed or removed there: what was last read is all there is
        session.state[KEY] = saved
        update_prompt(session)
    return saved


def read_only(session: "Session") -> bool:
    """True when the open table is held by another window and is only being looked at here."""
    return table_open(session) and session.state.get(LOCK) is None


def _writable(session: "Session", typed: str) -> Saved:
    """The open table, if this shell may change it; else CommandError saying how to get it back."""
    saved = _saved(session)
    if read_only(session):
        unsaved = session.state.get(UNSAVED)
        if unsaved:  # opened where nothing can be saved (a full disk): no other window holds it
            raise _fail(typed, f"table {saved.name} cannot be saved here, so it is open read-only. Free some "
                               "space, then type table resume.")
        raise _fail(typed, f"table {saved.name} is open read-only here. Close it in the other window, "
                           f"then type table load {saved.name}.")
    return saved


def set_open(session: "Session", saved: Saved | None, held: Held | None = None) -> None:
    """Make ``saved`` the open table (None: no table), holding ``held``; the lock on any other is given up."""
    old = session.state.get(LOCK)
    if old is not None and old is not held:
        old.release()
    session.state.pop(UNSAVED, None)
    session.state[KEY] = saved
    session.state[LOCK] = held
    if held is not None and _let_go not in session.on_close:
        session.on_close.append(_let_go)
    update_prompt(session)


DEFAULT_PROMPT = "companion> "


def update_prompt(session: "Session") -> None:
    """The prompt names whose turn it is at the table ("table, Ann> "), so it is heard before every line."""
    saved = session.state.get(KEY)
    if saved is None:
        if session.prompt.startswith("table"):
            session.prompt = DEFAULT_PROMPT
        return
    table = saved.table
    where = "table over" if table.state.over is not None else f"table, {table.current_name}"
    session.prompt = f"{where}{', read-only' if read_only(session) else ''}> "


def _let_go(session: "Session") -> None:
    """When the session ends: give up the lock on its table (the table is saved after every change)."""
    held = session.state.pop(LOCK, None)
    if held is not None:
        held.release()


def _put_away(session: "Session") -> str | None:
    """A game is starting: put the table away (it is saved after every entry) so the shared verbs leave it."""
    saved = session.state.get(KEY)
    if saved is None:
        return None
    set_open(session, None)
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


def _save(session: "Session", saved: Saved, typed: str, undo: Callable[[], None]) -> None:
    """Save the open table before anything is said; if it cannot be saved, ``undo()`` the change in memory
    and refuse, so what the player hears is always on disk."""
    try:
        storage.save(saved)
    except StorageError as e:
        undo()
        raise _fail(typed, f"not recorded, as {e} Try again.") from None
    update_prompt(session)


def restore(saved: Saved, entries: list[Entry], low: int) -> Callable[[], None]:
    """What puts ``saved``'s table back as it was: these entries and this low-pile number."""
    setup = saved.table.setup

    def undo() -> None:
        saved.table = Table(setup, entries, low)

    return undo


def _record(session: "Session", typed: str, entry: Entry, confirm,  # type: ignore[no-untyped-def]
            words: Callable[[str], str | None] | None = None) -> None:
    """Record ``entry`` and save it, then say the announcements first and the confirmation after.
    ``words(card)``: the words typed for the card a refusal names, to quote just them ("S2", not "C1 C1 S2")."""
    saved = _writable(session, typed)
    before = saved.table.state
    back = restore(saved, list(saved.table.entries), saved.table.low)
    try:
        notes = saved.table.record(entry)
    except TableError as e:
        quoted = words(e.card) if words is not None and e.card else None
        raise _fail(quoted or typed, str(e)) from None
    try:
        said = confirm(saved.table, before)
        if _verbosity(session) == "brief":  # brief: announcements and the confirmation itself, no coins left
            ended = saved.table.state.over is not None and before.over is None
            said = said[:2 if ended else 1]  # but a game that ends says who won
        lines = notes + said
        lines[0:1] = text.fit_first(lines[0])  # long names: keep the first line to a 40-cell display
    except BaseException:
        back()  # the words failed: the entry was never said, so it is not kept
        raise
    _save(session, saved, typed, back)
    session.say("\n".join(lines))


def _verbosity(session: "Session") -> str:
    """brief, normal or full: the session's (or its settings') verbosity, normal when neither says."""
    found = getattr(session, "verbosity", None) or getattr(session.settings, "verbosity", None)
    return found if isinstance(found, str) else "normal"


def _pile_left(table: Table, cards: list[Card], named: bool = False) -> str:
    names = list(dict.fromkeys(c.name for c in cards))
    if len(names) == 1 and not named:
        return f"{table.state.piles[names[0]]} left"
    return ", ".join(f"{n} pile: {table.state.piles[n]} left" for n in names)
