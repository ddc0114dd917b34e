"""A scenario for every base-set kingdom card and for every statement in the rulebook's card notes."""

from __future__ import annotations

import pytest

from companion.engine import ChooseCards, Purpose
from companion.engine.events import Discarded, Drew, Revealed, Shuffled
from companion.engine.scoring import victory_points
from tests.engine.scene import Scene, card


def test_artisan_gains_to_hand_up_to_5_then_puts_a_card_on_the_deck() -> None:
    s = Scene(["Artisan", "Laboratory"]).set(0, hand="Artisan, Copper", deck="Estate").start(0)
    s.play("Artisan").expect(Purpose.GAIN, "Artisan")
    options = {c.name for c in s.pending.options}
    assert "Laboratory" in options and "Gold" not in options and "Artisan" not in options  # 5 coins at most
    s.answer("Laboratory").expect(Purpose.TOPDECK, "Artisan")
    assert sorted(c.name for c in s.pending.options) == ["Copper", "Laboratory"]  # may be the gained card
    s.answer("Laboratory")
    assert s.deck_top(0, 2) == ["Laboratory", "Estate"] and s.hand(0) == ["Copper"]


def test_bandit_gains_gold_and_other_players_lose_a_non_copper_treasure_in_turn_order() -> None:
    s = Scene(["Bandit"], players=3)
    s.set(0, hand="Bandit", deck="Copper").set(1, deck="Silver, Gold, Estate").set(2, deck="Copper, Estate")
    s.start(0).play("Bandit")
    assert s.zone(0, "discard") == ["Gold"]
    s.expect(Purpose.TRASH, "Bandit", player=1)  # player 1 chooses which of Silver and Gold
    s.answer("Silver")
    assert s.trash == ["Silver"] and sorted(s.zone(1, "discard")) == ["Gold"] and s.deck_top(1) == ["Estate"]
    # player 2 revealed no Treasure but Copper: both discarded
    assert sorted(s.zone(2, "discard")) == ["Copper", "Estate"] and s.zone(2, "deck") == []
    assert [e.player for e in s.events(Revealed)] == [1, 2]


def test_bureaucrat_puts_a_victory_card_on_the_deck_or_reveals_the_hand() -> None:
    s = Scene(["Bureaucrat"], players=3)
    s.set(0, hand="Bureaucrat", deck="Copper").set(1, hand="Estate, Duchy, Copper").set(2, hand="Copper*2")
    s.start(0).play("Bureaucrat")
    assert s.deck_top(0, 2) == ["Silver", "Copper"]  # Silver gained onto the deck
    s.expect(Purpose.TOPDECK, "Bureaucrat", player=1).answer("Duchy")
    assert s.zone(1, "deck") == ["Duchy"]  # an empty deck: it becomes the only card
    reveals = s.events(Revealed)
    assert reveals[-1].player == 2 and [c.name for c in reveals[-1].cards] == ["Copper", "Copper"]


def test_cellar_draws_as_many_as_discarded_and_shuffles_them_in() -> None:
    s = Scene().set(0, hand="Cellar, Estate*2, Copper", deck="Silver").start(0)
    s.play("Cellar").expect(Purpose.DISCARD, "Cellar").answer(["Estate", "Estate", "Copper"])
    # 1 card on the deck, 3 to draw: the discarded cards are shuffled in
    assert len(s.game.players[0].hand) == 3 and s.events(Shuffled)[0].count == 3
    assert s.game.turn.actions == 1
    d = s.events(Discarded)[0]
    assert d.count == 3 and d.seen_by(1).cards == () and d.seen_by(1).top is not None


def test_chapel_trashes_up_to_4_and_not_itself() -> None:
    s = Scene(["Chapel"]).set(0, hand="Chapel, Copper*3, Estate*2").start(0)
    s.play("Chapel").expect(Purpose.TRASH, "Chapel")
    d = s.pending
    assert d.max == 4 and d.min == 0 and card("Chapel") not in d.options
    s.answer(["Estate", "Estate", "Copper"])
    assert s.trash == ["Copper", "Estate", "Estate"]


