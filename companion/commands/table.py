"""Table commands: keep count at a real game of Dominion played with physical cards.

``table new`` lays out the game; ``buy``, ``gain``, ``trash``, ``vp``, ``play``, ``next``, ``undo``,
``score`` record it (shared verbs in ``companion.commands.table_entries``: they serve the table while one is
open); ``piles``, ``pile`` and ``count`` answer questions. Every entry is saved at once. A table and a game are never on together:
starting one puts the other away (both are saved), and says how to go back.

When the shell starts, ``offer_on_start`` (called by ``companion.commands.starting``) says the offer;
``resume_offer(session)`` returns that sentence (or None when there is no unfinished table), and
``resume(session)`` opens the last table and returns its status lines.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from companion.cards import catalogue
from companion.cards.names import NameError_, NameIndex, and_list, loose, or_list
from companion.commands.registry import ArgumentParser, command, take_over
from companion.refusal import CommandError
from companion.commands.table_session import HINT, KEY, LOCK, TOPIC, UNSAVED, _record, _save, _saved, _writable, read_only, \
    set_open, table_open
from companion.commands.table_typed import _fail
from companion.kingdom import KingdomError, check_players, choose_kingdom
from companion.locks import Held
from companion.paths import is_device_name
from companion.settings import define_setting
from companion.table import storage
from companion.table.model import DEFAULT_LOW, Entry, Setup, Table
from companion.table.scoring import scores, winners
from companion.table.storage import Saved, StorageError
from companion.table import text
from companion.numbers import as_number

if TYPE_CHECKING:
    from companion.session import Session


# The table itself.
def _parse_new(args: str) -> tuple[list[str], str, int | None, bool | None, str | None, str | None]:
    typed = f"table new {args}".strip()
    parser = ArgumentParser("table new")
    # Several words are joined, so quotes are optional: --kingdom First Game, --players Ann, Ben.
    parser.add_argument("--players", nargs="+")
    parser.add_argument("--kingdom", nargs="+", default=["random"])
    parser.add_argument("--seed")
    parser.add_argument("--colony")
    parser.add_argument("--name", nargs="+")
    parser.add_argument("--first", nargs="+")
    try:
        ns = parser.parse(args)
    except CommandError:
        raise _fail(typed, 'is not understood. Type table new --players Ann,Ben --kingdom First Game.') from None
    if not ns.players:
        raise _fail(typed, "needs players. Type table new --players Ann,Ben.")
    words = ns.players if any("," in w for w in ns.players) else [w + "," for w in ns.players]
    names = [p.strip() for p in " ".join(words).split(",") if p.strip()]
    ns.kingdom = " ".join(ns.kingdom)
    ns.name = None if ns.name is None else " ".join(ns.name)
    ns.first = None if ns.first is None else " ".join(ns.first)
    seed = None if ns.seed is None else as_number(ns.seed, signed=True)
    if ns.seed is not None and (seed is None or not -2**63 <= seed < 2**63):  # a table file keeps 64 bits
        raise _fail(f"--seed {ns.seed}", "the seed is a whole number of up to 18 digits. Type --seed 7, say.")
    colony = None if ns.colony is None else {"on": True, "off": False}.get(ns.colony.lower())
    if ns.colony is not None and colony is None:
        raise _fail(f"--colony {ns.colony}", "must be on or off. Type --colony on, or --colony off.")
    if ns.name is not None and not (0 < len(ns.name.strip()) <= 30 and _sayable(ns.name)):
        raise _fail(f"--name {ns.name}", "a table's name has 1 to 30 letters. Type --name friday, say.")
    if ns.name is not None and is_device_name(storage.file_name(ns.name)):  # its file could not be made there
        raise _fail(f"--name {ns.name}", "Windows keeps that name for a device. Type --name friday, say.")
    return names, ns.kingdom, seed, colony, ns.name, ns.first


def _sayable(name: str) -> bool:
    """Whether a table's name has a letter or a digit, so it can be said and typed again ("///" cannot)."""
    return any(ch.isalnum() for ch in name)


