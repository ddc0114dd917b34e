"""One registry of commands, served alike by the shell and by one-shot use (``companion card village``).

A command is a plain function ``run(session, args)`` that returns its answer (an ``Answer``: its
``Response``, or a game's ``Outcome`` that ``companion.dispatch.respond`` says), or None after saying its
words through ``session.say`` (the older way, which commands are leaving), and fails by raising
``CommandError`` (companion.refusal) with a sentence that says what to type instead. Nothing here imports cmd2, so
one-shot commands start fast. Each area registers its commands in its own module under
``companion.commands`` and that module is listed in ``AREAS``.
"""

from __future__ import annotations

import argparse
import importlib
import re
import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, NoReturn, Sequence, TypeVar, Union

from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.game.service import Outcome
    from companion.response import Response
    from companion.session import Session

# What a command returns: its Response, a game's Outcome (said by companion.dispatch.respond), or None
# when it said its words through the session itself.
Answer = Union["Response", "Outcome", None]
Run = Callable[["Session", str], Answer]
R = TypeVar("R", bound=Run)  # a command's own function, its own return type kept by the decorators

# Modules that register commands, in the order ``help`` lists their topics, each with the command names
# and aliases it registers. The names are written here so that a command's module is imported only when
# the command is used: ``companion card C1`` never loads the rules engine. A test checks this index
# against what the modules really register.
AREAS: dict[str, tuple[str, ...]] = {
    "companion.commands.lookup": (
        "card", "cards", "rule", "rules", "help", "?", "repeat", "rp", "review", "history", "quit", "exit", "bye",
    ),
    "companion.commands.settings_commands": ("settings", "set", "speech"),
    "companion.commands.setup": ("sets", "setup"),
    "companion.commands.game_new": ("new",),
    "companion.commands.game_turn": ("play", "buy", "end", "options", "op", "choose", "done", "gain"),
    "companion.commands.game_views": (
        "status", "st", "hand", "hd", "supply", "su", "deck", "owned", "discard", "trash", "score", "sc",
        "kingdom", "log", "lg",
    ),
    "companion.commands.game_saves": ("undo", "save", "load", "games", "resume"),
    "companion.commands.game_position": ("position",),
    "companion.commands.learn": ("learn",),
    "companion.commands.table_entries": (
        "buy", "gain", "trash", "vp", "play", "coins", "next", "undo", "piles", "pile", "score", "count", "log",
    ),
    "companion.commands.table": ("table", "status"),
    "companion.commands.braille": ("braille",),
    "companion.commands.simulate": ("simulate",),
    "companion.shell.editors": ("input",),
    "companion.commands.coach": ("hint", "bots"),
    "companion.commands.analysis": ("analysis",),
    "companion.commands.net": ("host", "join", "say", "who", "bot", "back"),
    "companion.commands.server": ("server",),
}

# Run once when the shell starts, in this order: "module:function". Each is a light check that loads
# its area only when there is something to offer (a table or a game to resume).
STARTERS: tuple[str, ...] = (
    "companion.commands.starting:clear_abandoned",  # temporary files of saves that were killed
    "companion.commands.starting:offer_table",  # says what to type: before the game's question
    "companion.commands.starting:offer_game",
)


def answer(session: "Session", text: str, *, kept: bool = True, quit: bool = False) -> "Response":
    """A command's words as its answer, for ``session``'s seat: ``kept`` False for old words said again
    (repeat, review), which do not become the newest response; ``quit`` when the session ends with them."""
    from companion.response import Response

    return Response(session.seat, (text,), kept=kept, quit=quit)


def ended(session: "Session", status: int) -> "Response":
    """The answer of a command that ran until it was done (a host, a join, a server) and said its own words as
    it went: nothing more to say, and failed when its exit status says so (one-shot use exits with 1)."""
    from companion.response import Response

    return Response(session.seat, failed=status != 0)


