"""Coins are counted with every Treasure in hand (issue 11, items 2 and 3): autoplay plays the Treasures
that ask nothing, Bank last; the ones that ask are named; after drawing, the coins in hand are said."""

from __future__ import annotations


import pytest

from companion.game.activity import GameActivity, put_game
from tests.accessibility import check_error, check_response
from tests.engine.scene import Scene
from tests.game.helpers import Typist

PROSPERITY = ["Bank", "Collection", "Hoard", "Crystal Ball", "Quarry", "Tiara", "Library", "Smithy", "Mine",
              "Village"]


def _typist(hand: str, deck: str = "Copper*5", verbosity: str = "normal", **settings: str) -> Typist:
    s = Scene(PROSPERITY, players=[None, "bigmoney"])  # type: ignore[arg-type]
    s.set(0, hand=hand, deck=deck).set(1, hand="Copper*5", deck="Copper*5").start(0)
    t = Typist(verbosity, **settings)
    put_game(t.session, GameActivity(s.game))
    return t


def _said(out: str) -> str:
    return " ".join(out.split())


def test_collection_in_hand_is_counted_and_played_by_buy() -> None:
    t = _typist("Collection, Copper, Estate*3")
    out = t("status")
    check_response(out)
    assert "0 coins, 3 more in Treasures" in _said(out)
    out = t("buy silver")  # 2 from Collection and 1 from Copper: no "you have 1 coin"
    check_response(out)
    assert "Error" not in out and "bought Silver" in _said(out)
    assert "Collection" in [c.name for c in t.act.game.players[0].play]


def test_bank_is_played_last_so_it_counts_every_treasure() -> None:
    t = _typist("Bank, Copper, Silver, Gold, Estate")
    out = t("options")
    check_response(out)
    assert _said(out).startswith("10 coins with your Treasures.")  # 1 + 2 + 3, then Bank counts 4
    t("buy province")
    from companion.engine.events import Bought, Played

    log = t.act.game.log
    assert [e.card.name for e in log if isinstance(e, Played) and e.player == 0][-1] == "Bank"
    assert any(isinstance(e, Bought) and e.player == 0 and e.card.name == "Province" for e in log)


def test_play_treasures_plays_bank_after_those_that_ask() -> None:
    t = _typist("Bank, Crystal Ball, Copper, Estate*2", deck="Estate")
    t("play treasures")
    t("leave")
    g = t.act.game
    assert [c.name for c in g.players[0].play] == ["Copper", "Crystal Ball", "Bank"]
    assert g.turn.coins == 1 + 1 + 3


def test_a_treasure_that_asks_is_named_and_the_buy_offered_once_it_is_played() -> None:
    t = _typist("Crystal Ball, Copper, Copper, Estate*2", deck="Estate")
    before = t.snapshot()
    out = t("buy silver")
    check_error(out, "buy silver")
    said = _said(out)
    assert "Silver costs 3 coins. Your other Treasures make 2 coins." in said
    assert "Crystal Ball asks a question. Type play crystal ball." in said
    assert t.snapshot() == before  # nothing changed
    out = t("options")
    assert "Crystal Ball asks a question" in _said(out)
    t("play crystal ball")
    t("leave")
    out = t("buy silver")
    check_response(out)
    assert "bought Silver" in _said(out)


def test_autoplay_off_says_what_the_treasures_would_make() -> None:
    t = _typist("Hoard, Copper, Estate*3", autoplay="off")
    out = t("buy silver")
    check_error(out, "buy silver")
    assert "Play your Treasures first, as they make 3 coins more. Type play treasures." in _said(out)


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_after_drawing_the_coins_in_hand_are_said(verbosity: str) -> None:
    t = _typist("Smithy, Village, Estate*3", deck="Copper, Silver, Collection, Estate", verbosity=verbosity)
    out = t("play village")  # draws Copper
    check_response(out, verbosity)
    if verbosity != "brief":
        assert "0 coins, 1 more in Treasures." in _said(out)
    out = t("play smithy")  # draws Silver, Collection and Estate
    check_response(out, verbosity)
    assert "0 coins, 5 more in Treasures" in _said(out)


def test_after_a_question_that_draws_the_coins_in_hand_are_said() -> None:
    t = _typist("Library, Village, Estate", deck="Village, Gold, Copper, Silver, Estate")
    out = t("play library")
    check_response(out)
    out = t("yes")  # set the Village aside
    check_response(out)
    assert "6 more in Treasures" in _said(out)
