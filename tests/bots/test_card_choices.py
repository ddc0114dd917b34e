"""Card choices a strong player makes, each with the reason hint gives for it."""

from __future__ import annotations

from companion.bots import make_bot
from companion.bots.strong import StrongBot
from companion.engine import Purpose
from companion.game.coach import advice
from tests.engine.scene import Scene, card


def names(answer: tuple) -> list[str]:
    return sorted(c.name for c in answer)


def test_a_militia_discard_keeps_gold_and_the_one_action_the_hand_can_play() -> None:
    """It kept three terminals it could not all play and threw away Gold."""
    s = Scene(["Militia", "Smithy", "Witch", "Library"])
    s.set(0, hand="Militia, Copper*4", deck="Copper*5")
    s.set(1, hand="Smithy, Witch, Library, Gold, Copper", deck="Copper*5")
    s.start(0).play("Militia")
    d = s.expect(Purpose.DISCARD, "Militia", player=1).pending
    for level in ("strong",):
        kept = list(d.options)
        for c in make_bot(level).decide(s.game.view(1), d):
            kept.remove(c)
        assert card("Gold") in kept
        assert sum(c.name in ("Smithy", "Witch", "Library") for c in kept) == 1, kept
    assert sorted(c.name for c in advice(s.game, 1)[0]) == ["Library", "Smithy"]  # Witch is played first


def test_a_militia_discard_keeps_actions_a_village_can_play() -> None:
    s = Scene(["Militia", "Smithy", "Village"])
    s.set(0, hand="Militia, Copper*4", deck="Copper*5")
    s.set(1, hand="Village, Smithy, Estate, Copper, Copper", deck="Copper*5")
    s.start(0).play("Militia")
    d = s.expect(Purpose.DISCARD, player=1).pending
    assert names(StrongBot().decide(s.game.view(1), d)) == ["Copper", "Estate"]


def test_tiara_plays_a_copper_twice_when_no_better_treasure_is_in_hand() -> None:
    s = Scene(["Tiara"])
    s.set(0, hand="Tiara, Copper*4", deck="Copper*5").start(0)
    g = s.game
    while s.pending.purpose is not Purpose.PLAY_TREASURES:
        g.answer(())
    s.answer("Tiara")
    d = s.expect(Purpose.PLAY, "Tiara").pending
    assert StrongBot().decide(g.view(0), d) == (card("Copper"),)


def test_moneylender_trashes_its_copper_in_a_thin_deck_and_says_why() -> None:
    s = Scene(["Moneylender"])
    s.set(0, hand="Moneylender, Copper, Estate, Estate, Estate", deck="Copper*2").start(0)
    s.play("Moneylender")
    answer, said = advice(s.game, 0)
    assert answer is True, said
    assert "3 coins instead of 1" in said


def test_clerk_puts_back_an_action_the_hand_cannot_play_and_says_so() -> None:
    """Not "The best card comes back first.": the words say why that card."""
    s = Scene(["Clerk", "Smithy", "Witch"])
    s.set(0, hand="Clerk, Copper*4", deck="Copper*5")
    s.set(1, hand="Smithy, Witch, Province, Silver, Copper", deck="Copper*5")
    s.start(0)
    s.expect(Purpose.START_OF_TURN).answer(())
    s.play("Clerk")
    s.expect(Purpose.TOPDECK, "Clerk", player=1)
    answer, said = advice(s.game, 1)
    assert answer == (card("Smithy"),), said  # Witch is played; Smithy waits for the hand after
    assert "best card comes back first" not in said and "no Action left for Smithy" in said

    s = Scene(["Clerk"])
    s.set(0, hand="Clerk, Copper*4", deck="Copper*5")
    s.set(1, hand="Gold, Gold, Gold, Province, Copper", deck="Copper*5")
    s.start(0)
    s.expect(Purpose.START_OF_TURN).answer(())
    s.play("Clerk")
    answer, said = advice(s.game, 1)
    assert answer == (card("Copper"),), said  # 9 coins without it, a Province either way
    assert "still has 9 coins without it" in said


def test_harbinger_names_the_card_it_puts_back_and_why() -> None:
    s = Scene(["Harbinger"])
    s.set(0, hand="Harbinger, Copper*4", deck="Copper*5", discard="Gold, Estate, Copper").start(0)
    s.play("Harbinger")
    s.expect(Purpose.TOPDECK, "Harbinger")
    answer, said = advice(s.game, 0)
    assert answer == (card("Gold"),)
    assert "Gold is the best card in your discard pile" in said and "best card comes back first" not in said


