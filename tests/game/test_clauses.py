"""One verb for several different cards: "Trashed Estate and Curse.", not "trashed Estate, trashed Curse"."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.sentences import _collapse
from tests.accessibility import check_response
from tests.game.helpers import Typist

FORGE = """Dominion position 1
kingdom: King's Court, Forge, Expand, Bishop, Vault, Mint, Watchtower, Clerk, Charlatan, Anvil
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  10 King's Court, 10 Forge, 10 Expand, 10 Bishop, 10 Vault, 10 Mint, 10 Watchtower, 10 Clerk, 10 Charlatan, 10 Anvil
players: 2
turn: player 1
phase: action
player 1 hand: Forge, Estate, Curse, Copper, Silver
player 1 deck: Gold, Copper, Silver, Estate, Copper
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


def test_cards_trashed_together_are_one_clause(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, FORGE)
    t("play forge")
    out = t("estate curse copper")
    check_response(out)
    said = " ".join(out.split())
    assert "Trashed Estate, Curse and Copper, gained Estate." in said
    assert "trashed Estate, trashed" not in said


def test_collapse_counts_copies_and_lists_kinds_but_keeps_other_clauses() -> None:
    assert _collapse(["trashed Copper", "trashed Copper", "trashed Silver"]) == ["trashed 2 Coppers and Silver"]
    assert _collapse(["played Forge", "trashed Estate", "gained Estate", "gained Silver"]) == \
        ["played Forge", "trashed Estate", "gained Estate and Silver"]
    assert _collapse(["gained Gold into hand", "gained Silver"]) == ["gained Gold into hand", "gained Silver"]
    assert _collapse(["played Village", "played Smithy"]) == ["played Village", "played Smithy"]


BANDIT = """Dominion position 1
kingdom: Harbinger, Vassal, Poacher, Artisan, Bandit, Bureaucrat, Moneylender, Merchant, Throne Room, Moat
supply: 39 Copper, 40 Silver, 30 Gold, 12 Estate, 12 Duchy, 12 Province, 20 Curse,
  10 Harbinger, 10 Vassal, 10 Poacher, 10 Artisan, 9 Bandit, 10 Bureaucrat, 10 Moneylender, 10 Merchant,
  10 Throne Room, 10 Moat
players: 3
turn: player 1
phase: action
player 1 hand: Bandit, Copper, Silver, Estate, Copper
player 1 deck: Copper, Copper, Silver, Estate, Copper
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
player 3 hand: Copper, Copper, Silver, Estate, Estate
player 3 deck: Gold, Estate, Copper, Copper, Copper
"""


@pytest.mark.parametrize("verbosity", ["normal", "full"])
def test_two_players_hit_alike_each_keep_their_own_clauses(tmp_path: Path, verbosity: str) -> None:
    """Bandit on two players who each reveal Gold and Estate: each is said to trash a Gold (and, at full,
    to discard an Estate), not "Easy Bot revealed Gold and Estate, and Big Money revealed ..., trashed Gold"."""
    t = Typist(verbosity)
    t.start_at(tmp_path, BANDIT, "easy,bigmoney")
    said = t("play bandit")
    check_response(said, verbosity)
    out = " ".join(said.split())
    for who in ("Easy Bot", "Big Money"):
        assert f"{who} revealed Gold and Estate, trashed Gold" in out
        if verbosity == "full":
            assert f"{who} revealed Gold and Estate, trashed Gold, discarded Estate." in out
    assert "Estate, and " not in out


CLERK = """Dominion position 1
kingdom: King's Court, Forge, Expand, Bishop, Vault, Mint, Watchtower, Clerk, Charlatan, Anvil
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  10 King's Court, 10 Forge, 10 Expand, 10 Bishop, 10 Vault, 10 Mint, 10 Watchtower, 10 Clerk, 10 Charlatan, 10 Anvil
players: 2
turn: player 1
phase: start
player 1 turns: 2
player 2 turns: 1
player 1 hand: Clerk, Copper, Copper, Silver, Estate
player 1 deck: Gold, Copper, Silver, Estate, Copper
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


def test_clerk_played_at_the_start_of_a_turn_is_said_once(tmp_path: Path) -> None:
    """"Reacted with Clerk, played Clerk." said the one card twice."""
    t = Typist()
    out = t.start_at(tmp_path, CLERK)
    assert "Start of turn, play 1 or none. 1 Clerk." in out
    out = t("clerk")
    check_response(out)
    said = " ".join(out.split())
    assert said.startswith("Played Clerk.") and "reacted" not in said
    assert "Big Money put 1 card on the deck." in said
