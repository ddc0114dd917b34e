"""What braille reference sheets say, in print, before translation: blocks of text with a format.

A card reads: its name, its braille code if it has one, and its cost as a centred heading; then its types,
then each line of its text; text below the card's dividing line comes after a separation line. The words
come from the card data (``companion.cards``), written for the ear: "3 coins", "1 VP". A minus sign before
a number ("-1 VP") is given to liblouis as the minus sign U+2212, so that it is brailled with UEB's minus
sign (dots 5, 3-6) rather than a hyphen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Sequence

from companion.cards import Card


class Style(Enum):
    """How a block is laid out on the page (after BANA's Braille Formats)."""

    HEADING = "heading"  # centred, at least 3 blank cells each side; followed by a blank line on paper
    ITEM = "item"  # starts in cell 1; runover lines start in cell 3
    SUBITEM = "subitem"  # an item listed under the one before: starts in cell 3, runs over in cell 5
    ENTRY = "entry"  # a contents entry: cell 1, runover cell 3, guide dots, its page number at the right margin
    NOTE = "note"  # a transcriber's note: cell 7, runover cell 5, inside the transcriber's note indicators
    PARAGRAPH = "paragraph"  # starts in cell 3; runover lines start in cell 1
    SEPARATOR = "separator"  # a line of dots 2-5 cells, for the card's dividing line
    BLANK = "blank"  # an empty line


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph of print and how it is formatted (``page``: a contents entry's page number;
    ``symbol``: braille cells shown as they are before the text, as a special symbols list shows a sign)."""

    style: Style
    text: str = ""
    page: int = 0
    symbol: str = ""

    def __str__(self) -> str:
        return self.text


SEPARATOR = Block(Style.SEPARATOR)
BLANK = Block(Style.BLANK)
MINUS = "\u2212"
_MINUS_BEFORE_NUMBER = re.compile(r"(?<![\w-])-(?=\d)")


def print_text(text: str) -> str:
    """The card data's words as they go to liblouis: a hyphen that is a minus sign becomes U+2212."""
    return _MINUS_BEFORE_NUMBER.sub(MINUS, text)


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def label(card: Card) -> str:
    """``Copper, C1``: the card's name and the code its physical braille card carries, if it has one.

    The code is kept as the deck prints it (the Curse's is C-1, a hyphen, as the deck's own label)."""
    return f"{card.name}, {card.code}" if card.code else card.name


def heading(card: Card) -> str:
    """``Village, cost 3 coins``; ``Copper, C1, cost 0 coins``."""
    return f"{label(card)}, cost {coins(card.cost)}"


def card_blocks(card: Card) -> tuple[Block, ...]:
    """A card's reference text: heading, types, text, and text below the line after a separator."""
    blocks = [Block(Style.HEADING, heading(card)), Block(Style.ITEM, ", ".join(card.types))]
    blocks += [Block(Style.ITEM, print_text(line)) for line in card.text]
    if card.below_line:
        blocks.append(SEPARATOR)
        blocks += [Block(Style.ITEM, print_text(line)) for line in card.below_line]
    return tuple(blocks)


def card_words(card: Card) -> list[str]:
    """Every paragraph of a card's reference text, in order (what a reader of the braille should get)."""
    return [b.text for b in card_blocks(card) if b.text]


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a file after the contents: a card, or a kingdom's setup.

    ``entry`` is its line in the contents; ``blocks`` begin with its heading; ``continued`` is the running
    head of a page it runs on to; ``card`` is the card it shows, if it is one."""

    entry: str
    blocks: tuple[Block, ...]
    continued: str
    card: Card | None = None
    sets: tuple[str, ...] = ()  # the boxes its print comes from (a card's own box, or a setup's kingdom's)


def card_section(card: Card) -> Section:
    return Section(label(card), card_blocks(card), f"{card.name}, continued", card, (card.set,))


def setup_section(heading_text: str, lines: Sequence[str | tuple[int, str]], sets: Sequence[str] = ()) -> Section:
    """A kingdom's setup instructions: a heading, then each line an item; a line given as ``(1, text)`` is
    listed under the one before (a pile under "Basic piles:"), as a list's second level."""
    blocks = [Block(Style.HEADING, heading_text)]
    for line in lines:
        level, words = line if isinstance(line, tuple) else (0, line)
        blocks.append(Block(Style.SUBITEM if level else Style.ITEM, print_text(words)))
    return Section(heading_text, tuple(blocks), f"{heading_text}, continued", sets=tuple(sets))


NOTES_HEADING = "Transcriber's Notes"
NOTE_COINS = "The word coins stands for the coin symbol of the printed cards."
NOTE_VP = "VP stands for victory points."
NOTE_CODES = "A basic card's heading gives its braille code after its name, as on the braille deck."
NOTE_LIBLOUIS = "Made with liblouis."
SYMBOLS_HEADING = "Special Symbols Used in This Volume"
MINUS_SIGN = '"-'  # UEB's minus sign, dots 5, 3-6, as liblouis brailles U+2212
DIVIDER_SIGN = "3333"  # a short line of dots 2-5, standing for the line the sheets draw across the page
SYMBOL_MINUS = "minus sign"
SYMBOL_DIVIDER = "line of dots 2-5, a card's dividing line: the text after it is the text below that line"
# The print source of the sheets, each box as its rulebook names it, with the year of its printing.
PRINT_SOURCES = {"base2e": "Dominion, second edition, 2021", "prosperity2e": "Dominion: Prosperity, second edition, 2022"}
DESIGNER = "Designed by Donald X. Vaccarino."
PUBLISHER = "Published by Rio Grande Games."
DEFAULT_TRANSCRIBER = "the Dominion Companion"
_COINS = re.compile(r"\bcoins?\b")
_VP = re.compile(r"\bVP\b")


def transcribers_notes(sections: Sequence[Section]) -> tuple[str, ...]:
    """What a reader needs to know before the cards, a note each: the words for the printed symbols and the
    codes, of those this file uses alone; then that liblouis made the braille."""
    words = " ".join(b.text for s in sections for b in s.blocks)
    cards = [s.card for s in sections if s.card is not None]
    notes = []
    if _COINS.search(words):
        notes.append(NOTE_COINS)
    if _VP.search(words):
        notes.append(NOTE_VP)
    if any(c.code for c in cards):
        notes.append(NOTE_CODES)
    notes.append(NOTE_LIBLOUIS)
    return tuple(notes)


def special_symbols(sections: Sequence[Section]) -> tuple[Block, ...]:
    """BANA's special symbols list (Braille Formats 2016, section 2.5), of the signs this file uses alone:
    the minus sign of the Curse's -1 VP, the line of dots 2-5 for a card's dividing line. Each starts in
    cell 1 with the sign, then its meaning; none: no page."""
    blocks = [b for s in sections for b in s.blocks]
    listed = []
    if any(MINUS in b.text for b in blocks):
        listed.append(Block(Style.ITEM, SYMBOL_MINUS, symbol=MINUS_SIGN))
    if any(b.style is Style.SEPARATOR for b in blocks):
        listed.append(Block(Style.ITEM, SYMBOL_DIVIDER, symbol=DIVIDER_SIGN))
    return (Block(Style.HEADING, SYMBOLS_HEADING), *listed) if listed else ()


def print_source(sections: Sequence[Section]) -> tuple[str, ...]:
    """Where the print of the sheets comes from: the boxes of its cards, their designer and publisher."""
    sets = [s for s in PRINT_SOURCES if any(s in section.sets for section in sections)] or ["base2e"]
    names = [PRINT_SOURCES[s] for s in sets]
    return (f"From {', and '.join(names)}.", DESIGNER, PUBLISHER)


def pages_statement(transcriber: int, front: int, body: int) -> str:
    """``Braille pages t1-t2, p1, 1-60.``: every braille page of the volume by its numbers (BANA's volume
    and page statement; no p pages, none said)."""
    def run(letter: str, n: int) -> str:
        return f"{letter}1" if n == 1 else f"{letter}1-{letter}{n}"

    parts = [run("t", transcriber)] + ([run("p", front)] if front else []) + ["1" if body == 1 else f"1-{body}"]
    return f"Braille pages {', '.join(parts)}."


def transcribed_line(transcriber: str, when: date) -> str:
    """``Transcribed by the Dominion Companion, 28 November 2026.``: who made the braille, and when."""
    return f"Transcribed by {transcriber}, {when.day} {when.strftime('%B')} {when.year}."


def title_blocks(title: str, facts: Sequence[str], grade: str, transcribed: str,
                 heading_text: str = "Dominion reference cards", source: Sequence[str] = (),
                 statement: str = "") -> tuple[Block, ...]:
    """The title page, every line centred as BANA's title pages are (Braille Formats 2016, section 2.3):
    what this is, which kingdom or set and a few facts; the print source (the game, its designer and
    publisher); who transcribed it and when; the braille code and grade; the volume and its pages."""
    blocks = [Block(Style.HEADING, heading_text), BLANK, Block(Style.HEADING, f"{title}.")]
    blocks += [Block(Style.HEADING, fact) for fact in facts]
    if source:
        blocks += [BLANK, *(Block(Style.HEADING, line) for line in source)]
    blocks += [BLANK, Block(Style.HEADING, transcribed)]
    blocks += [BLANK, Block(Style.HEADING, f"Unified English Braille, {grade}.")]
    if statement:
        blocks += [BLANK, Block(Style.HEADING, "In 1 volume."), Block(Style.HEADING, statement)]
    return tuple(blocks)


def notes_blocks(notes: Sequence[str]) -> tuple[Block, ...]:
    """The transcriber's notes page: its centred heading, then each note a paragraph (none: no page)."""
    if not notes:
        return ()
    return (Block(Style.HEADING, NOTES_HEADING), *(Block(Style.PARAGRAPH, note) for note in notes))


def contents_heading(continued: bool) -> Block:
    return Block(Style.HEADING, "Contents, continued" if continued else "Contents")


def contents_entries(sections: Sequence[Section], pages: Sequence[int]) -> tuple[Block, ...]:
    return tuple(Block(Style.ENTRY, s.entry, page) for s, page in zip(sections, pages))