def _check_names(typed: str, names: list[str]) -> None:
    typed = "--players " + ",".join(names)
    try:
        check_players(len(names))
    except KingdomError:
        raise _fail(typed, f"2 to 6 players, not {len(names)}. Type the names with commas: --players Ann,Ben.") from None
    seen: set[str] = set()
    cat = catalogue()
    for name in names:
        key = name.lower()
        if key in seen:
            raise _fail(typed, f"{name} is named twice. Give each player a different name.")
        seen.add(key)
        card_words = {loose(c.name) for c in cat} | {loose(c.plural) for c in cat}
        if key == "others" or cat.by_code(name) is not None or loose(name) in card_words:
            raise _fail(typed, f"{name} is also a card's name. Choose another name for that player.")
        if not any(ch.isalpha() for ch in name) or len(name) > 20:
            raise _fail(typed, f"{name[:20]} is not a usable name. Use letters, up to 20.")


LOW_SETTING = "lowpile"  # the threshold for new tables: set lowpile 2
define_setting(LOW_SETTING, tuple(str(n) for n in range(0, 11)), str(DEFAULT_LOW),
               "a table announces a pile with this many cards or fewer as low")


def _default_low(session: "Session") -> int:
    """The low-pile threshold for a new table: the user's lowpile setting if there is one, else 3."""
    try:
        value = int(session.settings.get(LOW_SETTING))
    except (AttributeError, KeyError, TypeError, ValueError):
        return DEFAULT_LOW
    return value if 0 <= value <= 20 else DEFAULT_LOW


def _first_player(typed: str, names: list[str], asked: str | None, seed: int | None,
                  previous: Saved | None) -> tuple[int, str]:
    """Who goes first: as asked; else after the last game's winner (the rulebook); else at random."""
    lower = [n.lower() for n in names]
    if asked is not None:
        if asked.strip().lower() not in lower:
            raise _fail(f"--first {asked}", f"{asked.strip()} is not playing. Type --first and one of {or_list(names)}.")
        return lower.index(asked.strip().lower()), ""
    if previous is not None and previous.table.state.over:
        won = winners(scores(previous.table))
        if len(won) == 1 and won[0].player.lower() in lower:
            seat = lower.index(won[0].player.lower())
            return (seat + 1) % len(names), f"as {names[seat]} won the last game and goes last"
    rng = random.Random(seed) if seed is not None else random.Random()
    return rng.randrange(len(names)), ""


def _last_saved() -> Saved | None:
    """The table saved most recently, the game just played when none is open (put away, or the shell restarted)."""
    name = storage.last_name()
    if name is None:
        return None
    try:
        return storage.load(name)
    except StorageError:
        return None


def _new(session: "Session", args: str) -> None:
    typed = f"table new {args}".strip()
    names, kingdom_text, seed, colony, name, first_name = _parse_new(args)
    _check_names(typed, names)
    try:
        kingdom = choose_kingdom(kingdom_text, seed=seed, platinum_colony=colony)
    except KingdomError as e:
        raise _fail(typed, str(e)) from None
    taken = storage.saved_names()
    if name is None:
        name = storage.free_name()
    elif storage.file_name(name) in {storage.file_name(n) for n in taken}:
        raise _fail(f"--name {name}", f"that name is taken. Choose another --name, or type table load {name}.")
    previous = session.state.get(KEY)
    first, why = _first_player(typed, names, first_name, seed, previous or _last_saved())
    setup = Setup(tuple(names), tuple(c.name for c in kingdom.cards), kingdom.platinum_colony, kingdom.name,
                  first, seed)
    saved = Saved(name, Table(setup, low=_default_low(session)))
    held = storage.hold(name)
    if held is None or storage.exists(name):  # another window took it meanwhile
        if held is not None:
            held.release()
        raise _fail(f"--name {name}", "another window has just used that name. Choose another --name.")
    _first_save(saved, held, typed)
    game_said = take_over(session, KEY)
    set_open(session, saved, held)
    from companion.commands.braille import emboss_line, with_emboss_line

    lines = with_emboss_line(text.setup_lines(name, setup), emboss_line())
    if why:
        lines[-1] = lines[-1].replace(" goes first.", f" goes first, {why}.", 1)
    if previous is not None and previous.name != name:
        lines.append(f"{previous.name} is saved; table load {previous.name} returns to it.")
    lines += game_said
    session.say("\n".join(lines))


def _first_save(saved: Saved, held: Held, typed: str, taken: bool = True) -> None:
    """Save a table just opened (it becomes the last one used) before it is said; if that fails, let go
    of the lock if it was ``taken`` for this."""
    try:
        storage.save(saved)
    except StorageError as e:
        if taken:
            held.release()
        raise _fail(typed, f"{e} Nothing was changed.") from None


