"""Random play through the shell's own path: whole games with random kingdoms, random answers typed
now and then, friends passing the keyboard. Never an unexpected error; every response passes the
accessibility checks every output must pass."""

from __future__ import annotations

import random

import pytest

from companion.engine import Purpose
from companion.game import render
from tests.accessibility import common_problems
from tests.game.driver import choose_line
from tests.game.helpers import Typist


@pytest.mark.parametrize("seed, new", [
    (8, "new --bots general --kingdom random --sets prosperity --colony random --seed 8"),
    (24, "new --bots general --kingdom random --sets prosperity --colony on --seed 24"),
    (3, "new --players 4 --bots general,random --kingdom random --sets base --seed 3"),
])
def test_random_play_never_breaks(seed: int, new: str) -> None:
    rng = random.Random(seed)
    t = Typist(rng.choice(["brief", "normal", "full"]))
    t(new)
    for _ in range(2000):
        act = t.act
        if act.over:
            break
        d = act.mine()
        line = choose_line(act)
        if render.is_turn_decision(d):
            g = act.game
            if d.purpose in (Purpose.BUY, Purpose.PLAY_TREASURES):  # type: ignore[union-attr]
                coins = g.turn.coins + sum(g.fx[c.name].coin for c in g.players[act.holder].hand if g.is_treasure(c))
                kingdom = [c for c in g.kingdom.cards if g.cost(c) <= coins and g.supply[c]]
                if kingdom and rng.random() < 0.5:
                    line = "buy " + rng.choice(kingdom).name
        elif d is not None and rng.random() < 0.2:
            line = rng.choice(["1", "2", "none", "yes", "all", "1 2", "keep", "copper"])
        out = t(line)
        assert "went wrong" not in out, (line, out)
        assert not common_problems(out), (line, out, common_problems(out))
    assert t.act.over
    assert t("log all").count("turn") >= 2 * t.act.game.n
