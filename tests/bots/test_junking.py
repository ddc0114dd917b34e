"""The strong bot's plan with a trasher of its own (a Witch with a Chapel, ChapelWitch's shape): the search
tries it where the kingdom has a Chapel, the Chapel is bought at the opening, played before the Witch with
cards to trash, and trashes Estates and Coppers hard while the hand keeps the coins for the Witch."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.bots import plan_cache
from companion.bots.plans import plan_of
from companion.bots.search import candidates
from companion.bots.strong import StrongBot
from companion.engine import Purpose
from tests.engine.scene import Scene, card

CHAPEL_WITCH = plan_of("Witch+Chapel", "d")
KINGDOM = ["Chapel", "Witch", "Smithy", "Village", "Market", "Cellar", "Moat", "Militia", "Mine", "Remodel"]
# No village, Laboratory or Market: a Throne Room, which a thinned deck does not take in a village's place.
NO_HELPERS = ["Chapel", "Witch", "Smithy", "Throne Room", "Cellar", "Moat", "Militia", "Mine", "Remodel", "Bandit"]


def names(cards: tuple) -> list[str]:
    return sorted(c.name for c in cards)


def test_the_search_tries_the_best_terminal_with_a_chapel_where_the_kingdom_has_one() -> None:
    tried, _ = candidates(KINGDOM)
    junking = [p for p in tried if p.kind == "trasher"]
    assert [(p.key, p.variant) for p in junking] == [("Witch+Chapel", "d")]
    assert junking[0].describe() == "Chapel with Witch"
    tried, _ = candidates([n for n in KINGDOM if n != "Chapel"] + ["Workshop"])
    assert not [p for p in tried if p.kind == "trasher"]


def test_a_plan_with_a_chapel_is_kept_on_disk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    monkeypatch.delenv("COMPANION_NO_CACHE", raising=False)
    monkeypatch.setattr(plan_cache, "_caches", {})
    kept = tuple(sorted(KINGDOM))
    plan_cache.PlanCache(60).put(kept, False, 2, plan_of("Witch+Chapel", "d", 58, 200))
    found = plan_cache.PlanCache(60).get(kept, False, 2)
    assert found is not None and (found.key, found.kind, found.variant, found.rate) == ("Witch+Chapel", "trasher", "d", 58)


def buy_with(hand: str, turn: int) -> tuple[str, str]:
    s = Scene(KINGDOM)
    s.set(0, hand=hand, deck="Copper*5", discard="Copper*3, Estate*2").start(0)
    s.game.players[0].turns = turn
    while s.pending.purpose in (Purpose.PLAY_ACTION, Purpose.START_OF_TURN):
        s.answer(())
    s.answer(tuple(c for c in s.game.players[0].hand if c.is_treasure))
    d = s.expect(Purpose.BUY).pending
    bot = StrongBot(0, CHAPEL_WITCH)
    answer = bot.decide(s.game.view(0), d)
    return names(answer)[0] if answer else "", bot.why


def test_the_chapel_is_bought_at_the_opening_and_the_witch_with_5_coins() -> None:
    bought, why = buy_with("Copper*3, Estate*2", turn=1)
    assert bought == "Chapel", why
    assert "Chapel with Witch is the plan here" in why, why
    assert buy_with("Copper*5", turn=1)[0] == "Witch"
    assert buy_with("Copper*3, Estate*2", turn=3)[0] == "Silver"  # the opening is over


def chapel_trash(hand: str, deck: str = "Copper*5", discard: str = "Copper*4, Estate*2") -> tuple[list[str], str]:
    s = Scene(KINGDOM)
    s.set(0, hand=hand, deck=deck, discard=discard).start(0)
    s.game.players[0].turns = 4
    s.play("Chapel")
    d = s.expect(Purpose.TRASH, "Chapel").pending
    bot = StrongBot(0, CHAPEL_WITCH)
    return names(bot.decide(s.game.view(0), d)), bot.why


def test_the_chapel_trashes_estates_and_coppers_down_to_3_coins_of_treasure() -> None:
    trashed, why = chapel_trash("Chapel, Copper*3, Estate", discard="Estate*2")  # 8 Coppers in all
    assert trashed == ["Copper", "Copper", "Copper", "Estate"], why
    assert why == "Estate and 3 Coppers only weaken your deck.", why
    trashed, _ = chapel_trash("Chapel, Copper*3, Estate", deck="Estate*5", discard="Copper")  # 4 Coppers
    assert trashed == ["Copper", "Estate"]
    trashed, why = chapel_trash("Chapel, Copper*3, Estate", deck="Estate*5", discard="")  # 3 Coppers
    assert trashed == ["Estate"], why


def test_the_chapel_keeps_the_coins_for_the_witch_and_trashes_curses_first() -> None:
    trashed, why = chapel_trash("Chapel, Copper*3, Silver")  # 5 coins: the plan's Witch
    assert trashed == [], why
    trashed, why = chapel_trash("Chapel, Copper*4, Silver")  # 6 coins: one Copper to spare
    assert trashed == ["Copper"], why
    assert why == "Copper only weakens your deck, and the hand keeps the coins for a Witch.", why
    trashed, _ = chapel_trash("Chapel, Curse, Copper*2, Estate")
    assert trashed == ["Copper", "Copper", "Curse", "Estate"]


def test_the_chapel_is_played_before_the_witch_with_3_cards_to_trash() -> None:
    s = Scene(KINGDOM)
    s.set(0, hand="Chapel, Witch, Copper*2, Estate", deck="Copper*5").start(0)
    bot = StrongBot(0, CHAPEL_WITCH)
    assert bot.decide(s.game.view(0), s.expect(Purpose.PLAY_ACTION).pending) == (card("Chapel"),)
    assert "trashes 3 cards" in bot.why, bot.why
    s.set(0, hand="Chapel, Witch, Copper*2, Silver", deck="Copper*5").start(0)
    assert bot.decide(s.game.view(0), s.expect(Purpose.PLAY_ACTION).pending) == (card("Witch"),)


def test_every_hint_of_a_chapel_game_is_the_bots_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game with the plan Witch with Chapel at seat 0: each hint is legal (the game takes it) and is
    the move of the strong bot that plays the seat; the Chapel is bought and trashes."""
    from companion.bots import search
    from companion.engine import Game, GameSetup
    from companion.game.coach import advice
    from tests.engine.scene import kingdom

    k = kingdom(KINGDOM)
    monkeypatch.setattr(search, "_plans", {(tuple(sorted(KINGDOM)), False, 2): CHAPEL_WITCH})
    g = Game(GameSetup.of(k, [None, "strong"], seed=5, turn_limit=40))
    me, foe = StrongBot(5), StrongBot(6)
    trashes = 0
    while True:
        d = g.advance([None, foe])
        if d is None:
            break
        answer, said = advice(g, 0)
        assert answer == me.decide(g.view(0), d), said
        trashes += d.purpose is Purpose.TRASH and d.card is not None and d.card.name == "Chapel" and bool(answer)
        g.answer(answer)
    assert me.plan(g.view(0)) == CHAPEL_WITCH
    assert trashes >= 1



