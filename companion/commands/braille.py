"""Braille commands: ``braille CARD`` shows a card in Unicode braille; ``braille export`` writes a BRF file.

What export writes (a kingdom, cards, a box or a kingdom's setup) is chosen from its options in
companion.commands.braille_choice. The grade is the saved setting ``braille``, or ``--grade`` for one command.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cards import Card, NameError_, catalogue, recommended_sets
from companion.cards.names import and_list, loose, quote
from companion.commands.braille_choice import SETS, choose, the_cards
from companion.commands.registry import ArgumentParser, answer, command
from companion.refusal import CommandError
from companion.kingdom import Kingdom, check_players
from companion.numbers import as_number
from companion.settings import define_setting

if TYPE_CHECKING:
    from companion.braille import Grade, Translator
    from companion.braille.reference import Section
    from companion.response import Response
    from companion.session import Session

TOPIC = "Braille"
SETTING = "braille"
GRADES = ("contracted", "uncontracted")
define_setting(SETTING, GRADES, "contracted", "the braille grade, contracted, which is grade 2, or uncontracted, grade 1")
GRADE_WORDS = {"2": "contracted", "g2": "contracted", "contracted": "contracted",
               "1": "uncontracted", "g1": "uncontracted", "uncontracted": "uncontracted"}
EXAMPLE = 'braille export --kingdom "First Game"'
TOLD = "braille told"  # session.state: the first braille card of the session said what speech makes of it
SPEECH_NOTE = ("Speech reads braille as dot numbers.\n"  # the first line fits a 40-cell display
               "A braille display shows the cells. To hear the card, type card {name}.")


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
    else:
        word = session.settings.get(SETTING)
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


def show_card(session: "Session", args: str) -> "Response":
    from companion.braille import MAX_WIDTH, MIN_WIDTH, card_lines

    if _wants_help(args):
        from companion.commands.lookup import help_command

        return answer(session, help_command(session, "braille").text)
    options = _card_parser().parse(args)
    typed = " ".join(options.card)
    if not typed.strip():
        raise CommandError("braille needs a card. Type braille and a card, like braille village.")
    try:
        card = catalogue().find(typed)
    except NameError_ as e:
        raise CommandError(f"{e} Type braille and a card, like braille village.") from None
    width = None if options.width is None else _number(options.width, "--width", MIN_WIDTH, MAX_WIDTH, 40, "cells")
    translator = _translator(grade_of(session, options))
    lines = card_lines(card, translator, width)
    if _heard(session) and not session.state.get(TOLD):  # once a session: speech reads a cell as its dots
        session.state[TOLD] = True
        lines[0:0] = SPEECH_NOTE.format(name=card.name.lower()).split("\n")
    return answer(session, "\n".join(lines))


def _heard(session: "Session") -> bool:
    """Whether a person may hear this answer: it goes to a terminal (a screen reader reads it) or to the
    program's own speech. Braille sent to a file or a pipe is the braille alone."""
    try:
        return session.speak is not None or bool(session.out.isatty())
    except (AttributeError, ValueError, OSError):  # a closed or odd stream: no person at it
        return False


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


EPOCH_NOTE = "SOURCE_DATE_EPOCH is not a usable time, so the title page has today's date."
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


def _check_brailleable(name: str, translator: "Translator") -> None:
    """Refuse a transcriber's name with characters liblouis has no braille for in UEB (it writes them as
    escape codes such as ``\\x65e5``): each character is translated alone, as a backslash is no such letter."""
    odd = [ch for ch in dict.fromkeys(name) if not ch.isascii() and "\\" in translator.brf(ch)]
    if odd:
        shown = all(quote(ch) != "'?'" for ch in odd)  # an emoji is no word to say: it is named as characters
        which = f"{and_list(odd)}, which" if shown else "characters"
        raise CommandError(f"{quote(name)} has {which} liblouis cannot braille. Type the name after "
                           "--transcriber in the Latin alphabet.")


def setup_sheet(kingdom: Kingdom, players: int) -> list[tuple[int, str]]:
    """The setup sheet's lines, with print's punctuation and one pile a line (each with its list level)."""
    from companion.table.text import layout_sheet

    return layout_sheet(kingdom, players)


