"""Small frictions a player met by ear: each says what happened in words a careful editor would keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accessibility import check_response
from tests.game.helpers import Typist


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _position(hand: str) -> str:
    return f"""Dominion position 1
kingdom: Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market, Throne Room
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse, 9 Cellar, 10 Moat, 10 Merchant, \
10 Village, 10 Workshop, 10 Militia, 10 Remodel, 10 Smithy, 10 Market, 9 Throne Room
trash: none
players: 2
turn: player 1
phase: action
actions: 1
buys: 1
coins: 0
random: seed 1, setup, 0 draws
player 1 turns: 3
player 1 deck: 4 Copper, Estate
player 1 hand: {hand}
player 1 discard: Estate
player 2 turns: 2
player 2 deck: 5 Copper, 2 Estate
player 2 hand: 2 Copper, 3 Estate
player 2 discard: none
"""


def test_throne_room_with_no_action_to_double_says_why(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Throne Room, Copper, Copper, Estate, Copper"))
    out = t("play throne room")
    check_response(out)
    assert out.startswith("You played Throne Room.\nNo Action card to play with Throne Room.\n"), out
    t("undo")
    t.start_at(tmp_path, _position("Throne Room, Smithy, Copper, Estate, Copper"))
    assert "No Action card" not in t("play throne room")  # Smithy played twice: nothing to explain


def test_undo_of_an_answer_names_the_question_not_only_the_answer(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Cellar, Copper, Copper, Estate, Copper"))
    t("play cellar")
    t("none")
    out = t("undo")
    check_response(out)
    assert out.startswith("Took back your answer to Cellar: none.\n"), out


def test_learn_with_a_seed_in_other_numerals_says_what_to_type() -> None:
    t = Typist()
    out = t("learn --seed ²")
    assert out == 'Error: "learn --seed ²": "²" is not a number written with the digits 0 to 9. Type 2 instead.\n'
    assert t("learn --seed ٣").startswith("Your first game")  # digits of any script are digits