def test_artisan_puts_back_what_the_turn_needs_least_and_says_why() -> None:
    s = Scene(["Artisan", "Smithy"])
    s.set(0, hand="Artisan, Estate, Estate, Duchy, Smithy", deck="Copper*5").start(0)
    s.play("Artisan")
    s.expect(Purpose.GAIN, "Artisan").answer("Silver")
    s.expect(Purpose.TOPDECK, "Artisan")
    answer, said = advice(s.game, 0)
    assert answer == (card("Smithy"),)  # no Action left this turn: next turn it can be played
    assert "best card comes back first" not in said


def test_remodel_gains_by_the_plan_not_the_general_value() -> None:
    """A strong bot playing Big Money with Smithy remodels an Estate into its plan's card or Silver."""
    s = Scene(["Remodel", "Smithy"])
    s.set(0, hand="Remodel, Estate, Copper*3", deck="Copper*5").start(0)
    s.play("Remodel")
    s.expect(Purpose.TRASH, "Remodel").answer("Estate")
    d = s.expect(Purpose.GAIN, "Remodel").pending
    bot = StrongBot()
    pick = bot.decide(s.game.view(0), d)
    assert pick[0].name in bot.plan(s.game.view(0)).cards or pick == (card("Silver"),), pick
    assert bot.why.startswith(f"Gain {pick[0].name}: ")


def test_a_colony_game_speaks_of_colonies_and_takes_gold_over_an_early_province() -> None:
    """Hints in a Colony game spoke of Provinces and advised a Province at 8 coins with 8 Colonies left."""
    s = Scene(["Smithy"], colony=True)
    s.set(0, hand="Gold, Gold, Copper, Copper, Estate", deck="Copper*5", discard="Silver*4, Gold*2, Smithy*2").start(0)
    g = s.game
    g.turn.coins = 8
    bot = StrongBot()
    assert bot.buy(g.view(0)) == (card("Gold"),)
    assert "8 Colonies are left" in bot.why and "Province" not in bot.why
    g.turn.coins = 6
    bot.buy(g.view(0))
    assert "Colonies need 11 coins" in bot.why and "Province" not in bot.why
    g.supply[card("Colony")] = 2
    g.turn.coins = 5
    assert bot.buy(g.view(0)) == (card("Duchy"),)
    assert "only 2 Colonies are left" in bot.why


def test_vault_discards_actions_it_cannot_play_and_victory_cards() -> None:
    s = Scene(["Vault", "Smithy"])
    s.set(0, hand="Vault, Smithy, Estate, Copper, Gold", deck="Duchy, Silver").start(0)
    s.play("Vault")
    d = s.expect(Purpose.DISCARD, "Vault").pending
    assert names(StrongBot().decide(s.game.view(0), d)) == ["Duchy", "Estate", "Smithy"]



def _watchtower_on(gained: str, deck: str, kingdom: tuple[str, ...] = ("Watchtower",)) -> tuple[object, str]:
    """Player 0 holds a Watchtower and buys ``gained``: the strong bot's answer and hint's words."""
    s = Scene(list(kingdom))
    s.set(0, hand="Watchtower, Gold, Gold, Gold, Copper", deck=deck).start(0)
    g = s.game
    s.to_buy()
    g.turn.coins = 11
    s.answer(gained)
    s.expect(Purpose.REACT, "Watchtower")
    answer, said = advice(g, 0)
    assert answer == StrongBot().decide(g.view(0), s.pending)
    return answer, said


def test_watchtower_puts_a_treasure_better_than_the_deck_on_it_and_leaves_victory_cards() -> None:
    answer, said = _watchtower_on("Gold", "Copper*7, Estate*3")
    assert answer == "deck" and "worth more than your deck's average card" in said, said
    poor = _watchtower_on("Silver", "Copper*7, Estate*3")  # 10 coins in 16 cards: a Silver is better
    rich = _watchtower_on("Silver", "Gold*6, Silver*3")  # 31 coins in 15 cards: it is not
    assert poor[0] == "deck" and rich[0] == "no", (poor, rich)
    assert "worth no more than your deck's average card" in rich[1]
    answer, said = _watchtower_on("Province", "Copper*7, Estate*3")
    assert answer == "no" and "Province would do nothing in your next hand" in said, said
    answer, said = _watchtower_on("Witch", "Copper*7, Estate*3", ("Watchtower", "Witch"))
    assert answer == "deck" and "good cards" in said, said


