"""Bots: every card's every decision answered legally by the general bot (as the player and as the
one attacked), Big Money's rules, and bots seeing only their own player's view."""

from __future__ import annotations

import pytest

from companion.bots import BigMoney, BigMoneyUltimate, GeneralBot, make_bot
from companion.bots.bigmoney import play_all_treasures
from companion.engine import Game, GameSetup, Purpose
from companion.engine.events import Played
from companion.engine.view import PlayerView
from companion.kingdom import choose_kingdom
from tests.engine.scene import CAT, Scene, card, cards

MIX = "Copper, Estate, Silver, Curse, Gold, Village, Duchy, Copper, Smithy, Province, Copper, Estate"


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
@pytest.mark.parametrize("name", sorted(c.name for c in CAT.kingdom))
def test_every_level_answers_every_decision_of_every_card(name: str, level: str) -> None:
    others = ["Village", "Smithy", "Moat", "Watchtower", "Mine", "Festival", "Gardens", "Quarry", "Witch"]
    s = Scene([name] + [o for o in others if o != name][:9], players=3, colony=True)
    for p in range(3):
        s.set(p, hand=f"{name}, {name}, Copper, Estate, Silver, Moat, Watchtower" if p else
              f"{name}, {name}, King's Court, Throne Room, Copper, Silver, Estate, Curse",
              deck=MIX, discard="Gold, Village, Estate, Copper")
    s.start(0)
    g = s.game
    g.check_bots = True  # every answer is validated
    bots = [make_bot(level, p) for p in range(3)]
    while g.pending is not None and min(ps.turns for ps in g.players) < 3:
        g.answer(bots[g.pending.player].decide(g.view(g.pending.player), g.pending), person=False)
    played = {e.card.name for e in g.log if isinstance(e, Played)}
    if CAT[name].is_action or CAT[name].is_treasure:
        assert name in played, f"the {level} bot never played {name}"


def test_big_money_buys_by_the_rule() -> None:
    s = Scene(colony=True)
    view = s.game.view(0)
    bm = BigMoney()
    for coins, want in ((11, "Colony"), (9, "Platinum"), (8, "Province"), (6, "Gold"), (3, "Silver"), (2, None)):
        s.game.turn.coins = coins
        assert bm.buy(view) == ((card(want),) if want else ())
    s = Scene()
    s.game.turn.coins = 11
    assert BigMoney().buy(s.game.view(0)) == (card("Province"),)  # no Colony without Platinum and Colony


def test_big_money_ultimate_is_the_standard_one_and_greens_late() -> None:
    s = Scene(["Smithy"])
    g = s.game
    s.set(0, deck="Copper*7, Estate*3")
    g.turn.coins = 4
    assert BigMoneyUltimate().buy(g.view(0)) == (card("Silver"),)  # no kingdom card, not even Smithy
    assert make_bot("smithy-bm").buy(g.view(0)) == (card("Smithy"),)  # Big Money with Smithy buys one
    g.turn.coins = 8
    assert BigMoneyUltimate().buy(g.view(0)) == (card("Gold"),)  # 7 coins of money: not yet a Province
    g.supply[card("Province")] = 2
    g.turn.coins = 2
    assert BigMoneyUltimate().buy(g.view(0)) == (card("Estate"),)
    g.turn.coins = 5
    assert BigMoneyUltimate().buy(g.view(0)) == (card("Duchy"),)


def test_treasures_with_abilities_are_played_before_bank() -> None:
    order = play_all_treasures(tuple(cards("Bank, Copper, Tiara, Gold")))
    assert order[0].name == "Tiara" and order[-1].name == "Bank"


def test_bots_get_only_a_player_view() -> None:
    seen: list[object] = []

    class Spy(GeneralBot):
        def decide(self, view, d):  # type: ignore[no-untyped-def]
            seen.append(view)
            return super().decide(view, d)

    g = Game(GameSetup.of(choose_kingdom("First Game"), ["general", "general"], seed=3), log=False)
    g.advance([Spy(), Spy()])
    assert seen and all(isinstance(v, PlayerView) for v in seen)
    v = g.view(1)
    assert list(v.hand) == g.players[1].hand and v.hand_size(0) == len(g.players[0].hand)
    public = [name for name in dir(v) if not name.startswith("_")]
    assert "deck" not in public and "discard" not in public  # no way to read a deck or discard pile


def test_make_bot_knows_every_bot_and_refuses_others() -> None:
    from companion.bots import UnknownBot

    for name in ("bigmoney", "bm", "bmu", "big money ultimate", "general", "random", "easy", "normal", "strong",
                 "smithy-bm", "Smithy BM", "council room bm"):
        assert hasattr(make_bot(name), "decide")
    with pytest.raises(UnknownBot, match="no bot named"):
        make_bot("grandmaster")


def test_moat_and_watchtower_are_used_by_the_general_bot() -> None:
    s = Scene(["Witch", "Watchtower"]).set(0, hand="Witch", deck="Copper*2").set(1, hand="Moat, Copper*4").start(0)
    s.play("Witch")
    assert s.pending.purpose is Purpose.REACT
    assert GeneralBot().decide(s.game.view(1), s.pending) is True