def test_council_room_other_players_draw_whether_they_want_or_not() -> None:
    s = Scene(["Council Room"], players=3)
    s.set(0, hand="Council Room", deck="Copper*4").set(1, deck="Gold").set(2, deck="Silver").start(0)
    s.play("Council Room")
    assert len(s.hand(0)) == 4 and s.hand(1) == ["Gold"] and s.hand(2) == ["Silver"] and s.game.turn.buys == 2


def test_festival() -> None:
    s = Scene(["Festival"]).set(0, hand="Festival").start(0).play("Festival")
    t = s.game.turn
    assert (t.actions, t.buys, t.coins) == (2, 2, 2)


@pytest.mark.parametrize("total,each", [(37, 3), (39, 3), (40, 4), (9, 0)])
def test_gardens_is_1_vp_per_10_cards_rounded_down(total: int, each: int) -> None:
    s = Scene(["Gardens"])
    s.set(0, deck=f"Gardens*2, Copper*{total - 2}")
    assert victory_points(s.game, 0) == 2 * each


def test_harbinger_may_put_a_card_from_the_discard_pile_on_the_deck() -> None:
    s = Scene(["Harbinger"]).set(0, hand="Harbinger", deck="Copper, Estate", discard="Gold, Curse").start(0)
    s.play("Harbinger")
    assert s.hand(0) == ["Copper"] and s.game.turn.actions == 1  # drew first
    s.expect(Purpose.TOPDECK, "Harbinger")
    assert s.pending.min == 0  # optional
    s.answer("Gold")
    assert s.deck_top(0, 2) == ["Gold", "Estate"]


def test_laboratory() -> None:
    s = Scene(["Laboratory"]).set(0, hand="Laboratory", deck="Copper*3").start(0).play("Laboratory")
    assert len(s.hand(0)) == 2 and s.game.turn.actions == 1


def test_library_skips_actions_it_chooses_and_discards_them_afterwards() -> None:
    s = Scene(["Library"]).set(0, hand="Library, Copper*3", deck="Village, Smithy, Silver, Gold, Estate")
    s.start(0).play("Library")
    s.expect(Purpose.SET_ASIDE, "Library").answer(True)  # Village set aside
    s.expect(Purpose.SET_ASIDE, "Library").answer(False)  # Smithy kept: skipping is only an option
    assert s.hand(0) == sorted(["Copper"] * 3 + ["Smithy", "Silver", "Gold", "Estate"])
    assert s.zone(0, "discard") == ["Village"] and s.zone(0, "aside") == []


def test_library_fills_to_7_and_discards_set_aside_cards() -> None:
    s = Scene(["Library"]).set(0, hand="Library, Copper*3", deck="Village, Silver, Gold, Estate, Duchy")
    s.start(0).play("Library").answer(True)
    assert s.hand(0) == ["Copper", "Copper", "Copper", "Duchy", "Estate", "Gold", "Silver"]
    assert s.zone(0, "discard") == ["Village"]
    assert s.zone(0, "aside") == []


def test_library_set_aside_cards_are_not_shuffled_in() -> None:
    s = Scene(["Library"]).set(0, hand="Library, Copper*4", deck="Village", discard="Silver, Gold")
    s.start(0).play("Library").answer(True)  # Village set aside, then the deck is empty: shuffle
    assert s.events(Shuffled)[0].count == 2
    assert sorted(s.hand(0)) == ["Copper"] * 4 + ["Gold", "Silver"] and s.zone(0, "discard") == ["Village"]


def test_library_with_7_cards_already_draws_nothing() -> None:
    s = Scene(["Library"]).set(0, hand="Library, Copper*7", deck="Gold").start(0).play("Library")
    assert len(s.hand(0)) == 7 and s.zone(0, "deck") == ["Gold"]


def test_market() -> None:
    s = Scene().set(0, hand="Market", deck="Copper").start(0).play("Market")
    t = s.game.turn
    assert (len(s.hand(0)), t.actions, t.buys, t.coins) == (1, 1, 2, 1)


