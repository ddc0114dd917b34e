"""The strong bot reads the table: it contests the Gardens of a player rushing them and says why, greens by
the piles a rush is emptying, drops a Bandit plan against decks with no Treasure for it to trash; the normal
bot no longer races a rusher for Workshops nor takes the last card of a lost game."""

from __future__ import annotations

from companion.bots.general import GeneralBot
from companion.bots.plans import plan_of
from companion.bots.strong import StrongBot
from companion.engine import Purpose
from companion.game.coach import advice
from tests.engine.scene import Scene, card

RUSH_KINGDOM = ["Workshop", "Gardens", "Smithy", "Bandit", "Village", "Market", "Cellar", "Moat", "Militia", "Mine"]
RUSHER = "Workshop*4, Gardens*2, Copper*7, Estate*5"


def _at_buy(mine: str, theirs: str, coins: int, names: list[str] = RUSH_KINGDOM) -> Scene:
    s = Scene(names)
    s.set(0, hand="Copper*5", deck=mine)
    s.set(1, hand="Copper*5", deck=theirs)
    s.start(0)
    s.to_buy()
    s.game.turn.coins = coins
    s.game.players[0].turns = s.game.players[1].turns = 6
    return s


def test_the_strong_bot_contests_a_rushers_gardens_and_hint_says_why() -> None:
    s = _at_buy("Copper*2, Estate*3, Silver*3, Smithy", RUSHER, 4)
    s.game.players[1].name = "Rex"
    answer, said = advice(s.game, 0)
    assert answer == (card("Gardens"),), said
    assert "Rex is rushing Gardens, a Gardens of yours takes 2 points from them." in said
    # With nobody rushing, the same hand buys no Gardens.
    s = _at_buy("Copper*2, Estate*3, Silver*3, Smithy", "Copper*7, Estate*3, Silver*4", 4)
    answer, said = advice(s.game, 0)
    assert answer != (card("Gardens"),), said


def test_against_a_rush_the_strong_bot_greens_by_the_piles_it_is_emptying() -> None:
    s = _at_buy("Copper*2, Estate*3, Silver*3, Smithy", "Workshop*6, Copper*7, Estate*5", 5)
    g = s.game
    g.supply[card("Workshop")], g.supply[card("Cellar")], g.supply[card("Estate")] = 2, 3, 4
    answer, said = advice(g, 0)
    assert answer == (card("Duchy"),), said
    assert "9 cards are left in the piles that end the game" in said
    g.supply[card("Workshop")], g.supply[card("Cellar")], g.supply[card("Estate")] = 10, 10, 8  # no rush near its end
    assert advice(g, 0)[0] != (card("Duchy"),)


def test_a_bandit_plan_is_dropped_against_decks_with_no_treasure_for_it() -> None:
    bot = StrongBot(plan=plan_of("Bandit", "e"))
    s = _at_buy("Copper*2, Estate*3, Silver*3", "Workshop*4, Copper*7, Estate*5", 5)
    assert bot.decide(s.game.view(0), s.pending) != (card("Bandit"),), bot.why
    s = _at_buy("Copper*2, Estate*3, Silver*3", "Copper*7, Estate*3, Silver*2, Gold", 5)
    assert StrongBot(plan=plan_of("Bandit", "e")).decide(s.game.view(0), s.pending) == (card("Bandit"),)


def test_the_normal_bot_buys_no_workshop_against_a_rusher() -> None:
    s = _at_buy("Copper*5, Estate*3", RUSHER, 3)
    assert GeneralBot().decide(s.game.view(0), s.pending) != (card("Workshop"),)
    s = _at_buy("Copper*5, Estate*3", "Copper*7, Estate*3", 3)
    assert GeneralBot().decide(s.game.view(0), s.pending) == (card("Workshop"),)  # its own Gardens, as before


