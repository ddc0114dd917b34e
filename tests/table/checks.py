"""Accessibility checks for one response, from docs' checklist (a shared checker will replace these).

Each check returns a list of problems (empty when the response is fine), so a failing test says what and where.
"""

from __future__ import annotations

import re

ESCAPE = re.compile(r"\x1b|\x9b")
GLYPHS = re.compile(r"[\u2500-\u25ff\u2800-\u28ff]")
PUNCT_RUN = re.compile(r"([^\w\s])\1\1")
FIRST_LINE = 40
LONG_SETUP = ("Take out ", "Kingdom", "Basic: ", "Reference cards", "With ", "Each player", "Turn order")


def problems(command: str, response: str) -> list[str]:
    """What is wrong with ``response`` to ``command``: escapes, glyphs, columns, a long first line, bad errors."""
    found: list[str] = []
    if not response.endswith("\n"):
        found.append("does not end with a newline")
    if ESCAPE.search(response):
        found.append("has an escape sequence")
    if GLYPHS.search(response):
        found.append("has a box-drawing or braille glyph")
    if "\r" in response or "\b" in response:
        found.append("has a carriage return or backspace")
    if "$" in response:
        found.append("says money with $")
    lines = response.rstrip("\n").split("\n")
    for line in lines:
        if "   " in line:
            found.append(f"has 3 spaces in a row: {line!r}")
        if line.startswith("  "):
            found.append(f"is indented: {line!r}")
        if PUNCT_RUN.search(line) or "->" in line:
            found.append(f"has a run of punctuation or an arrow: {line!r}")
        if not line.strip():
            found.append("has a blank line")
    first = lines[0]
    if first.startswith("Error:"):
        found += error_problems(command, response)
    elif len(first) > FIRST_LINE:
        found.append(f"first line is over {FIRST_LINE} characters: {first!r}")
    return found


def error_problems(command: str, response: str) -> list[str]:
    """An error starts with Error:, quotes what was typed, says what to type, stays under 25 words."""
    found = []
    text = response.strip()
    if not text.startswith("Error:"):
        found.append("error does not start with Error:")
    if "\n" in text:
        found.append("error is more than one line")
    quotes = re.findall(r'"([^"]*)"', text)
    typed = command.strip().lower().replace('"', "'")
    if not any(q.rstrip(".").lower().replace('"', "'") in typed for q in quotes if q):
        found.append(f"error does not quote what was typed ({command!r})")
    if not re.search(r"\b([Tt]ype|Choose|Name|Give|Use|Separate|Close)\b", text):
        found.append("error does not say what to type instead")
    words = len(text.split())
    if words >= 25:
        found.append(f"error has {words} words, 25 or more")
    if "usage" in text.lower():
        found.append("error shows a usage dump")
    return found


def word_count(response: str) -> int:
    return len(response.split())