def test_watchtower_trashes_a_curse_from_an_attack_and_says_why() -> None:
    s = Scene(["Witch", "Watchtower"])
    s.set(0, hand="Witch, Copper*4", deck="Copper*5")
    s.set(1, hand="Watchtower, Copper*4", deck="Copper*5")
    s.start(0).play("Witch")
    s.expect(Purpose.REACT, "Watchtower", player=1)
    answer, said = advice(s.game, 1)
    assert answer == "trash" and "Curse would only weaken your deck" in said, said
    assert "attack" not in said


def _rabble_victim(deck: str, discard: str = "") -> tuple[Scene, tuple, str]:
    s = Scene(["Rabble", "Sentry"])
    s.set(0, hand="Rabble, Copper*4", deck="Copper*5")
    s.set(1, hand="Copper*5", deck=deck, discard=discard)
    s.start(0).play("Rabble")
    s.expect(Purpose.ORDER, "Rabble", player=1)
    answer, said = advice(s.game, 1)
    assert answer == StrongBot().decide(s.game.view(1), s.pending)
    return s, answer, said


def test_rabble_leaves_what_a_sentry_can_trash_on_top_and_says_when_the_order_changes_nothing() -> None:
    s, answer, said = _rabble_victim("Province, Estate, Curse, Copper*3", discard="Sentry")
    assert [c.name for c in answer] == ["Curse", "Estate", "Province"], said  # the first is on top
    assert "Curse goes on top, where your Sentry can trash it first" in said
    s.answer(answer)
    assert s.deck_top(1, 3) == ["Curse", "Estate", "Province"]
    _, answer, said = _rabble_victim("Province, Estate, Curse, Copper*3")
    assert "order changes nothing" in said, said
    assert "want most" not in said  # the words for an order of cards a player keeps


def test_bandit_anvil_and_vault_say_their_own_reasons() -> None:
    """Not "Curses and Victory cards first, then Coppers" for a Silver that Bandit takes, an Anvil's Copper
    or an Estate discarded for Vault's coin."""
    s = Scene(["Bandit"])
    s.set(0, hand="Bandit, Copper*4", deck="Copper*5")
    s.set(1, hand="Copper*5", deck="Gold, Silver, Copper*3")
    s.start(0).play("Bandit")
    s.expect(Purpose.TRASH, "Bandit", player=1)
    answer, said = advice(s.game, 1)
    assert answer == (card("Silver"),) and "Bandit takes one of these, and Silver costs least" in said, said

    s = Scene(["Anvil"])
    s.set(0, hand="Anvil, Copper*4", deck="Copper*5").start(0)
    s.expect(Purpose.PLAY_TREASURES).answer("Anvil")
    s.expect(Purpose.DISCARD, "Anvil")
    answer, said = advice(s.game, 0)
    assert answer == (card("Copper"),) and "Anvil gains a card costing up to 4 coins for a Copper" in said, said

    s = Scene(["Vault"])
    s.set(0, hand="Vault, Estate, Copper, Copper, Silver", deck="Duchy, Copper").start(0)
    s.play("Vault")
    s.expect(Purpose.DISCARD, "Vault")
    answer, said = advice(s.game, 0)
    assert names(answer) == ["Duchy", "Estate"] and "Each card discarded is a coin" in said, said


def _pile_end(mine: str, theirs: str) -> tuple[object, str]:
    """Two piles empty and one Curse left: the strong bot's buy, with 2 coins, and what hint says."""
    s = Scene(["Smithy"])
    s.set(0, hand="Copper*2, Estate*3", deck="Copper*5", discard=mine)
    s.set(1, hand="Copper*5", deck="Copper*5", discard=theirs)
    for name in ("Village", "Workshop"):
        s.game.supply[card(name)] = 0
    s.game.supply[card("Curse")] = 1
    s.start(0)
    s.treasures("Copper, Copper").to_buy()
    s.expect(Purpose.BUY)
    answer, said = advice(s.game, 0)
    assert answer == StrongBot().decide(s.game.view(0), s.pending)
    return answer, said


def test_the_bot_ends_the_game_on_piles_when_it_is_ahead_even_with_a_curse() -> None:
    """With 2 coins and 9 Provinces left it bought nothing: the last Curse ends the game, and it is ahead."""
    answer, said = _pile_end(mine="Province", theirs="Estate")
    assert answer == (card("Curse"),), answer
    assert "It ends the game, and you win by 7 points" in said, said  # 9 and -1 against 1
    answer, said = _pile_end(mine="", theirs="Province")  # behind: the game goes on
    assert answer != (card("Curse"),), answer


