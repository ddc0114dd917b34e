"""Random play with invariants: every card is in exactly one place after every step, and replaying a
game's answers reproduces it exactly. Seeded, so a failure names the game that shows it."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain
from operator import attrgetter

import pytest

from companion.bots import GeneralBot, RandomBot, make_bot
from companion.engine import Game, GameSetup, replay
from companion.kingdom import random_kingdom
from tests.engine.scene import CAT

GAMES_PER_BATCH = 100  # the general-bot tests below play half a batch each
RANDOM_BATCHES = 11  # per kind of kingdom: 2 x 11 x 100 = 2,200 random-bot games in all
BASE = ("base2e",)
ALL_51 = ("base2e", "prosperity2e")
_name = attrgetter("name")


def _snapshot(g: Game) -> tuple:
    return (
        tuple((tuple(p.deck), tuple(p.hand), tuple(p.discard), tuple(p.play), tuple(p.aside), p.vp_tokens, p.turns)
              for p in g.players),
        tuple(sorted((c.name, n) for c, n in g.supply.items())), tuple(g.trash), g.result,
    )


def _starting_total(g: Game) -> Counter[str]:
    """The Supply as set up, plus every starting deck's 7 Coppers and 3 Estates, by card name."""
    total: Counter[str] = Counter({c.name: n for c, n in g.setup.kingdom.pile_sizes(g.n).items()})
    total["Copper"] += 7 * g.n
    total["Estate"] += 3 * g.n
    return +total


def census(g: Game) -> Counter[str]:
    """Every card wherever it is (Supply, each player's five zones, trash), counted by name.

    The same count as ``Game.all_cards`` but keyed by the name string, whose hash is cached, so checking it
    after every step of thousands of games is cheap."""
    total: Counter[str] = Counter({c.name: k for c, k in g.supply.items() if k})
    total.update(map(_name, chain.from_iterable(
        zone for p in g.players for zone in (p.deck, p.hand, p.discard, p.play, p.aside))))
    total.update(map(_name, g.trash))
    return total


def test_census_counts_what_all_cards_counts() -> None:
    """The cheap census used below sees the same cards as the engine's own count, and sees a lost card."""
    g = Game(GameSetup.of(random_kingdom(random.Random(5), ALL_51), 3, seed=5, turn_limit=8))
    bots = [RandomBot(i) for i in range(3)]
    while g.pending is not None:
        g.answer(bots[g.pending.player].decide(g.view(g.pending.player), g.pending))
        assert census(g) == Counter({c.name: n for c, n in g.all_cards().items()})
    before = census(g)
    g.players[0].hand.append(CAT["Gold"])  # a doubled card shows
    assert census(g) != before


def game_plan(seed: int) -> tuple[int, bool]:
    """Players (2 to 6) and Platinum/Colony (off, on) for a seed: every pairing comes round every 10 seeds."""
    return 2 + seed % 5, bool(seed // 5 % 2)


def play_checked(seed: int, sets: tuple[str, ...]) -> Game:
    rng = random.Random(seed)
    players, colony = game_plan(seed)
    k = random_kingdom(rng, sets, platinum_colony=colony)
    g = Game(GameSetup.of(k, players, seed=seed, turn_limit=40))
    expected = _starting_total(g)
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    steps = 0
    while g.pending is not None:
        d = g.pending
        answer = bots[d.player].decide(g.view(d.player), d)
        assert g.validate(answer) is None
        g.answer(answer, check=False)  # just validated
        steps += 1
        assert census(g) == expected, f"seed {seed}: a card is lost or doubled after step {steps}"
    assert g.result is not None
    again = replay(g.setup, g.answers)
    assert again.log == g.log, f"seed {seed}: replay differs"
    assert _snapshot(again) == _snapshot(g), f"seed {seed}: replay ends elsewhere"
    return g


def test_game_plan_covers_every_player_count_with_and_without_colony() -> None:
    seeds = range(GAMES_PER_BATCH)
    assert {game_plan(s) for s in seeds} == {(n, c) for n in range(2, 7) for c in (False, True)}


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(RANDOM_BATCHES))
def test_random_games_over_base_kingdoms(batch: int) -> None:
    for i in range(GAMES_PER_BATCH):
        play_checked(1000 * batch + i, BASE)


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(RANDOM_BATCHES))
def test_random_games_over_all_51_cards(batch: int) -> None:
    seen: set[str] = set()
    for i in range(GAMES_PER_BATCH):
        g = play_checked(50_000 + 1000 * batch + i, ALL_51)
        seen.update(c.set for c in g.setup.kingdom.cards)
    assert seen == set(ALL_51)


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


@pytest.mark.parametrize("sets,first,size", [(BASE, 0, 26), (ALL_51, 50_000, 51)])
def test_the_random_games_deal_every_kingdom_card_of_their_boxes(sets: tuple[str, ...], first: int,
                                                                 size: int) -> None:
    """The kingdoms play_checked deals for the seeds above, without playing them: every card comes up."""
    dealt = set()
    for batch in range(RANDOM_BATCHES):
        for i in range(GAMES_PER_BATCH):
            seed = first + 1000 * batch + i
            dealt.update(random_kingdom(random.Random(seed), sets, platinum_colony=False).cards)
    assert len(dealt) == size and {c.set for c in dealt} == set(sets)
