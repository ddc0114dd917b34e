"""The engine's speed-ups change no game: the shuffle deals what the plain Fisher-Yates deals, shared
events are the events a game would build, and their tables stay small."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from companion.bots import make_bot
from companion.cards import catalogue
from companion.engine import Game, GameSetup
from companion.engine.events import Discarded, Drew, PhaseStarted, Played, Zone
from companion.engine.shuffle import shuffle
from companion.engine.phase import Phase
from companion.engine.supply import Supply
from companion.engine import shared_events
from companion.kingdom import choose_kingdom, random_kingdom


def reference_shuffle(cards: list[object], rnd: random.Random) -> None:
    """Fisher-Yates as every earlier version shuffled: saved games replay only if this never changes."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


@settings(max_examples=300, deadline=None)
@given(n=st.integers(0, 400), seed=st.integers(-2**40, 2**40))
def test_shuffle_deals_what_plain_fisher_yates_deals(n: int, seed: int) -> None:
    ours, theirs = list(range(n)), list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    for _ in range(3):  # the same numbers used up, too: the next shuffle agrees as well
        shuffle(ours, a.random)
        reference_shuffle(theirs, b)
        assert ours == theirs
    assert a.random() == b.random()


def test_shared_events_equal_the_events_they_stand_for() -> None:
    cat = catalogue()
    copper, silver = cat["Copper"], cat["Silver"]
    assert shared_events.PLAYED[2][copper] == Played(2, copper)
    assert shared_events.PHASES[1][2] == PhaseStarted(1, Phase.CLEANUP)
    hand = (copper, silver, copper)
    assert shared_events.DISCARDED_HAND[0][hand] == Discarded(0, 3, copper, hand, Zone.HAND)
    assert shared_events.DISCARDED_PLAY[3][hand] == Discarded(3, 3, copper, hand, Zone.PLAY)
    assert shared_events.DREW[5][hand] == Drew(5, 3, hand)
    assert shared_events.DREW[5][hand] is shared_events.DREW[5][hand]


def test_a_table_of_cards_keeps_at_most_its_limit() -> None:
    cat = catalogue()
    cards = [c for c in cat][:12]
    table = shared_events.DREW[0]
    table.clear()
    rng = random.Random(1)
    for _ in range(shared_events.KEPT * 2 + 10):
        drawn = tuple(rng.choice(cards) for _ in range(6))
        assert table[drawn] == Drew(0, 6, drawn)
        assert len(table) <= shared_events.KEPT


def test_a_game_logs_the_same_events_whether_its_tables_are_full_or_empty() -> None:
    first_game = choose_kingdom("First Game")

    def played(seed: int) -> list[object]:
        g = Game(GameSetup.of(first_game, ["bigmoney", "bigmoney"], seed=seed))
        g.advance([make_bot("bigmoney"), make_bot("bigmoney")])
        return list(g.log)

    warm = [played(s) for s in range(5)]
    for table in (*shared_events.DREW, *shared_events.DISCARDED_HAND, *shared_events.DISCARDED_PLAY,
                  *shared_events.PLAYED):
        table.clear()
    assert [played(s) for s in range(5)] == warm


# ---- the Supply's "emptied": while it is false, no pile is empty -------------------------------------

_PILES = [catalogue()[n] for n in ("Copper", "Silver", "Gold", "Estate", "Province")]


@settings(max_examples=300, deadline=None)
@given(start=st.lists(st.integers(0, 3), min_size=5, max_size=5),
       steps=st.lists(st.tuples(st.sampled_from(["set", "minus", "update", "setdefault", "ior", "pop"]),
                                st.integers(0, 4), st.integers(0, 3)), max_size=25))
def test_a_supply_that_says_no_pile_was_emptied_has_no_empty_pile(start: list[int],
                                                                  steps: list[tuple[str, int, int]]) -> None:
    supply = Supply(zip(_PILES, start))
    for how, i, n in steps:
        c = _PILES[i]
        if how == "set":
            supply[c] = n
        elif how == "minus" and supply.get(c):
            supply[c] -= 1
        elif how == "update":
            supply.update({c: n})
        elif how == "setdefault":
            supply.pop(c, None)
            supply.setdefault(c, n)
        elif how == "ior":
            supply |= {c: n}
        elif how == "pop":
            supply.pop(c, None)
        assert supply.emptied or 0 not in supply.values()
        assert supply.empty_piles() == list(supply.values()).count(0)
    assert supply.copy() == supply and supply.copy().emptied == (0 in supply.values())


def test_piles_emptied_by_the_fast_buy_end_the_game() -> None:
    """Big Money bots in a game of 3 piles of 1 card: their fast buys (not Game.gain) empty the piles."""
    k = choose_kingdom("First Game")
    g = Game(GameSetup.of(k, ["bigmoney", "bigmoney"], seed=3), log=False)
    silver, gold = (next(c for c in g.supply if c.name == n) for n in ("Silver", "Gold"))
    curse = next(c for c in g.supply if c.name == "Curse")
    g.supply[curse] = 0
    g.supply[silver] = 1
    g.supply[gold] = 1
    assert g.supply.emptied
    g.advance([make_bot("bigmoney"), make_bot("bigmoney")])
    assert g.result is not None and g.result.reason.name == "PILES"
    assert g.supply[silver] == g.supply[gold] == 0


def test_a_fresh_game_has_emptied_no_pile_and_a_bought_out_pile_says_so() -> None:
    k = choose_kingdom("First Game")
    g = Game(GameSetup.of(k, ["bigmoney", "bigmoney"], seed=5), log=False)
    assert isinstance(g.supply, Supply) and not g.supply.emptied
    gold = next(c for c in g.supply if c.name == "Gold")
    g.supply[gold] = 1
    assert not g.supply.emptied
    g.advance([make_bot("bigmoney"), make_bot("bigmoney")])
    assert g.supply[gold] == 0 and g.supply.emptied


def test_a_finished_game_is_freed_without_the_cycle_collector() -> None:
    """Nothing a finished game holds refers back to it (views are made when asked for, not kept), so
    a simulation's games are freed one by one as they end, not in the collector's passes."""
    import gc
    import weakref

    was = gc.isenabled()
    gc.disable()
    try:
        for seed in range(6):
            k = random_kingdom(random.Random(seed), ("base2e", "prosperity2e"))
            g = Game(GameSetup.of(k, ["general"] * (2 + seed % 3), seed=seed))
            view = g.view(0)
            g.advance([make_bot("general")] * (2 + seed % 3))
            assert g.over and view.phase is g.phase  # a view follows its game to the end
            # The game's own random number generator, held by the game alone, goes with it (a compiled Game
            # takes no weak reference itself).
            gone = weakref.ref(g.rng)
            del g, view
            assert gone() is None
    finally:
        if was:
            gc.enable()