def test_the_normal_bot_does_not_take_the_last_estate_of_a_lost_game() -> None:
    s = _at_buy("Copper*5, Estate*3", RUSHER, 2)
    g = s.game
    g.supply[card("Workshop")], g.supply[card("Gardens")], g.supply[card("Estate")] = 0, 0, 1
    g.supply[card("Province")] = 2  # (its rule takes an Estate with 2 Provinces left)
    assert s.pending.purpose is Purpose.BUY
    assert GeneralBot().decide(g.view(0), s.pending) != (card("Estate"),)  # 4 points against 9 would end it


def _table(players: int, rusher: str, coins: int, names: list[str] = RUSH_KINGDOM, turns: int = 6) -> Scene:
    s = Scene(names, players=players)
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Silver*3, Smithy")
    for p in range(1, players):
        s.set(p, hand="Copper*5", deck=rusher)
    s.start(0)
    s.to_buy()
    s.game.turn.coins = coins
    for ps in s.game.players:
        ps.turns = turns
    return s


def test_against_two_rushers_the_strong_bot_contests_gardens_with_4_coins_only() -> None:
    s = _table(3, RUSHER, 4)
    assert StrongBot().decide(s.game.view(0), s.pending) == (card("Gardens"),)
    s = _table(3, RUSHER, 6)  # one rusher's rule would take a Gardens with 6 or 7 coins; two rushers: Gold
    assert StrongBot().decide(s.game.view(0), s.pending) != (card("Gardens"),)


def test_against_three_rushers_gardens_are_contested_once_worth_2_points_to_them() -> None:
    s = _table(4, "Workshop*4, Gardens*2, Copper*3, Estate*5", 4)  # 19 cards with the hand: 1 point each
    assert StrongBot().decide(s.game.view(0), s.pending) != (card("Gardens"),)
    s = _table(4, "Workshop*5, Gardens*3, Copper*3, Estate*5", 4)  # 21 cards: 2 points each
    bot = StrongBot()
    assert bot.decide(s.game.view(0), s.pending) == (card("Gardens"),)
    assert "a Gardens of yours takes 2 points from them" in bot.why


def test_a_chapel_plan_buys_no_chapel_once_a_rush_shows() -> None:
    names = ["Chapel", "Witch", "Workshop", "Gardens", "Village", "Market", "Cellar", "Moat", "Militia", "Mine"]
    s = _at_buy("Copper*2, Estate*3", "Workshop, Copper*7, Estate*3", 3, names)
    for ps in s.game.players:
        ps.turns = 1
    assert StrongBot(plan=plan_of("Witch+Chapel", "d")).decide(s.game.view(0), s.pending) != (card("Chapel"),)
    s = _at_buy("Copper*2, Estate*3", "Silver, Copper*7, Estate*3", 3, names)
    for ps in s.game.players:
        ps.turns = 1
    assert StrongBot(plan=plan_of("Witch+Chapel", "d")).decide(s.game.view(0), s.pending) == (card("Chapel"),)


def test_a_chapel_plan_that_dropped_its_chapel_says_the_plan_it_now_plays() -> None:
    names = ["Chapel", "Witch", "Workshop", "Gardens", "Village", "Market", "Cellar", "Moat", "Militia", "Mine"]
    s = _at_buy("Copper*2, Estate*3, Silver", "Workshop*2, Copper*7, Estate*3", 5, names)
    s.game.players[1].name = "Rex"
    bot = StrongBot(plan=plan_of("Witch+Chapel", "d"))
    assert bot.decide(s.game.view(0), s.pending) == (card("Witch"),)
    assert "Chapel with Witch is the plan" not in bot.why, bot.why
    assert "Big Money with Witch is the plan here, with no Chapel: Rex is building Workshops and Gardens" in bot.why
    # With no rush the Chapel plan is still said as it is played.
    s = _at_buy("Copper*2, Estate*3, Silver, Chapel", "Silver*2, Copper*7, Estate*3", 5, names)
    bot = StrongBot(plan=plan_of("Witch+Chapel", "d"))
    assert bot.decide(s.game.view(0), s.pending) == (card("Witch"),)
    assert "Chapel with Witch is the plan here" in bot.why, bot.why
