"""The server's collector (companion.server.collector): what a full pass proves alive is frozen, so later passes
walk only newer objects; a cycle let go after it was frozen is still reclaimed by the whole pass."""

from __future__ import annotations

import gc
import weakref
from typing import Any, Iterator

import pytest

from companion.server.collector import Collector


class Node:
    def __init__(self) -> None:
        self.other: Any = None


def walked(obj: object) -> bool:
    """Whether the collector's passes still walk this object (frozen objects are not among gc.get_objects)."""
    return any(o is obj for o in gc.get_objects())


@pytest.fixture
def collector() -> Iterator[Collector]:
    made = Collector(whole_every=3600)
    made.begin()
    try:
        yield made
    finally:
        made.end()


def test_what_a_full_pass_leaves_is_frozen_at_the_next_tick(collector: Collector) -> None:
    kept = Node()
    assert walked(kept)
    collector.tick()
    assert walked(kept), "nothing is frozen before a full pass proved it alive"
    gc.collect()
    collector.tick()
    assert not walked(kept)
    assert collector.whole_passes == 0


def test_a_cycle_let_go_after_it_was_frozen_is_reclaimed_by_the_whole_pass(collector: Collector) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect()
    collector.tick()  # frozen now, as a game's objects are
    del a, b
    gc.collect()
    assert gone() is not None, "a frozen cycle is left alone by the ordinary passes"
    assert collector.whole() >= 2
    assert gone() is None
    assert collector.whole_passes == 1


def test_the_whole_pass_comes_only_when_due_and_the_frozen_part_has_grown(collector: Collector) -> None:
    collector.tick()
    assert collector.whole_passes == 0, "not yet due"
    collector.whole_every = 0
    collector.left = gc.get_freeze_count()
    collector.tick()
    assert collector.whole_passes == 0, "due, but nothing new is frozen"
    grown = [Node() for _ in range(max(1000, collector.left))]
    gc.collect()
    collector.tick()
    assert collector.whole_passes == 1
    assert not walked(grown[0])


def test_end_gives_every_object_back_to_the_ordinary_passes() -> None:
    made = Collector()
    made.begin()
    kept = Node()
    gc.collect()
    made.tick()
    assert not walked(kept)
    made.end()
    assert walked(kept)
    assert gc.get_freeze_count() == 0
