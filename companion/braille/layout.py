"""Braille on the page: wrapping braille words into lines and lines into numbered pages.

Everything here works on Braille ASCII strings that liblouis has already translated, so it needs no
liblouis and is easy to test. A line holds at most ``width`` cells; a braille word is never broken unless
it is longer than a whole line, and then it is divided with a hyphen, never inside a two-cell sign.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.braille.reference import Style

RUNOVER_INDENT = 2  # runover lines of an item start in cell 3
SEPARATOR_MARGIN = 6  # the separation line runs from cell 7 to 6 cells before the right margin
SEPARATOR_CELL = "3"  # dots 2-5
SCREEN_SEPARATOR = SEPARATOR_CELL * 12  # the separation line when nothing is wrapped
# Cells that begin a two-cell sign in UEB (capital, numeric, grade 1, and the contraction prefixes):
# a divided word never ends on one of them, or its sign would be split across two lines.
PREFIX_CELLS = frozenset(',#;"^_.@')
HYPHEN = "-"
MIN_PIECE = 2  # cells of a word before a hyphen, at least


@dataclass(frozen=True, slots=True)
class BrailleBlock:
    """One translated paragraph (Braille ASCII, words separated by single spaces) and its format."""

    style: Style
    cells: str = ""


def split_word(word: str, room: int) -> tuple[str, str]:
    """Divide a word too long for ``room`` cells: the part for this line (ending in a hyphen) and the rest.

    A hyphen already in the word is the first choice of place; otherwise as late as the line allows,
    but never just after a cell that begins a two-cell sign.
    """
    if room < MIN_PIECE + 1:
        raise ValueError(f"a line of {room} cells cannot hold part of a word")
    for cut in range(min(room, len(word) - 1), MIN_PIECE, -1):
        if word[cut - 1] == HYPHEN:
            return word[:cut], word[cut:]
    cut = room - 1
    while cut > 1 and word[cut - 1] in PREFIX_CELLS:
        cut -= 1
    return word[:cut] + HYPHEN, word[cut:]


def wrap(cells: str, first: int, rest: int) -> list[str]:
    """Greedy word wrap: the first line holds ``first`` cells, later lines ``rest``."""
    lines: list[str] = []
    line = ""
    for word in cells.split():
        while word:
            room = first if not lines else rest
            if not line:
                if len(word) <= room:
                    line, word = word, ""
                else:
                    head, word = split_word(word, room)
                    lines.append(head)
            elif len(line) + 1 + len(word) <= room:
                line, word = f"{line} {word}", ""
            else:
                lines.append(line)
                line = ""
    if line:
        lines.append(line)
    return lines


def lay_out_block(block: BrailleBlock, width: int | None) -> list[str]:
    """The lines of one block; ``width`` None means one line per block, nothing wrapped or centred."""
    if block.style is Style.BLANK:
        return [""]
    if block.style is Style.SEPARATOR:
        if width is None:
            return [SCREEN_SEPARATOR]
        return [" " * SEPARATOR_MARGIN + SEPARATOR_CELL * (width - 2 * SEPARATOR_MARGIN)]
    if width is None:
        return [block.cells]
    if block.style is Style.HEADING:
        return [" " * ((width - len(line)) // 2) + line for line in wrap(block.cells, width, width)]
    lines = wrap(block.cells, width, width - RUNOVER_INDENT)
    return lines[:1] + [" " * RUNOVER_INDENT + line for line in lines[1:]]


def lay_out(blocks: Sequence[BrailleBlock], width: int | None) -> list[str]:
    lines: list[str] = []
    for block in blocks:
        lines += lay_out_block(block, width)
    return lines


def braille_number(n: int) -> str:
    """A number in UEB: the numeric indicator, then the letters a to j for the digits."""
    return "#" + "".join("JABCDEFGHI"[int(d)] for d in str(n))


@dataclass(frozen=True)
class Paged:
    """Pages of body lines (without page numbers), and the page on which each card starts (from 1)."""

    pages: tuple[tuple[str, ...], ...]
    card_pages: tuple[int, ...]
    title_pages: int


def paginate(title: Sequence[str], cards: Sequence[Sequence[str]], body: int, pack: bool) -> Paged:
    """Put the title on its own page(s), then the cards: one to a page, or packed.

    Packed, a card follows the one before it after a blank line if it fits on the rest of the page;
    otherwise it starts a new page. A card longer than a page starts a page and runs on.
    """
    if body < 1:
        raise ValueError("a page needs at least one line for text")
    pages: list[list[str]] = []

    def flow(lines: Sequence[str]) -> None:
        for start in range(0, max(len(lines), 1), body):
            pages.append(list(lines[start:start + body]))

    flow(title)
    title_pages = len(pages)
    starts: list[int] = []
    fresh = True  # the last page belongs to the title: the cards start a new page
    for lines in cards:
        last = pages[-1]
        if pack and not fresh and len(last) + 1 + len(lines) <= body:
            starts.append(len(pages))
            last += [""] + list(lines)
            continue
        starts.append(len(pages) + 1)
        flow(lines)
        fresh = False
    return Paged(tuple(tuple(p) for p in pages), tuple(starts), title_pages)


def number_pages(pages: Sequence[Sequence[str]], lines: int, width: int) -> list[list[str]]:
    """Every page filled to ``lines`` lines, its braille page number at the right of the last line."""
    numbered = []
    for n, page in enumerate(pages, start=1):
        number = braille_number(n)
        body = [line.rstrip() for line in page] + [""] * (lines - 1 - len(page))
        numbered.append(body + [" " * (width - len(number)) + number])
    return numbered


def encode_brf(pages: Sequence[Sequence[str]]) -> bytes:
    """A BRF file: each line ends in CR LF; a form feed comes between pages."""
    text = "\f".join("".join(line + "\r\n" for line in page) for page in pages)
    return text.encode("ascii")
