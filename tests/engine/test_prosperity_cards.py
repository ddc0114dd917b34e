"""A scenario for every Prosperity kingdom card and every statement in its rulebook card notes,
the rulebook's sample turn, Platinum and Colony, and VP tokens."""

from __future__ import annotations

import random

import pytest

from companion.engine import GameEndReason, Purpose
from companion.engine.events import Gained, Named, PutOnDeck, Reacted, TookVP, Trashed
from companion.engine.scoring import victory_points
from companion.kingdom import random_platinum_colony
from tests.engine.scene import CAT, Scene, card

PROSPERITY = ("War Chest", "Crystal Ball", "Bank", "Hoard", "Vault")


def test_the_prosperity_rulebook_sample_turn() -> None:
    s = Scene(PROSPERITY, colony=True)
    s.set(0, hand="War Chest, Bank, Gold, Hoard, Crystal Ball", deck="Crystal Ball, War Chest, Copper*5")
    s.set(1, hand="Copper*5", deck="Copper*5").start(0)
    assert s.pending.purpose is Purpose.PLAY_TREASURES  # no Actions: straight to the Buy phase
    s.answer(["War Chest"]).expect(Purpose.NAME, "War Chest", player=1).answer((card("Crystal Ball")))
    s.expect(Purpose.GAIN, "War Chest", player=0)
    assert card("Crystal Ball") not in s.pending.options
    s.answer("Duchy")
    s.treasures("Crystal Ball").expect(Purpose.CHOOSE, "Crystal Ball")
    assert s.pending.about is card("Crystal Ball")
    s.answer("play").expect(Purpose.CHOOSE, "Crystal Ball")
    assert s.pending.about is card("War Chest")
    s.answer("play").expect(Purpose.NAME, "War Chest", player=1).answer(card("Duchy"))
    names = {c.name for c in s.pending.options}
    assert "Duchy" not in names and "Crystal Ball" not in names and "Vault" in names
    s.answer("Vault")
    s.treasures("Gold, Hoard, Bank")
    assert len(s.zone(0, "play")) == 7 and s.coins == 14
    s.expect(Purpose.BUY).answer("Colony")
    assert [e.card.name for e in s.events(Gained)] == ["Duchy", "Vault", "Colony", "Gold"]  # Hoard: a Gold
    assert [e.card.name for e in s.events(Named)] == ["Crystal Ball", "Duchy"]
    assert s.game.current == 1 and len(s.hand(0)) == 5


def test_anvil_may_discard_a_treasure_to_gain_a_card_up_to_4() -> None:
    s = Scene(["Anvil"]).set(0, hand="Anvil, Copper, Estate").start(0)
    s.treasures("Anvil").expect(Purpose.DISCARD, "Anvil")
    assert s.pending.min == 0 and s.coins == 1
    s.answer("Copper").expect(Purpose.GAIN, "Anvil")
    assert max(c.cost for c in s.pending.options) == 4
    s.answer("Smithy")
    assert s.zone(0, "discard") == ["Copper", "Smithy"]
    s = Scene(["Anvil"]).set(0, hand="Anvil, Copper").start(0).treasures("Anvil").answer(())
    assert s.zone(0, "discard") == [] and s.pending.purpose is Purpose.PLAY_TREASURES


def test_bank_counts_treasures_in_play_including_itself_and_not_later_ones() -> None:
    s = Scene(["Bank"]).set(0, hand="Copper, Silver, Bank, Bank, Gold").start(0)
    s.treasures("Copper, Silver, Bank, Bank, Gold")
    assert s.coins == 1 + 2 + 3 + 4 + 3


def test_bishop_trashes_for_vp_and_others_may_trash_in_turn_order() -> None:
    s = Scene(["Bishop"], players=3).set(0, hand="Bishop, Gold, Estate").set(1, hand="Curse, Copper")
    s.set(2, hand="Estate").start(0).play("Bishop")
    assert s.coins == 1 and s.game.players[0].vp_tokens == 1
    s.expect(Purpose.TRASH, "Bishop", player=0)
    assert s.pending.min == 1  # mandatory for you
    s.answer("Gold")
    assert s.game.players[0].vp_tokens == 1 + 3
    s.expect(Purpose.TRASH, "Bishop", player=1)
    assert s.pending.min == 0  # optional for the others
    s.answer("Curse").expect(Purpose.TRASH, "Bishop", player=2).answer(())
    assert s.trash == ["Curse", "Gold"] and [p.vp_tokens for p in s.game.players] == [4, 0, 0]


