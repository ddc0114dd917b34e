"""Five hints an experienced player called wrong, each on its own position, and the same kind of mistake
found elsewhere (Throne Room's worth in Poacher's and Vault's discards, the coins Artisan counts, Expand's
trash, Forge played with nothing to trash, Moat against the other Attacks)."""

from __future__ import annotations

from companion.bots.strong import StrongBot
from companion.engine import Purpose
from companion.game.coach import advice
from tests.engine.scene import Scene, card


def kept(options: tuple, discarded: tuple) -> list[str]:
    rest = list(options)
    for c in discarded:
        rest.remove(c)
    return sorted(c.name for c in rest)


def test_a_militia_discard_drops_a_throne_room_with_nothing_to_play() -> None:
    """It kept Throne Room with no other Action and threw away a Copper: 3 coins where 4 were there."""
    s = Scene(["Militia", "Throne Room", "Smithy"])
    s.set(0, hand="Militia, Copper*4", deck="Copper*5")
    s.set(1, hand="Throne Room, Copper, Copper, Copper, Silver", deck="Copper*5")
    s.start(0).play("Militia")
    d = s.expect(Purpose.DISCARD, "Militia", player=1).pending
    answer, said = advice(s.game, 1)
    assert kept(d.options, answer) == ["Copper", "Copper", "Silver"], said
    # with an Action to play twice it is the best card in the hand, and that Action needs no Action of its own
    s = Scene(["Militia", "Throne Room", "Smithy"])
    s.set(0, hand="Militia, Copper*4", deck="Copper*5")
    s.set(1, hand="Throne Room, Smithy, Copper, Copper, Estate", deck="Copper*5")
    s.start(0).play("Militia")
    d = s.expect(Purpose.DISCARD, "Militia", player=1).pending
    answer, said = advice(s.game, 1)
    assert kept(d.options, answer) == ["Copper", "Smithy", "Throne Room"], said


def test_poacher_discards_a_throne_room_with_nothing_to_play_too() -> None:
    s = Scene(["Poacher", "Throne Room", "Smithy", "Village"])
    s.set(0, hand="Poacher, Throne Room, Silver, Copper, Copper", deck="Copper*5").start(0)
    for pile in ("Smithy", "Village"):
        s.game.supply[card(pile)] = 0
    s.play("Poacher")
    d = s.expect(Purpose.DISCARD, "Poacher").pending
    assert kept(d.options, StrongBot().decide(s.game.view(0), d)) == ["Copper", "Copper", "Silver"]


def _buy_against(attack: str, coins: int = 3) -> tuple[tuple, str]:
    names = ["Smithy", "Moat", "Watchtower", attack, "Cellar", "Chapel", "Festival", "Laboratory", "Library", "Village"]
    if attack in names[:3]:
        names.append("Witch")
    s = Scene(names)
    s.set(0, hand="Copper*3, Estate*2", deck="Copper*4, Estate")
    s.set(1, hand="Copper*5", deck="Copper*5", discard=attack)
    s.start(0)
    s.game.turn.coins = coins
    bot = StrongBot()
    return bot.buy(s.game.view(0)), bot.why
