"""A set of braille reference cards: a title page naming the kingdom, then one card per page or packed.

``reference_document`` translates and lays out; ``BrailleDocument.brf()`` gives the bytes of the file.
``card_lines`` gives one card in braille for the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.braille.cells import to_unicode
from companion.braille.layout import BrailleBlock, encode_brf, lay_out, number_pages, paginate
from companion.braille.reference import Block, card_blocks, title_blocks
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
    """Laid-out pages (each exactly ``format.lines`` lines of Braille ASCII) and where each card starts."""

    title: str
    cards: tuple[Card, ...]
    card_pages: tuple[int, ...]
    pages: tuple[tuple[str, ...], ...]
    format: PageFormat

    def brf(self) -> bytes:
        return encode_brf(self.pages)

    @property
    def page_count(self) -> int:
        return len(self.pages)


def translate(blocks: Sequence[Block], translator: Translator) -> list[BrailleBlock]:
    return [BrailleBlock(b.style, translator.brf(b.text)) for b in blocks]


def card_lines(card: Card, translator: Translator, width: int | None = None) -> list[str]:
    """A card's reference text in Unicode braille: one line per paragraph, or wrapped to ``width`` cells."""
    if width is not None:
        PageFormat(width=width)  # the same limits as for a page
    return [to_unicode(line) for line in lay_out(translate(card_blocks(card), translator), width)]


def reference_document(
    title: str,
    cards: Sequence[Card],
    translator: Translator,
    page_format: PageFormat = PageFormat(),
    platinum_colony: bool = False,
) -> BrailleDocument:
    """The reference cards of ``cards`` after a title page, laid out for an embosser."""
    cards = tuple(cards)
    width = page_format.width
    laid_cards = [lay_out(translate(card_blocks(c), translator), width) for c in cards]
    # The contents on the title page give each card's page, which depends on how long the title is:
    # lay out until the title's own length stops changing (once or twice).
    title_pages = 1
    for _ in range(10):
        paged = paginate(["x"] * (title_pages * page_format.body), laid_cards, page_format.body, page_format.pack)
        blocks = title_blocks(title, cards, paged.card_pages, platinum_colony)
        title_lines = lay_out(translate(blocks, translator), width)
        paged = paginate(title_lines, laid_cards, page_format.body, page_format.pack)
        if paged.title_pages == title_pages:
            break
        title_pages = paged.title_pages
    else:  # pragma: no cover - the title's length settles after at most a few rounds
        raise RuntimeError("the contents page numbers did not settle")
    pages = number_pages(paged.pages, page_format.lines, width)
    return BrailleDocument(title, cards, paged.card_pages, tuple(tuple(p) for p in pages), page_format)
