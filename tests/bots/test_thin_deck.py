"""A deck too thin in coins to reach a Silver is fed: a Copper where it would buy nothing, a Copper revealed
to Mint, a Silver before cards that make no coins; and Mint is not bought where its trashing starves it."""

from __future__ import annotations

from collections import Counter

from companion.bots import make_bot
from companion.bots.plans import plan_of
from companion.bots.strong import StrongBot
from companion.engine import Purpose
from companion.game.coach import advice
from tests.engine.scene import Scene, card

MINT_KINGDOM = ["Mint", "Smithy", "Village", "Militia", "Market", "Cellar", "Moat", "Workshop", "Remodel", "Mine"]


def _after_mint() -> Scene:
    """The deck after Mint, bought with 5 Coppers in play, trashed them: 2 Coppers, 5 Estates and the Mint."""
    s = Scene(MINT_KINGDOM)
    s.set(0, hand="Copper*2, Estate*3", deck="Estate*2, Mint")
    s.set(1, hand="Copper*4, Estate", deck="Copper*3, Estate*2")
    return s.start(0)


def test_the_starved_mint_deck_buys_a_copper_and_says_why() -> None:
    s = _after_mint()
    s.to_buy()
    answer, said = advice(s.game, 0)
    assert answer == (card("Copper"),), said
    assert "2 coins in 8 cards" in said and "about 1 a hand" in said


def test_from_the_mint_position_the_bot_and_hint_recover_a_silver_within_a_few_turns() -> None:
    s = _after_mint()
    g = s.game
    bots = [make_bot("strong", 0), make_bot("strong", 1)]
    hinted: list[str] = []
    while g.pending is not None and g.players[0].turns <= 5:
        d = g.pending
        if d.player == 0 and d.purpose in (Purpose.BUY, Purpose.REVEAL):
            answer, said = advice(g, 0)
            assert answer == bots[0].decide(g.view(0), d), said  # hint says the bot's move
            hinted.append(said)
            g.answer(answer)
        else:
            g.answer(bots[d.player].decide(g.view(d.player), d))
    owned = Counter(c.name for c in g.view(0).owned().elements())
    assert owned["Silver"] >= 1, (owned, hinted)
    assert not any(h.startswith("Buy nothing") for h in hinted[:3]), hinted


def test_mint_reveals_a_copper_only_in_a_starved_deck() -> None:
    s = Scene(MINT_KINGDOM)  # the deck after Mint trashed 5 Coppers, the Mint in hand
    s.set(0, hand="Mint, Copper*2, Estate*2", deck="Estate*3").start(0)
    s.play("Mint")
    d = s.expect(Purpose.REVEAL, "Mint").pending
    assert StrongBot().decide(s.game.view(0), d) == (card("Copper"),)

    s = Scene(MINT_KINGDOM)
    s.set(0, hand="Mint, Copper*2, Estate*2", deck="Copper*5, Estate, Silver").start(0)
    s.play("Mint")
    d = s.expect(Purpose.REVEAL, "Mint").pending
    assert StrongBot().decide(s.game.view(0), d) == ()


def test_the_strong_bot_does_not_buy_the_mint_whose_trashing_starves_its_deck() -> None:
    s = Scene(MINT_KINGDOM)
    s.set(0, hand="Copper*5", deck="Copper*2, Estate*3").start(0)
    while s.pending.purpose is not Purpose.PLAY_TREASURES:
        s.game.answer(())
    s.treasures("Copper*5")
    d = s.expect(Purpose.BUY).pending
    bot = StrongBot(plan=plan_of("Mint", "d"))
    answer = bot.decide(s.game.view(0), d)
    assert answer and answer[0].name != "Mint", bot.why
    # With money elsewhere in the deck (3 Golds), the same Mint is the plan's buy.
    s = Scene(MINT_KINGDOM)
    s.set(0, hand="Copper*5", deck="Gold*3, Estate*3").start(0)
    while s.pending.purpose is not Purpose.PLAY_TREASURES:
        s.game.answer(())
    s.treasures("Copper*5")
    d = s.expect(Purpose.BUY).pending
    assert StrongBot(plan=plan_of("Mint", "d")).decide(s.game.view(0), d) == (card("Mint"),)
