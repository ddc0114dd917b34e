"""Braille commands: ``braille CARD`` shows a card in Unicode braille; ``braille export`` writes a BRF file.

What is exported: a kingdom (``--kingdom``: a recommended set, 10 cards, random, or the open game's or
table's), any cards (``--cards``), a whole box (``--set``), or a kingdom's setup (``--setup``). The open
game is ``session.state["game"]`` (its ``kingdom``), the open table ``session.state["table"]`` (a saved
table: ``.table.setup``). The grade is the saved setting ``braille``, or ``--grade`` for one command.
"""

from __future__ import annotations

import argparse
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cards import Card, NameError_, catalogue, recommended_sets
from companion.cards.names import and_list, loose, quote
from companion.commands.registry import ArgumentParser, command
from companion.refusal import CommandError
from companion.kingdom import (
    KINGDOM_SIZE,
    Kingdom,
    KingdomError,
    check_players,
    choose_kingdom,
)
from companion.numbers import as_number
from companion.settings import define_setting

if TYPE_CHECKING:
    from companion.braille import Grade, Translator
    from companion.braille.reference import Section
    from companion.session import Session

TOPIC = "Braille"
SETTING = "braille"
GRADES = ("contracted", "uncontracted")
define_setting(SETTING, GRADES, "contracted", "the braille grade, contracted, which is grade 2, or uncontracted, grade 1")
GRADE_WORDS = {"2": "contracted", "g2": "contracted", "contracted": "contracted",
               "1": "uncontracted", "g1": "uncontracted", "uncontracted": "uncontracted"}
CURRENT_SOURCES = ("game", "table")  # session.state keys that may hold a kingdom, in this order
CURRENT_WORDS = {"game": ("game",), "table": ("table",), "current": CURRENT_SOURCES}
SETS = {"base": ("base2e",), "dominion": ("base2e",), "prosperity": ("prosperity2e",),
        "all": ("base2e", "prosperity2e"), "both": ("base2e", "prosperity2e")}
SET_TITLES = {("base2e",): ("Dominion, every card", "dominion"),
              ("prosperity2e",): ("Prosperity, every card", "prosperity"),
              ("base2e", "prosperity2e"): ("Dominion and Prosperity, every card", "dominion-and-prosperity")}
NAMED_IN_TITLE = 3  # a list of more cards is named by its first 3 "and 7 more"
EXAMPLE = 'braille export --kingdom "First Game"'


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


# The grade: a saved setting, or --grade 1 or 2, --uncontracted, --contracted for one command.

def _add_grade_options(parser: ArgumentParser) -> None:
    parser.add_argument("--grade", action="append")  # each one typed, so that two that differ are refused
    parser.add_argument("--uncontracted", action="store_true")
    parser.add_argument("--contracted", action="store_true")


def grade_of(session: "Session", options: argparse.Namespace) -> "Grade":
    from companion.braille import Grade

    chosen = []
    for typed in options.grade or ():
        word = GRADE_WORDS.get(loose(typed))
        if word is None:
            raise CommandError(f"--grade {quote(typed)} is not a braille grade. Type --grade 1 for "
                               "uncontracted, or --grade 2 for contracted.")
        chosen.append(word)
    chosen += ["uncontracted"] * options.uncontracted + ["contracted"] * options.contracted
    if len(set(chosen)) > 1:
        raise CommandError("that asks for both grades. Type --grade 1 for uncontracted or --grade 2 for contracted, not both.")
    if chosen:
        word = chosen[0]
    elif session.settings is not None:
        word = session.settings.get(SETTING)
    else:
        word = "contracted"
    return Grade.UNCONTRACTED if word == "uncontracted" else Grade.CONTRACTED


def _translator(grade: "Grade") -> "Translator":
    """liblouis is imported only here, when a braille command runs."""
    from companion.braille import BrailleUnavailable, load_translator

    try:
        return load_translator(grade)
    except BrailleUnavailable as e:
        raise CommandError(str(e)) from None


def _wants_help(args: str) -> bool:
    return any(word in ("--help", "-h", "-?") for word in args.split())


# braille CARD

def _card_parser() -> ArgumentParser:
    parser = ArgumentParser("braille")
    parser.add_argument("card", nargs="*")
    parser.add_argument("--width")
    _add_grade_options(parser)
    return parser