def test_merchant_gives_1_coin_for_the_first_silver_only() -> None:
    s = Scene().set(0, hand="Merchant, Silver*2", deck="Copper").start(0).play("Merchant")
    s.treasures("Silver*2")
    assert s.coins == 2 + 2 + 1 + 0


def test_two_merchants_each_give_1_coin_on_the_first_silver() -> None:
    s = Scene().set(0, hand="Merchant*2, Silver*2", deck="Copper*2").start(0)
    s.play("Merchant").play("Merchant").treasures("Silver, Copper, Silver, Copper")
    assert s.coins == 2 + 1 + 2 + 1 + 2  # +1 twice, on the first Silver only


def test_merchant_with_no_silver_gives_nothing() -> None:
    s = Scene().set(0, hand="Merchant, Copper", deck="Gold").start(0).play("Merchant").treasures("Copper, Gold")
    assert s.coins == 4


def test_militia_other_players_discard_down_to_3() -> None:
    s = Scene(players=3).set(0, hand="Militia").set(1, hand="Copper*3, Estate*2").set(2, hand="Copper*3")
    s.start(0).play("Militia")
    assert s.coins == 2
    s.expect(Purpose.DISCARD, "Militia", player=1)
    assert s.pending.min == s.pending.max == 2
    s.answer(["Estate", "Estate"])
    assert s.hand(1) == ["Copper"] * 3 and s.hand(2) == ["Copper"] * 3  # 3 or fewer: no discard
    assert s.pending.player == 0


def test_mine_gains_a_treasure_to_hand_that_can_be_played() -> None:
    s = Scene().set(0, hand="Mine, Copper").start(0).play("Mine").expect(Purpose.TRASH, "Mine").answer("Copper")
    s.expect(Purpose.GAIN, "Mine")
    assert {c.name for c in s.pending.options} == {"Copper", "Silver"}  # Treasures up to 3 coins
    s.answer("Silver").treasures("Silver")
    assert s.coins == 2 and s.trash == ["Copper"]


def test_mine_without_a_treasure_gains_nothing() -> None:
    s = Scene().set(0, hand="Mine, Estate").start(0).play("Mine")
    assert s.pending.purpose is Purpose.BUY and s.zone(0, "discard") == []


def test_moat_protects_its_owner_only_and_only_if_revealed() -> None:
    s = Scene(["Witch"], players=3).set(0, hand="Witch", deck="Copper*2").set(1, hand="Moat, Copper*4")
    s.set(2, hand="Moat, Copper*4").start(0).play("Witch")
    s.expect(Purpose.REACT, "Moat", player=1).answer(True)
    s.expect(Purpose.REACT, "Moat", player=2).answer(False)
    assert s.zone(1, "discard") == [] and s.zone(2, "discard") == ["Curse"]
    assert "Moat" in s.hand(1)  # Moat stays in hand
    assert len(s.hand(0)) == 2  # the attacker is not affected


def test_moat_can_be_revealed_against_each_attack() -> None:
    s = Scene(["Witch", "Throne Room"]).set(0, hand="Throne Room, Militia", deck="Copper*4")
    s.set(1, hand="Moat, Copper*4").start(0).play("Throne Room").answer("Militia")
    s.expect(Purpose.REACT, "Moat", player=1).answer(True)
    s.expect(Purpose.REACT, "Moat", player=1).answer(True)
    assert len(s.hand(1)) == 5 and s.coins == 4


def test_moat_played_draws_2() -> None:
    s = Scene().set(0, hand="Moat", deck="Copper*3").start(0).play("Moat")
    assert len(s.hand(0)) == 2


def test_moneylender_gives_3_coins_only_for_a_trashed_copper() -> None:
    s = Scene(["Moneylender"]).set(0, hand="Moneylender, Copper").start(0).play("Moneylender")
    s.expect(Purpose.TRASH, "Moneylender").answer(True)
    assert s.coins == 3 and s.trash == ["Copper"]
    s = Scene(["Moneylender"]).set(0, hand="Moneylender, Silver").start(0).play("Moneylender")
    assert s.coins == 0 and s.pending.purpose is Purpose.PLAY_TREASURES