def _unsaved_reason(saved: Saved) -> str:
    """Why a table just opened cannot be changed here: nothing can be saved in its folder."""
    try:
        storage.save(saved)
    except StorageError as e:
        reason = str(e).partition(": ")[2].rstrip(".") or "the folder cannot be written"
        return f"It cannot be saved here ({reason}), so it can be heard but not changed."
    return "It cannot be saved here, so it can be heard but not changed."


READ_ONLY_WORDS = ("read-only", "readonly", "--read-only", "read only")


def _wants_read_only(args: str) -> tuple[str, bool]:
    """``args`` without a trailing "read-only", and whether it was there."""
    low = args.strip().lower()
    for word in READ_ONLY_WORDS:
        if low == word or low.endswith(" " + word):
            return args.strip()[:len(args.strip()) - len(word)].strip(), True
    return args.strip(), False


def _open(session: "Session", saved: Saved, verb: str, typed: str, look: bool) -> None:
    """Open a saved table: held by this shell, or read-only when asked for or when it must be."""
    held = None
    current = session.state.get(KEY)
    mine = current is not None and storage.file_name(current.name) == storage.file_name(saved.name) and \
        session.state.get(LOCK) is not None
    if mine and not look:
        held = session.state.get(LOCK)  # this shell has it already
    elif not look:
        held = storage.hold(saved.name)
        if held is None:
            word = "resume" if verb == "resumed" else f"load {saved.name}"
            raise _fail(typed, f"table {saved.name} is open in another window. Type table {word} read-only "
                               "to look at it, or close it there.")
    why = ""
    if held is not None:
        try:
            _first_save(saved, held, typed, taken=not mine)
        except CommandError:  # a full disk, a read-only folder: open it to look at, as a game opens and warns
            held, why = None, _unsaved_reason(saved)
    game_said = take_over(session, KEY)
    set_open(session, saved, held)
    if why:
        session.state[UNSAVED] = why
    lines = text.status_lines(saved.name, saved.table, named=False)
    lines[0:0] = [f"Table {saved.name} {verb}{', read-only' if held is None else ''}." + (f" {why}" if why else "")]
    lines += game_said
    session.say("\n".join(lines))


def offer_on_start(session: "Session") -> None:
    """An on-start hook for the shell (``session.on_start.append(offer_on_start)``): says the offer, if any."""
    offer = resume_offer(session)
    if offer:
        session.say(offer)


def resume_offer(session: "Session") -> str | None:
    """For the shell's on-start hook: a sentence offering the last unfinished table, or None."""
    if table_open(session):
        return None
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
        return f"Table {name} is open in another window. Type table resume read-only to look at it."
    held.release()
    return f"Table {name} is not finished: {saved.table.current_name}'s turn. Type table resume."


def resume(session: "Session", args: str = "") -> list[str]:
    """Open the last table used; return what was said. Raises CommandError if there is none."""
    rest, look = _wants_read_only(args)
    typed = f"table resume {args}".strip()
    if rest:
        raise _fail(typed, "resume takes nothing after it but read-only. Type table resume.")
    name = storage.last_name()
    if name is None:
        raise _fail(typed, "no table is saved yet. Type table new --players Ann,Ben to start one.")
    try:
        saved = storage.load(name)
    except StorageError as e:
        raise _fail(typed, f"{e} Type table list for the others.") from None
    _open(session, saved, "resumed", typed, look)
    return (session.last or "").splitlines()


def _resume(session: "Session", args: str = "") -> None:
    resume(session, args)


def _load(session: "Session", args: str) -> None:
    typed = f"table load {args}".strip()
    args, look = _wants_read_only(args)
    names = storage.saved_names()
    if not args.strip():
        raise _fail(typed, "needs a table's name. Type table list to hear them.")
    if not names:
        raise _fail(typed, "no table is saved yet. Type table new --players Ann,Ben to start one.")
    index: NameIndex[str] = NameIndex(((n, n, ()) for n in names), "saved table")
    try:
        name = index.resolve(args.strip())
    except NameError_ as e:
        raise _fail(typed, f"{e} Type table list to hear them.") from None
    try:
        saved = storage.load(name)
    except StorageError as e:
        raise _fail(typed, f"{e} Type table list for the others.") from None
    _open(session, saved, "loaded", typed, look)


