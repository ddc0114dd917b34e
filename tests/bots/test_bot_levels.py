"""The bot levels and the Big Money family: legal over thousands of games on every card, the strong
bot's plan and buys, the normal bot's fixed habits, and names."""

from __future__ import annotations

import random

import pytest

from companion.bots import BOTS, SUMMARIES, UnknownBot, bot_name, make_bot
from companion.bots.plans import best_plan, plan_of
from companion.bots.strong import StrongBot
from companion.engine import ChooseCards, Game, GameSetup, Purpose
from companion.kingdom import Kingdom, ordered, random_kingdom
from tests.engine.scene import CAT, Scene, card

LEVELS = ["strong", "normal", "easy", "bmu", "smithy-bm", "witch-bm"]


@pytest.mark.slow
def test_thousands_of_games_on_every_card_are_legal() -> None:
    """Every answer of every bot is checked (check_bots): 2,040 games, 40 on each kingdom card, 2 to 4
    players, with and without Platinum and Colony; every game ends before the turn limit."""
    cards = sorted(CAT.kingdom, key=lambda c: c.name)
    games = stopped = 0
    for n, c in enumerate(cards):
        for i in range(40):
            seed = n * 1000 + i
            rng = random.Random(seed)
            k = random_kingdom(rng, include=[c], platinum_colony=bool(i % 3 == 0))
            players = 2 + i % 3
            names = [LEVELS[(i + j) % len(LEVELS)] for j in range(players)]
            g = Game(GameSetup.of(k, names, seed=seed, turn_limit=80), log=False, check_bots=True)
            g.advance([make_bot(b, seed + j) for j, b in enumerate(names)])
            assert g.over
            games += 1
            stopped += g.result.reason.name == "TURN_LIMIT"  # type: ignore[union-attr]
    assert games == 2040
    assert stopped < games // 100  # the bots finish their games


def test_strong_bot_is_deterministic_for_a_seed() -> None:
    def play() -> tuple[object, ...]:
        k = random_kingdom(random.Random(5))
        g = Game(GameSetup.of(k, ["strong", "strong"], seed=5), log=False)
        g.advance([make_bot("strong", 5), make_bot("strong", 6)])
        return tuple(a.value for a in g.answers)

    assert play() == play()


def kingdom(*names: str) -> Kingdom:
    fill = ["Cellar", "Chapel", "Harbinger", "Vassal", "Village", "Merchant", "Workshop", "Throne Room", "Mine",
            "Remodel", "Moneylender", "Poacher"]
    chosen = list(names) + [f for f in fill if f not in names][: 10 - len(names)]
    return Kingdom(ordered(CAT[n] for n in chosen))


def test_the_plan_is_the_tables_best_for_the_kingdom() -> None:
    assert best_plan(kingdom("Witch", "Smithy").cards).cards[0] == "Witch"
    assert best_plan(kingdom("Smithy").cards).key == "Smithy"
    plan = best_plan(kingdom("Throne Room").cards)
    assert "Throne Room" not in plan.cards  # Throne Room alone does nothing for Big Money


def test_a_strong_bot_used_in_a_second_game_plans_for_that_games_kingdom() -> None:
    bot = StrongBot()
    witch = Game(GameSetup.of(kingdom("Witch", "Smithy"), 2, seed=1))
    assert bot.plan(witch.view(0)).cards[0] == "Witch"
    smithy = Game(GameSetup.of(kingdom("Smithy"), 2, seed=1))
    assert bot.plan(smithy.view(0)).key == "Smithy"
    assert bot.plan(witch.view(0)).cards[0] == "Witch"


def test_strong_bot_buys_gold_over_its_plan_card_when_the_plan_says_so_and_says_why() -> None:
    s = Scene(["Smithy"])
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Silver*4")
    s.start(0)
    g = s.game  # the scene is rebuilt from its position when it starts
    g.turn.coins = 6
    bot = StrongBot()
    assert bot.buy(g.view(0)) in ((card("Gold"),), (card("Smithy"),))
    assert bot.why.startswith("Buy ") and len(bot.why.split()) <= 40
    g.turn.coins = 4
    bot.buy(g.view(0))
    assert bot.why.startswith("Buy Smithy: Big Money with Smithy is the plan")


