"""Braille reference sheets: a title page, the contents, then one card (or setup) a page, or packed.

``reference_document`` translates and lays out; ``BrailleDocument.brf()`` gives the bytes of the file.
``card_lines`` gives one card in braille for the screen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Sequence

from companion.braille.cells import to_screen
from companion.braille.layout import (
    BrailleBlock,
    LaidSection,
    encode_brf,
    entry_lines,
    lay_out,
    number_pages,
    page_numbers,
    paginate,
)
from companion.braille.reference import (
    Block,
    Section,
    Style,
    card_blocks,
    card_section,
    DEFAULT_TRANSCRIBER,
    contents_heading,
    notes_blocks,
    pages_statement,
    print_source,
    special_symbols,
    title_blocks,
    transcribed_line,
    transcribers_notes,
)
from companion.braille.translator import Translator
from companion.cards import Card

DEFAULT_WIDTH = 40
DEFAULT_LINES = 25
MIN_WIDTH, MAX_WIDTH = 20, 100
MIN_LINES, MAX_LINES = 5, 100


class FormatError(ValueError):
    """A page size no embosser can use; ``str()`` says what to choose instead."""


@dataclass(frozen=True, slots=True)
class PageFormat:
    """Cells per line, lines per page (the last holds the page number), and whether cards share pages."""

    width: int = DEFAULT_WIDTH
    lines: int = DEFAULT_LINES
    pack: bool = False

    def __post_init__(self) -> None:
        if not MIN_WIDTH <= self.width <= MAX_WIDTH:
            raise FormatError(f"a line of {self.width} cells is not possible. Choose {MIN_WIDTH} to {MAX_WIDTH} cells.")
        if not MIN_LINES <= self.lines <= MAX_LINES:
            raise FormatError(f"a page of {self.lines} lines is not possible. Choose {MIN_LINES} to {MAX_LINES} lines.")

    @property
    def body(self) -> int:
        return self.lines - 1


@dataclass(frozen=True)
class BrailleDocument:
    """Laid-out pages (each exactly ``format.lines`` lines of Braille ASCII) and where each section starts.

    The pages before the sections (``front_pages``) are the title page(s) and the transcriber's notes, t1,
    t2 ..., then the contents, p1, p2 ...; the sections' pages are numbered from 1, and ``card_pages`` gives
    the braille page number each section starts on (its sheet in ``pages`` is ``front_pages`` further on)."""

    title: str
    sections: tuple[Section, ...]
    card_pages: tuple[int, ...]  # the braille page number each section starts on (the body's 1, 2 ...)
    pages: tuple[tuple[str, ...], ...]
    format: PageFormat
    contents_pages: int = 0
    title_pages: int = 1
    notes_pages: int = 0
    symbols_pages: int = 0

    @property
    def front_pages(self) -> int:
        return self.title_pages + self.symbols_pages + self.notes_pages + self.contents_pages

    def sheet(self, page: int) -> tuple[str, ...]:
        """The lines of body page ``page`` (numbered from 1, as the contents give it)."""
        return self.pages[self.front_pages + page - 1]

    def brf(self) -> bytes:
        return encode_brf(self.pages)

    @property
    def page_count(self) -> int:
        return len(self.pages)


def translate(blocks: Sequence[Block], translator: Translator) -> list[BrailleBlock]:
    """Each block's print in braille, after its sign as it is (a special symbols list's)."""
    return [BrailleBlock(b.style, " ".join(filter(None, (b.symbol, translator.brf(b.text)))), b.page) for b in blocks]


def card_lines(card: Card, translator: Translator, width: int | None = None) -> list[str]:
    """A card's reference text in Unicode braille, words parted by a space: one line per paragraph, or
    wrapped to ``width`` cells."""
    if width is not None:
        PageFormat(width=width)  # the same limits as for a page
    return [to_screen(line) for line in lay_out(translate(card_blocks(card), translator), width)]


def epoch_date() -> date | None:
    """The day ``SOURCE_DATE_EPOCH`` gives (the usual way to make a file the same on any day), or None when it
    is not set or is no usable time: not a whole number of seconds from 1970, or a day past the year 9999."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit() or len(epoch) > 12:  # 12 digits of seconds reach past the year 9999 already
        return None
    try:
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc).date()
    except (OverflowError, OSError, ValueError):
        return None