def show_card(session: "Session", args: str) -> None:
    from companion.braille import MAX_WIDTH, MIN_WIDTH, card_lines

    if _wants_help(args):
        from companion.commands.lookup import help_command

        help_command(session, "braille")
        return
    options = _card_parser().parse(args)
    typed = " ".join(options.card)
    if not typed.strip():
        raise CommandError("no card named. Type braille and a card, like braille village.")
    try:
        card = catalogue().find(typed)
    except NameError_ as e:
        raise CommandError(f"{e} Type braille and a card, like braille village.") from None
    width = None if options.width is None else _number(options.width, "--width", MIN_WIDTH, MAX_WIDTH, 40, "cells")
    translator = _translator(grade_of(session, options))
    session.say("\n".join(card_lines(card, translator, width)))


# braille export: what to export

@dataclass(frozen=True)
class Chosen:
    """What goes in the file: a title, the facts under it, the cards (or a setup), the default file name."""

    title: str  # for the title page, e.g. "Kingdom: First Game"
    stem: str  # the default file's name without .brf, e.g. "first-game"
    cards: tuple[Card, ...] = ()
    kingdom: Kingdom | None = None
    players: int | None = None  # the open table's players, for --setup
    facts: tuple[str, ...] = ()
    note: str = ""  # said after the confirmation, e.g. the seed chosen for a random kingdom


def name_from_cards(cards: tuple[Card, ...]) -> str:
    """``Cellar, Market, Merchant and 7 more``; every name when there are 4 or fewer."""
    names = [c.name for c in cards]
    if len(names) <= NAMED_IN_TITLE + 1:
        return and_list(names)
    return f"{', '.join(names[:NAMED_IN_TITLE])} and {len(names) - NAMED_IN_TITLE} more"


def stem_of(title: str) -> str:
    """``first-game`` from ``First Game``."""
    return re.sub(r"[^a-z0-9]+", "-", loose(title)).strip("-") or "braille"


def file_name(title: str) -> str:
    return stem_of(title) + ".brf"


def _saved_table_kingdom(saved: object) -> tuple[Kingdom, int] | None:
    """The kingdom and number of players of an open table (a ``companion.table.storage.Saved``)."""
    setup = getattr(getattr(saved, "table", None), "setup", None)
    kingdom = getattr(setup, "kingdom_cards", None)
    if isinstance(kingdom, Kingdom):
        return kingdom, len(getattr(setup, "players", ()) or ()) or 2
    return None


def current_kingdom(session: "Session", sources: tuple[str, ...]) -> tuple[Kingdom, str, int | None] | None:
    """The kingdom of the first of ``sources`` that has one, what it is ("game", "table") and its players."""
    for key in sources:
        held = session.state.get(key)
        if held is None:
            continue
        kingdom = getattr(held, "kingdom", None)
        if isinstance(kingdom, Kingdom):
            players = getattr(getattr(held, "game", None), "n", None)
            return kingdom, key, players if isinstance(players, int) else None
        found = _saved_table_kingdom(held)
        if found is not None:
            return found[0], key, found[1]
    return None


def _one_card_refusal(typed: str) -> None:
    """``--kingdom village``: one card is not a kingdom, whatever recommended set starts like it."""
    if "," in typed or recommended_sets().get(typed) is not None:
        return
    card = catalogue().exact(typed)
    if card is not None:
        raise CommandError(f"{card.name} is one card, and a kingdom has {KINGDOM_SIZE}. Name 10 with commas, "
                           f"or type --cards {card.name.lower()} for it alone.")