def test_bishop_with_an_empty_hand_still_gives_a_coin_and_a_vp() -> None:
    s = Scene(["Bishop"]).set(0, hand="Bishop").set(1, hand="").start(0).play("Bishop")
    assert s.coins == 1 and s.game.players[0].vp_tokens == 1


def test_charlatan_makes_curses_treasures_worth_1_all_game_and_still_minus_1_vp() -> None:
    s = Scene(["Charlatan", "Mint", "Magnate"]).set(0, hand="Charlatan", deck="Copper").set(1, hand="Copper*5")
    s.start(0).play("Charlatan")
    assert s.coins == 3 and s.zone(1, "discard") == ["Curse"]
    g = s.game
    assert g.is_treasure(card("Curse")) and g.view(1).is_treasure(card("Curse"))
    s2 = Scene(["Charlatan", "Mint", "Magnate"]).set(0, hand="Curse, Copper, Magnate", deck="Gold*3")
    s2.start(0).play("Magnate")
    assert len(s2.hand(0)) == 2 + 2  # Magnate counts the Curse as a Treasure
    s2.treasures("Curse, Copper, Gold*2")
    assert s2.coins == 1 + 1 + 6
    s2.answer("Mint")  # gaining Mint trashes the Treasures in play, Curse included
    assert "Curse" in s2.trash
    s3 = Scene(["Charlatan"]).set(0, deck="Curse*2")
    assert victory_points(s3.game, 0) == -2
    s4 = Scene(["Witch"]).set(0, hand="Curse, Copper").start(0)
    assert not s4.game.is_treasure(card("Curse")) and [c.name for c in s4.pending.options] == ["Copper"]


@pytest.mark.parametrize("empty,cards,buys,coins", [(0, 1, 1, 0), (1, 2, 1, 0), (2, 2, 2, 1), (3, 2, 2, 1)])
def test_city_checks_empty_piles_when_played(empty: int, cards: int, buys: int, coins: int) -> None:
    s = Scene(["City"]).set(0, hand="City", deck="Copper*3")
    for name in ("Curse", "Cellar", "Moat")[:empty]:
        s.game.supply[card(name)] = 0
    s.start(0).play("City")
    t = s.game.turn
    assert (len(s.hand(0)), t.actions, t.buys, t.coins) == (cards, 2, buys, coins)


def test_clerk_at_the_start_of_turn_and_its_attack() -> None:
    s = Scene(["Clerk"], players=3).set(0, hand="Clerk, Clerk, Village", deck="Copper")
    s.set(1, hand="Estate, Copper*4").set(2, hand="Copper*4").start(0)
    s.expect(Purpose.START_OF_TURN).answer("Clerk")
    s.expect(Purpose.TOPDECK, "Clerk", player=1).answer("Estate")
    assert s.zone(1, "deck") == ["Estate"]  # an empty deck: it is the only card
    assert len(s.hand(2)) == 4  # fewer than 5 cards: nothing
    assert s.game.turn.actions == 1 and s.coins == 2  # no Action used
    s.expect(Purpose.START_OF_TURN).answer(())  # the second Clerk stays in hand
    s.expect(Purpose.PLAY_ACTION)
    assert {c.name for c in s.pending.options} == {"Clerk", "Village"}
    assert [e.card.name for e in s.events(Reacted)] == ["Clerk"]


def test_collection_gives_vp_per_action_gained_cumulatively() -> None:
    s = Scene(["Collection", "Workshop", "Village"]).set(0, hand="Collection*2, Gold*2").start(0)
    s.treasures("Collection*2, Gold*2")
    assert s.coins == 10 and s.game.turn.buys == 3
    s.answer("Village").answer("Silver")
    assert s.game.players[0].vp_tokens == 2  # two Collections: +2 for the Action, none for Silver
    s.answer("Workshop")
    assert s.game.players[0].vp_tokens == 4


def test_collection_counts_actions_gained_other_ways() -> None:
    s = Scene(["Collection", "Workshop", "Crystal Ball", "Village"]).set(0, hand="Collection, Crystal Ball",
                                                                         deck="Workshop")
    s.start(0).treasures("Collection, Crystal Ball").answer("play").expect(Purpose.GAIN, "Workshop")
    s.answer("Village")
    assert s.game.players[0].vp_tokens == 1