@pytest.mark.parametrize("empty,discards", [(0, 0), (1, 1), (2, 2), (4, 3)])
def test_poacher_draws_then_discards_a_card_per_empty_supply_pile(empty: int, discards: int) -> None:
    s = Scene(["Poacher"]).set(0, hand="Poacher, Copper, Estate", deck="Silver")
    for name in ("Curse", "Copper", "Poacher", "Village")[:empty]:
        s.game.supply[card(name)] = 0  # any Supply pile counts: Curse, Copper, Poacher itself
    s.start(0).play("Poacher")
    assert s.coins == 1 and s.game.turn.actions == 1
    if discards == 3:  # not enough cards: the rest of the hand is discarded, with nothing to choose
        assert s.hand(0) == [] and sorted(s.zone(0, "discard")) == ["Copper", "Estate", "Silver"]
        return
    if discards:
        d = s.pending
        assert d.purpose is Purpose.DISCARD and d.min == d.max == discards
        assert card("Silver") in d.options  # the card is drawn before discarding
        s.answer(list(c.name for c in d.options[:discards]))
    assert len(s.hand(0)) == 3 - discards


def test_remodel_trashes_a_card_and_gains_one_costing_up_to_2_more() -> None:
    s = Scene().set(0, hand="Remodel, Estate, Gold").start(0).play("Remodel")
    assert card("Remodel") not in s.pending.options
    s.answer("Estate").expect(Purpose.GAIN, "Remodel")
    names = {c.name for c in s.pending.options}
    assert {"Smithy", "Estate", "Silver", "Copper"} <= names and "Market" not in names  # another Estate too
    s.answer("Smithy")
    assert s.zone(0, "discard") == ["Smithy"] and s.trash == ["Estate"]


def test_remodel_with_no_card_gains_nothing() -> None:
    s = Scene().set(0, hand="Remodel").start(0).play("Remodel")
    assert s.pending.purpose is Purpose.BUY and s.zone(0, "discard") == []


@pytest.mark.parametrize("first,second", [("trash", "trash"), ("discard", "discard"), ("trash", "discard"),
                                          ("trash", "keep"), ("discard", "keep"), ("keep", "keep")])
def test_sentry_every_combination(first: str, second: str) -> None:
    s = Scene(["Sentry"]).set(0, hand="Sentry", deck="Copper, Estate, Curse, Gold").start(0).play("Sentry")
    assert s.hand(0) == ["Copper"]
    s.expect(Purpose.CHOOSE, "Sentry").answer(first)
    s.expect(Purpose.CHOOSE, "Sentry").answer(second)
    kept = [n for n, w in (("Estate", first), ("Curse", second)) if w == "keep"]
    if len(kept) == 2:
        s.expect(Purpose.ORDER, "Sentry").answer(["Curse", "Estate"])  # either order
        kept = ["Curse", "Estate"]
    assert s.deck_top(0, len(kept) + 1) == kept + ["Gold"]
    assert s.trash == sorted(n for n, w in (("Estate", first), ("Curse", second)) if w == "trash")
    assert sorted(s.zone(0, "discard")) == sorted(n for n, w in (("Estate", first), ("Curse", second))
                                                  if w == "discard")


def test_smithy() -> None:
    s = Scene().set(0, hand="Smithy", deck="Copper*4").start(0).play("Smithy")
    assert len(s.hand(0)) == 3


def test_throne_room_on_village_leaves_4_actions() -> None:
    s = Scene(["Throne Room"]).set(0, hand="Throne Room, Village", deck="Copper*2").start(0)
    s.play("Throne Room").expect(Purpose.PLAY, "Throne Room").answer("Village")
    assert s.game.turn.actions == 4 and len(s.hand(0)) == 2
    assert s.zone(0, "play") == ["Throne Room", "Village"]