def from_kingdom(session: "Session", typed: str | None, seed: int | None, colony: bool | None) -> Chosen:
    """The kingdom named after --kingdom (or the current game's or table's)."""
    if typed is None or loose(typed) in CURRENT_WORDS:
        sources = CURRENT_SOURCES if typed is None else CURRENT_WORDS[loose(typed)]
        found = current_kingdom(session, sources)
        if found is None:
            where = "game or table" if typed is None else loose(typed)
            raise CommandError(f"there is no {where} with a kingdom now. Add --kingdom and a set's name, like --kingdom \"First Game\".")
        if seed is not None:
            raise CommandError("--seed is only for --kingdom random. Leave out --seed.")
        kingdom, _, players = found
        if colony is not None:
            kingdom = kingdom.with_platinum_colony(colony)
        return _kingdom_chosen(kingdom.name or name_from_cards(kingdom.cards), kingdom, players=players)
    is_random = loose(typed) in ("random", "r")
    if seed is not None and not is_random:
        raise CommandError(f"--seed is only for --kingdom random, not {quote(typed)}. Leave out --seed.")
    if not is_random:
        _one_card_refusal(typed)
    note = ""
    if is_random and seed is None:  # chosen here and said, so that the same kingdom can be made again
        seed = random.SystemRandom().randrange(1, 10_000)
        note = f"Random kingdom, seed {seed}."
    try:
        kingdom = choose_kingdom(typed, seed=seed, platinum_colony=colony)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    title = f"random, seed {seed}" if is_random else kingdom.name or name_from_cards(kingdom.cards)
    return _kingdom_chosen(title, kingdom, note)


def _kingdom_chosen(name: str, kingdom: Kingdom, note: str = "", players: int | None = None) -> Chosen:
    facts = ("With Platinum and Colony.",) if kingdom.platinum_colony else ()
    return Chosen(f"Kingdom: {name}", stem_of(name), kingdom=kingdom, facts=facts, note=note, players=players)


def from_cards(typed: str) -> Chosen:
    cat = catalogue()
    if not typed.strip():
        raise CommandError("no cards named after --cards. Type --cards and cards with commas, like --cards village, smithy.")
    try:
        cards = tuple(dict.fromkeys(cat.find_many(typed)))
    except NameError_ as e:
        raise CommandError(f"{e} Type --cards and cards with commas, like --cards village, smithy.") from None
    if not cards:
        raise CommandError(f"no cards in {quote(typed)}. Type --cards and cards with commas, like --cards village, smithy.")
    name = name_from_cards(cards)
    return Chosen(f"{'Card' if len(cards) == 1 else 'Cards'}: {name}", stem_of(name), cards=cards)


def from_set(typed: str) -> Chosen:
    ids = SETS.get(loose(typed))
    if ids is None:
        raise CommandError(f"no box named {quote(typed)}. Type --set base, --set prosperity or --set all.")
    every = catalogue().cards
    cards: list[Card] = []
    for set_id in ids:  # each box's basic cards as a Supply lays them out, then its kingdom cards by cost
        cards += [c for c in every if c.set == set_id and not c.is_kingdom]
        cards += sorted(c for c in every if c.set == set_id and c.is_kingdom)
    title, stem = SET_TITLES[ids]
    return Chosen(title, stem, cards=tuple(cards))


def the_cards(chosen: Chosen, basic: bool) -> tuple[Card, ...]:
    """A kingdom's handout: its 10 cards, Platinum and Colony if it uses them; ``basic``: every basic card."""
    if chosen.kingdom is None:
        return chosen.cards
    kingdom = chosen.kingdom
    if basic:
        return kingdom.cards + kingdom.basic_cards
    return kingdom.cards + tuple(c for c in kingdom.basic_cards if c.name in ("Platinum", "Colony"))


# braille export: the command

def _export_parser() -> ArgumentParser:
    parser = ArgumentParser("braille export")
    for option in EXPORT_OPTIONS:
        if option in ("--grade", "--uncontracted", "--contracted", "--help"):
            continue
        if option in FLAGS:
            parser.add_argument(option, action="store_true")
        elif option in ("--kingdom", "--cards", "--transcriber"):  # names of several words need no quotes
            parser.add_argument(option, nargs="+", type=str)
        else:
            parser.add_argument(option)
    _add_grade_options(parser)
    return parser


EXPORT_OPTIONS = ("--kingdom", "--cards", "--set", "--setup", "--players", "--seed", "--colony", "--basic",
                  "--output", "--pack", "--width", "--lines", "--transcriber", "--grade", "--uncontracted", "--contracted", "--help")
