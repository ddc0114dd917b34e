"""The shell asks the order of "when you gain" effects in one short line, answered by number or name."""

from __future__ import annotations


import pytest

from companion.engine import ChooseOne, Purpose
from companion.engine.events import Gained
from companion.game.activity import GameActivity, put_game
from tests.accessibility import check_error, check_response
from tests.engine.scene import Scene
from tests.game.helpers import Typist


def _said(out: str) -> str:
    """The response as heard: lines broken for a 40-cell braille display joined again."""
    return " ".join(out.split())


def _at_the_buy(verbosity: str = "normal") -> Typist:
    """You (seat 1, against Big Money) have Tiara, Hoard and 2 Golds in play, Watchtower in hand, 8 coins."""
    s = Scene(["Tiara", "Watchtower", "Hoard"], players=[None, "bigmoney"])  # type: ignore[arg-type]
    s.set(0, hand="Tiara, Hoard, Gold, Gold, Watchtower", deck="Copper*5").set(1, hand="Copper*5", deck="Copper*5")
    s.start(0)
    t = Typist(verbosity)
    put_game(t.session, GameActivity(s.game))
    t("play tiara")
    t("none")  # Tiara plays no Treasure twice
    t("play treasures")
    return t


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_the_order_is_asked_in_one_line_with_numbers_and_answered_by_number(verbosity: str) -> None:
    t = _at_the_buy(verbosity)
    out = t("buy province")
    check_response(out, verbosity)
    assert _said(out).endswith("Province gained, which first? 1 Tiara, 2 Hoard, 3 Watchtower.")
    assert t.session.prompt == "choose 1 to 3. "
    out = t("2")  # Hoard: its Gold comes first, and asks its own order
    check_response(out, verbosity)
    assert "Gold gained, which first? 1 Tiara, 2 Watchtower." in _said(out)
    d = t.act.game.pending
    assert isinstance(d, ChooseOne) and d.purpose is Purpose.ORDER and d.about is not None and d.about.name == "Gold"
    assert [e.card.name for e in t.act.game.log if isinstance(e, Gained)][-2:] == ["Province", "Gold"]
    out = t("watchtower")  # by name, too
    assert _said(out) == "Watchtower, choose for Gold. 1 trash, 2 deck, 3 no."


def test_a_wrong_number_is_refused_and_changes_nothing() -> None:
    t = _at_the_buy()
    t("buy province")
    before = t.snapshot()
    out = t("4")
    check_error(out, typed="4")
    assert "Type 1 to 3, or Tiara, Hoard or Watchtower." in out
    assert t.snapshot() == before
    out = t("1")
    assert _said(out) == "Tiara, put on your deck Province? Yes or no."
