"""Text from strangers made safe to show and to speak: chat, names and game names.

A terminal acts on control characters (ESC starts a sequence that can erase a line or set the window's
title, which a screen reader announces; BEL, backspace and carriage return move or sound), and bidi
overrides and isolates turn the order a line is read in. None of them belongs in a name or a sentence, so
:func:`clean` removes every C0 and C1 control character, DEL, and the bidi overrides and isolates
(U+202A to U+202E, U+2066 to U+2069), turns tabs and line ends into spaces, and keeps at most
:data:`MAX_MARKS` combining marks on one letter (a "zalgo" name can otherwise fill a braille line with
marks). The server cleans what it receives; the terminal client cleans what it prints as well.
"""

from __future__ import annotations

import re
import unicodedata

MAX_MARKS = 2  # combining marks kept after one base character; real scripts need one or two
BIDI = frozenset(chr(c) for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
_SPACES = re.compile(r"[ \t\n\r\v\f\u0085\u2028\u2029]+")


def is_control(ch: str) -> bool:
    """True for a character a terminal or a screen reader would act on rather than show."""
    return unicodedata.category(ch) == "Cc" or ch in BIDI


def clean(text: str, *, limit: int | None = None) -> str:
    """``text`` with controls and bidi overrides removed, white space folded to single spaces, marks bounded.

    The result is NFC-normalised and stripped; with ``limit``, cut to at most that many characters.
    """
    text = _SPACES.sub(" ", unicodedata.normalize("NFD", text))
    text = _SPACES.sub(" ", "".join(ch for ch in text if not is_control(ch)))  # "a \x1b b" folds to one space
    out: list[str] = []
    marks = 0
    for ch in text:
        if unicodedata.combining(ch):
            marks += 1
            if marks > MAX_MARKS or not out or out[-1] == " ":  # a mark on nothing, or on a space
                continue
        else:
            marks = 0
        out.append(ch)
    result = unicodedata.normalize("NFC", "".join(out)).strip()
    if limit is not None:
        result = result[:limit].rstrip()
    return result


def printable(text: str) -> str:
    """What a terminal may write of a line it received: every control character but the line end removed."""
    return "\n".join(clean_line(part) for part in text.split("\n"))


def clean_line(line: str) -> str:
    """One received line without control characters or bidi overrides (tabs become spaces)."""
    return "".join(" " if ch == "\t" else ch for ch in line if ch == "\t" or not is_control(ch))
