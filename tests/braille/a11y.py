"""Minimal accessibility checks from the accessibility guide, section 5, for braille command output.

A shared checker is being written elsewhere; this covers what our commands can get wrong meanwhile.
Each check returns a list of problems (empty when the output is fine), so a failure says what broke.
"""

from __future__ import annotations

import re

ESCAPE = re.compile(r"\x1b|\x9b")
GLYPHS = re.compile(r"[\u2500-\u25ff]")
BRAILLE_CELLS = re.compile(r"[\u2800-\u28ff]")
EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]")
REPEATED_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])\1\1")


def first_sentence(text: str) -> str:
    return re.split(r"(?<=[.?!])\s", text.strip(), maxsplit=1)[0]


def problems(output: str, *, braille: bool = False) -> list[str]:
    """What is wrong with one response as printed (``braille``: the user asked for Unicode braille)."""
    found: list[str] = []
    if not output.endswith("\n"):
        found.append("does not end with a newline")
    if ESCAPE.search(output):
        found.append("escape sequence")
    if "\b" in output or re.search(r"\r(?!\n)", output):
        found.append("redraw (carriage return or backspace)")
    if GLYPHS.search(output) or EMOJI.search(output):
        found.append("box-drawing, block or emoji glyph")
    if not braille and BRAILLE_CELLS.search(output):
        found.append("braille cells the user did not ask for")
    lines = output.rstrip("\n").split("\n")
    for line in lines:
        if "   " in line.strip(" ") or line.startswith("  "):
            found.append(f"columns or indentation: {line!r}")
        if REPEATED_PUNCTUATION.search(line) or "->" in line:
            found.append(f"repeated punctuation or arrow: {line!r}")
        if re.search(r"\$\d", line):
            found.append(f"money as $N: {line!r}")
    if braille:
        if len(lines[0]) > 40:
            found.append(f"first line over 40 cells: {lines[0]!r}")
        return found
    words = output.split()
    if len(first_sentence(output).split()) > 12:
        found.append(f"first sentence over 12 words: {first_sentence(output)!r}")
    if output.startswith("Error,"):
        if len(words) >= 25:
            found.append(f"error of {len(words)} words")
        if "usage:" in output.lower():
            found.append("usage dump")
    else:
        if len(lines[0]) > 40:
            found.append(f"first line over 40 characters: {lines[0]!r}")
        if len(words) > 40 or len(lines) > 5:
            found.append(f"{len(words)} words on {len(lines)} lines")
    return found