def test_strong_bot_does_not_end_the_game_losing() -> None:
    s = Scene(["Smithy"])
    s.set(0, hand="Copper*5", deck="Gold*3", discard="Estate*3")
    s.set(1, hand="Copper*5", discard="Province*6, Duchy*2")
    s.game.supply[card("Province")] = 1
    s.start(0)  # the scene's game is rebuilt from its position here
    g = s.game
    g.turn.coins = 8
    assert StrongBot().buy(g.view(0)) == (card("Duchy"),)  # the last Province would lose by 9
    s.set(1, hand="Copper*5", discard="Estate*3")
    assert StrongBot().buy(g.view(0)) == (card("Province"),)  # now it wins


def test_a_forced_trash_takes_copper_before_a_province() -> None:
    s = Scene(["Remodel"])
    s.game.supply[card("Province")] = 2
    s.set(0, hand="Remodel, Province, Copper, Duchy", deck="Copper*5").start(0)
    g = s.game  # the scene is rebuilt from its position when it starts
    s.play("Remodel")
    d = s.pending
    assert d.purpose is Purpose.TRASH
    for level in ("normal", "strong", "easy"):
        assert make_bot(level).decide(g.view(0), d) == (card("Copper"),)


def test_normal_bot_prefers_gold_to_laboratory_at_6() -> None:
    s = Scene(["Laboratory"])
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Silver*2").start(0)
    g = s.game  # the scene is rebuilt from its position when it starts
    g.turn.coins = 6
    d = s.pending
    while d.purpose is not Purpose.BUY:
        g.answer(())
        d = s.pending
    g.turn.coins = 6
    assert make_bot("normal").decide(g.view(0), d) == (card("Gold"),)


def test_normal_bot_needs_actions_for_throne_room_and_junk_for_forge() -> None:
    bot = make_bot("normal")
    s = Scene(["Throne Room", "Forge"])
    s.set(0, hand="Copper*5", deck="Copper*7, Silver*2, Gold").start(0)
    g = s.game  # the scene is rebuilt from its position when it starts
    view = g.view(0)
    opts = {CAT["Throne Room"]: None, CAT["Forge"]: None, CAT["Silver"]: None}
    assert bot.kingdom_pick(view, opts, view.owned()) is None  # no Actions to throne, nothing to forge


def test_normal_bot_buys_workshop_for_gardens_only_at_3_or_4_coins() -> None:
    s = Scene(["Gardens", "Workshop"])
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3").start(0)
    g = s.game  # the scene is rebuilt from its position when it starts
    while s.pending.purpose is not Purpose.BUY:
        g.answer(())
    bot = make_bot("normal")
    g.turn.coins = 6
    assert bot.decide(g.view(0), s.pending) == (card("Gold"),)
    g.turn.coins = 3
    cheap = ChooseCards(0, Purpose.BUY, None, [c for c, n in g.supply.items() if n and g.cost(c) <= 3])
    assert bot.decide(g.view(0), cheap) == (card("Workshop"),)


def test_names_resolve_through_one_function() -> None:
    assert bot_name("Smithy BM") == bot_name("smithy-bm") == "smithy-bm"
    assert bot_name("general") == "normal"  # saved games name the normal bot so
    assert bot_name(" Strong ") == "strong"
    for name in BOTS:
        assert bot_name(name) == name
        assert name in SUMMARIES and len(SUMMARIES[name].split()) <= 10
    with pytest.raises(UnknownBot) as e:
        bot_name("grandmaster")
    assert "'grandmaster'" in str(e.value) and len(str(e.value).split()) < 25


