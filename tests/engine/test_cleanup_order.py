"""Clean-up may hide the hand under the played cards: "The order does not matter; you can hide the cards from
your hand under the played cards if you want to." The games people start do (GameSetup.hide_hand), so the
public top of a discard pile is a card everyone saw played, not one its owner kept in hand. Simulations and
saves made before version 4 keep the hand on top, since the order changes the next shuffle."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.cards import catalogue
from companion.engine import Game, Purpose, dumps, loads
from tests.engine.scene import Scene, cards

CAT = catalogue()


def _turn(hand: str, played: str, hide: bool) -> Game:
    """Seat 0's turn from a hand of ``hand``: ``played`` Treasures played, nothing bought, then clean-up."""
    s = Scene()
    s.set(0, hand=hand, deck="Copper*5, Estate*5").set(1, hand="Copper*5", deck="Copper*5, Estate*5").start(0)
    game = Game(replace(s.game.setup, hide_hand=hide))
    assert game.pending is not None and game.pending.purpose is Purpose.PLAY_TREASURES, game.pending
    game.answer(tuple(cards(played)))
    if game.pending is not None and game.pending.purpose is Purpose.PLAY_TREASURES:
        game.answer(())
    assert game.pending is not None and game.pending.purpose is Purpose.BUY
    game.answer(())
    assert game.current == 1  # seat 0's clean-up is done
    return game


def test_played_cards_hide_the_hand() -> None:
    game = _turn("Copper*3, Estate*2", "Copper*3", hide=True)
    assert [c.name for c in game.players[0].discard] == ["Estate", "Estate", "Copper", "Copper", "Copper"]
    assert game.view(1).discard_top(0) is CAT["Copper"]  # what the other player sees: a card that was played


def test_without_hiding_the_hand_is_on_top_as_before() -> None:
    game = _turn("Copper*3, Estate*2", "Copper*3", hide=False)
    assert [c.name for c in game.players[0].discard] == ["Copper", "Copper", "Copper", "Estate", "Estate"]
    assert game.view(1).discard_top(0) is CAT["Estate"]


@pytest.mark.parametrize("hide", [True, False])
def test_with_no_card_played_the_hand_is_the_pile(hide: bool) -> None:
    game = _turn("Copper*3, Estate*2", "", hide=hide)
    assert sorted(c.name for c in game.players[0].discard) == ["Copper"] * 3 + ["Estate"] * 2
    assert game.view(1).discard_top(0) is game.players[0].discard[-1]


@pytest.mark.parametrize("hide", [True, False])
def test_with_the_whole_hand_played_the_played_cards_are_the_pile(hide: bool) -> None:
    game = _turn("Copper*4, Silver", "Copper*4, Silver", hide=hide)
    assert [c.name for c in game.players[0].discard] == ["Copper"] * 4 + ["Silver"]


def test_no_card_of_these_sets_acts_at_clean_up() -> None:
    """Seaside's Treasury or Alchemy's Alchemist would go on the deck at clean-up; no card of the base set or
    Prosperity does anything then, so the order of the hand and the played cards is all clean-up decides."""
    acting = [c.name for c in CAT if any("clean-up" in line.lower() or "clean up" in line.lower()
                                         for line in (*c.text, *c.below_line))]
    assert acting == []


def test_a_saved_game_keeps_its_clean_up_order() -> None:
    game = _turn("Copper*3, Estate*2", "Copper*3", hide=True)
    data = json.loads(dumps(game))
    assert data["version"] == 4 and data["game"]["hide_hand"] is True
    again = loads(dumps(game))
    assert again.setup.hide_hand and again.players[0].discard == game.players[0].discard


def test_a_game_saved_before_version_4_replays_with_the_hand_on_top() -> None:
    game = _turn("Copper*3, Estate*2", "Copper*3", hide=False)
    data = json.loads(dumps(game))
    assert data["version"] == 3 and "hide_hand" not in data["game"]  # a game from a position: version 3
    again = loads(dumps(game))
    assert not again.setup.hide_hand and again.view(1).discard_top(0) is CAT["Estate"]