def test_throne_room_is_optional() -> None:
    s = Scene(["Throne Room"]).set(0, hand="Throne Room, Village, Copper").start(0).play("Throne Room")
    assert s.pending.min == 0
    s.answer(())
    assert s.pending.purpose is Purpose.PLAY_TREASURES and "Village" in s.hand(0)


def test_throne_room_on_throne_room_plays_two_actions_twice_each() -> None:
    s = Scene(["Throne Room"]).set(0, hand="Throne Room*2, Smithy, Village", deck="Copper*10").start(0)
    s.play("Throne Room").answer("Throne Room").expect(Purpose.PLAY, "Throne Room").answer("Smithy")
    assert len(s.hand(0)) == 1 + 6  # Village and 6 cards
    s.expect(Purpose.PLAY, "Throne Room").answer("Village")
    assert s.game.turn.actions == 4 and len(s.hand(0)) == 8


def test_vassal_may_play_a_discarded_action_without_using_an_action() -> None:
    s = Scene(["Vassal"]).set(0, hand="Vassal", deck="Village, Copper").start(0).play("Vassal")
    assert s.coins == 2
    s.expect(Purpose.PLAY, "Vassal").answer(True)
    assert s.zone(0, "play") == ["Vassal", "Village"] and s.game.turn.actions == 2
    s = Scene(["Vassal"]).set(0, hand="Vassal", deck="Estate").start(0).play("Vassal")
    assert s.zone(0, "discard") == ["Estate"] and s.pending.purpose is Purpose.BUY


def test_village() -> None:
    s = Scene().set(0, hand="Village", deck="Copper").start(0).play("Village")
    assert len(s.hand(0)) == 1 and s.game.turn.actions == 2


def test_witch_curses_go_in_turn_order_and_witch_still_draws_when_they_are_gone() -> None:
    s = Scene(["Witch"], players=4).set(0, hand="Witch", deck="Copper*4")
    s.game.supply[card("Curse")] = 2
    s.start(0).play("Witch")
    assert [s.zone(q, "discard") for q in (1, 2, 3)] == [["Curse"], ["Curse"], []]
    assert len(s.hand(0)) == 2


def test_workshop_gains_a_card_up_to_4() -> None:
    s = Scene().set(0, hand="Workshop").start(0).play("Workshop").expect(Purpose.GAIN, "Workshop")
    assert max(c.cost for c in s.pending.options) == 4
    s.answer("Smithy")
    assert s.zone(0, "discard") == ["Smithy"]


def test_a_forced_choice_is_made_without_asking() -> None:
    s = Scene(players=2).set(0, hand="Militia").set(1, hand="Copper*5").start(0).play("Militia")
    assert s.pending.player == 0 and s.hand(1) == ["Copper"] * 3  # all alike: no question


def test_drawing_with_too_few_cards_shuffles_the_discard_under_the_deck() -> None:
    s = Scene().set(0, hand="Smithy", deck="Gold", discard="Copper*5").start(0).play("Smithy")
    assert "Gold" in s.hand(0) and len(s.hand(0)) == 3 and len(s.zone(0, "deck")) == 3
    assert [e.count for e in s.events(Drew)] == [3]
    s = Scene().set(0, hand="Smithy", deck="Gold").start(0).play("Smithy")  # nothing to shuffle: draw what there is
    assert s.hand(0) == ["Gold"]


def test_drew_events_hide_the_cards_from_other_players() -> None:
    s = Scene().set(0, hand="Smithy", deck="Gold*3").start(0).play("Smithy")
    e = s.events(Drew)[0]
    assert e.seen_by(0).cards and e.seen_by(1).cards == () and e.seen_by(1).count == 3


