"""Buying several cards at once when a card bought asks a question (Watchtower, Tiara)."""

from __future__ import annotations

from pathlib import Path

from tests.accessibility import check_error, check_response
from tests.game.helpers import Typist

WATCHTOWER = """Dominion position 1
kingdom: King's Court, Forge, Expand, Bishop, Vault, Mint, Watchtower, Clerk, Charlatan, Anvil
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  10 King's Court, 10 Forge, 10 Expand, 10 Bishop, 10 Vault, 10 Mint, 10 Watchtower, 10 Clerk, 10 Charlatan, 10 Anvil
players: 2
turn: player 1
phase: treasures
buys: 2
player 1 hand: Watchtower, Gold, Gold, Copper, Copper
player 1 deck: Gold, Copper, Silver, Estate, Copper
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


def test_two_buys_when_the_first_card_asks_a_question_say_why_and_change_nothing(tmp_path: Path) -> None:
    """With 2 buys, "buy silver silver" was refused as "you have 2 buys, not 2": Watchtower asks about
    the first Silver before the second can be bought."""
    t = Typist()
    t.start_at(tmp_path, WATCHTOWER)
    before = t.snapshot()
    out = t("buy silver silver")
    check_error(out, typed="buy silver silver")
    assert "Watchtower asks about Silver first" in out and "Type buy silver" in out
    assert "2 buys, not 2" not in out
    assert t.snapshot() == before
    out = t("buy silver silver silver")
    assert "you have 2 buys, not 3" in out
    assert t.snapshot() == before
    out = t("buy silver")
    check_response(out)
    assert "Watchtower, choose for Silver." in out