def test_a_cursed_deck_takes_a_duchy_one_province_earlier_and_says_why() -> None:
    """Three Curses or more: Duchy over Gold with 5 Provinces left at 2 players (4 without Curses)."""
    for curses, want in ((3, "Duchy"), (0, "Gold")):
        s = Scene(["Smithy"])
        s.set(0, hand="Gold, Silver, Copper, Estate, Estate", deck="Copper*5",
              discard="Smithy, Smithy, Silver, Copper*4" + ", Curse" * curses)
        s.game.supply[card("Province")] = 5
        s.start(0)
        s.game.turn.coins = 6
        bot = StrongBot()
        assert bot.buy(s.game.view(0)) == (card(want),), (curses, bot.why)
        if curses:
            assert "only 5 Provinces are left, and your 3 Curses slow your deck" in bot.why, bot.why
    s.game.supply[card("Province")] = 4  # at 4 left every deck takes the Duchy: the Curses are not the reason
    s.set(0, hand="Gold, Silver, Copper, Estate, Estate", deck="Copper*5", discard="Curse*3").start(0)
    s.game.turn.coins = 6
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Duchy"),) and "Curses" not in bot.why, bot.why


def test_near_a_pile_ending_the_bot_greens_by_the_cards_left_in_those_piles() -> None:
    """With 12 Provinces left but the Curses gone and two piles nearly empty, it bought Gold at 6 coins
    (4 players): the game was 4 cards from its end."""
    s = Scene(["Smithy"], players=4)
    s.set(0, hand="Gold, Silver, Copper, Estate, Estate", deck="Copper*5", discard="Smithy, Silver, Copper*4")
    for p in (1, 2, 3):
        s.set(p, hand="Copper*5", deck="Copper*5")
    s.game.supply[card("Curse")] = 0
    s.game.supply[card("Village")] = s.game.supply[card("Workshop")] = 2
    s.start(0)
    s.game.turn.coins = 6
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Duchy"),), bot.why
    assert bot.why == ("Buy Duchy: only 4 cards are left in the piles that end the game, so points count more "
                       "than money now."), bot.why
    s.game.supply[card("Village")] = s.game.supply[card("Workshop")] = 5  # 10 cards count as 8: other players take too
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Duchy"),), bot.why
    assert "only 10 cards are left in the piles that end the game" in bot.why, bot.why
    s.game.supply[card("Village")] = s.game.supply[card("Workshop")] = 8  # far from the end: money first
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Gold"),), bot.why


def test_a_colony_game_of_four_takes_a_province_at_8_coins_where_two_players_take_gold() -> None:
    """With more players the Colonies go faster: at 4 players a Province, not Gold, at 8 coins."""
    for players, want in ((2, "Gold"), (4, "Province")):
        s = Scene(["Smithy"], players=players, colony=True)
        s.set(0, hand="Gold, Gold, Copper, Copper, Estate", deck="Copper*5", discard="Silver*4, Gold*2, Smithy*2")
        for p in range(1, players):
            s.set(p, hand="Copper*5", deck="Copper*5")
        s.game.supply[card("Colony")] = 8
        s.start(0)
        s.game.turn.coins = 8
        bot = StrongBot()
        assert bot.buy(s.game.view(0)) == (card(want),), (players, bot.why)


def _defence_buy(names: list[str], theirs: str, mine: str = "", coins: int = 4) -> tuple[tuple, str, str]:
    """The strong bot's buy with ``coins`` when the other player owns ``theirs``; its reason; their name."""
    s = Scene(names)
    s.set(0, hand="Copper*4, Estate", deck="Copper*3, Estate*2", discard=mine)
    s.set(1, hand="Copper*5", deck="Copper*5", discard=theirs)
    s.start(0)
    s.game.turn.coins = coins
    bot = StrongBot()
    answer = bot.buy(s.game.view(0))
    return answer, bot.why, s.game.view(0).name_of(1)


def test_a_moat_answers_another_players_attack_once_and_says_why() -> None:
    """An experienced player takes a Moat with 2 to 4 coins once someone else has an Attack it was shown to
    answer (Witch, Charlatan, Militia)."""
    names = ["Smithy", "Moat", "Witch", "Bandit", "Cellar", "Chapel", "Festival", "Laboratory", "Library", "Village"]
    answer, why, them = _defence_buy(names, "Witch")
    assert answer == (card("Moat"),), why
    assert why == f"Buy Moat: {them} has a Witch, and a Moat in your hand blocks its attack.", why
    answer, _, _ = _defence_buy(names, "Witch", coins=2)  # 2 coins buy nothing else
    assert answer == (card("Moat"),)
    answer, _, _ = _defence_buy(names, "Bandit", coins=2)  # not an Attack a Moat was shown to answer
    assert answer == ()
    for theirs, mine, coins in (("Smithy", "", 4), ("Witch", "Moat", 4), ("Witch", "", 6)):
        answer, why, _ = _defence_buy(names, theirs, mine, coins)  # no Attack; one is enough; Gold first
        assert card("Moat") not in answer, (theirs, mine, coins, why)


