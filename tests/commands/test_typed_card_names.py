"""Card names as a person types them at their turn: plurals, and a name of a card that is not there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accessibility import check_response
from tests.game.helpers import Typist


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _position(hand: str, kingdom: str = "Worker's Village", buys: int = 1) -> str:
    return f"""Dominion position 1
kingdom: Cellar, Moat, Merchant, {kingdom}, Workshop, Militia, Remodel, Smithy, Market, Throne Room
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse, 10 Cellar, 10 Moat, 10 Merchant, \
10 {kingdom}, 10 Workshop, 10 Militia, 10 Remodel, 10 Smithy, 10 Market, 10 Throne Room
trash: none
players: 2
turn: player 1
phase: action
actions: 1
buys: {buys}
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


def test_buy_village_where_only_workers_village_is_says_which_card_it_bought(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Copper, Copper, Copper, Copper, Estate"))
    out = t("buy village")
    check_response(out)
    assert out.startswith("Village is not in this game.\nBought Worker's Village.\n"), out


def test_play_village_with_only_workers_village_in_hand_says_which_card_it_played(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Worker's Village, Copper, Copper, Estate, Copper"))
    out = t("play village")
    check_response(out)
    assert out.startswith("Village is not in your hand.\nPlayed Worker's Village"), out


def test_the_card_named_is_bought_without_a_note(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Copper, Copper, Copper, Copper, Estate", kingdom="Village"))
    out = t("buy village")
    assert out.startswith("Bought Village.\n"), out
    t.start_at(tmp_path, _position("Copper, Copper, Copper, Copper, Estate"))
    assert t("buy workers village").startswith("Bought Worker's Village.\n")


@pytest.mark.parametrize("typed, bought", [
    ("buy 2 silvers", "bought 2 silvers."), ("buy villages", "bought village."),
    ("buy coppers", "bought copper."), ("buy Silvers", "bought silver."), ("buy 2 Coppers", "bought 2 coppers."),
])
def test_buy_takes_a_plural(tmp_path: Path, typed: str, bought: str) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Gold, Gold, Copper, Copper, Estate", kingdom="Village", buys=2))
    out = t(typed)
    assert not out.startswith("Error") and bought in out.lower(), out


def test_a_misspelled_buy_suggests_only_cards_of_this_game(tmp_path: Path) -> None:
    """"buy smity" in a game with Smithy suggested "Smithy, Mint or City": two cards not in the game."""
    t = Typist()
    t.start_at(tmp_path, _position("Copper, Copper, Copper, Copper, Estate", kingdom="Village"))
    before = t.snapshot()
    out = t("buy smity")
    assert out == "Error, no card named 'smity'. Did you mean Smithy?\n", out
    assert t.snapshot() == before


def test_gain_answers_a_card_that_asks_what_to_gain(tmp_path: Path) -> None:
    """At Remodel's "gain 1", "gain silvers" is how it is said; it was "'gain' works at a table, not in a game"."""
    t = Typist()
    t.start_at(tmp_path, _position("Remodel, Estate, Copper, Copper, Copper", kingdom="Village"))
    before = t.snapshot()
    out = t("gain silver")
    assert out == "Error, 'gain silver', no card asks you to gain now. Type buy and a card to buy one.\n", out
    assert t.snapshot() == before
    t("play remodel")
    t("trash estate")
    before = t.snapshot()
    assert t("gain").startswith("Error, gain needs a card.")
    assert t.snapshot() == before
    out = t("GAIN Silvers")
    check_response(out)
    assert out.startswith("Gained Silver.\n"), out
