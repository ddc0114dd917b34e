"""Table commands: keep count at a real game of Dominion played with physical cards.

``table new`` lays out the game; ``buy``, ``gain``, ``trash``, ``vp``, ``play``, ``next``, ``undo``,
``score`` record it (shared verbs in ``companion.commands.table_entries``: they serve the table while one is
open); ``piles``, ``pile`` and ``count`` answer questions. Every entry is saved at once. A table and a game are never on together:
starting one puts the other away (both are saved), and says how to go back.

When the shell starts, ``offer_on_start`` (called by ``companion.commands.starting``) says the offer;
``resume_offer(session)`` returns that sentence (or None when there is no unfinished table), and
``resume(session)`` opens the last table and returns its answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import catalogue
from companion.cards.names import loose
from companion.commands.registry import ArgumentParser, command, split_words, take_over, words_option
from companion.commands.table_session import HINT, KEY, SERVICE, TOPIC, brief, open_table, answered, seat, set_open, \
    table_open
from companion.refusal import CommandError
from companion.kingdom import KingdomError, check_players, choose_kingdom
from companion.paths import is_device_name
from companion.settings import define_setting
from companion.table import opening, storage
from companion.table.model import DEFAULT_LOW
from companion.table.service import Outcome, TableService
from companion.table.text import refused
from companion.numbers import as_number

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session
    from companion.table.storage import Saved


# The table itself.
def _parse_new(args: str) -> tuple[list[str], str, int | None, bool | None, str | None, str | None]:
    typed = f"table new {args}".strip()
    parser = ArgumentParser("table new")
    # Several words are joined, so quotes are optional: --kingdom First Game, --players Ann, Ben.
    parser.add_argument("--players", nargs="+")
    words_option(parser, "--kingdom", "random")
    parser.add_argument("--seed")
    parser.add_argument("--colony")
    words_option(parser, "--name")
    words_option(parser, "--first")
    _check_options(args)
    try:
        ns = parser.parse(args)
    except CommandError:
        raise refused(typed, 'is not understood. Type table new --players Ann,Ben --kingdom First Game.') from None
    if not ns.players:
        raise refused(typed, "needs players. Type table new --players Ann,Ben.")
    names = _player_names(ns.players)
    seed = None if ns.seed is None else as_number(ns.seed, signed=True)
    if ns.seed is not None and (seed is None or not -2**63 <= seed < 2**63):  # a table file keeps 64 bits
        raise refused(f"--seed {ns.seed}", "the seed is a whole number of up to 18 digits. Type --seed 7, say.")
    colony = None if ns.colony is None else {"on": True, "off": False}.get(ns.colony.lower())
    if ns.colony is not None and colony is None:
        raise refused(f"--colony {ns.colony}", "must be on or off. Type --colony on, or --colony off.")
    if ns.name is not None and not (0 < len(ns.name.strip()) <= 30 and _sayable(ns.name)):
        raise refused(f"--name {ns.name}", "a table's name has 1 to 30 letters. Type --name friday, say.")
    if ns.name is not None and is_device_name(storage.file_name(ns.name)):  # its file could not be made there
        raise refused(f"--name {ns.name}", "Windows keeps that name for a device. Type --name friday, say.")
    return names, ns.kingdom, seed, colony, ns.name, ns.first


def _player_names(words: list[str]) -> list[str]:
    """The names after --players: parted by commas, or by spaces when there is no comma. A name left empty
    between two commas ("Ann,,Cy") is refused: it was a player forgotten, not one fewer player."""
    if not any("," in w for w in words):
        return words
    typed = " ".join(words)
    parts = [p.strip() for p in typed.split(",")]
    if "" in parts:
        where = "at the end" if parts[-1] == "" and "" not in parts[:-1] else \
            "at the start" if parts[0] == "" and "" not in parts[1:] else "between two commas"
        raise refused(f"--players {typed}", f"has an empty name {where}. Type a name between each pair of "
                                            "commas, as in --players Ann,Ben,Cy.")
    return parts


NEW_OPTIONS = ("--players", "--kingdom", "--seed", "--colony", "--name", "--first")


def _check_options(args: str) -> None:
    """Refuse an option table new does not take, naming it (``--cards``: the kingdom's cards go after --kingdom)."""
    try:
        words = split_words(args)
    except ValueError:
        return  # the parser says the quote is not closed
    for word in words:
        option = word.split("=", 1)[0].lower()
        if not option.startswith("--") or any(o.startswith(option) for o in NEW_OPTIONS if option != "--"):
            continue
        if option in ("--cards", "--card"):
            raise refused(word, "is not an option of table new. For the kingdom's cards, type --kingdom and 10 "
                                "cards with commas.")
        raise refused(word, "is not an option of table new. It takes --players, --kingdom, --seed, --colony, "
                            "--name and --first.")


def _sayable(name: str) -> bool:
    """Whether a table's name has a letter or a digit, so it can be said and typed again ("///" cannot)."""
    return any(ch.isalnum() for ch in name)


def _check_names(typed: str, names: list[str]) -> None:
    typed = "--players " + ",".join(names)
    try:
        check_players(len(names))
    except KingdomError:
        raise refused(typed, f"2 to 6 players, not {len(names)}. Type the names with commas, as in --players Ann,Ben.") from None
    seen: set[str] = set()
    cat = catalogue()
    for name in names:
        key = name.lower()
        if key in seen:
            raise refused(typed, f"{name} is named twice. Give each player a different name.")
        seen.add(key)
        card_words = {loose(c.name) for c in cat} | {loose(c.plural) for c in cat}
        if key == "others" or cat.by_code(name) is not None or loose(name) in card_words:
            raise refused(typed, f"{name} is also a card's name. Choose another name for that player.")
        if not any(ch.isalpha() for ch in name) or len(name) > 20:
            raise refused(typed, f"{name[:20]} is not a usable name. Use letters, up to 20.")


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


def start_new(args: str, low: int, previous: Saved | None) -> tuple[TableService, Outcome]:
    """A new table from ``table new``'s options, held by this process and saved, and its layout's words;
    ``previous``: the game played before (its winner goes last). A host starts its tables here too."""
    typed = f"table new {args}".strip()
    names, kingdom_text, seed, colony, name, first_name = _parse_new(args)
    _check_names(typed, names)
    try:
        kingdom = choose_kingdom(kingdom_text, seed=seed, platinum_colony=colony)
    except KingdomError as e:
        raise refused(typed, str(e)) from None
    return opening.new(typed, names, kingdom, seed=seed, name=name, first=first_name, low=low, previous=previous)


def _new(session: "Session", args: str) -> "Response":
    previous = session.state.get(KEY)
    service, outcome = start_new(args, _default_low(session), previous or opening.last_saved())
    game_said = take_over(session, KEY)
    set_open(session, service)
    from companion.commands.braille import emboss_line, with_emboss_line

    lines = with_emboss_line(list(outcome.lines), emboss_line())
    if previous is not None and previous.name != service.name:
        lines.append(f"{previous.name} is saved. Table load {previous.name} returns to it.")
    return answered(session, Outcome(tuple(lines + game_said), changed=True, saved=True))


READ_ONLY_WORDS = ("read-only", "readonly", "--read-only", "read only")


def _wants_read_only(args: str) -> tuple[str, bool]:
    """``args`` without a trailing "read-only", and whether it was there."""
    low = args.strip().lower()
    for word in READ_ONLY_WORDS:
        if low == word or low.endswith(" " + word):
            return args.strip()[:len(args.strip()) - len(word)].strip(), True
    return args.strip(), False


def _open(session: "Session", saved: Saved, verb: str, typed: str, look: bool) -> "Response":
    """Open a saved table: held by this shell, or read-only when asked for or when it must be."""
    service, outcome = opening.open_saved(saved, verb, typed, look, session.state.get(SERVICE))
    game_said = take_over(session, KEY)
    set_open(session, service)
    return answered(session, Outcome(outcome.lines + tuple(game_said)))


def offer_on_start(session: "Session") -> None:
    """An on-start hook for the shell (``session.on_start.append(offer_on_start)``): says the offer, if any."""
    offer = resume_offer(session)
    if offer:
        session.say(offer)


def resume_offer(session: "Session") -> str | None:
    """For the shell's on-start hook: a sentence offering the last unfinished table, or None."""
    return None if table_open(session) else opening.resume_offer()


def resume(session: "Session", args: str = "") -> "Response":
    """Open the last table used; its answer says so. Raises CommandError if there is none."""
    rest, look = _wants_read_only(args)
    typed = f"table resume {args}".strip()
    if rest:
        raise refused(typed, "resume takes nothing after it but read only. Type table resume.")
    saved = opening.load_last(typed)
    return _open(session, saved, "resumed", typed, look)


def _resume(session: "Session", args: str = "") -> "Response":
    return resume(session, args)


def _load(session: "Session", args: str) -> "Response":
    typed = f"table load {args}".strip()
    args, look = _wants_read_only(args)
    return _open(session, opening.load_named(typed, args.strip()), "loaded", typed, look)


def _save_as(session: "Session", args: str) -> "Response":
    typed = f"table save {args}".strip()
    service = open_table(session)
    service.writable(typed)  # a read-only table says so before anything about the name
    name = args.strip().strip('"')
    if not name or len(name) > 40 or not _sayable(name):
        raise refused(typed, "needs a name. Type table save friday, up to 40 letters.")
    if is_device_name(storage.file_name(name)):
        raise refused(typed, "Windows keeps that name for a device. Type table save friday, say.")
    outcome = opening.save_as(service, typed, name)
    set_open(session, service)
    return answered(session, outcome)


def _list(session: "Session", args: str) -> "Response":
    current = session.state.get(KEY)
    return answered(session, opening.listing(None if current is None else current.name))


def _end(session: "Session", args: str) -> "Response":
    return answered(session, open_table(session).end(by=seat(session), brief=brief(session)))


def _close(session: "Session", args: str) -> "Response":
    outcome = open_table(session).close()
    set_open(session, None)
    return answered(session, outcome)


def _low(session: "Session", args: str) -> "Response":
    typed = f"table low {args}".strip()
    service = open_table(session)
    service.writable(typed)  # a read-only table says so before anything about the number
    low = as_number(args)
    if low is None or not 0 <= low <= 20:
        raise refused(typed, "needs a number from 0 to 20. Type table low 3.")
    return answered(session, service.set_low(typed, low, by=seat(session)))


def _status(session: "Session", args: str) -> "Response":
    return answered(session, open_table(session).status())


@command("status", summary="says whose turn it is, this turn's counts and the piles.", usage="status", example="status",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="The same as table alone. In a game, status says your turn.")
def status(session: "Session", args: str) -> "Response":
    if args.strip():
        raise refused(f"status {args}".strip(), "status takes nothing after it. Type status.")
    return _status(session, "")


SUBCOMMANDS = {
    "new": _new, "resume": _resume, "load": _load, "save": _save_as, "list": _list,
    "end": _end, "close": _close, "low": _low, "status": _status,
}
NEEDS_TABLE = ("save", "end", "close", "low", "status")


@command("table", summary="keeps count at a game with real cards.",
         usage="table new --players A,B",
         example='table new --players Ann,Ben --kingdom "First Game"', topic=TOPIC, one_shot=True,
         details="Also table resume, list, load NAME, save NAME, end, close, and low N. table alone says whose turn it is.")
def table_command(session: "Session", args: str) -> "Response":
    word, _, rest = args.strip().partition(" ")
    word = word.lower()
    if not word:
        if not table_open(session):
            raise refused("table", "no table is open. Type table new --players Ann,Ben, or table resume.")
        return _status(session, "")
    run = SUBCOMMANDS.get(word)
    if run is None:
        raise refused(f"table {args}".strip(), "is not a table command. Type table new, resume, load, save, list or end.")
    if word in NEEDS_TABLE and not table_open(session):
        raise refused(f"table {args}".strip(), "no table is open. Type table new --players Ann,Ben, or table resume.")
    return run(session, rest)
