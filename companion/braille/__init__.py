"""Braille: card reference text in UEB through liblouis, Unicode cells for the screen, BRF for embossers."""

from companion.braille.document import (
    MAX_LINES,
    MAX_WIDTH,
    MIN_LINES,
    MIN_WIDTH,
    BrailleDocument,
    FormatError,
    PageFormat,
    card_lines,
    reference_document,
)
from companion.braille.translator import (
    BrailleUnavailable,
    Grade,
    Translator,
    load_translator,
)

__all__ = [
    "MAX_LINES", "MAX_WIDTH", "MIN_LINES", "MIN_WIDTH",
    "BrailleDocument", "BrailleUnavailable", "FormatError", "Grade", "PageFormat", "Translator",
    "card_lines", "load_translator", "reference_document",
]
