"""Small frictions a blind player meets at the table, each heard as a person would type it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accessibility import check_error
from tests.game.helpers import Typist
from tests.game.test_small_frictions import _position


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _table(tmp_path: Path, hand: str = "Cellar, Copper, Copper, Estate, Estate") -> Typist:
    t = Typist()
    t.start_at(tmp_path, _position(hand))
    return t


def test_play_a_name_not_near_any_card_in_hand_says_what_in_hand_can_be_played(tmp_path: Path) -> None:
    t = _table(tmp_path)
    out = t("play smity")  # Smithy is in the Supply, not in hand: no "Smithy, Mint or City"
    check_error(out, typed="smity")
    assert out == "Error, no card named 'smity' in your hand. Type play cellar or play copper.\n", out
    assert "Did you mean Copper?" in t("play coper")  # a near name in hand is still offered
    t("play cellar")
    t("none")
    assert t("play smity") == "Error, no card named 'smity' in your hand. Type play copper.\n"


@pytest.mark.parametrize("typed", ["buy nothing", "end", "done"])
def test_undo_after_ending_the_turn_says_it_took_back_ending_your_turn(tmp_path: Path, typed: str) -> None:
    t = _table(tmp_path)
    t(typed)
    assert t("undo").startswith("Took back ending your turn.\n")  # not "Took back end."


def test_a_bare_enter_is_no_error_at_a_turn_and_repeats_a_cards_question(tmp_path: Path) -> None:
    t = _table(tmp_path)
    assert t("") == "" and t("   ") == ""  # as at the plain prompt: the prompt again, nothing else
    asked = t("play cellar").split("\n", 1)[1]
    again = t("")
    assert not again.startswith("Error") and again.replace("\n", " ") == asked.replace("\n", " "), again
    assert t("none").startswith("Cellar, none.")  # the Enter answered nothing


def test_status_of_a_name_at_no_seat_names_the_others_not_you(tmp_path: Path) -> None:
    out = _table(tmp_path)("status ben")
    check_error(out, typed="status ben")
    assert out == "Error, 'status ben', no player is named that. Type status, or status and Big Money.\n", out


def test_options_says_how_to_hear_the_cards_it_leaves_off_and_options_all_names_them(tmp_path: Path) -> None:
    t = _table(tmp_path, "Copper, Copper, Copper, Copper, Estate")
    out = t("options")
    assert out.rstrip().endswith("Silver or 6 more, or end. Type options all to hear them."), out
    every = t("options all")
    assert "more" not in every and "Moat" in every and every.rstrip().endswith("or Copper, or end."), every


def test_estates_at_cellar_discards_both_estates(tmp_path: Path) -> None:
    t = _table(tmp_path)
    t("play cellar")
    out = t("estates")
    assert out.startswith("Discarded 2 Estates"), out


def test_a_card_too_dear_at_workshop_says_its_cost_and_the_limit(tmp_path: Path) -> None:
    t = _table(tmp_path, "Workshop, Copper, Copper, Estate, Estate")
    t("play workshop")
    out = t("DUCHIES")
    check_error(out, typed="DUCHIES")
    assert out.startswith("Error, 'DUCHIES', Duchy costs 5 coins. You may gain a card costing up to 4 coins."), out
    assert t("silver").startswith("Gained Silver.")  # the refusal changed nothing