FLAGS = ("--setup", "--basic", "--pack", "--uncontracted", "--contracted", "--help")
EXPORT_HELP = (
    "Type braille export and options.",
    "braille export writes braille reference sheets for an embosser, as a BRF file.",
    f"For example, {EXAMPLE}",
    ("Which cards, --kingdom and a recommended set, 10 cards with commas, random, game or table, --cards and a "
     "list, or --set base, prosperity or all. --basic adds the basic cards. --setup writes the kingdom's "
     "setup instead, for --players 2 to 6."),
    ("Where, --output and a new file, an ordinary file to replace, or a dash for standard output. Braille, "
     "--grade 1 or --uncontracted, --grade 2 or --contracted, and set braille keeps it. Paper, --width, --lines, --pack. "
     "--transcriber and a name for the title page's Transcribed by line."),
)


def _colony(typed: str | None) -> bool | None:
    if typed is None:
        return None
    word = loose(typed)
    if word in ("on", "yes"):
        return True
    if word in ("off", "no"):
        return False
    raise CommandError(f"--colony {quote(typed)} is not a choice. Type --colony on or --colony off.")


def _choose(session: "Session", options: argparse.Namespace, seed: int | None) -> Chosen:
    given = [o for o, v in (("--kingdom", options.kingdom), ("--cards", options.cards), ("--set", options.set))
             if v is not None]
    if len(given) > 1:
        raise CommandError(f"{and_list(given)} both say what to export. Type one of them.")
    source = given[0] if given else "--kingdom"
    if source != "--kingdom":
        for option, value in (("--seed", options.seed), ("--colony", options.colony), ("--setup", options.setup),
                              ("--basic", options.basic)):
            if value:
                raise CommandError(f"{option} is for a kingdom, not for {source}. Leave out {option}.")
    if source == "--cards":
        return from_cards(options.cards)
    if source == "--set":
        return from_set(options.set)
    return from_kingdom(session, options.kingdom, seed, _colony(options.colony))


MAX_TRANSCRIBER = 60  # characters: a name, or a name and a place, that fits on two lines of the title page


def _transcriber(typed: str | None) -> str:
    """The name on the title page's Transcribed by line: the program's own unless one is typed."""
    from companion.braille.reference import DEFAULT_TRANSCRIBER

    if typed is None:
        return DEFAULT_TRANSCRIBER
    name = " ".join(typed.split())
    if not name or not name.isprintable():
        raise CommandError("--transcriber needs a name. Type the name after it.")
    if len(name) > MAX_TRANSCRIBER:
        raise CommandError(f"that name is {len(name)} characters long. Type at most {MAX_TRANSCRIBER} after --transcriber.")
    return name


def setup_text(kingdom: Kingdom, players: int) -> list[str]:
    from companion.table.text import layout_lines

    return [f"Setup for {players} players."] + layout_lines(kingdom, players)


def export(session: "Session", args: str) -> None:
    from companion.braille import (
        MAX_LINES,
        MAX_WIDTH,
        MIN_LINES,
        MIN_WIDTH,
        PageFormat,
        reference_document,
    )
    from companion.braille.document import DEFAULT_LINES, DEFAULT_WIDTH
    from companion.braille.files import OutputError, free_name, write_file, write_stream
    from companion.braille.reference import setup_section

    if _wants_help(args):
        session.say("\n".join(EXPORT_HELP))
        return
    options = _export_parser().parse(args)
    for option in ("kingdom", "cards", "transcriber"):
        if getattr(options, option) is not None:
            setattr(options, option, " ".join(getattr(options, option)))
    seed = None if options.seed is None else _number(options.seed, "--seed", 0, 10**9, 7, "")
    width = _number(options.width, "--width", MIN_WIDTH, MAX_WIDTH, DEFAULT_WIDTH, "cells")
    lines = _number(options.lines, "--lines", MIN_LINES, MAX_LINES, DEFAULT_LINES, "lines")
    if options.players is not None and not options.setup:
        raise CommandError("--players is for --setup. Add --setup, or leave out --players.")
    players = None if options.players is None else _number(options.players, "--players", 2, 6, 2, "players")
    grade = grade_of(session, options)
    chosen = _choose(session, options, seed)
    if options.output is not None and not options.output.strip():
        raise CommandError("the file name is empty. Type a name after --output, like --output cards.brf.")
    if options.setup:
        assert chosen.kingdom is not None
        players = players or chosen.players or 2
        check_players(players)
        sections: list["Section | Card"] = [setup_section(f"Setup for {players} players",
                                                          setup_text(chosen.kingdom, players)[1:])]
        facts = (*chosen.facts, f"Setup for {players} players.")
        what = f"a setup for {players} players"
        stem = f"{chosen.stem}-setup"
    else:
        cards = the_cards(chosen, options.basic)
        sections = list(cards)
        facts = (*chosen.facts, f"{len(cards)} cards.") if len(cards) > 1 else chosen.facts
        what = f"{len(cards)} cards" if len(cards) > 1 else "1 card"
        stem = chosen.stem
    transcriber = _transcriber(options.transcriber)
    translator = _translator(grade)
    document = reference_document(chosen.title, sections, translator, PageFormat(width, lines, options.pack), facts,
                                  transcriber)
    if options.output is not None and options.output.strip() == "-":  # a pipe to an embosser's program, a file
        import sys

        write_stream(session.out, document.brf())  # the braille alone: what was written goes to the errors
        if sys.stderr is not None:
            print(f"Wrote {what} on {document.page_count} pages.", file=sys.stderr, flush=True)
        return
    try:
        if options.output is None:
            path = free_name(Path(stem + ".brf"))
        else:
            path = Path(options.output).expanduser()
        written = write_file(path, document.brf())
    except OutputError as e:
        raise CommandError(str(e)) from None
    said = [f"Wrote {what} on {document.page_count} pages.", f"The file is {path.name}, in {written.folder}."]
    if options.output is None and path.name != stem + ".brf":
        said.append(f"{stem}.brf was there already and is kept.")
    if written.replaced:
        said.append(f"The {path.name} that was there is replaced.")
    if chosen.note:
        said.append(chosen.note)
    session.say("\n".join(said))