def alone(verb: str, args: str) -> None:
    """Refuse words after a command that takes none ("hand Ana" is not Ana's hand), saying to type it alone."""
    if args.strip():
        from companion.cards.names import quote

        raise CommandError(f"{verb} takes nothing after it, not {quote(args, 40)}. Type {verb} alone.")


@dataclass(frozen=True)
class Command:
    name: str
    summary: str  # one short line for ``help``
    usage: str  # what to type, e.g. "card NAME [notes]"
    example: str  # a whole example line, e.g. "card village"
    run: Run
    topic: str = "Cards and rules"
    aliases: tuple[str, ...] = ()
    complete: Callable[["Session", str], list[str]] | None = None
    one_shot: bool = True  # can be run as ``companion NAME ...`` without the shell
    shell: bool = True  # offered in the shell
    details: str = ""  # a few more sentences for ``help NAME``
    # For verbs that more than one activity uses (buy, play, undo, score, next...): the command that
    # serves the name is the first registered one whose ``active(session)`` is true. None: always.
    active: Callable[["Session"], bool] | None = None
    inactive_hint: str = ""  # said when no registration of this name is active


@dataclass(frozen=True)
class Activity:
    """Something that owns the shared verbs while it is on: a game in the shell, a table of real cards.

    ``is_on`` is the predicate its commands pass as ``active=``; ``where`` says it for an error ("in a game",
    "at a table"); ``put_away(session)`` turns it off, and drops any question it is asking, when the other
    activity starts (it is saved after every change, so nothing is lost); it returns one sentence saying
    how to come back, or None when there was nothing to put away. ``asking(session)`` is the question it is
    waiting on before it is on (how many players? resume your game?), or None.
    """

    key: str
    is_on: Callable[["Session"], bool]
    where: str
    put_away: Callable[["Session"], str | None]
    asking: Callable[["Session"], str | None] | None = None
    instead: dict[str, str] | None = None  # another activity's verb -> what to type here ("end": "next")


_COMMANDS: dict[str, list[Command]] = {}
_REGISTERED: list[Command] = []  # every registration once, in the order made
_ACTIVITIES: dict[str, Activity] = {}
_loaded = False


def activity(key: str, *, is_on: Callable[["Session"], bool], where: str,
             put_away: Callable[["Session"], str | None],
             asking: Callable[["Session"], str | None] | None = None,
             instead: dict[str, str] | None = None) -> None:
    """Register an activity that shares verbs with others (see ``Activity``). Only one is on at a time.
    ``instead``: another activity's verbs that mean something here, with the sentence saying what to type."""
    _ACTIVITIES[key] = Activity(key, is_on, where, put_away, asking, instead)


def activity_of(cmd: Command) -> Activity | None:
    """The activity whose verb ``cmd`` is (by its ``active`` predicate), or None."""
    return next((a for a in _ACTIVITIES.values() if cmd.active is not None and a.is_on is cmd.active), None)


def take_over(session: "Session", key: str) -> list[str]:
    """Before activity ``key`` starts (after every check has passed): put the others away.

    Returns their sentences saying how to go back, for the starting activity to add to what it says.
    """
    _load()
    said = []
    for other in _ACTIVITIES.values():
        if other.key != key:  # even when off: a question it asked (resume your game?) must go too
            sentence = other.put_away(session)
            if sentence:
                said.append(sentence)
    return said


def start_hooks() -> list[Callable[["Session"], None]]:
    """The shell's start hooks (``STARTERS``), in order."""
    hooks = []
    for spec in STARTERS:
        module, _, function = spec.partition(":")
        hooks.append(getattr(importlib.import_module(module), function))
    return hooks


