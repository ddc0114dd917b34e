"""Rule edges of the 2nd edition that a card's plain reading gets wrong (issue 11, item 8)."""

from __future__ import annotations

from companion.engine import Purpose
from companion.engine.events import TookVP, Trashed

from tests.engine.scene import Scene


def _investment_twice(first: str, second: str) -> Scene:
    """An Investment already in play (it chose +1 coin), then Tiara plays a second one twice."""
    s = Scene(["Tiara", "Investment"]).set(0, hand="Investment*2, Tiara, Estate*2, Copper, Silver, Gold").start(0)
    s.treasures("Investment").expect(Purpose.TRASH, "Investment").answer("Estate")
    s.expect(Purpose.CHOOSE, "Investment").answer("coin")
    s.treasures("Tiara").expect(Purpose.PLAY, "Tiara").answer("Investment")
    s.expect(Purpose.TRASH, "Investment").answer("Estate")
    s.expect(Purpose.CHOOSE, "Investment").answer(first)
    s.expect(Purpose.TRASH, "Investment").answer("Copper")
    s.expect(Purpose.CHOOSE, "Investment")
    assert s.pending.options == ("coin", "trash")  # offered even when it cannot be done
    s.answer(second)
    return s


def test_tiara_investment_trashed_on_the_first_play_cannot_be_trashed_again() -> None:
    s = _investment_twice("trash", "trash")
    ps = s.game.players[0]
    # The first play trashed that Investment for +2 VP (Copper and Silver, Gold: 3 names in hand).
    assert [e.amount for e in s.events(TookVP)] == [3]
    assert ps.vp_tokens == 3
    # The second "trash this" did nothing: the other Investment stays in play.
    assert s.zone(0, "play").count("Investment") == 1
    assert [e.card.name for e in s.events(Trashed)] == ["Estate", "Estate", "Investment", "Copper"]
    assert s.coins == 1


def test_tiara_investment_first_play_coin_second_play_trashes_that_card_once() -> None:
    s = _investment_twice("coin", "trash")
    assert s.game.players[0].vp_tokens == 2  # Silver and Gold left in hand after trashing the Copper
    assert s.zone(0, "play").count("Investment") == 1  # the first Investment stays in play
    assert s.trash.count("Investment") == 1
    assert s.coins == 2


def test_tiara_investment_coin_twice() -> None:
    s = _investment_twice("coin", "coin")
    assert s.coins == 3 and s.game.players[0].vp_tokens == 0 and s.trash.count("Investment") == 0


def test_investment_played_once_offers_trash_and_does_it() -> None:
    s = Scene(["Investment"]).set(0, hand="Investment, Estate, Silver").start(0).treasures("Investment")
    s.expect(Purpose.TRASH, "Investment").answer("Estate")
    s.expect(Purpose.CHOOSE, "Investment").answer("trash")
    assert s.trash == ["Estate", "Investment"] and s.game.players[0].vp_tokens == 1


def _merchant_after_silver_left_play(first_silver: bool) -> Scene:
    """Silver played, then trashed from play by gaining Mint (War Chest played by Crystal Ball);
    then a second Crystal Ball plays Merchant, and a Silver is played."""
    kingdom = ["Merchant", "Mint", "War Chest", "Crystal Ball"]
    hand = "Silver*2, Crystal Ball*2" if first_silver else "Silver, Crystal Ball*2, Copper"
    s = Scene(kingdom).set(0, hand=hand, deck="War Chest, Merchant, Estate").start(0)
    s.treasures("Silver" if first_silver else "Copper")
    s.treasures("Crystal Ball").expect(Purpose.CHOOSE, "Crystal Ball").answer("play")
    s.expect(Purpose.NAME, "War Chest", player=1).answer(s.game.supply_cards()[0])
    s.expect(Purpose.GAIN, "War Chest").answer("Mint")
    assert "Silver" not in s.zone(0, "play") and "Copper" not in s.zone(0, "play")
    s.treasures("Crystal Ball").expect(Purpose.CHOOSE, "Crystal Ball").answer("play")
    assert "Merchant" in s.zone(0, "play")
    return s


def test_merchant_counts_a_silver_played_this_turn_even_after_it_left_play() -> None:
    s = _merchant_after_silver_left_play(first_silver=True)
    before = s.coins
    s.treasures("Silver")
    assert s.coins == before + 2  # not the first Silver played this turn: no +1


def test_merchant_pays_on_the_first_silver_when_none_was_played_before() -> None:
    s = _merchant_after_silver_left_play(first_silver=False)
    before = s.coins
    s.treasures("Silver")
    assert s.coins == before + 3


def test_merchant_pays_once_for_two_silvers_played_at_once() -> None:
    s = Scene().set(0, hand="Merchant, Silver*2, Copper", deck="Estate").start(0).play("Merchant")
    s.treasures("Silver*2, Copper")
    assert s.coins == 6
