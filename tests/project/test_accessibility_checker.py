"""The accessibility checker must catch what the guide forbids, and pass what it allows."""

from __future__ import annotations

import pytest

from tests.accessibility import (
    check_error, check_response, error_problems, escape_sequences, response_problems, sgr_sequences,
)


def test_a_good_response_passes() -> None:
    check_response("Village, 3 coins, Action.\n+1 Card, +2 Actions.\n", key="3 coins")
    check_response("Village, 3 coins.\n", verbosity="brief")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("\x1b[1mVillage\x1b[0m\n", "escape"),
        ("Village\n\u2500\u2500\u2500\n", "glyph"),
        ("Working\rDone\n", "carriage return"),
        ("Village", "newline"),
        ("Name      Cost\n", "columns"),
        ("  Village\n", "indented"),
        ("Village --- 3 coins\n", "punctuation"),
        ("Village -> 3 coins\n", "arrow"),
        ("Village costs $3.\n", "dollar"),
        ("Hand: Copper, Copper, Estate.\n", "repeats a card"),
        ("Hand: C1 C1 E1.\n", "repeats a card"),
        ("This first sentence goes on and on with far too many words before it ever stops.\n", "first sentence"),
        ("A" * 41 + ". More.\n", "first line"),  # a long first line that could break between its sentences
        ("One.\nTwo.\nThree.\nFour.\nFive.\nSix.\n", "lines"),
        ("Short. " + "word " * 40 + "\n", "words"),
        ("One.\n\nTwo.\n", "blank line"),
        ("Bell\x07.\n", "control"),
    ],
)
def test_each_problem_is_caught(text: str, problem: str) -> None:
    problems = response_problems(text)
    assert any(problem in p for p in problems), problems
    with pytest.raises(AssertionError):
        check_response(text)


def test_brief_allows_fifteen_words_and_listing_lifts_the_limits() -> None:
    assert response_problems("Village. " + "a " * 15 + "\n", verbosity="brief")
    long_list = "26 kingdom cards:\n" + ", ".join(f"Card{n}" for n in range(45)) + ".\n"
    assert response_problems(long_list)
    assert not response_problems(long_list, listing=True)


def test_key_fact_must_lead() -> None:
    assert response_problems("Well, you see, it happens that Village costs 3 coins.\n", key="3 coins")
    assert not response_problems("3 coins. Village.\n", key="3 coins")


def test_errors() -> None:
    check_error("Error, no card named 'Vilage'. Did you mean Village?\n", typed="Vilage")
    assert any("quote" in p for p in error_problems('Error, no such card. Type cards.\n', typed="vilage"))
    assert any("start with" in p for p in error_problems('No card "x". Type cards.\n', typed="x"))
    assert any("instead" in p for p in error_problems('Error, no card "x".\n', typed="x"))
    assert any("usage" in p for p in error_problems('Error, usage: card [-h] NAME. Type help.\n'))
    assert any("words" in p for p in error_problems("Error, " + "word " * 30 + "Type help.\n"))


def test_escape_counting() -> None:
    raw = b"companion. \x1b[?25l\x1b[1mx\x1b[0m\x1b]0;title\x07\x1b=" + b"\x1b"
    assert len(escape_sequences(raw)) == 6
    assert sgr_sequences(raw) == ["\x1b[1m", "\x1b[0m"]
    assert escape_sequences(b"plain\r\n") == []