def test_strong_bot_reasons_are_true_at_the_coins_it_has_and_counted_right() -> None:
    """Its reasons are what hint says: 8 coins early bought Gold "as Provinces need 8 coins", which the player
    had; and one Province or one coin was said "1 are left", "1 Provinces", "1 coins buys"."""
    s = Scene(["Smithy"])
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Smithy*2")  # Smithies enough for its plan
    s.start(0)
    g = s.game
    g.turn.coins = 8
    bot = StrongBot()
    assert bot.buy(g.view(0)) == (card("Gold"),)  # too little Treasure yet for an early Province
    assert bot.why == "Buy Gold: your deck has only 7 coins of Treasure, so Gold comes before Provinces."
    g.turn.coins = 1
    assert bot.buy(g.view(0)) == ()
    assert bot.why == "Buy nothing: 1 coin buys nothing that helps this deck."
    g.supply[card("Province")] = 1
    g.turn.coins = 5
    assert bot.buy(g.view(0)) == (card("Duchy"),)
    assert bot.why == "Buy Duchy: only 1 Province is left, so points count more than money now."


def test_the_normal_bot_keeps_two_weak_cantrips_in_all() -> None:
    """It filled its deck with cheap cards (6.4 Harbingers a game on filler kingdoms): two weak cantrips of
    every kind together are enough."""
    s = Scene(["Harbinger", "Cellar", "Laboratory"])
    s.set(0, hand="Copper*5", deck="Copper*6, Silver*8, Estate*3, Harbinger, Cellar").start(0)
    view = s.game.view(0)
    bot = make_bot("normal")
    weak = {card("Harbinger"): None, card("Cellar"): None, card("Copper"): None}
    assert bot.kingdom_pick(view, weak, view.owned()) is None
    assert bot.kingdom_pick(view, {**weak, card("Laboratory"): None}, view.owned()) == card("Laboratory")
    s.set(0, hand="Copper*5", deck="Copper*6, Silver*8, Estate*3, Harbinger").start(0)
    view = s.game.view(0)
    assert bot.kingdom_pick(view, weak, view.owned()) == card("Harbinger")


def test_the_normal_bot_takes_silver_over_a_weak_card_at_4_coins() -> None:
    """At 3 and 4 coins a Village or a Harbinger that makes no coins loses to Silver, however rich the deck:
    on a kingdom of such cards it won 25 games in 100 against Big Money Ultimate, 54 with Silver."""
    s = Scene(["Harbinger", "Village", "Remodel", "Poacher"])
    s.set(0, hand="Copper*5", deck="Copper, Silver*6, Estate*3").start(0)
    g = s.game
    while s.pending.purpose is not Purpose.BUY:
        g.answer(())
    bot = make_bot("normal")
    g.turn.coins = 4
    offered = [card(n) for n in ("Copper", "Silver", "Estate", "Harbinger", "Village", "Remodel")]
    assert bot.decide(g.view(0), ChooseCards(0, Purpose.BUY, None, offered)) == (card("Silver"),)
    offered.remove(card("Remodel"))
    offered.append(card("Poacher"))  # a card that makes its own coin is still worth it
    assert bot.decide(g.view(0), ChooseCards(0, Purpose.BUY, None, offered)) == (card("Poacher"),)


def test_the_easy_bot_buys_one_of_each_kingdom_card() -> None:
    s = Scene(["Smithy", "Village"])
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Smithy").start(0)
    g = s.game
    while s.pending.purpose is not Purpose.BUY:
        g.answer(())
    offered = tuple(card(n) for n in ("Copper", "Silver", "Estate", "Smithy", "Village"))
    g.turn.coins = 4
    assert make_bot("easy").buy(g.view(0), offered) == (card("Village"),)  # not a second Smithy
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Smithy, Village").start(0)
    g = s.game
    while s.pending.purpose is not Purpose.BUY:
        g.answer(())
    g.turn.coins = 4
    assert make_bot("easy").buy(g.view(0), offered) == (card("Silver"),)


def test_at_four_players_the_strong_bot_takes_duchies_with_8_provinces_left() -> None:
    """With four players the Provinces go faster after each of your turns: Duchy over Gold from 8 left."""
    s = Scene(["Smithy"], players=4)
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3, Silver*4, Gold*2")
    s.game.supply[card("Province")] = 8
    s.start(0)
    g = s.game
    g.turn.coins = 6
    bot = StrongBot(0, plan_of("money"))
    assert bot.buy(g.view(0)) == (card("Duchy"),)
    assert bot.why == "Buy Duchy: only 8 Provinces are left, so points count more than money now."
    g.supply[card("Province")] = 9
    assert bot.buy(g.view(0)) == (card("Gold"),)
