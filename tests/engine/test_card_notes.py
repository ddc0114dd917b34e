"""Statements of the card notes (both rulebooks) that the per-card scenarios did not yet assert.

One test per statement or small group of statements; each names the card and quotes the gist of the note.
"""

from __future__ import annotations

import pytest

from companion.engine import GameEndReason, Purpose
from companion.engine.events import Gained, PutOnDeck
from tests.engine.scene import Scene, card


# ---- basic cards ---------------------------------------------------------------------------------
def test_copper_and_curse_can_be_bought_with_a_buy_and_no_coins() -> None:
    """Copper: "you could use a Buy with no coins to buy a Copper". Curse: "you will not choose to buy
    them, though you can"."""
    s = Scene(["Festival"]).set(0, hand="Festival, Estate").start(0).play("Festival").to_buy()
    s.game.turn.coins = 0
    names = {c.name for c in s.pending.options}
    assert {"Copper", "Curse"} <= names and "Silver" not in names
    s.answer("Copper").answer("Curse")
    assert [e.card.name for e in s.events(Gained)] == ["Copper", "Curse"] and s.game.current == 1


def test_plus_a_coin_is_not_a_copper() -> None:
    """Copper: "+1 coin does not give you a Copper card; it just adds to how many coins you can spend"."""
    s = Scene(["Market"]).set(0, hand="Market", deck="Estate").start(0).play("Market")
    assert s.coins == 1 and "Copper" not in s.hand(0) and "Copper" not in s.zone(0, "discard")


def test_treasures_make_1_2_3_coins_and_6_coins_with_two_buys_buy_two_silvers() -> None:
    """Copper, Silver, Gold: one, two, three coins. Silver: "with 6 coins and an extra Buy, you could buy two
    Silvers"."""
    s = Scene(["Festival"]).set(0, hand="Festival, Copper, Silver, Gold").start(0).play("Festival")
    s.game.turn.coins = 0  # Festival's own coins aside: count the Treasures alone
    s.treasures("Copper")
    assert s.coins == 1
    s.treasures("Silver")
    assert s.coins == 3
    s.treasures("Gold")
    assert s.coins == 6
    s.expect(Purpose.BUY).answer("Silver").answer("Silver")
    assert [e.card.name for e in s.events(Gained)] == ["Silver", "Silver"] and s.game.current == 1


@pytest.mark.parametrize("first", ["Copper", "Curse"])
def test_an_empty_copper_or_curse_pile_counts_toward_three_empty_piles(first: str) -> None:
    """Copper and Curse: "An empty ... pile counts toward the three empty Supply piles that end the game"."""
    s = Scene()
    s.game.supply[card(first)] = 0
    s.game.supply[card("Cellar")] = 0
    s.game.supply[card("Estate")] = 1
    s.set(0, hand="Copper*2", deck="Copper*5").set(1, hand="Copper*5", deck="Copper*5")
    s.start(0).treasures("Copper*2").answer("Estate")
    assert s.game.over and s.game.result.reason is GameEndReason.PILES


def test_platinum_and_colony_come_together_in_the_supply_beside_10_kingdom_cards() -> None:
    """Platinum and Colony: "always used together"; "they do not take the place of Kingdom cards"; "they are
    in the Supply and can be bought and gained"."""
    s = Scene(["Expand"], colony=True)
    g = s.game
    assert card("Platinum") in g.supply and card("Colony") in g.supply
    assert sum(1 for c in g.supply if c.is_kingdom) == 10 and len(g.supply) == 10 + 7 + 2
    s.set(0, hand="Expand, Gold").start(0).play("Expand")  # Gold, the only card, is trashed without asking
    assert s.trash == ["Gold"] and card("Platinum") in s.pending.options  # gained, not only bought
    s.answer("Platinum")
    assert s.zone(0, "discard") == ["Platinum"]


# ---- base set ------------------------------------------------------------------------------------
def test_vassal_need_not_play_the_action() -> None:
    """Vassal: "If the card is an Action card, you can play it, but do not have to"."""
    s = Scene(["Vassal"]).set(0, hand="Vassal", deck="Village").start(0).play("Vassal")
    s.expect(Purpose.PLAY, "Vassal").answer(False)
    assert s.zone(0, "play") == ["Vassal"] and s.zone(0, "discard") == ["Village"]
    assert s.pending.purpose is Purpose.BUY  # no Actions left: Vassal used the only one