@pytest.mark.parametrize("what,where", [("trash", "trash"), ("discard", "discard"), ("leave", "deck")])
def test_crystal_ball_trash_discard_or_leave(what: str, where: str) -> None:
    s = Scene(["Crystal Ball"]).set(0, hand="Crystal Ball", deck="Estate, Copper").start(0)
    s.treasures("Crystal Ball").expect(Purpose.CHOOSE, "Crystal Ball")
    assert "play" not in s.pending.options  # Estate is neither an Action nor a Treasure
    s.answer(what)
    assert "Estate" in (s.trash if where == "trash" else s.zone(0, where))


def test_crystal_ball_plays_an_action_in_the_buy_phase_without_more_actions() -> None:
    s = Scene(["Crystal Ball"]).set(0, hand="Crystal Ball, Smithy", deck="Village, Silver").start(0)
    s.answer(()).treasures("Crystal Ball").answer("play")
    assert s.zone(0, "play") == ["Crystal Ball", "Village"] and s.game.turn.actions == 3
    # the Village drew a Silver: it can still be played; its +2 Actions let no Action be played now
    s.expect(Purpose.PLAY_TREASURES).answer(["Silver"]).expect(Purpose.BUY)
    assert s.coins == 3 and "Smithy" in s.hand(0)


def test_expand_gains_up_to_3_more_or_nothing_without_a_card() -> None:
    s = Scene(["Expand"]).set(0, hand="Expand, Silver, Copper").start(0).play("Expand").answer("Silver")
    assert max(c.cost for c in s.pending.options) == 6 and card("Silver") in s.pending.options
    s.answer("Gold")
    assert s.zone(0, "discard") == ["Gold"]
    s = Scene(["Expand"]).set(0, hand="Expand").start(0).play("Expand")
    assert s.pending.purpose is Purpose.BUY and s.zone(0, "discard") == []


def test_forge_gains_a_card_costing_exactly_the_total() -> None:
    s = Scene(["Forge"]).set(0, hand="Forge, Estate, Silver, Copper").start(0).play("Forge")
    s.answer(["Estate", "Silver"]).expect(Purpose.GAIN, "Forge")
    assert {c.cost for c in s.pending.options} == {5}
    s = Scene(["Forge"]).set(0, hand="Forge, Estate").start(0).play("Forge").answer(())
    assert {c.name for c in s.pending.options} == {"Copper", "Curse"}  # zero trashed: a card costing 0
    s = Scene(["Forge"]).set(0, hand="Forge, Gold, Gold, Silver, Province").start(0).play("Forge")
    s.answer(["Gold", "Gold", "Province", "Silver"])  # 23 coins: no card costs that
    assert s.pending.purpose is Purpose.BUY and s.zone(0, "discard") == []


def test_grand_market_cannot_be_bought_with_a_copper_in_play() -> None:
    s = Scene(["Grand Market", "Crystal Ball"]).set(0, hand="Gold, Gold, Copper").start(0)
    s.treasures("Gold, Gold, Copper")
    assert card("Grand Market") not in s.pending.options
    s = Scene(["Grand Market", "Crystal Ball"]).set(0, hand="Gold, Gold, Copper").start(0).treasures("Gold, Gold")
    s.answer(())
    assert card("Grand Market") in s.pending.options  # a Copper in hand does not stop it
    s = Scene(["Grand Market", "Crystal Ball"]).set(0, hand="Gold, Silver, Crystal Ball", deck="Estate").start(0)
    s.treasures("Gold, Silver, Crystal Ball").answer("leave")
    assert card("Grand Market") in s.pending.options  # other 1-coin Treasures do not stop it


def test_grand_market_after_mint_trashed_the_coppers_in_play() -> None:
    s = Scene(["Grand Market", "Mint", "Festival"]).set(0, hand="Festival, Copper*5, Gold*2").start(0)
    s.play("Festival").treasures("Copper*5, Gold*2")
    assert s.coins == 13 and card("Grand Market") not in s.pending.options
    s.answer("Mint")
    assert s.zone(0, "play") == ["Festival"]
    assert card("Grand Market") in s.pending.options


def test_grand_market_can_be_gained_with_coppers_in_play() -> None:
    s = Scene(["Grand Market", "Expand"]).set(0, hand="Expand, Silver, Copper").start(0).play("Expand")
    s.game.players[0].play.append(card("Copper"))
    s.answer("Silver")
    assert card("Grand Market") in s.pending.options


