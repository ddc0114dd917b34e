"""The shuffle deals exactly the order ``int(random() * (i + 1))`` gives, from the end (Fisher-Yates), in whichever
build runs: the pure one walks a table of steps, the compiled one a plain loop, and seeded games (saves, replays,
the analysis's rollouts) depend on both giving the same cards. tests/install/test_compiled.py runs this file
against the compiled build too."""

from __future__ import annotations

import random

from companion.engine.shuffle import shuffle


def reference(cards: list[int], draw: random.Random) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = int(draw.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def test_the_shuffle_deals_the_reference_order_at_every_length() -> None:
    for n in (0, 1, 2, 5, 10, 17, 40, 120):
        for seed in range(20):
            ours, theirs = list(range(n)), list(range(n))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(ours, a.random)
            reference(theirs, b)
            assert ours == theirs, (n, seed)
            assert a.random() == b.random()  # as many draws taken: the next shuffle is the same too


def test_the_shuffle_moves_any_items() -> None:
    # a replayed position shuffles a list of None as long as a deck, to move the generator on as setup did
    items: list[None] = [None] * 11
    draw = random.Random(3)
    shuffle(items, draw.random)
    assert items == [None] * 11
    assert draw.random() == (lambda r: [r.random() for _ in range(10)] and r.random())(random.Random(3))
