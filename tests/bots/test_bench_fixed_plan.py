"""bench_bots.py's fixed-plan experiments: the strong bot plays the plan given on every kingdom, no search."""

from __future__ import annotations

import pytest

from benchmarks import bench_bots
from companion.bots import search
from companion.bots.plans import plan_of


def test_a_fixed_plan_is_played_on_every_kingdom_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("a fixed plan must not be searched")

    monkeypatch.setattr(search, "search", no_search)
    monkeypatch.setattr(search, "_plans", {})
    monkeypatch.setenv("COMPANION_NO_CACHE", "1")
    t = [x[0] for x in bench_bots.targets()].index("4 players, against 3 Double Witch")
    points, _ = bench_bots.play_target(("strong", t, 7, 4, 0, "Witch:h"))
    assert 0 <= points <= 4
    bot = bench_bots.target_bot("strong", 1, "Witch:h")
    k = bench_bots.target_kingdom(bench_bots.targets()[t], 7)
    from companion.engine import Game, GameSetup

    g = Game(GameSetup.of(k, ["bmu"] * 4, seed=1, turn_limit=5), log=False)
    assert bot.plan(g.view(0)) == plan_of("Witch", "h")
    assert bench_bots.target_bot("strong", 1, "Witch").plan(g.view(0)) == plan_of("Witch", "a")  # variant a unless given


def test_without_a_plan_the_level_is_measured_as_it_plays() -> None:
    assert type(bench_bots.target_bot("normal", 1, "")).__name__ == "NormalBot"
