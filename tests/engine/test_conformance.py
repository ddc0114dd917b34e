"""Random play with invariants: every card is in exactly one place after every step, and replaying a
game's answers reproduces it exactly. Seeded, so a failure names the game that shows it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.bots import GeneralBot, RandomBot, make_bot
from companion.engine import Game, GameSetup, replay
from companion.kingdom import random_kingdom
from tests.engine.scene import CAT

GAMES_PER_BATCH = 100  # 8 batches of random-bot games; the general-bot tests use half


def _snapshot(g: Game) -> tuple:
    return (
        tuple((tuple(p.deck), tuple(p.hand), tuple(p.discard), tuple(p.play), tuple(p.aside), p.vp_tokens, p.turns)
              for p in g.players),
        tuple(sorted((c.name, n) for c, n in g.supply.items())), tuple(g.trash), g.result,
    )


def _starting_total(g: Game) -> Counter:
    """The Supply as set up, plus every starting deck's 7 Coppers and 3 Estates."""
    total = Counter({c: n for c, n in g.setup.kingdom.pile_sizes(g.n).items()})
    total[CAT["Copper"]] += 7 * g.n
    total[CAT["Estate"]] += 3 * g.n
    return +total


def play_checked(seed: int, sets: tuple[str, ...]) -> Game:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    k = random_kingdom(rng, sets)
    g = Game(GameSetup.of(k, players, seed=seed, turn_limit=40))
    expected = _starting_total(g)
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    steps = 0
    while g.pending is not None:
        d = g.pending
        answer = bots[d.player].decide(g.view(d.player), d)
        assert g.validate(answer) is None
        g.answer(answer)
        steps += 1
        assert g.all_cards() == expected, f"seed {seed}: a card is lost or doubled after step {steps}"
    assert g.result is not None
    again = replay(g.setup, g.answers)
    assert again.log == g.log, f"seed {seed}: replay differs"
    assert _snapshot(again) == _snapshot(g), f"seed {seed}: replay ends elsewhere"
    return g


@pytest.mark.parametrize("batch", range(4))
def test_random_games_over_base_kingdoms(batch: int) -> None:
    for i in range(GAMES_PER_BATCH):
        play_checked(1000 * batch + i, ("base2e",))


@pytest.mark.parametrize("batch", range(4))
def test_random_games_over_all_51_cards(batch: int) -> None:
    for i in range(GAMES_PER_BATCH):
        play_checked(50_000 + 1000 * batch + i, ("base2e", "prosperity2e"))


@pytest.mark.parametrize("sets", [("base2e",), ("base2e", "prosperity2e")])
def test_general_bot_answers_every_decision_legally(sets: tuple[str, ...]) -> None:
    """Every answer the general bot and Big Money Ultimate give is checked, in random kingdoms."""
    finished = 0
    games = GAMES_PER_BATCH // 2
    for seed in range(games):
        rng = random.Random(seed)
        players = rng.randint(2, 4)
        names = ["general"] * (players - 1) + ["bmu"]
        g = Game(GameSetup.of(random_kingdom(rng, sets), names, seed=seed, turn_limit=60), check_bots=True)
        g.advance([make_bot(n, seed) for n in names])
        finished += g.result.reason.name != "TURN_LIMIT"
    assert finished == games  # sensible play ends every game


def test_general_bot_never_answers_at_random() -> None:
    rng = random.Random(3)
    k = random_kingdom(rng, ("base2e", "prosperity2e"))
    a = Game(GameSetup.of(k, ["general", "general"], seed=3), log=False)
    a.advance([GeneralBot(1), GeneralBot(2)])
    b = Game(GameSetup.of(k, ["general", "general"], seed=3), log=False)
    b.advance([GeneralBot(98), GeneralBot(99)])  # a bot's own seed changes nothing
    assert [x.value for x in a.answers] == [x.value for x in b.answers]
