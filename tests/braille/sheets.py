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