def command(
    name: str,
    *,
    summary: str,
    usage: str,
    example: str,
    topic: str = "Cards and rules",
    aliases: Sequence[str] = (),
    complete: Callable[["Session", str], list[str]] | None = None,
    one_shot: bool = True,
    shell: bool = True,
    details: str = "",
    active: Callable[["Session"], bool] | None = None,
    inactive_hint: str = "",
) -> Callable[[R], R]:
    """Register ``run(session, args)`` as a command.

    A name may be registered by several areas only if each registration has an ``active`` predicate
    (for example ``buy`` in a game and at a table); the first active one serves it.
    """

    def register(run: R) -> R:
        cmd = Command(name, summary, usage, example, run, topic, tuple(aliases), complete, one_shot, shell,
                      details, active, inactive_hint)
        for key in (name, *aliases):
            existing = _COMMANDS.setdefault(key, [])
            if existing and (active is None or any(c.active is None for c in existing)):
                raise RuntimeError(f"command {key!r} is registered twice without an active predicate")
            existing.append(cmd)
        _REGISTERED.append(cmd)
        return run

    return register


def _load() -> dict[str, list[Command]]:
    """Every area's commands (for help and completion, which need them all)."""
    global _loaded
    if not _loaded:
        for module in AREAS:
            importlib.import_module(module)
        _loaded = True
    return _COMMANDS


def load_all() -> None:
    """Import every area: for what must know them all, such as the settings areas define."""
    _load()


def _load_for(name: str) -> dict[str, list[Command]]:
    """The commands, with every area that declares ``name`` imported."""
    if not _loaded:
        for module, declared in AREAS.items():
            if name in declared:
                importlib.import_module(module)
    return _COMMANDS


def names() -> list[str]:
    """Every command name and alias, for completion, without importing any area."""
    return sorted({n for declared in AREAS.values() for n in declared})


def find_command(session: "Session", name: str) -> Command | None:
    """The command that serves ``name`` now, or None if there is no such name.

    If the name exists but no registration is active, CommandError says what to do first.
    """
    registered = _load_for(name.lower()).get(name.lower())
    if not registered:
        return None
    for cmd in registered:
        if cmd.active is None or cmd.active(session):
            return cmd
    on = [a for a in _ACTIVITIES.values() if a.is_on(session)]
    if on:  # another activity is on: say this verb is not part of it, rather than "start one"
        wheres = [a.where for a in map(activity_of, registered) if a is not None]
        belongs = f" works {' or '.join(dict.fromkeys(wheres))}, not {on[0].where}" if wheres else \
            f" cannot be used {on[0].where}"
        instead = (on[0].instead or {}).get(name.lower(), "Type help for the commands.")
        raise CommandError(f"'{name.lower()}'{belongs}. {instead}")
    for a in _ACTIVITIES.values():  # typed while setting one up: "start a game with new" would be untrue
        question = a.asking(session) if a.asking is not None else None
        if question:
            raise CommandError(f"First answer the question. {question} Or type cancel.")
    hints = [c.inactive_hint for c in registered if c.inactive_hint]
    raise CommandError(" ".join(dict.fromkeys(hints)) or f"{name} cannot be used now. Type help {name}.")


def suggest(typed: str, limit: int = 3) -> list[str]:
    """Command names close to a mistyped one, for "Did you mean ...?"."""
    import difflib

    known = names()
    word = typed.lower()
    starts = [n for n in known if n.startswith(word)] if word else []
    return (starts or difflib.get_close_matches(word, known, n=limit, cutoff=0.6))[:limit]


_AREA_ORDER: dict[str, int] = {}  # each area's place in AREAS (made once: every typed line asks)


def _by_area(commands: list[Command]) -> list[Command]:
    """In the order of ``AREAS`` (stable within an area), whichever module happened to be imported first."""
    if len(commands) < 2:
        return commands
    if len(_AREA_ORDER) != len(AREAS):
        _AREA_ORDER.clear()
        _AREA_ORDER.update({module: i for i, module in enumerate(AREAS)})
    areas = _AREA_ORDER
    return sorted(commands, key=lambda c: areas.get(getattr(c.run, "__module__", ""), len(areas)))


def registrations(name: str) -> list[Command]:
    """Every registration of ``name`` (a shared verb has several), in the order of ``AREAS``."""
    return _by_area(list(_load_for(name.lower()).get(name.lower(), [])))


