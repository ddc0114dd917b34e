"""The operator's event lines and the cleaning of strangers' text."""

from __future__ import annotations

import io
import json
import unicodedata

from hypothesis import given, strategies as st

from companion.net.clean import BIDI, MAX_MARKS, clean, printable
from companion.server import events


def test_an_event_is_one_json_line_without_secrets() -> None:
    stream = io.StringIO()
    events.configure(stream)
    try:
        events.emit("sit", game="g1", name="Ana", address="127.0.0.2", token="abc", password="hunter22", code="123")
    finally:
        events.LOGGER.handlers.clear()
        events._handler = None
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["event"] == "sit" and record["name"] == "Ana" and record["address"] == "127.0.0.2"
    assert "token" not in record and "password" not in record and "code" not in record
    assert "hunter22" not in lines[0] and "abc" not in lines[0]


def test_clean_removes_what_a_terminal_would_act_on() -> None:
    attack = "Ana\x1b[2K\x1b[1GThe server stopped\x1b]0;title\x07\x08\u202e\u2066 says\x7f\x9b hi"
    cleaned = clean(attack)
    assert "\x1b" not in cleaned and "\x07" not in cleaned and "\x08" not in cleaned and "\x7f" not in cleaned
    assert "\x9b" not in cleaned and not any(ch in BIDI for ch in cleaned)
    assert cleaned.startswith("Ana[2K[1GThe server stopped]0;title says")


def test_clean_bounds_combining_marks_and_folds_space() -> None:
    assert unicodedata.normalize("NFD", clean("a" + "\u0301" * 40 + "  b\n\tc")) == "a" + "\u0301" * MAX_MARKS + " b c"
    assert clean("\u0301\u0301x") == "x"
    assert clean("  Ana  ", limit=2) == "An"


def test_printable_keeps_line_ends_only() -> None:
    assert printable("one\x1b[2K\ntwo\x07") == "one[2K\ntwo"


@given(st.text())
def test_clean_never_leaves_a_control(text: str) -> None:
    out = clean(text)
    assert all(ord(ch) >= 0x20 and not 0x7F <= ord(ch) <= 0x9F and ch not in BIDI for ch in out)
    assert clean(out) == out
