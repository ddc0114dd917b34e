"""The smaller reasons hint gives: Forge's verb agrees with what it trashes, and Clerk's put-back counts the
coins the hand's Actions make (Charlatan's +3), not its Treasures' alone."""

from __future__ import annotations

from companion.engine import Purpose
from companion.game.coach import advice
from tests.engine.scene import Scene, card


def test_forge_says_estate_only_weakens_and_two_estates_weaken() -> None:
    s = Scene(["Forge"])
    s.set(0, hand="Forge, Estate, Copper*3", deck="Copper*5").start(0)
    s.play("Forge")
    answer, said = advice(s.game, 0)
    assert answer == (card("Estate"),)
    assert said.endswith("and Estate only weakens your deck.")
    s = Scene(["Forge"])
    s.set(0, hand="Forge, Estate, Estate, Copper*2", deck="Copper*5").start(0)
    s.play("Forge")
    assert advice(s.game, 0)[1].endswith("and 2 Estates only weaken your deck.")


def test_clerk_counts_a_charlatans_coins_in_the_hand_it_leaves() -> None:
    s = Scene(["Clerk", "Charlatan"])
    s.set(0, hand="Clerk, Copper*4", deck="Copper*5")
    s.set(1, hand="Charlatan, Silver, Copper, Copper, Estate", deck="Copper*5")
    s.start(0)
    s.expect(Purpose.START_OF_TURN).answer(())
    s.play("Clerk")
    answer, said = advice(s.game, 1)
    assert answer == (card("Copper"),), said
    assert "still has 6 coins without it" in said  # Charlatan 3, Silver 2, a Copper 1
