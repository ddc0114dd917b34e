"""Print to braille through liblouis: Unified English Braille, contracted or not, as Braille ASCII.

liblouis comes from Debian (``liblouis-data`` and ``python3-louis``); there is no usable binding on PyPI.
It is loaded lazily, on first use, so that nothing else in the program depends on it: where it is
missing, ``load_translator`` raises ``BrailleUnavailable`` whose sentence says how to install it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import ModuleType
from typing import Callable

from companion.braille.cells import is_braille_ascii, to_unicode
from companion.system_packages import import_system_package

DISPLAY_TABLE = "en-us-brf.dis"  # North American Braille ASCII, the cells of a BRF file
INSTALL_HINT = "liblouis is not installed. Install it with: sudo apt-get install liblouis-data python3-louis"


class BrailleUnavailable(RuntimeError):
    """liblouis or its tables cannot be loaded; ``str()`` says how to install them."""

    def __init__(self, message: str = INSTALL_HINT) -> None:
        super().__init__(message)


class Grade(Enum):
    """Contracted UEB (grade 2, what most adult readers use) or uncontracted UEB (grade 1)."""

    CONTRACTED = "en-ueb-g2.ctb"
    UNCONTRACTED = "en-ueb-g1.ctb"

    @property
    def table(self) -> str:
        return self.value

    def __str__(self) -> str:
        return "contracted" if self is Grade.CONTRACTED else "uncontracted"


# How the louis module is found; tests replace it to act out a machine without liblouis.
_importer: Callable[[str], ModuleType | None] = import_system_package


def load_louis() -> ModuleType:
    """The ``louis`` module with its log silenced, or BrailleUnavailable with the install hint."""
    louis = _importer("louis")
    if louis is None:
        raise BrailleUnavailable()
    try:  # liblouis writes table errors to stderr; we report them ourselves, in one sentence
        louis.setLogLevel(louis.LOG_OFF)
    except (AttributeError, TypeError):  # pragma: no cover - older bindings
        pass
    return louis


@dataclass(frozen=True)
class Translator:
    """Translates print text to Braille ASCII (and back) with one grade of UEB."""

    louis: ModuleType = field(repr=False)
    grade: Grade = Grade.CONTRACTED

    @property
    def tables(self) -> list[str]:
        return [DISPLAY_TABLE, self.grade.table]

    def brf(self, text: str) -> str:
        """One paragraph of print as one line of Braille ASCII (spaces between braille words)."""
        if not text.strip():
            return ""
        try:
            cells = self.louis.translateString(self.tables, text).upper()
        except RuntimeError as e:  # a table is missing or broken
            raise BrailleUnavailable() from e
        if not is_braille_ascii(cells):  # a character the table could not render as a cell
            bad = sorted({ch for ch in cells if not is_braille_ascii(ch)})
            raise ValueError(f"liblouis gave characters outside Braille ASCII: {bad!r} for {text!r}")
        return " ".join(cells.split())

    def unicode(self, text: str) -> str:
        """One paragraph of print as Unicode braille cells."""
        return to_unicode(self.brf(text))

    def back(self, brf: str) -> str:
        """Braille ASCII back to print, as liblouis reads it (for checking)."""
        return self.louis.backTranslateString(self.tables, brf)


def load_translator(grade: Grade = Grade.CONTRACTED) -> Translator:
    """A translator for ``grade``, checked to work; BrailleUnavailable if liblouis or its tables are missing."""
    louis = load_louis()
    try:
        louis.checkTable([DISPLAY_TABLE, grade.table])
    except RuntimeError as e:  # python3-louis without liblouis-data
        raise BrailleUnavailable() from e
    return Translator(louis, grade)