def test_the_rulebook_sample_turns() -> None:
    s = Scene(["Remodel", "Smithy", "Militia"])
    s.set(0, hand="Estate, Copper*4", deck="Estate*2, Copper*3").set(1, hand="Copper*5", deck="Copper*10")
    s.start(0)
    # Turn 1: no Actions, so straight to the Buy phase: 4 Coppers buy a Remodel.
    s.treasures("Copper*4").answer("Remodel")
    assert s.hand(0) == ["Copper"] * 3 + ["Estate"] * 2
    s.end_turn()  # the opponent's turn
    # Turn 2: 3 Coppers buy a Silver; the deck is empty, so the discard pile is shuffled for the new hand.
    s.treasures("Copper*3").answer("Silver")
    assert s.events(Shuffled)[-1].count == 12 and len(s.hand(0)) == 5 and len(s.zone(0, "deck")) == 7
    # The shuffle gave Estate, Silver, 2 Coppers and Remodel (arranged so, as in the rulebook).
    ps = s.game.players[0]
    pool = ps.hand + ps.deck
    want = [card(n) for n in ("Estate", "Silver", "Copper", "Copper", "Remodel")]
    for c in want:
        pool.remove(c)
    ps.hand, ps.deck = want, pool
    s.end_turn()
    # Turn 3: Remodel an Estate into a Smithy, then 2 Coppers and a Silver buy a Militia.
    s.play("Remodel").answer("Estate").answer("Smithy").treasures("Copper*2, Silver")
    assert s.coins == 4
    s.answer("Militia")
    assert s.trash == ["Estate"] and "Smithy" in s.zone(0, "discard") and "Militia" in s.zone(0, "discard")
    assert len(s.hand(0)) == 5 and s.game.current == 1


def test_unused_actions_buys_and_coins_are_gone_next_turn() -> None:
    s = Scene(["Festival"]).set(0, hand="Festival", deck="Copper*5").set(1, hand="Copper*5").start(0)
    s.play("Festival").end_turn()
    t = s.game.turn
    assert t.player == 1 and (t.actions, t.buys, t.coins) == (1, 1, 0)


def test_buying_and_playing_treasures_in_order() -> None:
    s = Scene().set(0, hand="Copper*3, Silver").start(0)
    d = s.pending
    assert isinstance(d, ChooseCards) and d.ordered and d.max == 4
    s.treasures("Copper")  # one at a time is fine
    s.treasures("Silver")
    s.expect(Purpose.PLAY_TREASURES).answer(())  # done playing Treasures with Coppers left
    s.expect(Purpose.BUY)
    assert s.coins == 3 and {c.name for c in s.pending.options} >= {"Silver", "Village", "Copper"}


def test_mine_can_trash_a_silver_to_gain_a_gold() -> None:
    s = Scene().set(0, hand="Mine, Silver, Copper").start(0).play("Mine").answer("Silver")
    assert {c.name for c in s.pending.options} == {"Copper", "Silver", "Gold"}
    s.answer("Gold")
    assert "Gold" in s.hand(0)


def test_moat_stops_bandit_and_bureaucrat_doing_anything_to_its_owner() -> None:
    s = Scene(["Bandit"]).set(0, hand="Bandit", deck="Copper").set(1, hand="Moat, Estate", deck="Gold, Silver")
    s.start(0).play("Bandit").expect(Purpose.REACT, "Moat", player=1).answer(True)
    assert s.deck_top(1, 2) == ["Gold", "Silver"] and s.trash == [] and not s.events(Revealed)
    s = Scene(["Bureaucrat"]).set(0, hand="Bureaucrat").set(1, hand="Moat, Estate", deck="Gold")
    s.start(0).play("Bureaucrat").answer(True)
    assert s.zone(1, "deck") == ["Gold"] and sorted(s.hand(1)) == ["Estate", "Moat"]


@pytest.mark.parametrize("name,most", [("Artisan", 5), ("Remodel", 4)])
def test_coins_do_not_make_a_gain_more_expensive(name: str, most: int) -> None:
    s = Scene([name, "Festival"]).set(0, hand=f"Festival, {name}, Estate, Copper").start(0)
    s.play("Festival").play(name)
    if name == "Remodel":
        s.answer("Estate")
    assert s.coins == 2 and max(c.cost for c in s.pending.options) == most