def test_hoard_gains_gold_for_bought_victory_cards_cumulatively() -> None:
    s = Scene(["Hoard", "Festival"]).set(0, hand="Festival, Hoard, Hoard, Copper").start(0)
    s.play("Festival").treasures("Hoard, Hoard, Copper")
    s.answer("Estate").answer("Estate")
    assert [e.card.name for e in s.events(Gained)] == ["Estate", "Gold", "Gold"] * 2


def test_hoard_does_not_fire_for_victory_cards_gained_other_ways() -> None:
    s = Scene(["Hoard", "War Chest"]).set(0, hand="Hoard, War Chest").start(0).treasures("Hoard, War Chest")
    s.answer(card("Silver")).answer("Duchy")
    assert s.zone(0, "discard") == ["Duchy"]


def test_investment_coin_or_trash_to_reveal_for_vp() -> None:
    s = Scene(["Investment"]).set(0, hand="Investment, Estate, Copper*2, Silver").start(0)
    s.treasures("Investment").expect(Purpose.TRASH, "Investment").answer("Estate")
    s.expect(Purpose.CHOOSE, "Investment").answer("trash")
    assert s.trash == ["Estate", "Investment"] and s.game.players[0].vp_tokens == 2
    s.treasures("Copper*2, Silver")  # the revealed Treasures can still be played
    assert s.coins == 4
    s = Scene(["Investment"]).set(0, hand="Investment").start(0).treasures("Investment")
    s.expect(Purpose.CHOOSE, "Investment").answer("coin")  # the last card in hand: nothing to trash
    assert s.coins == 1 and s.trash == []


def test_kings_court_plays_an_action_three_times() -> None:
    s = Scene(["King's Court"]).set(0, hand="King's Court, Village", deck="Copper*3").start(0)
    s.play("King's Court").answer("Village")
    assert s.game.turn.actions == 6 and len(s.hand(0)) == 3


def test_kings_court_on_kings_court_plays_three_actions_three_times_each() -> None:
    s = Scene(["King's Court"]).set(0, hand="King's Court*2, Village, Smithy, Market", deck="Copper*20").start(0)
    s.play("King's Court").answer("King's Court").answer("Village").answer("Smithy").answer("Market")
    t = s.game.turn
    assert (t.actions, t.buys, t.coins) == (6 + 3, 4, 3)
    assert len(s.hand(0)) == 3 + 9 + 3
    s = Scene(["King's Court"]).set(0, hand="King's Court, Village").start(0).play("King's Court")
    assert s.pending.min == 0  # optional


def test_magnate_draws_a_card_per_treasure_in_hand() -> None:
    s = Scene(["Magnate"]).set(0, hand="Magnate, Copper*2, Silver, Estate", deck="Gold*4").start(0).play("Magnate")
    assert s.hand(0).count("Gold") == 3


def test_mint_reveals_a_treasure_to_gain_a_copy_and_trashes_treasures_in_play_when_gained() -> None:
    s = Scene(["Mint"]).set(0, hand="Mint, Silver, Copper").start(0).play("Mint").expect(Purpose.REVEAL, "Mint")
    s.answer("Silver")
    assert s.zone(0, "discard") == ["Silver"] and "Silver" in s.hand(0)
    s = Scene(["Mint"]).set(0, hand="Gold, Gold, Copper").start(0).treasures("Gold, Gold")
    s.answer(())
    s.answer("Mint")  # the Copper in hand was not played: it is not trashed
    assert s.trash == ["Gold", "Gold"] and [e.card.name for e in s.events(Trashed)] == ["Gold", "Gold"]


def test_mint_gained_with_tiara_can_go_on_the_deck_though_tiara_is_trashed() -> None:
    s = Scene(["Mint", "Tiara"]).set(0, hand="Tiara, Gold, Silver", deck="Copper").start(0)
    s.treasures("Tiara").expect(Purpose.PLAY, "Tiara").answer("Gold")
    s.treasures("Silver")
    s.answer("Mint")
    assert s.trash == ["Gold", "Silver", "Tiara"]  # Mint's own "when you gain" came first
    s.expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0, 2) == ["Mint", "Copper"]


def test_monument() -> None:
    s = Scene(["Monument"]).set(0, hand="Monument").start(0).play("Monument")
    assert s.coins == 2 and s.game.players[0].vp_tokens == 1 and isinstance(s.events(TookVP)[0], TookVP)


