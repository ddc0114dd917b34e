"""Every bot level answers every position legally, not only the positions its own play leads to.

Games are played at random (the random bot buys what a bot never would: two Throne Rooms, ten Curses, every
village), and at each decision every level is asked what it would do, as ``hint`` asks the strong bot in a
person's game. Each answer must be one the game accepts. A hand of two Throne Rooms once stopped the strong
bot with an error this way, in positions its own buying never reached.
"""

from __future__ import annotations

import random

import pytest

from companion.bots import make_bot
from companion.bots.plans import plan_of
from companion.bots.random_bot import RandomBot
from companion.bots.strong import StrongBot
from companion.cards import catalogue
from companion.engine import Game, GameSetup
from companion.kingdom import random_kingdom

LEVELS = ("easy", "casual", "normal", "general", "bmu", "witch-bm")
# Cards that make positions no plan of the strong bot's leads to, put in a third of the kingdoms.
ODD = ("Throne Room", "King's Court", "Chapel", "Witch", "Village", "Gardens", "Remodel", "Forge")


def positions(seed: int) -> tuple[int, int]:
    """Play one seeded random game, asking every level at every decision; (decisions, answers asked)."""
    rng = random.Random(seed)
    include = [catalogue()[n] for n in rng.sample(ODD, 4)] if seed % 3 == 0 else []
    kingdom = random_kingdom(rng, include=include)
    players = 2 + seed % 3
    g = Game(GameSetup.of(kingdom, ["random"] * players, seed=seed, turn_limit=40), log=False)
    movers = [RandomBot(seed * 10 + p) for p in range(players)]
    askers = [[make_bot(level, seed + p) for level in LEVELS] for p in range(players)]
    if {"Chapel", "Witch"} <= {c.name for c in kingdom.cards}:  # the Chapel plan, as the search may choose it
        for p in range(players):
            askers[p].append(StrongBot(seed + p, plan_of("Witch+Chapel", "d")))
    for p in range(players):
        askers[p].append(StrongBot(seed + p))  # the plan from the table (COMPANION_PLAN_GAMES=0 below)
    decisions = asked = 0
    while True:
        d = g.advance([None] * players)
        if d is None:
            return decisions, asked
        view = g.view(d.player)
        for bot in askers[d.player]:
            answer = bot.decide(view, d)
            reason = g.validate(answer)
            assert reason is None, (seed, type(bot).__name__, d, answer, reason)
            asked += 1
        decisions += 1
        g.answer(movers[d.player].decide(view, d))


@pytest.mark.parametrize("first", range(0, 60, 15))
def test_every_level_answers_every_random_position_legally(first: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "0")  # the table's plan: no trial games, the same rules
    total = 0
    for seed in range(first, first + 15):
        decisions, asked = positions(seed)
        assert decisions > 20, (seed, decisions)  # a real game was played
        total += asked
    assert total > 15 * 20 * len(LEVELS)
