"""Opening a table's record: a new table, a saved one (held by this process, or read-only), the offer to
resume, and the list of saved tables. Each returns a ``TableService`` and the ``Outcome`` to say, or raises
a refusal (``companion.table.text.refused``) with nothing changed; a table is saved before it is said.

The commands (``companion.commands.table``) parse what was typed, call one of these, and then make the
service the session's open table; a host (``companion.net.table_seating``) calls them without a session.
"""

from __future__ import annotations

import random

from companion.cards.names import NameError_, NameIndex, and_list, or_list
from companion.kingdom import Kingdom
from companion.locks import Held
from companion.refusal import CommandError
from companion.table import storage, text
from companion.table.model import Setup, Table
from companion.table.scoring import scores, winners
from companion.table.service import Outcome, TableService
from companion.table.storage import Saved, StorageError


def last_saved() -> Saved | None:
    """The table saved most recently, the game just played when none is open (put away, or the shell restarted)."""
    name = storage.last_name()
    if name is None:
        return None
    try:
        return storage.load(name)
    except StorageError:
        return None


def first_player(names: list[str], asked: str | None, seed: int | None, previous: Saved | None) -> tuple[int, str]:
    """Who goes first: as asked; else after the last game's winner (the rulebook); else at random."""
    lower = [n.lower() for n in names]
    if asked is not None:
        if asked.strip().lower() not in lower:
            raise text.refused(f"--first {asked}", f"{asked.strip()} is not playing. Type --first and one of {or_list(names)}.")
        return lower.index(asked.strip().lower()), ""
    if previous is not None and previous.table.state.over:
        won = winners(scores(previous.table))
        if len(won) == 1 and won[0].player.lower() in lower:
            seat = lower.index(won[0].player.lower())
            return (seat + 1) % len(names), f"as {names[seat]} won the last game and goes last"
    rng = random.Random(seed) if seed is not None else random.Random()
    return rng.randrange(len(names)), ""


def new(typed: str, names: list[str], kingdom: Kingdom, *, seed: int | None, name: str | None, first: str | None,
        low: int, previous: Saved | None) -> tuple[TableService, Outcome]:
    """A new table for ``names`` with ``kingdom``, named ``name`` (None: the next free name), held by this
    process and saved; the outcome says how to lay it out. ``previous``: the game played before, whose
    winner goes last."""
    taken = storage.saved_names()
    if name is None:
        name = storage.free_name()
    elif storage.file_name(name) in {storage.file_name(n) for n in taken}:
        raise text.refused(f"--name {name}", f"that name is taken. Choose another --name, or type table load {name}.")
    seat, why = first_player(names, first, seed, previous)
    setup = Setup(tuple(names), tuple(c.name for c in kingdom.cards), kingdom.platinum_colony, kingdom.name, seat, seed)
    saved = Saved(name, Table(setup, low=low))
    held = storage.hold(name)
    if held is None or storage.exists(name):  # another window took it meanwhile
        if held is not None:
            held.release()
        raise text.refused(f"--name {name}", "another window has just used that name. Choose another --name.")
    first_save(saved, held, typed)
    lines = text.setup_lines(name, setup)
    if why:
        lines[-1] = lines[-1].replace(" goes first.", f" goes first, {why}.", 1)
    service = TableService(saved, held)
    return service, Outcome(tuple(lines), changed=True, saved=True)


def first_save(saved: Saved, held: Held, typed: str, taken: bool = True) -> None:
    """Save a table just opened (it becomes the last one used) before it is said; if that fails, let go
    of the lock if it was ``taken`` for this."""
    try:
        storage.save(saved)
    except StorageError as e:
        if taken:
            held.release()
        raise text.refused(typed, f"{e} Nothing was changed.") from None


def _unsaved_reason(saved: Saved) -> str:
    """Why a table just opened cannot be changed here: nothing can be saved in its folder."""
    try:
        storage.save(saved)
    except StorageError as e:
        cause = e.__cause__
        reason = cause.strerror if isinstance(cause, OSError) and cause.strerror else "the folder cannot be written"
        return f"It cannot be saved here, {reason[:1].lower()}{reason[1:]}, so it can be heard but not changed."
    return "It cannot be saved here, so it can be heard but not changed."