def unique_commands() -> list[Command]:
    """Every registration once, area by area in the order of ``AREAS``, each area's in the order it made them
    (for help: the same order whichever module happened to be imported first)."""
    current = {id(c) for registered in _load().values() for c in registered}
    return _by_area([c for c in _REGISTERED if id(c) in current])


_SMART_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"'})


def split_words(text: str) -> list[str]:
    """Split like a shell, but only double quotes group words: the apostrophe in King's Court is a letter."""
    lexer = shlex.shlex(text.translate(_SMART_QUOTES), posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    return list(lexer)


def join_words(words: list[str]) -> str:
    """The inverse of ``split_words``, for one-shot argv: words with spaces are put in double quotes."""
    return " ".join(f'"{w.replace(chr(34), "")}"' if (not w or any(c.isspace() for c in w)) else w for w in words)


class Words(argparse.Action):
    """An option whose value is one or more words, joined as typed: ``--kingdom First Game`` is "First Game"
    as ``--kingdom "First Game"`` is, and a value in single quotes (``'First Game'``, as a shell takes it) is
    taken without them (an apostrophe inside a word, as in King's Court, stays)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        text = " ".join(values) if isinstance(values, list) else str(values)
        if len(text) >= 2 and text[0] == text[-1] == "'":
            text = text[1:-1].strip()
        setattr(namespace, self.dest, text)


def words_option(parser: argparse.ArgumentParser, option: str, default: str | None = None) -> None:
    """Add ``option`` taking one or more words (``Words``)."""
    parser.add_argument(option, nargs="+", action=Words, default=default)


class ArgumentParser(argparse.ArgumentParser):
    """argparse that raises CommandError with one short sentence instead of printing a usage dump."""

    def __init__(self, command: str, **kwargs: object) -> None:
        super().__init__(prog=command, add_help=False, allow_abbrev=True, exit_on_error=False, **kwargs)  # type: ignore[arg-type]
        self.command = command

    def error(self, message: str) -> NoReturn:
        message = message.replace("the following arguments are required:", "missing")
        invalid = re.match(r"argument (\S+?)(?:/\S+)?: invalid choice: '(.*)' \(choose from (.*)\)$", message)
        if invalid:  # argparse's own words quote with single quotes and list choices in a Python way
            option, typed, choices = invalid.groups()
            listed = [c.strip().strip("'") for c in choices.split(",")]
            raise CommandError(f'{option} "{typed[:30]}" is not a choice. Type {option} and '
                               f"{', '.join(listed[:-1]) + ' or ' + listed[-1] if len(listed) > 1 else listed[0]}.")
        wanting = re.match(r"argument (\S+?)(?:/\S+)?: expected (?:at least )?one argument$", message)
        if wanting:  # argparse's words for an option typed last, or before another, with nothing after it
            raise CommandError(f"{wanting.group(1)} needs a value after it. Type help {self.command} for an example.")
        if message.startswith("unrecognized arguments:"):
            extra = message.split(":", 1)[1].strip()
            message = f'did not expect "{extra[:30]}"'
        raise CommandError(f"{message}. Type help {self.command} for an example.")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise CommandError((message or "that did not work").strip() + f" Type help {self.command}.")

    def parse(self, args: str, intermixed: bool = False) -> argparse.Namespace:
        """Parse a command's argument text, quotes allowed (``--kingdom "First Game"``).

        ``intermixed``: words of a positional argument may come before and after options
        (``setup 2 --seed 4 random``)."""
        try:
            words = split_words(args)
        except ValueError:
            from companion.cards.names import quote

            raise CommandError(f"a quote is not closed in {quote(args)}. Close it with another quote.") from None
        from companion.numbers import NumberError

        try:
            return self.parse_intermixed_args(words) if intermixed else self.parse_args(words)
        except argparse.ArgumentError as e:
            self.error(str(e))
        except NumberError as e:  # a number option (type=numbers.whole) given something else: its own sentence
            raise CommandError(str(e)) from None