def unusable_epoch() -> bool:
    """Whether ``SOURCE_DATE_EPOCH`` is set but is no usable time (today's date is used instead)."""
    return bool(os.environ.get("SOURCE_DATE_EPOCH", "").strip()) and epoch_date() is None


def transcription_date() -> date:
    """The day ``SOURCE_DATE_EPOCH`` gives, or today when it gives none."""
    return epoch_date() or date.today()


def reference_document(
    title: str,
    sections: Sequence[Card | Section],
    translator: Translator,
    page_format: PageFormat = PageFormat(),
    facts: Sequence[str] = (),
    transcriber: str = DEFAULT_TRANSCRIBER,
    when: date | None = None,
) -> BrailleDocument:
    """BANA's front matter, then each section (a card, or a kingdom's setup), laid out for an embosser: a
    title page (``title``, then ``facts``, each a sentence; who transcribed it, ``transcriber``, and
    ``when``, today by default; the code and grade), the transcriber's notes on their own page, the
    contents."""
    parts = tuple(s if isinstance(s, Section) else card_section(s) for s in sections)
    width, body = page_format.width, page_format.body
    laid = []
    for s in parts:
        lines = tuple(lay_out(translate(s.blocks, translator), width, paper=True))
        running = () if len(lines) <= body else tuple(  # translated only for a section that runs over a page
            lay_out(translate([Block(Style.HEADING, s.continued)], translator), width))
        laid.append(LaidSection(lines, running))
    heading_text = "Dominion reference cards" if any(s.card for s in parts) else "Dominion setup"
    transcribed = transcribed_line(transcriber, when or transcription_date())
    source = print_source(parts)

    def title_lines(statement: str) -> list[str]:
        return lay_out(translate(title_blocks(title, facts, str(translator.grade), transcribed, heading_text,
                                              source, statement), translator), width)

    symbols_lines = lay_out(translate(special_symbols(parts), translator), width, paper=True)
    notes_lines = lay_out(translate(notes_blocks(transcribers_notes(parts)), translator), width, paper=True)
    heads = tuple(lay_out(translate([contents_heading(more)], translator), width, paper=True) + [""]
                  for more in (False, True))
    entries = [translator.brf(s.entry) for s in parts]
    # The contents give each section's page, and the title page every page's number, which depend on how
    # many pages the contents and the title page take: lay out until neither changes (once or twice).
    pages = [1] * len(parts)
    statement = ""
    for _ in range(10):
        contents = [entry_lines(cells, page, width) for cells, page in zip(entries, pages)]
        if len(parts) < 2:  # one card or one setup: nothing to list
            contents = []
        paged = paginate(title_lines(statement), laid, body, page_format.pack, contents, (heads[0], heads[1]),
                         notes_lines, symbols_lines)
        front = paged.front_pages
        said = pages_statement(paged.title_pages + paged.symbols_pages + paged.notes_pages, paged.contents_pages,
                               len(paged.pages) - front)
        if [p - front for p in paged.card_pages] == pages and said == statement:
            break
        pages, statement = [p - front for p in paged.card_pages], said
    else:  # pragma: no cover - the contents' and title page's lengths settle after at most a few rounds
        raise RuntimeError("the contents page numbers did not settle")
    numbers = page_numbers(paged.title_pages, paged.symbols_pages + paged.notes_pages, paged.contents_pages,
                           len(paged.pages))
    numbered = number_pages(paged.pages, page_format.lines, width, numbers)
    return BrailleDocument(title, parts, tuple(pages), tuple(tuple(p) for p in numbered), page_format,
                           paged.contents_pages, paged.title_pages, paged.notes_pages, paged.symbols_pages)