def buy_thin(hand: str, deck: str, colony: bool = False, provinces: int = 8,
             kingdom: list[str] = KINGDOM) -> tuple[str, str]:
    """The buy of the strong bot playing Witch with Chapel, its deck thinned to ``hand`` and ``deck``."""
    s = Scene(kingdom, colony=colony)
    s.set(0, hand=hand, deck=deck).start(0)
    s.set(1, deck="Copper*5", discard="Witch, Chapel, Silver*3, Gold, Copper*2")
    s.game.players[0].turns = 12
    s.game.supply[card("Province")] = provinces
    while s.pending.purpose in (Purpose.PLAY_ACTION, Purpose.START_OF_TURN):
        s.answer(())
    s.answer(tuple(c for c in s.game.players[0].hand if c.is_treasure))
    d = s.expect(Purpose.BUY).pending
    bot = StrongBot(0, CHAPEL_WITCH)
    answer = bot.decide(s.game.view(0), d)
    return names(answer)[0] if answer else "", bot.why


def test_a_thinned_deck_buys_a_colony_with_less_treasure_than_a_full_one() -> None:
    """10 cards with 22 coins of Treasure: as rich a card as 37 coins in 17 cards, so Colony, not Platinum."""
    bought, why = buy_thin("Platinum*2, Copper", "Chapel, Witch, Silver*2, Gold*2, Copper", colony=True)
    assert bought == "Colony", why
    bought, why = buy_thin("Platinum*2, Copper", "Chapel, Witch, Copper*8, Estate*3", colony=True)  # 17 cards
    assert bought == "Platinum", why