@pytest.mark.parametrize("name,times", [("Throne Room", 2), ("King's Court", 3)])
def test_throne_room_and_kings_court_resolve_the_card_completely_with_nothing_in_between(name: str,
                                                                                          times: int) -> None:
    """Throne Room, King's Court: "you resolve it completely, then play it a second time. You cannot play other
    cards in-between"."""
    s = Scene([name, "Workshop"]).set(0, hand=f"{name}, Workshop, Village").start(0).play(name).answer("Workshop")
    for _ in range(times):  # each play of Workshop asks for its gain before anything else can be played
        s.expect(Purpose.GAIN, "Workshop").answer("Silver")
    assert s.zone(0, "discard") == ["Silver"] * times
    assert s.pending.purpose is Purpose.BUY and "Village" in s.hand(0)  # Workshop gave no Actions


@pytest.mark.parametrize("attack", ["Bandit", "Bureaucrat", "Militia", "Witch"])
def test_the_four_base_attacks_are_attacks_moat_can_be_revealed_against(attack: str) -> None:
    """Moat: "in this set, Bandit, Bureaucrat, Militia, and Witch are Attacks"; Moat is revealed before the
    Attack does anything."""
    assert card(attack).is_attack
    s = Scene([attack]).set(0, hand=attack, deck="Copper*2").set(1, hand="Moat, Estate*4", deck="Gold*2")
    s.start(0).play(attack).expect(Purpose.REACT, "Moat", player=1)
    assert s.hand(1) == ["Estate"] * 4 + ["Moat"] and s.zone(1, "deck") == ["Gold", "Gold"]  # nothing done yet


# ---- Prosperity ----------------------------------------------------------------------------------
def test_clerk_any_number_at_the_start_of_the_turn_one_at_a_time() -> None:
    """Clerk: "you may play any number of Clerk cards from your hand, one at a time, without using up your
    regular Action play"."""
    s = Scene(["Clerk"]).set(0, hand="Clerk*2, Village", deck="Copper").set(1, hand="Copper*3").start(0)
    s.expect(Purpose.START_OF_TURN).answer("Clerk")
    s.expect(Purpose.START_OF_TURN).answer("Clerk")
    assert s.coins == 4 and s.game.turn.actions == 1 and s.zone(0, "play") == ["Clerk", "Clerk"]
    s.expect(Purpose.PLAY_ACTION).answer("Village")
    assert s.game.turn.actions == 2


def test_city_keeps_what_it_gave_when_a_pile_empties_later() -> None:
    """City: "This only checks how many piles are empty when you play it; what you got does not change if a pile
    becomes empty"."""
    s = Scene(["City", "Workshop"]).set(0, hand="City, Workshop", deck="Copper*3")
    s.game.supply[card("Curse")] = 0
    s.game.supply[card("Smithy")] = 1
    s.start(0).play("City")  # one empty pile: 2 cards, no coin, no Buy
    assert (len(s.hand(0)), s.game.turn.buys, s.coins) == (3, 1, 0)
    s.play("Workshop").answer("Smithy")  # now two piles are empty
    assert s.game.supply[card("Smithy")] == 0 and (s.game.turn.buys, s.coins) == (1, 0)


def test_forge_must_gain_a_card_costing_the_total_if_it_can() -> None:
    """Forge: "If you trash no cards, you have to gain a card costing 0 coins if you can"."""
    s = Scene(["Forge"]).set(0, hand="Forge, Estate").start(0).play("Forge").answer(())
    s.expect(Purpose.GAIN, "Forge")
    assert s.pending.min == 1


def test_no_treasures_can_be_played_after_buying_a_card() -> None:
    """Grand Market and Mint: "you cannot play more Treasures after buying a card"."""
    s = Scene(["Festival"]).set(0, hand="Festival, Silver, Copper").start(0).play("Festival").treasures("Silver")
    s.expect(Purpose.PLAY_TREASURES)  # before buying, the Copper could still be played
    s.answer(()).answer("Silver")
    s.expect(Purpose.BUY)  # the second Buy comes with no chance to play the Copper
    assert s.hand(0) == ["Copper"] and s.coins == 1
    s.answer(())
    assert s.game.current == 1


