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
HEADING_MARGIN = 3  # blank cells, at least, each side of a centred heading: it wraps at the width less 6
GUIDE_DOT = '"'  # dot 5
MIN_GUIDE_DOTS = 2
PARAGRAPH_INDENT = 2  # a paragraph starts in cell 3, runs over in cell 1
NOTE_INDENT, NOTE_RUNOVER = 6, 4  # a transcriber's note starts in cell 7, runs over in cell 5
NOTE_OPEN, NOTE_CLOSE = "@.<", "@.>"  # UEB's transcriber's note indicators: dots 4, 4-6, 1-2-6 and 4, 4-6, 3-4-5


@dataclass(frozen=True, slots=True)
class BrailleBlock:
    """One translated paragraph (Braille ASCII, words separated by single spaces), its format, and for a
    contents entry its page number."""

    style: Style
    cells: str = ""
    page: int = 0


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


def centred(cells: str, width: int) -> list[str]:
    """A centred heading: wrapped at the width less 6, so at least 3 blank cells stay on each side."""
    room = width - 2 * HEADING_MARGIN
    return [" " * ((width - len(line)) // 2) + line for line in wrap(cells, room, room)]


def entry_lines(cells: str, page: int, width: int) -> list[str]:
    """A contents entry: cell 1, runover cell 3; then a space, guide dots, a space and its page number,
    which ends at the right margin on the entry's last line (never on a line of its own)."""
    number = braille_number(page)
    room = width - len(number) - 2 - MIN_GUIDE_DOTS  # the text stops short of the page number's column
    lines = wrap(cells, room, room - RUNOVER_INDENT)
    lines = lines[:1] + [" " * RUNOVER_INDENT + line for line in lines[1:]]
    last = lines[-1]
    lines[-1] = f"{last} {GUIDE_DOT * (width - len(last) - len(number) - 2)} {number}"
    return lines


def note_lines(cells: str, width: int) -> list[str]:
    """A transcriber's note in its indicators: cell 7, runover cell 5."""
    text = f"{NOTE_OPEN}{cells}{NOTE_CLOSE}"
    lines = wrap(text, width - NOTE_INDENT, width - NOTE_RUNOVER)
    return [" " * NOTE_INDENT + lines[0]] + [" " * NOTE_RUNOVER + line for line in lines[1:]]


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
        return centred(block.cells, width)
    if block.style is Style.ENTRY:
        return entry_lines(block.cells, block.page, width)
    if block.style is Style.NOTE:
        return note_lines(block.cells, width)
    if block.style is Style.PARAGRAPH:
        lines = wrap(block.cells, width - PARAGRAPH_INDENT, width)
        return [" " * PARAGRAPH_INDENT + lines[0]] + lines[1:]
    first = RUNOVER_INDENT if block.style is Style.SUBITEM else 0  # BANA's nested list: cells 3 and 5
    lines = wrap(block.cells, width - first, width - first - RUNOVER_INDENT)
    return [" " * first + lines[0]] + [" " * (first + RUNOVER_INDENT) + line for line in lines[1:]]


def lay_out(blocks: Sequence[BrailleBlock], width: int | None, paper: bool = False) -> list[str]:
    """Every block's lines, in order. On ``paper`` a blank line follows a centred heading, as BANA asks
    (the screen has none: a braille display shows one line at a time)."""
    lines: list[str] = []
    for n, block in enumerate(blocks):
        lines += lay_out_block(block, width)
        if paper and block.style is Style.HEADING and n + 1 < len(blocks) and blocks[n + 1].style is not Style.BLANK:
            lines.append("")
    return lines


def braille_number(n: int, letter: str = "") -> str:
    """A number in UEB: the numeric indicator, then the letters a to j for the digits; after ``letter`` for
    a page before the body (``T#A`` for t1, ``P#B`` for p2)."""
    return letter.upper() + "#" + "".join("JABCDEFGHI"[int(d)] for d in str(n))


TRANSCRIBER_PAGE, FRONT_PAGE = "t", "p"  # BANA: transcriber-generated pages t1, t2; front matter p1, p2


def page_numbers(title_pages: int, notes_pages: int, contents_pages: int, total: int) -> list[str]:
    """Each page's braille page number, as BANA numbers them: the title, special symbols and transcriber's
    notes pages (``notes_pages`` counts the symbols' too) t1, t2 ...; the contents p1, p2 ...; the cards 1, 2 ..."""
    transcribers = title_pages + notes_pages
    front = transcribers + contents_pages
    return ([braille_number(n, TRANSCRIBER_PAGE) for n in range(1, transcribers + 1)]
            + [braille_number(n, FRONT_PAGE) for n in range(1, contents_pages + 1)]
            + [braille_number(n) for n in range(1, total - front + 1)])


@dataclass(frozen=True, slots=True)
class LaidSection:
    """A section's lines, and the running head (already laid out) of any page it runs on to."""

    lines: tuple[str, ...]
    running: tuple[str, ...] = ()


@dataclass(frozen=True)
class Paged:
    """Pages of body lines (without page numbers), and the page on which each section starts (from 1)."""

    pages: tuple[tuple[str, ...], ...]
    card_pages: tuple[int, ...]
    title_pages: int
    contents_pages: int = 0
    notes_pages: int = 0
    symbols_pages: int = 0

    @property
    def front_pages(self) -> int:
        """The pages before the first section: title, special symbols, transcriber's notes, contents."""
        return self.title_pages + self.symbols_pages + self.notes_pages + self.contents_pages


class _Pages:
    def __init__(self, body: int) -> None:
        if body < 1:
            raise ValueError("a page needs at least one line for text")
        self.body = body
        self.pages: list[list[str]] = []

    def new(self) -> list[str]:
        self.pages.append([])
        return self.pages[-1]

    def room(self) -> int:
        return self.body - len(self.pages[-1]) if self.pages else 0

    def flow(self, lines: Sequence[str], head: Sequence[str] = ()) -> None:
        """``lines`` from a new page, running on to more pages, each of them headed by ``head``."""
        page = self.new()
        head = head if len(head) < self.body else ()  # a running head never fills a page on its own
        for line in lines:
            if len(page) == self.body:
                page = self.new()
                page += head
            page.append(line)


def paginate(title: Sequence[str], cards: Sequence[Sequence[str] | LaidSection], body: int, pack: bool,
             contents: Sequence[Sequence[str]] = (), contents_heads: tuple[Sequence[str], Sequence[str]] = ((), ()),
             notes: Sequence[str] = (), symbols: Sequence[str] = ()) -> Paged:
    """The title on its own page(s); the special ``symbols`` list, then the transcriber's ``notes``, if any,
    each on their own page(s); then the contents, if any; then the sections, one to a page or packed.

    Contents: each entry's lines stay together on a page; a page of contents starts with its heading
    (``contents_heads``: the first page's, and a continued page's). Packed, a section follows the one before
    it after a blank line if it fits on the rest of the page; otherwise it starts a new page. A section
    longer than a page starts a page and runs on, its running head at the top of each page it runs on to.
    """
    paper = _Pages(body)
    paper.flow(title)
    title_pages = len(paper.pages)
    if symbols:
        paper.flow(symbols)
    symbols_pages = len(paper.pages) - title_pages
    if notes:
        paper.flow(notes)
    notes_pages = len(paper.pages) - title_pages - symbols_pages
    if contents:
        first, more = contents_heads
        page = paper.new()
        page += first
        for entry in contents:
            if len(page) + len(entry) > body and len(page) > len(more):
                page = paper.new()
                page += more
            for line in entry:  # an entry longer than a page (tiny pages only) runs on
                if len(page) == body:
                    page = paper.new()
                page.append(line)
    contents_pages = len(paper.pages) - title_pages - symbols_pages - notes_pages
    starts: list[int] = []
    fresh = True  # the last page is the title's or the contents': the sections start a new page
    for section in cards:
        laid = section if isinstance(section, LaidSection) else LaidSection(tuple(section))
        if pack and not fresh and 1 + len(laid.lines) <= paper.room():
            starts.append(len(paper.pages))
            paper.pages[-1] += [""] + list(laid.lines)
            continue
        starts.append(len(paper.pages) + 1)
        paper.flow(laid.lines or [""], laid.running)
        fresh = False
    return Paged(tuple(tuple(p) for p in paper.pages), tuple(starts), title_pages, contents_pages, notes_pages,
                 symbols_pages)


def number_pages(pages: Sequence[Sequence[str]], lines: int, width: int, numbers: Sequence[str] = ()) -> list[list[str]]:
    """Every page filled to ``lines`` lines, its braille page number (``numbers``, or 1, 2 ...) at the right
    of the last line, as BANA places braille page numbers."""
    numbered = []
    for n, page in enumerate(pages, start=1):
        number = numbers[n - 1] if numbers else braille_number(n)
        body = [line.rstrip() for line in page] + [""] * (lines - 1 - len(page))
        numbered.append(body + [" " * (width - len(number)) + number])
    return numbered


def encode_brf(pages: Sequence[Sequence[str]]) -> bytes:
    """A BRF file: each line ends in CR LF; a form feed comes between pages."""
    text = "\f".join("".join(line + "\r\n" for line in page) for page in pages)
    return text.encode("ascii")