def _save_as(session: "Session", args: str) -> None:
    typed = f"table save {args}".strip()
    saved = _writable(session, typed)
    name = args.strip().strip('"')
    if not name or len(name) > 40 or not _sayable(name):
        raise _fail(typed, "needs a name. Type table save friday, up to 40 letters.")
    if is_device_name(storage.file_name(name)):
        raise _fail(typed, "Windows keeps that name for a device. Type table save friday, say.")
    same = storage.file_name(name) == storage.file_name(saved.name)
    if not same and storage.file_name(name) in {storage.file_name(n) for n in storage.saved_names()}:
        raise _fail(typed, f"that name is taken. Choose another, or type table load {name}.")
    held = session.state.get(LOCK) if same else storage.hold(name)
    if held is None:
        raise _fail(typed, "another window is using that name. Choose another name.")
    old, saved.name = saved.name, name
    try:
        storage.save(saved)
    except StorageError as e:
        saved.name = old
        if not same:
            held.release()
        raise _fail(typed, f"{e} Type table save and another name.") from None
    set_open(session, saved, held)
    gone = ""
    if not same:
        try:
            storage.remove(old)
        except StorageError:
            gone = f"\nThe old copy under {old} is still there."
    session.say(f"Saved as {name}.\nLater entries are saved there too.{gone}")


def _list(session: "Session", args: str) -> None:
    names = storage.saved_names()
    if not names:
        session.say("No tables saved yet. Type table new --players Ann,Ben to start one.")
        return
    current = session.state.get(KEY)
    lines = [f"{text.plural(len(names), 'saved table')}, newest first."]
    for name in names:
        try:
            t = storage.load(name).table
        except StorageError:
            lines.append(f"{name}: damaged.")
            continue
        where = "over" if t.state.over else f"{t.current_name}'s turn {t.state.turns[t.state.current]}"
        mark = ", open now" if current is not None and current.name == name else ""
        lines.append(f"{name}: {and_list(list(t.players))}, {where}{mark}.")
    session.say("\n".join(lines))


def _end(session: "Session", args: str) -> None:
    _record(session, "table end", Entry("end"),
            lambda t, before: ["Game over, ended at the table."] + text.score_lines(t, final=True))


def _close(session: "Session", args: str) -> None:
    saved = _saved(session)
    if read_only(session):
        set_open(session, None)
        session.say(f"Table {saved.name} put away. Type table load {saved.name} to return.")
        return
    _save(session, saved, "table close", lambda: None)
    set_open(session, None)
    session.say(f"Table {saved.name} put away and saved. Type table load {saved.name} to return.")


def _low(session: "Session", args: str) -> None:
    typed = f"table low {args}".strip()
    saved = _writable(session, typed)
    low = as_number(args)
    if low is None or not 0 <= low <= 20:
        raise _fail(typed, "needs a number from 0 to 20. Type table low 3.")
    old = saved.table.low
    saved.table.low = low

    def back() -> None:
        saved.table.low = old

    _save(session, saved, typed, back)
    session.say(f"Low piles: {text.plural(saved.table.low, 'card')} or fewer.")


def _status(session: "Session", args: str) -> None:
    saved = _saved(session)
    session.say("\n".join(text.status_lines(saved.name, saved.table)))


@command("status", summary="says whose turn it is, this turn's counts and the piles.", usage="status", example="status",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="The same as table alone. In a game, status says your turn.")
def status(session: "Session", args: str) -> None:
    if args.strip():
        raise _fail(f"status {args}".strip(), "status takes nothing after it. Type status.")
    _status(session, "")


SUBCOMMANDS = {
    "new": _new, "resume": _resume, "load": _load, "save": _save_as, "list": _list,
    "end": _end, "close": _close, "low": _low, "status": _status,
}
NEEDS_TABLE = ("save", "end", "close", "low", "status")


@command("table", summary="keeps count at a game with real cards.",
         usage="table new --players A,B",
         example='table new --players Ann,Ben --kingdom "First Game"', topic=TOPIC, one_shot=True,
         details="Also table resume, list, load NAME, save NAME, end, close, and low N. table alone says whose turn it is.")
def table_command(session: "Session", args: str) -> None:
    word, _, rest = args.strip().partition(" ")
    word = word.lower()
    if not word:
        if not table_open(session):
            raise _fail("table", "no table is open. Type table new --players Ann,Ben, or table resume.")
        _status(session, "")
        return
    run = SUBCOMMANDS.get(word)
    if run is None:
        raise _fail(f"table {args}".strip(), "is not a table command. Type table new, resume, load, save, list or end.")
    if word in NEEDS_TABLE and not table_open(session):
        raise _fail(f"table {args}".strip(), "no table is open. Type table new --players Ann,Ben, or table resume.")
    run(session, rest)