def export(session: "Session", args: str) -> "Response | None":
    """The BRF file written, and the answer that says so; None when the braille itself went to the output
    (``--output -``), which then has nothing else on it."""
    from companion.braille import (
        MAX_LINES,
        MAX_WIDTH,
        MIN_LINES,
        MIN_WIDTH,
        PageFormat,
        reference_document,
    )
    from companion.braille.document import DEFAULT_LINES, DEFAULT_WIDTH
    from companion.braille.document import unusable_epoch
    from companion.braille.files import OutputError, free_name, output_path, write_file, write_stream
    from companion.braille.reference import setup_section

    if _wants_help(args):
        return answer(session, "\n".join(EXPORT_HELP))
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
    chosen = choose(session, options, seed)
    if options.output is not None and not options.output.strip():
        raise CommandError("the file name is empty. Type a name after --output, like --output cards.brf.")
    if options.setup:
        assert chosen.kingdom is not None
        players = players or chosen.players or 2
        check_players(players)
        sections: list["Section | Card"] = [setup_section(f"Setup for {players} players",
                                                          setup_sheet(chosen.kingdom, players),
                                                          [c.set for c in chosen.kingdom.supply_cards])]
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
    _check_brailleable(transcriber, translator)
    document = reference_document(chosen.title, sections, translator, PageFormat(width, lines, options.pack), facts,
                                  transcriber)
    if options.output is not None and options.output.strip() == "-":  # a pipe to an embosser's program, a file
        import sys

        write_stream(session.out, document.brf())  # the braille alone: what was written goes to the errors
        if sys.stderr is not None:
            print(f"Wrote {what} on {document.page_count} pages.", file=sys.stderr, flush=True)
            if unusable_epoch():
                print(EPOCH_NOTE, file=sys.stderr, flush=True)
        return None
    try:
        if options.output is None:
            path = free_name(Path(stem + ".brf"))
        else:
            path = output_path(options.output)
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
    if unusable_epoch():
        said.append(EPOCH_NOTE)
    return answer(session, "\n".join(said))


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

LISTS = ("--kingdom", "--cards")  # options whose value may be several names with commas


def _option_names(text: str, last: str) -> list[str]:
    used = set(text.split())
    return [f"export {text[:len(text) - len(last)]}{o}" for o in EXPORT_OPTIONS
            if o not in used and o.startswith(last.lower())]


def _complete_export(session: "Session", text: str) -> list[str]:
    """Whole replacements for ``export`` and ``text``: the option being typed, or the value of the option
    before it; after a comma in --cards or --kingdom, the next card's name (not the options)."""
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
    typing = bool(text) and not text[-1].isspace()  # in the middle of a word, not after a space
    last = words[-1][1] if words and typing else ""
    done = words[:-1] if typing else words
    at = max((i for i, (_, w) in enumerate(done) if w.startswith("--")), default=None)
    if last.startswith("--") or at is None:
        return _option_names(text, last)
    option = done[at][1]
    value_at = done[at][0] + len(option) + 1
    value = text[value_at:]
    if option in LISTS and "," in value:  # the next card of a list: "village, sm" gives "village, Smithy"
        cut = value_at + value.rindex(",") + 1
        partial = text[cut:].lstrip()
        cut = len(text) - len(partial)
        return [f"export {text[:cut]}{name}" for name in catalogue().complete(partial)]
    if at != len(done) - 1 and not (option in LISTS and typing):
        return _option_names(text, last)  # the option's value is typed: the next option
    if option in FLAGS:
        return _option_names(text, last)
    partial = value if option in LISTS else last
    if option == "--kingdom":
        values = ["random", "game", "table"] + recommended_sets().complete(partial)
    elif option == "--set":
        values = list(SETS)
    elif option == "--grade":
        values = ["1", "2"]
    elif option == "--colony":
        values = ["on", "off"]
    elif option == "--cards":
        values = catalogue().complete(partial)
    else:
        return []  # a number, a file name or a transcriber's name: nothing to offer
    keep = f"export {text[:len(text) - len(partial)]}"
    found = [v for v in values if loose(v).startswith(loose(partial))]
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
        "Speech reads braille as dot numbers. card says it aloud. "
        "--grade 1 or --uncontracted gives uncontracted braille, and set braille uncontracted keeps it. "
        "Type braille export --help for what export takes."
    ),
)
def run(session: "Session", args: str) -> "Response | None":
    head, _, rest = args.strip().partition(" ")
    if head.lower() == "export":
        return export(session, rest)
    return show_card(session, args)
