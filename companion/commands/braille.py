"""Braille commands: ``braille CARD`` shows a card in Unicode braille; ``braille export`` writes a BRF file.

The current game's or table's kingdom is found through ``session.state``: whatever is stored under
``"game"`` or ``"table"`` and has a ``kingdom`` attribute holding a ``companion.kingdom.Kingdom``.
"""

from __future__ import annotations

import errno
import os
import random
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cards import NameError_, catalogue
from companion.cards.names import loose, quote
from companion.commands.registry import ArgumentParser, CommandError, command
from companion.kingdom import Kingdom, KingdomError, choose_kingdom
from companion.numbers import as_number

if TYPE_CHECKING:
    from companion.braille import Translator
    from companion.session import Session

TOPIC = "Braille"
CURRENT_SOURCES = ("game", "table")  # session.state keys that may hold a kingdom, in this order
CURRENT_WORDS = {"game": ("game",), "table": ("table",), "current": CURRENT_SOURCES}


def _translator(uncontracted: bool) -> "Translator":
    """liblouis is imported only here, when a braille command runs."""
    from companion.braille import BrailleUnavailable, Grade, load_translator

    try:
        return load_translator(Grade.UNCONTRACTED if uncontracted else Grade.CONTRACTED)
    except BrailleUnavailable as e:
        raise CommandError(str(e)) from None


def _number(typed: str | None, option: str, low: int, high: int, default: int, unit: str) -> int:
    if typed is None:
        return default
    found = as_number(typed)
    if found is None:
        raise CommandError(f"{option} {quote(typed)} is not a number. Type a number from {low} to {high}, like {option} {default}.")
    value = found
    if not low <= value <= high:
        raise CommandError(f"{option} {value} is too {'small' if value < low else 'big'}. Choose {low} to {high}{' ' + unit if unit else ''}.")
    return value


# braille CARD

def _card_parser() -> ArgumentParser:
    parser = ArgumentParser("braille")
    parser.add_argument("card", nargs="*")
    parser.add_argument("--uncontracted", action="store_true")
    parser.add_argument("--width")
    return parser


def show_card(session: "Session", args: str) -> None:
    from companion.braille import MAX_WIDTH, MIN_WIDTH, card_lines

    options = _card_parser().parse(args)
    typed = " ".join(options.card)
    if not typed.strip():
        raise CommandError("no card named. Type braille and a card, like braille village.")
    try:
        card = catalogue().find(typed)
    except NameError_ as e:
        raise CommandError(f"{e} Type braille and a card, like braille village.") from None
    width = None if options.width is None else _number(options.width, "--width", MIN_WIDTH, MAX_WIDTH, 40, "cells")
    translator = _translator(options.uncontracted)
    session.say("\n".join(card_lines(card, translator, width)))


# braille export

@dataclass(frozen=True)
class ChosenKingdom:
    kingdom: Kingdom
    title: str  # for the title page, e.g. "First Game" or "random, seed 7"
    note: str = ""  # said after the confirmation, e.g. the seed chosen for a random kingdom


def current_kingdom(session: "Session", sources: tuple[str, ...]) -> ChosenKingdom | None:
    """The kingdom of the first of ``sources`` in ``session.state`` that has one."""
    for key in sources:
        kingdom = getattr(session.state.get(key), "kingdom", None)
        if isinstance(kingdom, Kingdom):
            return ChosenKingdom(kingdom, kingdom.name or f"this {key}'s kingdom")
    return None


def choose(session: "Session", typed: str | None, seed: int | None) -> ChosenKingdom:
    """The kingdom to export from what was typed after --kingdom (or the current game's or table's)."""
    if typed is None or loose(typed) in CURRENT_WORDS:
        sources = CURRENT_SOURCES if typed is None else CURRENT_WORDS[loose(typed)]
        found = current_kingdom(session, sources)
        if found is None:
            where = "game or table" if typed is None else loose(typed)
            raise CommandError(f"there is no {where} with a kingdom now. Add --kingdom and a set's name, like --kingdom \"First Game\".")
        if seed is not None:
            raise CommandError("--seed is only for --kingdom random. Leave out --seed.")
        return found
    is_random = loose(typed) in ("random", "r")
    if seed is not None and not is_random:
        raise CommandError(f"--seed is only for --kingdom random, not {quote(typed)}. Leave out --seed.")
    note = ""
    if is_random and seed is None:  # chosen here and said, so that the same kingdom can be made again
        seed = random.SystemRandom().randrange(1, 10_000)
        note = f"Random kingdom, seed {seed}."
    try:
        kingdom = choose_kingdom(typed, seed=seed)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    if is_random:
        return ChosenKingdom(kingdom, f"random, seed {seed}", note)
    return ChosenKingdom(kingdom, kingdom.name or "your own choice")


