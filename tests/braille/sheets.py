"""Reading BRF files as a braille reader and liblouis do: pages, lines, back-translated text."""

from __future__ import annotations

import re

from companion.braille import Translator
from companion.braille.layout import SEPARATOR_CELL

GUIDE_DOTS = re.compile(r' "{2,} ')


def pages_of(data: bytes) -> list[list[str]]:
    """Every page's lines (the last one holds the page number)."""
    return [page.decode("ascii").split("\r\n")[:-1] for page in data.split(b"\f")]


def text(translator: Translator, lines: list[str]) -> str:
    """What liblouis reads in ``lines``: guide dots and separation lines left out, curly apostrophes straight."""
    kept = [GUIDE_DOTS.sub(" ", line.strip()) for line in lines if line.strip() and set(line.strip()) != {SEPARATOR_CELL}]
    return translator.back(" ".join(kept)).replace("\u2019", "'")


def page_text(translator: Translator, data: bytes, page: int) -> str:
    """One page as liblouis reads it, without its page number."""
    return text(translator, pages_of(data)[page - 1][:-1])


def numbers_of(pages: list[list[str]]) -> list[str]:
    """Each page's braille page number, as written at the right of its last line."""
    return [page[-1].strip() for page in pages]


def body_start(pages: list[list[str]]) -> int:
    """The first page (from 1) of the cards or setup: the first numbered without BANA's t or p."""
    return next(n for n, number in enumerate(numbers_of(pages), start=1) if number.startswith("#"))


def front_text(translator: Translator, data: bytes, letter: str) -> str:
    """The t pages (title, transcriber's notes: ``letter`` "T") or the p pages (contents, "P"), as liblouis
    reads them, page numbers left out."""
    pages = pages_of(data)
    return " ".join(text(translator, page[:-1]) for page in pages if page[-1].strip().startswith(letter + "#"))


def contents_text(translator: Translator, data: bytes) -> str:
    return front_text(translator, data, "P")
