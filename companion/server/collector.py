"""Python's garbage collector kept off the answer path of a server holding many games.

A full pass of the collector walks every object the process holds: at 1,000 games of 4 about 800,000, which
held the event loop for 0.4 to 1 s twice a minute and made the slowest 1 in 100 answers wait that long. Almost
all of those objects live as long as their game or connection. So what survives a full pass (alive then, by
the pass's own proof) is frozen (``gc.freeze``): later passes walk only what is newer, and each costs a
fraction. What is frozen and later let go is still freed at once unless it is part of a cycle; the cycles
left by ended games and closed connections are found by a whole pass over everything, made only when the
frozen part has grown by half since the last one and at most once in ``WHOLE_EVERY`` seconds, so its pause
comes that seldom instead of twice a minute. The younger passes keep Python's own pace: made rarer (every 5,000
new objects instead of 700) each took 35 to 80 ms instead of 12 to 22, and set the slowest answers in their turn.
"""

from __future__ import annotations

import asyncio
import gc
import time

WHOLE_EVERY = 600.0  # seconds between whole passes at the most
GROWN = 1.5  # a whole pass once the frozen part is this many times what the last one left


class Collector:
    """Freezes the survivors of each full pass; now and then a whole pass over the frozen part too."""

    def __init__(self, whole_every: float = WHOLE_EVERY) -> None:
        self.whole_every = whole_every
        self.full_seen = False
        self.own = False
        self.whole_passes = 0
        self.last_whole = time.monotonic()
        self.left = 0  # objects frozen after the last whole pass

    def begin(self) -> None:
        """At start, once the program's modules and data are loaded: they are kept for the process's life."""
        gc.collect()
        gc.freeze()
        self.left = gc.get_freeze_count()
        self.last_whole = time.monotonic()
        gc.callbacks.append(self._seen)

    def end(self) -> None:
        if self._seen in gc.callbacks:
            gc.callbacks.remove(self._seen)
        gc.unfreeze()

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info.get("generation") == 2 and not self.own:
            self.full_seen = True  # frozen on the next tick: not from inside the collector

    def tick(self) -> None:
        """Freeze what the last full pass proved alive; make a whole pass when it is due."""
        if self.full_seen:
            self.full_seen = False
            gc.freeze()
        if time.monotonic() - self.last_whole >= self.whole_every and gc.get_freeze_count() > self.left * GROWN:
            self.whole()

    def whole(self) -> int:
        """A pass over every object, the frozen ones too (the cycles of ended games and closed connections)."""
        self.own = True
        try:
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
        finally:
            self.own = False
        self.whole_passes += 1
        self.left = gc.get_freeze_count()
        self.last_whole = time.monotonic()
        return found

    async def run(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.tick()