def file_name(title: str) -> str:
    """``first-game.brf`` from ``First Game``."""
    return (re.sub(r"[^a-z0-9]+", "-", loose(title)).strip("-") or "kingdom") + ".brf"


def _name(path: Path) -> str:
    """A file's or folder's own name, quoted, for an error (the whole path can be too long to hear)."""
    return quote(path.name or str(path), limit=60)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(path: Path, data: bytes) -> None:
    """Write all or nothing: a temporary file in the same folder, renamed over the target."""
    folder = path.parent
    try:
        is_folder, folder_exists = path.is_dir(), folder.is_dir()
    except OSError as e:  # a name too long for the file system, a path through a file, a loop of links
        raise _unwritable(path, e) from None
    if is_folder:
        raise CommandError(f"{_name(path)} is a folder. After --output type a file name, like cards.brf.")
    if not folder_exists:
        raise CommandError(f"there is no folder {_name(folder)} for {_name(path)}. Choose a folder that exists with --output.")
    try:
        fd, temp = tempfile.mkstemp(prefix=".braille-", suffix=".tmp", dir=folder)
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            raise _unwritable(folder, e) from None
        raise CommandError(f"cannot write in the folder {_name(folder)}. Choose another folder with --output.") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temp, 0o666 & ~_umask())  # as an ordinary new file would be, not mkstemp's 0600
        os.replace(temp, path)
    except OSError as e:
        Path(temp).unlink(missing_ok=True)
        raise _unwritable(path, e) from None


def _unwritable(path: Path, e: OSError) -> CommandError:
    """The sentence for a file that cannot be written, saying why when the reason is one a person can fix."""
    if e.errno == errno.ENAMETOOLONG:
        longest = max(path.parts, key=len) if path.parts else str(path)
        return CommandError(f"the name {quote(longest, limit=60)} is too long for a file. Choose a shorter name with --output.")
    if e.errno == errno.ENOTDIR:
        return CommandError(f"part of the path to {_name(path)} is a file, not a folder. Choose a folder with --output.")
    return CommandError(f"cannot write {_name(path)}. Choose another file with --output.")


def _export_parser() -> ArgumentParser:
    parser = ArgumentParser("braille")
    parser.add_argument("--kingdom")
    parser.add_argument("--seed")
    parser.add_argument("--output")
    parser.add_argument("--basic", action="store_true")
    parser.add_argument("--pack", action="store_true")
    parser.add_argument("--width")
    parser.add_argument("--lines")
    parser.add_argument("--uncontracted", action="store_true")
    return parser


def export(session: "Session", args: str) -> None:
    from companion.braille import MAX_LINES, MAX_WIDTH, MIN_LINES, MIN_WIDTH, PageFormat, reference_document
    from companion.braille.document import DEFAULT_LINES, DEFAULT_WIDTH

    options = _export_parser().parse(args)
    seed = None if options.seed is None else _number(options.seed, "--seed", 0, 10**9, 7, "")
    width = _number(options.width, "--width", MIN_WIDTH, MAX_WIDTH, DEFAULT_WIDTH, "cells")
    lines = _number(options.lines, "--lines", MIN_LINES, MAX_LINES, DEFAULT_LINES, "lines")
    chosen = choose(session, options.kingdom, seed)
    typed_path = file_name(chosen.title) if options.output is None else options.output
    if not typed_path.strip():
        raise CommandError("the file name is empty. Type a name after --output, like --output cards.brf.")
    path = Path(typed_path).expanduser()
    kingdom = chosen.kingdom
    cards = kingdom.cards + (kingdom.basic_cards if options.basic else ())
    translator = _translator(options.uncontracted)
    document = reference_document(chosen.title, cards, translator, PageFormat(width, lines, options.pack),
                                  kingdom.platinum_colony)
    write_file(path, document.brf())
    session.say(f"Wrote {len(cards)} cards on {document.page_count} pages.\nFile: {typed_path}")
    if chosen.note:
        session.say(chosen.note)


# One command name, two uses: a card, or export.

def _complete(session: "Session", text: str) -> list[str]:
    words = ["export"] if "export".startswith(text.lower()) else []
    return words + catalogue().complete(text)


@command(
    "braille",
    summary="shows a card in braille, or writes reference cards for an embosser.",
    usage="braille CARD, or braille export",
    example='braille village, or braille export --kingdom "First Game" --output first-game.brf',
    topic=TOPIC,
    complete=_complete,
    details=(
        "Add --uncontracted for grade 1. Export takes --kingdom (a set, 10 cards with commas, random, game "
        "or table) and --output FILE; also --basic, --pack, --width and --lines."
    ),
)
def run(session: "Session", args: str) -> None:
    head, _, rest = args.strip().partition(" ")
    if head.lower() == "export":
        export(session, rest)
    else:
        show_card(session, args)