def test_mint_keeps_the_coins_of_the_treasures_it_trashes() -> None:
    """Mint: "This doesn't cause you to lose the coins you made from those cards this turn"."""
    s = Scene(["Mint", "Festival"]).set(0, hand="Festival, Gold*2, Silver").start(0).play("Festival")
    s.treasures("Gold*2, Silver")
    assert s.coins == 10
    s.answer("Mint")
    assert s.trash == ["Gold", "Gold", "Silver"] and s.coins == 5
    assert card("Mint") in s.pending.options  # 5 coins are still there for the second Buy


def test_mint_gained_in_the_action_phase_trashes_nothing() -> None:
    """Mint: "If you gain this in your Action phase, such as with Artisan, you will usually not have any
    Treasures in play to trash"; the Treasures in hand are not trashed."""
    s = Scene(["Mint", "Artisan"]).set(0, hand="Artisan, Gold, Copper").start(0).play("Artisan").answer("Mint")
    assert s.trash == [] and sorted(s.hand(0)) == ["Copper", "Gold", "Mint"]


def test_quarry_is_cumulative_with_peddler() -> None:
    """Quarry: "This is also cumulative with other effects that modify costs"."""
    s = Scene(["Quarry", "Peddler", "Festival"]).set(0, hand="Festival, Quarry").start(0).play("Festival")
    s.treasures("Quarry")
    assert s.game.cost(card("Peddler")) == 8 - 2 - 2  # one Action in play, one Quarry


def test_tiara_puts_a_card_gained_another_way_on_the_deck() -> None:
    """Tiara: "This applies both to cards gained due to being bought, and to cards gained other ways, such as
    with War Chest"."""
    s = Scene(["Tiara", "War Chest"]).set(0, hand="Tiara, War Chest", deck="Copper").start(0)
    s.treasures("Tiara").expect(Purpose.PLAY, "Tiara").answer(())
    s.treasures("War Chest").expect(Purpose.NAME, "War Chest", player=1).answer(card("Gold"))
    s.answer("Silver").expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0, 2) == ["Silver", "Copper"] and len(s.events(PutOnDeck)) == 1


def test_a_card_named_for_war_chest_can_still_be_bought() -> None:
    """War Chest: "You can still gain the named cards other ways, just not via War Chests"."""
    s = Scene(["War Chest"]).set(0, hand="War Chest, Gold").start(0).treasures("War Chest")
    s.answer(card("Silver")).answer("Village").treasures("Gold")
    assert card("Silver") in s.pending.options
    s.answer("Silver")
    assert [e.card.name for e in s.events(Gained)] == ["Village", "Silver"]


def test_vault_other_players_may_decline_to_discard() -> None:
    """Vault: "Each other player chooses whether or not to discard 2 cards"."""
    s = Scene(["Vault"]).set(0, hand="Vault", deck="Copper*2").set(1, hand="Copper*3", deck="Gold").start(0)
    s.play("Vault").answer(()).expect(Purpose.DISCARD, "Vault", player=1).answer(False)
    assert s.hand(1) == ["Copper"] * 3 and s.zone(1, "deck") == ["Gold"]


def test_a_reaction_is_a_purpose_of_its_own_not_mints_reveal() -> None:
    """Moat and Watchtower are revealed in reaction; Mint reveals a Treasure to copy. The two questions must be
    told apart (they were one Enum member, REACT an alias of REVEAL)."""
    assert Purpose.REACT is not Purpose.REVEAL and len(Purpose) == len(Purpose.__members__)
    s = Scene(["Witch"]).set(0, hand="Witch", deck="Copper*2").set(1, hand="Moat").start(0).play("Witch")
    assert s.pending.purpose is Purpose.REACT and s.pending.purpose is not Purpose.REVEAL
    s = Scene(["Mint"]).set(0, hand="Mint, Silver, Copper").start(0).play("Mint")
    assert s.pending.purpose is Purpose.REVEAL and s.pending.purpose is not Purpose.REACT