def test_peddler_costs_2_less_per_action_in_play_during_the_buy_phase_only() -> None:
    s = Scene(["Peddler", "King's Court", "Worker's Village"])
    s.set(0, hand="King's Court, Worker's Village", deck="Peddler, Copper*4").start(0)
    assert s.game.cost(card("Peddler")) == 8
    s.play("King's Court").answer("Worker's Village")
    assert s.game.cost(card("Peddler")) == 8  # not in the Action phase
    s.to_buy()
    assert s.game.cost(card("Peddler")) == 4  # 2 Action cards in play, though Village was played thrice
    s2 = Scene(["Peddler", "Festival"]).set(0, hand="Festival*5", deck="Copper").start(0)
    for _ in range(5):
        s2.play("Festival")
    s2.to_buy()
    assert s2.game.cost(card("Peddler")) == 0 and card("Peddler") in s2.pending.options  # never below 0


def test_quarry_makes_actions_cheaper_cumulatively_never_below_0() -> None:
    s = Scene(["Quarry", "King's Court"]).set(0, hand="Quarry, Quarry").start(0).treasures("Quarry, Quarry")
    g = s.game
    assert g.cost(card("King's Court")) == 3 and g.cost(card("Village")) == 0 and g.cost(card("Gold")) == 6
    s.end_turn()
    assert g.cost(card("King's Court")) == 7  # only this turn


def test_rabble_others_discard_actions_and_treasures_and_order_the_rest() -> None:
    s = Scene(["Rabble"]).set(0, hand="Rabble", deck="Copper*3").set(1, deck="Estate, Silver, Duchy, Gold")
    s.start(0).play("Rabble").expect(Purpose.ORDER, "Rabble", player=1).answer(["Duchy", "Estate"])
    assert s.deck_top(1, 3) == ["Duchy", "Estate", "Gold"] and s.zone(1, "discard") == ["Silver"]


def test_rabble_with_few_cards_shuffles_and_reveals_what_it_can() -> None:
    s = Scene(["Rabble"]).set(0, hand="Rabble", deck="Copper*3").set(1, deck="Estate", discard="Village")
    s.start(0).play("Rabble")
    assert sorted(s.zone(1, "discard")) == ["Village"] and s.zone(1, "deck") == ["Estate"]


def test_tiara_puts_gained_cards_on_the_deck_and_plays_a_treasure_twice() -> None:
    s = Scene(["Tiara", "Workshop"]).set(0, hand="Tiara, Gold, Silver").start(0)
    s.treasures("Tiara").expect(Purpose.PLAY, "Tiara").answer("Gold")
    assert s.coins == 6 and s.game.turn.buys == 2
    s.treasures("Silver").answer("Silver").expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0) == ["Silver"]
    s.answer("Silver").expect(Purpose.TOPDECK, "Tiara").answer(False)
    assert [e.card.name for e in s.events(Gained)] == ["Silver", "Silver"] and len(s.events(PutOnDeck)) == 1


def test_tiara_with_tiara_plays_two_treasures_twice_each() -> None:
    s = Scene(["Tiara"]).set(0, hand="Tiara*2, Gold, Silver").start(0)
    s.treasures("Tiara").answer("Tiara").answer("Gold").answer("Silver")
    assert s.coins == 6 + 4 and s.game.turn.buys == 1 + 1 + 2  # the second Tiara was played twice


def test_vault_discard_for_coins_and_others_may_discard_2_to_draw() -> None:
    s = Scene(["Vault"], players=4).set(0, hand="Vault, Estate", deck="Duchy, Copper")
    s.set(1, hand="Copper, Estate, Silver", deck="Gold").set(2, hand="Estate").set(3, hand="Copper*2", discard="Gold")
    s.start(0).play("Vault").expect(Purpose.DISCARD, "Vault")
    assert card("Duchy") in s.pending.options  # the cards just drawn can be discarded
    s.answer(["Estate", "Duchy"])
    assert s.coins == 2
    s.expect(Purpose.DISCARD, "Vault", player=1).answer(True).answer(["Copper", "Estate"])
    assert s.hand(1) == ["Gold", "Silver"]
    s.expect(Purpose.DISCARD, "Vault", player=2).answer(True)  # one card: discarded, no draw
    assert s.hand(2) == [] and s.zone(2, "discard") == ["Estate"]
    s.expect(Purpose.DISCARD, "Vault", player=3).answer(True)
    assert len(s.hand(3)) == 1  # no deck: the discards are shuffled in before drawing