def test_a_watchtower_answers_curses_and_militia_and_says_how() -> None:
    names = ["Smithy", "Watchtower", "Moat", "Witch", "Militia", "Bandit", "Chapel", "Festival", "Laboratory", "Village"]
    answer, why, them = _defence_buy(names, "Witch")  # Watchtower before Moat where both are there
    assert answer == (card("Watchtower"),), why
    assert why == (f"Buy Watchtower: {them} has a Witch, and a Watchtower in your hand trashes the Curses it "
                   "gives you."), why
    answer, why, them = _defence_buy(names, "Militia")
    assert answer == (card("Watchtower"),), why
    assert why == f"Buy Watchtower: {them} has a Militia, and Watchtower draws your hand up to 6 cards.", why
    answer, why, _ = _defence_buy(names, "Bandit")  # neither answers Bandit
    assert answer == (card("Silver"),), why
    answer, why, _ = _defence_buy(names, "Witch", mine="Moat")  # one answer is enough
    assert card("Watchtower") not in answer and card("Moat") not in answer, why


def test_a_colony_game_of_four_stops_platinum_sooner_and_takes_gold_over_an_early_province_longer() -> None:
    """At 4 players the Colonies go fast: with 8 left, a Province at 9 coins, not Platinum (2 players,
    whose pile has 8, still take Platinum); and Gold over a Province at 8 coins below 22 coins of Treasure."""
    for players, colonies, coins, discard, want in (
            (4, 8, 9, "Silver*4, Gold*2, Smithy*2", "Province"), (4, 9, 9, "Silver*4, Gold*2, Smithy*2", "Platinum"),
            (2, 8, 9, "Silver*4, Gold*2, Smithy*2", "Platinum"),
            (4, 12, 8, "Silver*3, Smithy", "Gold"), (4, 12, 8, "Silver*4, Gold*2, Smithy*2", "Province")):
        s = Scene(["Smithy"], players=players, colony=True)
        s.set(0, hand="Gold, Gold, Copper, Copper, Estate", deck="Copper*5", discard=discard)
        for p in range(1, players):
            s.set(p, hand="Copper*5", deck="Copper*5")
        s.game.supply[card("Colony")] = colonies
        s.start(0)
        s.game.turn.coins = coins
        bot = StrongBot()
        assert bot.buy(s.game.view(0)) == (card(want),), (players, colonies, coins, discard, bot.why)
        if want == "Gold":
            assert "your deck has only 19 coins of Treasure, so Gold comes before Provinces" in bot.why, bot.why


def test_behind_with_one_province_left_the_bot_takes_a_duchy_and_says_the_province_would_lose() -> None:
    """It took the Duchy, but said "points count more than money now": the reason was that the last
    Province would end the game with it behind."""
    s = Scene(["Smithy"])
    s.set(0, hand="Gold, Gold, Silver, Copper, Estate", deck="Copper*5", discard="Province")
    s.set(1, hand="Copper*5", deck="Copper*5", discard="Province*3")
    s.game.supply[card("Province")] = 1
    s.start(0)
    s.game.turn.coins = 9
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Duchy"),), bot.why
    assert bot.why == ("Buy Duchy: the last Province would end the game with you behind. Duchy's 3 points keep "
                       "it going."), bot.why
    s.set(0, hand="Gold, Gold, Silver, Copper, Estate", deck="Copper*5", discard="Province*3")  # ahead: it ends it
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Province"),), bot.why


def test_a_provinces_reason_names_the_pile_it_counts() -> None:
    """ "It is worth 6 points, and 6 are left." was heard as two sixes with nothing between them."""
    s = Scene(["Smithy"])
    s.set(0, hand="Gold, Gold, Silver, Copper, Estate", deck="Copper*5", discard="Gold*3, Silver*4")
    s.game.supply[card("Province")] = 6
    s.start(0)
    s.game.turn.coins = 8
    bot = StrongBot()
    assert bot.buy(s.game.view(0)) == (card("Province"),), bot.why
    assert bot.why == "Buy Province: it is worth 6 points, and 6 Provinces are left.", bot.why
