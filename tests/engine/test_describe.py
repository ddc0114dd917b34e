"""Events in words: short sentences, the player first, cards grouped, private cards not spoken."""

from __future__ import annotations

from companion.engine.describe import describe
from companion.engine.events import Bought, Discarded, Drew, GameEndReason, GameOver, Gained, Score, Zone
from tests.engine.scene import Scene, card, cards


def test_events_read_as_sentences_with_names() -> None:
    names = ["Ana", "Ben"]
    assert describe(Drew(0, 3, tuple(cards("Copper*2, Estate"))), names) == "Ana drew 2 Coppers and an Estate."
    assert describe(Drew(0, 3, ()), names) == "Ana drew 3 cards."
    assert describe(Bought(1, card("Gold"), 6), names) == "Ben bought a Gold for 6 coins."
    assert describe(Gained(1, card("Silver"), Zone.HAND), names) == "Ben gained a Silver to their hand."
    hidden = Discarded(0, 2, card("Estate"), tuple(cards("Copper, Estate"))).seen_by(1)
    assert describe(hidden, names) == "Ana discarded 2 cards, Estate on top."
    over = GameOver(GameEndReason.PROVINCES, (Score(0, "Ana", 30, 17), Score(1, "Ben", 30, 17)), (0, 1))
    assert describe(over, names) == "Game over: Ana and Ben share the win. Ana 30 VP, Ben 30 VP. " \
                                    "The Province pile is empty."


def test_every_event_of_a_game_has_words_without_symbols() -> None:
    s = Scene(["Witch", "Library"]).set(0, hand="Witch, Copper*2", deck="Silver*3").set(1, hand="Moat, Copper*4")
    s.start(0).play("Witch").answer(False)
    s.treasures("Copper*2, Silver*2").answer("Silver")
    for e in s.game.log:
        text = str(e)
        assert text.endswith(".") and "(" not in text and "$" not in text and len(text.split()) <= 20