def test_a_chapel_deck_does_not_green_early_for_curses_its_chapel_trashes() -> None:
    """Witch with Chapel, 3 Curses, 7 Provinces left, 5 coins: Silver, where a deck without a Chapel greens."""
    deck = "Chapel, Witch, Silver*2, Gold, Curse*3, Copper*2"
    bought, why = buy_thin("Silver*2, Copper", deck, provinces=7)
    assert bought == "Village", why  # (a village before a Silver: see the thinned deck's buys below)
    bought, why = buy_thin("Silver*2, Copper", deck, provinces=7, kingdom=NO_HELPERS)
    assert bought == "Silver", why
    s = Scene(KINGDOM)
    s.set(0, hand="Silver*2, Copper", deck="Witch*2, Silver*2, Gold, Curse*3, Copper*6, Estate*3").start(0)
    s.game.players[0].turns = 12
    s.game.supply[card("Province")] = 7
    s.answer(tuple(c for c in s.game.players[0].hand if c.is_treasure))
    bot = StrongBot(0, plan_of("Witch", "h"))
    answer = bot.decide(s.game.view(0), s.expect(Purpose.BUY).pending)
    assert names(answer) == ["Duchy"], bot.why


def test_a_deck_too_rich_for_platinum_buys_a_province_at_9_coins_not_gold() -> None:
    """A Colony game, 44 coins of Treasure (Platinum no longer bought), 9 coins: a Province. Buying Gold
    at 8 to 10 while many Colonies are left is for decks still building toward Colonies."""
    s = Scene(KINGDOM, colony=True)
    s.set(0, hand="Gold*3", deck="Gold*5, Silver*4, Copper*7, Platinum, Witch*2").start(0)
    s.game.players[0].turns = 14
    s.answer(tuple(c for c in s.game.players[0].hand if c.is_treasure))
    bot = StrongBot(0, plan_of("Witch", "h"))
    answer = bot.decide(s.game.view(0), s.expect(Purpose.BUY).pending)
    assert names(answer) == ["Province"], bot.why
    s.set(0, hand="Gold*3", deck="Gold*2, Silver*4, Copper*7, Platinum, Witch*2").start(0)  # 35 coins
    s.answer(tuple(c for c in s.game.players[0].hand if c.is_treasure))
    answer = bot.decide(s.game.view(0), s.expect(Purpose.BUY).pending)
    assert names(answer) == ["Platinum"], bot.why


def test_a_thinned_deck_takes_a_village_for_its_chapel_and_witch_then_a_second_witch() -> None:
    """Chapel and Witch collide in a thin deck: a village plays both in one turn (fixed plan against
    Chapel/Witch, 100 kingdoms: 58.1% to 63.1% with the village, the second Witch and a Market)."""
    bought, why = buy_thin("Silver, Copper*2", "Chapel, Witch, Moat, Silver, Gold, Copper*2")  # 4 coins
    assert bought == "Village", why
    assert why == "Buy Village: A Village lets you play your Chapel and your Witch in one turn.", why
    bought, why = buy_thin("Silver*2, Copper", "Chapel, Witch, Moat, Village, Gold, Copper*2")  # 5 coins
    assert bought == "Witch", why
    assert why == "Buy Witch: your 1 Village lets you play a second Witch with the first.", why
    bought, why = buy_thin("Silver*2, Copper", "Chapel, Witch*2, Moat, Village, Gold, Copper*2")
    assert bought == "Village", why
    assert "lets you play your 2 Witches in one turn" in why, why
    bought, why = buy_thin("Silver*2, Copper", "Chapel, Witch*2, Moat, Village*2, Gold, Copper*2")
    assert bought == "Market", why
    assert why == ("Buy Market: A Market draws a card and keeps your Action, so your Chapel and your Witch are "
                   "played in one turn more often."), why
    bought, why = buy_thin("Silver, Copper*2", "Chapel, Witch*2, Moat, Village*2, Gold, Copper*2")  # 4 coins
    assert bought == "Silver", why
    bought, why = buy_thin("Gold*2, Copper", "Chapel, Witch*2, Moat, Village*2, Gold, Copper*2")  # 7 coins: Gold
    assert bought == "Gold", why


def test_the_thinned_decks_cards_wait_for_the_witch_and_need_a_terminal() -> None:
    bought, why = buy_thin("Silver, Copper*2", "Chapel, Moat, Silver, Gold, Copper*2")  # no Witch yet: 4 coins
    assert bought == "Silver", why
    bought, why = buy_thin("Silver, Copper*2", "Chapel, Witch, Moat, Silver, Gold, Copper*2", kingdom=NO_HELPERS)
    assert bought == "Silver", why  # no village: not a Throne Room either
    from companion.bots.thinning import thin_helpers

    kingdom = Scene(KINGDOM[:9] + ["Laboratory"]).game.view(0).kingdom
    assert thin_helpers(kingdom, card("Witch")) == (card("Village"), card("Laboratory"))
    assert thin_helpers(kingdom, card("Market")) == (None, None)  # a non-terminal plan
