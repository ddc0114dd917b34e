"""companion.heap: what exists at a stage of loading is set aside from the cycle collector, after the
garbage already there is collected (a game left to the collector holds its save's lock until then)."""

from __future__ import annotations

import gc
import weakref

from companion import heap


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cycle collector frees it


def test_settle_collects_cyclic_garbage_first_then_freezes_once_per_stage() -> None:
    gc.unfreeze()
    try:
        garbage = Node()
        gone = weakref.ref(garbage)
        del garbage
        kept = Node()
        heap.settle("test stage")
        assert gone() is None  # collected, not frozen for ever
        frozen = gc.get_freeze_count()
        assert frozen > 0
        assert any(o is kept for o in gc.get_objects()) is False  # frozen objects are not tracked
        heap.settle("test stage")  # a stage settles once
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