def open_saved(saved: Saved, verb: str, typed: str, look: bool, current: TableService | None) -> tuple[TableService, Outcome]:
    """Open a saved table: held by this process, or read-only when asked to ``look`` or when it must be.
    ``current``: the table open now, whose lock is kept when it is the same table."""
    held = None
    mine = current is not None and storage.file_name(current.name) == storage.file_name(saved.name) and \
        current.held is not None
    if mine and not look:
        assert current is not None
        held = current.held  # this process has it already
    elif not look:
        held = storage.hold(saved.name)
        if held is None:
            word = "resume" if verb == "resumed" else f"load {saved.name}"
            raise text.refused(typed, f"table {saved.name} is open in another window. Type table {word} read only "
                                      "to look at it, or close it there.")
    why = ""
    if held is not None:
        try:
            first_save(saved, held, typed, taken=not mine)
        except CommandError:  # a full disk, a read-only folder: open it to look at, as a game opens and warns
            held, why = None, _unsaved_reason(saved)
    lines = text.status_lines(saved.name, saved.table, named=False)
    lines[0:0] = [f"Table {saved.name} {verb}{', read only' if held is None else ''}." + (f" {why}" if why else "")]
    last = last_entry_line(saved.table) if verb == "resumed" and saved.table.state.over is None else None
    if last:  # after a crash, the last entry may have been saved but never heard: typed again, it counts twice
        lines.insert(1, last)
    return TableService(saved, held, why), Outcome(tuple(lines))


def last_entry_line(table: Table) -> str | None:
    """``Last entry kept, Ann bought a Silver.``: what the record ends with (None when it is empty)."""
    if not table.entries:
        return None
    before = Table(table.setup, table.entries[:-1], table.low).state
    return f"Last entry kept, {text.describe(table, table.entries[-1], before)}."


def load_last(typed: str) -> Saved:
    """The table used last, for ``table resume``."""
    name = storage.last_name()
    if name is None:
        raise text.refused(typed, "no table is saved yet. Type table new --players Ann,Ben to start one.")
    try:
        return storage.load(name)
    except StorageError as e:
        raise text.refused(typed, f"{e} Type table list for the others.") from None


def load_named(typed: str, asked: str) -> Saved:
    """The saved table ``asked`` names (any case, a prefix, a misspelling), for ``table load``."""
    names = storage.saved_names()
    if not asked:
        raise text.refused(typed, "needs a table's name. Type table list to hear them.")
    if not names:
        raise text.refused(typed, "no table is saved yet. Type table new --players Ann,Ben to start one.")
    index: NameIndex[str] = NameIndex(((n, n, ()) for n in names), "saved table")
    try:
        name = index.resolve(asked)
    except NameError_ as e:
        raise text.refused(typed, f"{e} Type table list to hear them.") from None
    try:
        return storage.load(name)
    except StorageError as e:
        raise text.refused(typed, f"{e} Type table list for the others.") from None


def resume_offer() -> str | None:
    """A sentence offering the last unfinished table, or None."""
    name = storage.last_name()
    if name is None:
        return None
    try:
        saved = storage.load(name)
    except StorageError:
        return None
    if saved.table.state.over:
        return None
    held = storage.hold(name)
    if held is None:
        return f"Table {name} is open in another window. Type table resume read only to look at it."
    held.release()
    return f"Table {name} is not finished, it is {saved.table.current_name}'s turn. Type table resume."


def save_as(service: TableService, typed: str, name: str) -> Outcome:
    """Save the open table under ``name`` from now on (the old file is removed); ``name`` is checked."""
    saved = service.writable(typed)
    same = storage.file_name(name) == storage.file_name(saved.name)
    if not same and storage.file_name(name) in {storage.file_name(n) for n in storage.saved_names()}:
        raise text.refused(typed, f"that name is taken. Choose another, or type table load {name}.")
    held = service.held if same else storage.hold(name)
    if held is None:
        raise text.refused(typed, "another window is using that name. Choose another name.")
    old, saved.name = saved.name, name
    try:
        storage.save(saved)
    except StorageError as e:
        saved.name = old
        if not same:
            held.release()
        raise text.refused(typed, f"{e} Type table save and another name.") from None
    if not same and service.held is not None:
        service.held.release()
    service.held = held
    lines = [f"Saved as {name}.", "Later entries are saved there too."]
    if not same:
        try:
            storage.remove(old)
        except StorageError:
            lines.append(f"The old copy under {old} is still there.")
    return Outcome(tuple(lines), changed=True, saved=True)


def listing(open_name: str | None) -> Outcome:
    """Every saved table, newest first, with its players and whose turn it is; ``open_name``: the one open."""
    names = storage.saved_names()
    if not names:
        return Outcome(("No tables saved yet. Type table new --players Ann,Ben to start one.",))
    lines = [f"{text.plural(len(names), 'saved table')}, newest first."]
    for name in names:
        try:
            t = storage.load(name).table
        except StorageError:
            lines.append(f"{name}, damaged.")
            continue
        where = "over" if t.state.over else f"{t.current_name}'s turn {t.state.turns[t.state.current]}"
        mark = ", open now" if open_name is not None and open_name == name else ""
        lines.append(f"{name}, {and_list(list(t.players))}, {where}{mark}.")
    return Outcome(tuple(lines))