def test_war_chest_cannot_gain_any_card_named_for_war_chests_this_turn() -> None:
    s = Scene(["War Chest"], players=3).set(0, hand="War Chest*2").start(0).treasures("War Chest")
    s.expect(Purpose.NAME, "War Chest", player=1).answer(card("Platinum"))  # not in the Supply: allowed
    s.answer("Silver")
    s.treasures("War Chest").answer(card("Duchy"))
    names = {c.name for c in s.pending.options}
    assert "Duchy" not in names and "Silver" in names and max(c.cost for c in s.pending.options) == 5
    s.answer("Silver")
    assert s.zone(0, "discard") == ["Silver", "Silver"]


def test_watchtower_draws_to_6_and_reacts_to_every_gain() -> None:
    s = Scene(["Watchtower", "Mine"]).set(0, hand="Watchtower, Copper*2", deck="Silver*6").start(0)
    s.play("Watchtower")
    assert len(s.hand(0)) == 6
    s = Scene(["Watchtower", "Mine"]).set(0, hand="Watchtower, Copper*6", deck="Silver").start(0).play("Watchtower")
    assert len(s.hand(0)) == 6 and s.zone(0, "deck") == ["Silver"]
    s = Scene(["Watchtower", "Mine", "Festival"]).set(0, hand="Festival, Watchtower, Mine, Copper, Gold").start(0)
    s.play("Festival").play("Mine").answer("Copper").answer("Silver")
    s.expect(Purpose.REACT, "Watchtower").answer("deck")  # gained to hand: can still go on the deck
    assert s.deck_top(0) == ["Silver"] and "Watchtower" in s.hand(0)


def test_watchtower_trash_a_bought_card_or_a_curse() -> None:
    s = Scene(["Watchtower", "Witch"]).set(0, hand="Witch", deck="Copper*2").set(1, hand="Watchtower")
    s.start(0).play("Witch").expect(Purpose.REACT, "Watchtower", player=1).answer("trash")
    assert s.trash == ["Curse"] and s.game.supply[card("Curse")] == 9  # still gained, then trashed
    s = Scene(["Watchtower", "Festival"]).set(0, hand="Festival, Watchtower, Gold").start(0).play("Festival")
    s.answer(()).treasures("Gold").answer("Silver").expect(Purpose.REACT, "Watchtower").answer("trash")
    s.answer("Copper").expect(Purpose.REACT, "Watchtower").answer("no")  # each gain is a separate decision
    assert s.trash == ["Silver"] and [e.card.name for e in s.events(Gained)] == ["Silver", "Copper"]


def test_workers_village() -> None:
    s = Scene(["Worker's Village"]).set(0, hand="Worker's Village", deck="Copper").start(0).play("Worker's Village")
    t = s.game.turn
    assert (len(s.hand(0)), t.actions, t.buys) == (1, 2, 2)


def test_vp_tokens_are_public_and_counted_at_the_end() -> None:
    s = Scene(["Monument"]).set(0, hand="Monument", deck="Copper*5").set(1, hand="Copper*5")
    s.start(0).play("Monument")
    assert s.game.view(1).vp_tokens(0) == 1
    assert victory_points(s.game, 0) == 1 + 0


def test_platinum_and_colony_random_rule_follows_a_random_kingdom_card() -> None:
    rng = random.Random(1)
    base = [c for c in CAT.kingdom if c.set == "base2e"][:10]
    prosperity = [c for c in CAT.kingdom if c.set == "prosperity2e"][:10]
    assert random_platinum_colony(base, rng) is False and random_platinum_colony(prosperity, rng) is True
    mixed = base[:5] + prosperity[:5]
    assert {random_platinum_colony(mixed, random.Random(i)) for i in range(30)} == {True, False}


def test_platinum_makes_5_coins() -> None:
    s = Scene(colony=True).set(0, hand="Platinum").start(0).treasures("Platinum")
    assert s.coins == 5


def test_colony_game_ends_on_the_colony_pile_only_when_used() -> None:
    s = Scene(colony=True)
    assert s.game.colony is not None and s.game.supply[card("Colony")] == 8
    s.set(0, hand="Platinum*2, Gold", deck="Copper*5").set(1, hand="Copper*5", deck="Copper*5")
    s.game.supply[card("Colony")] = 1
    s.start(0).treasures("Platinum*2, Gold").answer("Colony")
    assert s.game.result.reason is GameEndReason.COLONIES