def test_war_chest_is_named_by_the_player_to_the_left() -> None:
    """Sample turn: War Chest "waits for Natalie (the player to her left) to name a card"; the last seat's left
    is the first seat."""
    s = Scene(["War Chest"], players=3).set(2, hand="War Chest").start(2).treasures("War Chest")
    s.expect(Purpose.NAME, "War Chest", player=0)


def test_kingdom_treasures_are_treasures_to_cards_that_refer_to_treasures() -> None:
    """Prosperity's special Treasures "are affected by cards that refer to Treasures": Mine trashes a Hoard and
    gains a Bank into hand."""
    s = Scene(["Hoard", "Bank"]).set(0, hand="Mine, Hoard, Estate").start(0).play("Mine")
    s.expect(Purpose.TRASH, "Mine").answer("Hoard").expect(Purpose.GAIN, "Mine")
    names = {c.name for c in s.pending.options}
    assert s.trash == ["Hoard"] and {"Bank", "Hoard", "Gold"} <= names and "Platinum" not in names
    s.answer("Bank")
    assert "Bank" in s.hand(0)


def test_hoards_gold_goes_to_the_discard_pile() -> None:
    """Hoard: "The Gold comes from the Supply and is put into your discard pile"."""
    s = Scene(["Hoard", "Festival"]).set(0, hand="Festival, Hoard").start(0).play("Festival").treasures("Hoard")
    before = s.game.supply[card("Gold")]
    s.answer("Estate")
    assert sorted(s.zone(0, "discard")) == ["Estate", "Gold"] and s.game.supply[card("Gold")] == before - 1


def test_a_third_pile_emptied_in_the_action_phase_ends_the_game_only_at_the_end_of_the_turn() -> None:
    """The game ends "at the end of a turn": the turn with the third empty pile is played out."""
    s = Scene(["Workshop", "Festival"])
    for name in ("Curse", "Cellar"):
        s.game.supply[card(name)] = 0
    s.game.supply[card("Smithy")] = 1
    s.set(0, hand="Festival, Workshop, Silver", deck="Copper*5").set(1, hand="Copper*5", deck="Copper*5")
    s.start(0).play("Festival").play("Workshop").answer("Smithy")
    assert s.game.supply[card("Smithy")] == 0 and not s.game.over
    s.treasures("Silver").answer("Silver").expect(Purpose.BUY).answer("Copper")  # both Buys still used
    assert s.game.over and s.game.result.reason is GameEndReason.PILES
    assert [e.card.name for e in s.events(Gained)] == ["Smithy", "Silver", "Copper"]


def test_throne_room_on_vassal_plays_the_discarded_action_in_between() -> None:
    """Throne Room: "You cannot play other cards in-between (unless told to by the card, such as with
    Vassal ...)"."""
    s = Scene(["Throne Room", "Vassal"]).set(0, hand="Throne Room, Vassal", deck="Village, Smithy, Copper, Estate")
    s.start(0).play("Throne Room").answer("Vassal")
    s.expect(Purpose.PLAY, "Vassal").answer(True)  # the first Vassal's Village, before the second Vassal
    assert s.hand(0) == ["Smithy"] and s.zone(0, "play") == ["Throne Room", "Vassal", "Village"]
    assert s.zone(0, "discard") == ["Copper"]  # the second Vassal discarded a Copper: nothing to play
    assert s.coins == 4 and s.game.turn.actions == 2


@pytest.mark.parametrize("trashed,vp", [("Curse", 0), ("Estate", 1), ("Silver", 1), ("Duchy", 2), ("Province", 4)])
def test_bishop_gives_1_vp_per_2_coins_of_cost_rounded_down(trashed: str, vp: int) -> None:
    """Bishop: "+1 VP per 2 coins it costs (round down)", after its own +1 VP."""
    s = Scene(["Bishop"]).set(0, hand=f"Bishop, {trashed}").set(1, hand="").start(0).play("Bishop")
    assert s.trash == [trashed] and s.game.players[0].vp_tokens == 1 + vp
