"""A shuffle tells the other players that it happened, never its size: the rulebook lets no one count another
player's deck or discard pile, and the number shuffled would count both."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.describe import describe
from companion.engine.events import Shuffled
from tests.game.driver import choose_line
from tests.game.helpers import Typist


def test_only_the_shuffler_learns_how_many_cards_were_shuffled(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    t = Typist()
    t("new --players 2 --bots bigmoney --kingdom \"First Game\" --seed 3")
    for _ in range(60):
        t(choose_line(t.act))
    g = t.act.game
    assert {e.player for e in g.log if isinstance(e, Shuffled)} == {0, 1}
    for seat in (0, 1):
        for e in g.view(seat).log():
            if isinstance(e, Shuffled):
                if e.player == seat:
                    assert isinstance(e.count, int) and e.count > 0  # your own deck you may count
                else:
                    assert e.count is None, e
                    assert describe(e, [p.name for p in g.players]).endswith("shuffled their deck.")