# What setup and table new say after the reference cards.

def emboss_line(kingdom: Kingdom | None = None, seed: int | None = None, colony: str | None = None) -> str:
    """``To emboss them, type braille export --kingdom "First Game".``: None, the open table's kingdom."""
    if kingdom is None:
        args = ""
    elif seed is not None:
        args = f" --kingdom random --seed {seed}"
    else:
        args = f' --kingdom "{kingdom.name or ", ".join(c.name for c in kingdom.cards)}"'
    if kingdom is not None and colony in ("on", "off"):
        args += f" --colony {colony}"
    return f"To emboss them, type braille export{args}."


def with_emboss_line(lines: list[str], line: str) -> list[str]:
    """``lines`` with ``line`` after the one that names the reference cards."""
    at = next((n for n, text in enumerate(lines) if text.startswith("Reference cards,")), len(lines) - 1)
    return lines[:at + 1] + [line] + lines[at + 1:]


# Tab completion: export, its options and their values, and card names.

def _complete_export(session: "Session", text: str) -> list[str]:
    head, _, last = text.rpartition(" ")
    before = head.split()
    option = before[-1] if before and before[-1].startswith("--") else None
    keep = f"export {head} " if head else "export "
    if option in ("--kingdom",):
        values = ["random", "game", "table"] + recommended_sets().complete(last)
    elif option == "--set":
        values = list(SETS)
    elif option == "--grade":
        values = ["1", "2"]
    elif option == "--colony":
        values = ["on", "off"]
    elif option == "--cards":
        values = catalogue().complete(last)
    elif option is not None and option not in FLAGS:
        return []  # a number or a file name: nothing to offer
    else:
        used = set(before)
        values = [o for o in EXPORT_OPTIONS if o not in used]
    found = [v for v in values if loose(v).startswith(loose(last))]
    return [keep + (f'"{v}"' if " " in v else v) for v in found]


def _complete(session: "Session", text: str) -> list[str]:
    if text.lower().startswith("export "):
        return _complete_export(session, text[len("export "):])
    words = ["export"] if "export".startswith(text.lower()) else []
    return words + catalogue().complete(text)


@command(
    "braille",
    summary="shows a card in braille, or writes reference sheets for an embosser.",
    usage="braille CARD, or braille export",
    example=f"braille village, or {EXAMPLE}",
    topic=TOPIC,
    complete=_complete,
    details=(
        "Add --grade 1 or --uncontracted for uncontracted braille, and set braille uncontracted keeps it. "
        "Type braille export --help for what export takes."
    ),
)
def run(session: "Session", args: str) -> None:
    head, _, rest = args.strip().partition(" ")
    if head.lower() == "export":
        export(session, rest)
    else:
        show_card(session, args)
