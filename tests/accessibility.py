"""The accessibility checks of docs/shared accessibility guide, section 5, as functions every area's tests use.

Usage in a test::

    from tests.accessibility import check_response, check_error

    check_response(out)                       # a normal response, default verbosity
    check_response(out, verbosity="brief")    # at most 15 words
    check_response(out, listing=True)         # a list the user asked for: no word or line limit
    check_response(out, key="coins")          # "coins" must be among the first 5 words
    check_error(out, typed="vilage")          # Error, ..., quotes "vilage", says what to type

Each ``check_*`` raises AssertionError naming every problem found; each ``*_problems`` function returns
the problems as a list of sentences instead (empty when the text passes). Text is the exact output,
newlines included. ``escape_sequences(raw)`` and ``sgr_sequences(raw)`` count terminal escapes in raw
bytes captured from a real terminal (tmux pipe-pane, script, a pty).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

VERBOSITIES = ("brief", "normal", "full")
MAX_WORDS = {"brief": 15, "normal": 40, "full": None}
MAX_LINES = {"brief": 5, "normal": 5, "full": None}
FIRST_SENTENCE_WORDS = 12
KEY_WITHIN_WORDS = 5
FIRST_LINE_CHARS = 40
ERROR_MAX_WORDS = 25

# ECMA-48: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), other two-byte escapes; 8-bit CSI too.
_ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"          # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[PX^_][^\x1b]*\x1b\\"       # DCS, SOS, PM, APC
    r"|\x1b[ -/]*[0-~]"                # two-byte and nF escapes (ESC =, ESC >, ESC 7 ...)
    r"|\x9b[0-?]*[ -/]*[@-~]"          # 8-bit CSI
)
_SGR = re.compile(r"\x1b\[[0-9;:]*m|\x9b[0-9;:]*m")
_GLYPHS = re.compile(
    "[\u2500-\u25ff"            # box drawing, block elements, geometric shapes
    "\u2800-\u28ff"             # braille patterns (spinners)
    "\u2190-\u21ff"             # arrows
    "\u2600-\u27bf"             # miscellaneous symbols, dingbats
    "\U0001f000-\U0001faff"     # emoji and pictographs
    "\ufe0f]"                   # emoji presentation selector
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # every control character but tab and newline
_REPEATED_PUNCT = re.compile(r"([!-/:-@\[-`{-~])\1\1")
_ARROWS = re.compile(r"->|<-|=>|<=>|-->|>>|<<")
_DOLLAR = re.compile(r"\$\s?\d")
_SENTENCE_END = re.compile(r"(?<=[.?!:;])\s+|\n")
_USAGE = re.compile(r"(?im)^\s*usage:|\[-h\]|--help\b|Traceback \(most recent call last\)")
_INSTEAD = re.compile(
    r"(?i)\b(type|did you mean|try|choose|say|use|give|answer|start|add|pick|close|wait|ask|check|"
    r"remove|shorten|retype|enter|run|name)\b"
)


def _text(text: str | bytes) -> str:
    return text.decode("utf-8", "replace") if isinstance(text, bytes) else text


def words(text: str) -> list[str]:
    return text.split()


def first_sentence(text: str) -> str:
    """The first sentence: up to the first full stop, question mark, colon, semicolon or line end."""
    stripped = text.strip()
    return _SENTENCE_END.split(stripped, maxsplit=1)[0] if stripped else ""


def escape_sequences(raw: str | bytes) -> list[str]:
    """Every terminal escape sequence in ``raw``, in order; a lone ESC counts as one too."""
    text = _text(raw)
    found = [m.group(0) for m in _ESCAPE.finditer(text)]
    lone = _ESCAPE.sub("", text).count("\x1b")
    return found + ["\x1b"] * lone


def sgr_sequences(raw: str | bytes) -> list[str]:
    """Select Graphic Rendition sequences (colour, bold, underline, reverse): none are allowed."""
    return _SGR.findall(_text(raw))


@lru_cache(maxsize=1)
def _card_words() -> tuple[re.Pattern[str], ...]:
    from companion.cards import catalogue

    names = [re.escape(c.name) for c in catalogue().cards] + [re.escape(c.code) for c in catalogue().cards if c.code]
    alternatives = "|".join(sorted(names, key=len, reverse=True))
    return (re.compile(rf"\b({alternatives})(?:(?:,\s*|\s+|\s+and\s+)\1\b)+"),)


def common_problems(text: str | bytes, *, allow_braille: bool = False, allow_empty: bool = False) -> list[str]:
    """Checks 1 to 5 and 10 of the guide: what no output may contain, whatever it is."""
    text = _text(text)
    problems: list[str] = []
    if not text:
        if not allow_empty:
            problems.append("the response is empty")
        return problems
    if "\x1b" in text or "\x9b" in text:
        problems.append(f"escape sequences: {escape_sequences(text)[:5]!r}")
    glyph_text = text if not allow_braille else re.sub("[\u2800-\u28ff]", "", text)
    glyphs = _GLYPHS.findall(glyph_text)
    if glyphs:
        problems.append(f"box-drawing, arrow, braille-spinner or emoji glyphs: {sorted(set(glyphs))!r}")
    if re.search(r"\r(?!\n)", text):
        problems.append("a carriage return without a newline (a redraw)")
    if "\b" in text:
        problems.append("a backspace (a redraw)")
    controls = set(_CONTROL.findall(text.replace("\r\n", "\n"))) - {"\x1b", "\x9b", "\b", "\r"}
    if controls:
        problems.append(f"control characters: {sorted(controls)!r}")
    if not text.endswith("\n"):
        problems.append("the response does not end with a newline")
    for n, line in enumerate(text.rstrip("\n").split("\n"), 1):
        line = line.rstrip("\r")
        if re.search(r"\S {3,}\S", line) or "\t" in line:
            problems.append(f"line {n} has columns (3 or more spaces, or a tab): {line[:50]!r}")
        if line.startswith("  "):
            problems.append(f"line {n} is indented: {line[:50]!r}")
        if line != line.rstrip():
            problems.append(f"line {n} has trailing spaces: {line[:50]!r}")
        if _REPEATED_PUNCT.search(line):
            problems.append(f"line {n} has a run of punctuation: {_REPEATED_PUNCT.search(line).group(0)!r}")
        if _ARROWS.search(line):
            problems.append(f"line {n} has an arrow: {_ARROWS.search(line).group(0)!r}")
        if _DOLLAR.search(line):
            problems.append(f"line {n} writes money with a dollar sign; say N coins: {line[:50]!r}")
        for pattern in _card_words():
            m = pattern.search(line)
            if m:
                problems.append(f"line {n} repeats a card instead of counting it: {m.group(0)!r}")
    if re.search(r"\n\s*\n", text.strip("\n")):
        problems.append("a blank line inside the response")
    return problems


def _sentences_inside(line: str) -> bool:
    """Whether a line holds a sentence end with more after it ("Score. 3 VP. Your turn.")."""
    return re.search(r"[.?!] \S", line) is not None


def response_problems(
    text: str | bytes,
    verbosity: str = "normal",
    *,
    key: str | Iterable[str] | None = None,
    listing: bool = False,
    max_words: int | None = None,
    max_lines: int | None = None,
    first_line_chars: int | None = FIRST_LINE_CHARS,
    allow_braille: bool = False,
) -> list[str]:
    """Every problem with one response (what a command printed).

    ``key``: a word (or several; any one will do) that must be among the first 5 words of the first sentence.
    ``listing``: the user asked for a list (cards, rule, review...): the word and line limits do not apply,
    but the first sentence still must be short and lead with the fact.
    ``max_words``/``max_lines`` override the verbosity's limits.
    """
    if verbosity not in VERBOSITIES:
        raise ValueError(f"verbosity must be one of {VERBOSITIES}, not {verbosity!r}")
    text = _text(text)
    problems = common_problems(text, allow_braille=allow_braille)
    if not text.strip():
        return problems
    body = text.rstrip("\n")
    lines = body.split("\n")
    sentence = first_sentence(body)
    if len(words(sentence)) > FIRST_SENTENCE_WORDS:
        problems.append(f"the first sentence has {len(words(sentence))} words (at most {FIRST_SENTENCE_WORDS}): {sentence!r}")
    if key is not None:
        keys = [key] if isinstance(key, str) else list(key)
        lead = " ".join(words(sentence)[:KEY_WITHIN_WORDS]).lower()
        if not any(k.lower() in lead for k in keys):
            problems.append(f"the key fact {keys!r} is not in the first {KEY_WITHIN_WORDS} words: {lead!r}")
    if first_line_chars is not None and len(lines[0]) > first_line_chars and _sentences_inside(lines[0]):
        # a longer first line is one sentence, never broken inside (each line is heard as its own utterance)
        problems.append(f"the first line has {len(lines[0])} characters (at most {first_line_chars}) and could "
                        f"break between its sentences: {lines[0]!r}")
    if not listing:
        word_limit = max_words if max_words is not None else MAX_WORDS[verbosity]
        line_limit = max_lines if max_lines is not None else MAX_LINES[verbosity]
        if word_limit is not None and len(words(body)) > word_limit:
            problems.append(f"{len(words(body))} words at {verbosity} verbosity (at most {word_limit})")
        if line_limit is not None and len(lines) > line_limit:
            problems.append(f"{len(lines)} lines at {verbosity} verbosity (at most {line_limit})")
    return problems


def error_problems(text: str | bytes, typed: str | None = None) -> list[str]:
    """Every problem with an error message (check 9): ``typed`` is what the user typed that was wrong,
    or None when the error is about something not typed (then the quote is not required).
    """
    text = _text(text)
    problems = common_problems(text)
    body = text.strip()
    if not body.startswith("Error,"):
        problems.append(f"an error must start with 'Error,': {body[:50]!r}")
    if "\n" in body:
        problems.append("an error must be one line")
    if len(words(body)) >= ERROR_MAX_WORDS:
        problems.append(f"the error has {len(words(body))} words (under {ERROR_MAX_WORDS})")
    if _USAGE.search(body):
        problems.append("the error shows a usage dump or a traceback")
    if not _INSTEAD.search(body.removeprefix("Error,")):
        problems.append("the error does not say what to type instead")
    if typed is not None and typed.strip():
        quoted = re.findall(r"(?:^|\W)'(.*?)'(?:\W|$)", body)  # single quotes, which no screen reader reads at its default
        shown = "".join(ch if ch.isprintable() else "?" for ch in typed.strip()).lower()
        ok = any(q and (q.lower().rstrip(".") in shown or shown in q.lower()) for q in quoted)
        if not ok:
            problems.append(f"the error does not quote what was typed ({typed[:30]!r}) in single quotes")
    return problems


def check_response(text: str | bytes, verbosity: str = "normal", **options: object) -> None:
    """Assert that one response passes every check of the guide; see ``response_problems`` for options."""
    problems = response_problems(text, verbosity, **options)  # type: ignore[arg-type]
    assert not problems, "Not accessible:\n- " + "\n- ".join(problems) + f"\nOutput was:\n{_text(text)!r}"


def check_error(text: str | bytes, typed: str | None = None) -> None:
    """Assert that an error message passes every check of the guide (check 9 and the common ones)."""
    problems = error_problems(text, typed)
    assert not problems, "Not an accessible error:\n- " + "\n- ".join(problems) + f"\nOutput was:\n{_text(text)!r}"


def check_review(responses: Sequence[str], repeat_output: str | None = None, review_output: str | None = None,
                 n: int | None = None) -> None:
    """Check 11: ``repeat`` printed the last response byte for byte; ``review N`` the last N in order.

    ``responses`` are the responses printed before, oldest first, each exactly as printed.
    """
    if repeat_output is not None:
        assert repeat_output == responses[-1], f"repeat gave {repeat_output!r}, not {responses[-1]!r}"
    if review_output is not None:
        wanted = list(responses[-n:]) if n else list(responses)
        at = 0
        for r in wanted:
            found = review_output.find(r.rstrip("\n"), at)
            assert found >= 0, f"review does not hold {r!r} after position {at}: {review_output!r}"
            at = found + len(r.rstrip("\n"))


__all__ = [
    "check_error", "check_response", "check_review", "common_problems", "error_problems", "escape_sequences",
    "first_sentence", "response_problems", "sgr_sequences", "words",
]
