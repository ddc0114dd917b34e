"""One-of questions (Crystal Ball, Investment): the prompt for two choices, and a choice that changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accessibility import check_response
from tests.game.helpers import Typist

TREASURES = """Dominion position 1
kingdom: Crystal Ball, Investment, Tiara, War Chest, Collection, Magnate, Quarry, Hoard, Vault, Bishop
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  10 Crystal Ball, 10 Investment, 10 Tiara, 10 War Chest, 10 Collection, 10 Magnate, 10 Quarry, 10 Hoard,
  10 Vault, 10 Bishop
players: 2
turn: player 1
phase: treasures
player 1 hand: Crystal Ball, Investment, Copper, Silver, Estate
player 1 deck: Estate, Copper, Silver, Estate, Copper
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


def _start(tmp_path: Path) -> Typist:
    t = Typist()
    t.start_at(tmp_path, TREASURES)
    return t


def test_leaving_crystal_balls_card_says_so_not_done(tmp_path: Path) -> None:
    t = _start(tmp_path)
    out = t("play crystal ball")
    assert "Crystal Ball, choose for Estate. 1 trash, 2 discard, 3 leave." in out
    out = t("leave")
    check_response(out)
    assert out.startswith("Crystal Ball, leave Estate.\n")
    assert t.act.game.players[0].deck[-1].name == "Estate"  # still on top (the end of the list)


def test_two_choices_are_prompted_as_1_or_2(tmp_path: Path) -> None:
    t = _start(tmp_path)
    t("play investment")
    out = t("estate")
    assert "Investment, choose. 1 coin, 2 trash." in out
    assert t.session.prompt == "choose 1 or 2. "


SENTRY = """Dominion position 1
kingdom: Harbinger, Vassal, Poacher, Artisan, Bandit, Bureaucrat, Moneylender, Merchant, Throne Room, Sentry
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  10 Harbinger, 10 Vassal, 10 Poacher, 10 Artisan, 10 Bandit, 10 Bureaucrat, 10 Moneylender, 10 Merchant,
  10 Throne Room, 10 Sentry
players: 2
turn: player 1
phase: action
player 1 hand: Sentry, Silver, Copper, Estate, Copper
player 1 deck: Gold, Copper, Estate, Silver
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


def test_sentrys_order_is_said_back_not_done(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, SENTRY)
    t("play sentry")  # draws Gold, looks at Copper and Estate
    t("keep")
    out = t("keep")
    assert "Sentry, order, top card first." in " ".join(out.split())
    out = t("2 1")
    check_response(out)
    assert out.startswith("Sentry, Estate on top, then Copper.\n")
    assert [c.name for c in t.act.game.players[0].deck[-2:]] == ["Copper", "Estate"]  # Estate on top (the end)


VAULT = """Dominion position 1
kingdom: Crystal Ball, Investment, Tiara, War Chest, Collection, Magnate, Quarry, Hoard, Vault, Bishop
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  10 Crystal Ball, 10 Investment, 10 Tiara, 10 War Chest, 10 Collection, 10 Magnate, 10 Quarry, 10 Hoard,
  10 Vault, 10 Bishop
players: 2
turn: player 2
phase: action
player 1 turns: 1
player 2 turns: 1
player 1 hand: HAND
player 1 deck: Gold, Copper, Silver, Estate, Copper
player 2 hand: Vault, Copper, Copper, Silver, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


@pytest.mark.parametrize("hand, offer", [("Copper, Copper, Copper, Estate, Estate", "discard 2 cards to draw 1"),
                                         ("Estate", "discard your 1 card, drawing nothing")])
def test_another_players_vault_says_what_is_offered(tmp_path: Path, hand: str, offer: str) -> None:
    """It asked only "Vault, discard? Yes or no.", without what is discarded or what it gives."""
    t = Typist()
    out = t.start_at(tmp_path, VAULT.replace("HAND", hand), "easy")
    check_response(out, listing=True)
    assert " ".join(out.split()).endswith(f"Vault, {offer}? Yes or no.")
