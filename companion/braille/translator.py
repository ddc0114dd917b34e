"""Print to braille through liblouis: Unified English Braille, contracted or not, as Braille ASCII.

liblouis comes from Debian (``liblouis-data`` and ``python3-louis``); there is no usable binding on PyPI.
It is loaded lazily, on first use, so that nothing else in the program depends on it: where it is
missing, ``load_translator`` raises ``BrailleUnavailable`` whose sentence says what is missing (the Python
module, the liblouis library itself, or one of its tables) and how this platform installs it.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from enum import Enum
from types import ModuleType
from typing import Callable

from companion.braille.cells import is_braille_ascii, to_unicode
from companion.system_packages import DEBIAN_DIST_PACKAGES, import_system_package

DISPLAY_TABLE = "en-us-brf.dis"  # North American Braille ASCII, the cells of a BRF file
WEBSITE = "liblouis.io"


def install_hint(missing: str = "module", table: str = "", platform: str = "") -> str:
    """The sentence for a machine without braille: ``missing`` is "module" (no liblouis at all, or no
    Python module for it), "library" (the module is there, the liblouis library is not) or "table"."""
    platform = platform or sys.platform
    if missing == "table":
        head = f"liblouis is installed, but its braille table {table} is missing."
        if platform.startswith("linux"):
            return f"{head} Install the tables with sudo apt-get install liblouis-data"
        return f"{head} Install liblouis again from {WEBSITE} with its tables, or set LOUIS_TABLEPATH to their folder."
    if missing == "library":
        head = "The liblouis library is missing, though its Python module is here."
        if platform.startswith("linux"):
            return f"{head} Install it with sudo apt-get install liblouis20"
        if platform == "darwin":
            return f"{head} Install it with Homebrew, brew install liblouis"
        return f"{head} Install liblouis for Windows from {WEBSITE}, and put its DLL folder on PATH."
    head = "liblouis is not installed."
    if platform.startswith("linux"):
        return f"{head} Install it with sudo apt-get install liblouis-data python3-louis"
    if platform == "darwin":
        return f"{head} Install it with Homebrew, brew install liblouis, and its Python module louis from {WEBSITE}."
    return f"{head} Install liblouis for Windows and its Python module louis from {WEBSITE}."


INSTALL_HINT = install_hint("module", platform="linux")


class BrailleUnavailable(RuntimeError):
    """liblouis or its tables cannot be loaded; ``str()`` says what is missing and how to install it."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message or install_hint())


class Grade(Enum):
    """Contracted UEB (grade 2, what most adult readers use) or uncontracted UEB (grade 1)."""

    CONTRACTED = "en-ueb-g2.ctb"
    UNCONTRACTED = "en-ueb-g1.ctb"

    @property
    def table(self) -> str:
        return self.value

    def __str__(self) -> str:
        return "contracted" if self is Grade.CONTRACTED else "uncontracted"


def module_on_disk(name: str) -> bool:
    """True if the Python module ``name`` is there, whether or not it can be loaded."""
    try:
        if importlib.util.find_spec(name) is not None:
            return True
    except (ImportError, ValueError):
        pass
    return any((folder / name / "__init__.py").is_file() for folder in DEBIAN_DIST_PACKAGES)


# How the louis module is found; tests replace them to act out a machine without liblouis.
_importer: Callable[[str], ModuleType | None] = import_system_package
_on_disk: Callable[[str], bool] = module_on_disk


def load_louis() -> ModuleType:
    """The ``louis`` module with its log silenced, or BrailleUnavailable saying what is missing."""
    try:
        louis = _importer("louis")
    except OSError:  # the module is there, but ctypes cannot load the liblouis library it needs
        louis = None
    if louis is None:
        raise BrailleUnavailable(install_hint("library" if _on_disk("louis") else "module"))
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
            raise BrailleUnavailable(install_hint("table", self.grade.table)) from e
        if not is_braille_ascii(cells):  # a character the table could not render as a cell
            bad = sorted({ch for ch in cells if not is_braille_ascii(ch)})
            raise ValueError(f"liblouis gave characters outside Braille ASCII: {bad!r} for {text!r}")
        return " ".join(cells.split())

    def unicode(self, text: str) -> str:
        """One paragraph of print as Unicode braille cells."""
        return to_unicode(self.brf(text))

    def back(self, brf: str) -> str:
        """Braille ASCII back to print, as liblouis reads it (for checking)."""
        text: str = self.louis.backTranslateString(self.tables, brf)
        return text


def load_translator(grade: Grade = Grade.CONTRACTED) -> Translator:
    """A translator for ``grade``, checked to work; BrailleUnavailable if liblouis or its tables are missing."""
    louis = load_louis()
    for table in (grade.table, DISPLAY_TABLE):
        try:
            louis.checkTable([table])
        except RuntimeError as e:  # python3-louis without liblouis-data
            raise BrailleUnavailable(install_hint("table", table)) from e
    return Translator(louis, grade)
