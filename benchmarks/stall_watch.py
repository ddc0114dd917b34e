"""Run a program and record where its asyncio event loop stalls: each time the loop does not come back to its
heartbeat within the threshold, the main thread's stack as a watching thread found it, and every pass of the
garbage collector with its time. For finding what sets a server's slowest answers.

    python benchmarks/stall_watch.py OUT.json [--threshold-ms 40] -- -m companion server --port 8000

OUT.json gets {"stalls": [{"ms": ..., "stacks": [[...frames...], ...]}], "gc": [{"gen": ..., "ms": ...}]}
written when the program exits (SIGTERM and SIGINT included).
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import json
import runpy
import signal
import sys
import threading
import time
import traceback
from typing import Any

BEAT = 0.005


def main() -> None:
    argv = sys.argv[1:]
    split = argv.index("--")
    mine, theirs = argv[:split], argv[split + 1:]
    out = mine[0]
    threshold = float(mine[mine.index("--threshold-ms") + 1]) / 1000 if "--threshold-ms" in mine else 0.04
    last = [time.perf_counter()]
    stalls: list[dict[str, Any]] = []
    passes: list[dict[str, Any]] = []
    gc_start = [0.0]
    main_id = threading.get_ident()

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gc_start[0] = time.perf_counter()
        else:
            ms = 1000 * (time.perf_counter() - gc_start[0])
            if ms >= 1:
                passes.append({"t": round(time.time(), 3), "gen": info["generation"], "ms": round(ms, 2),
                               "collected": info["collected"]})

    gc.callbacks.append(on_gc)

    def beat(loop: asyncio.AbstractEventLoop) -> None:
        last[0] = time.perf_counter()
        loop.call_later(BEAT, beat, loop)

    original = asyncio.BaseEventLoop.run_forever

    def run_forever(self: asyncio.BaseEventLoop) -> None:
        if threading.get_ident() == main_id:
            self.call_soon(beat, self)
        original(self)

    asyncio.BaseEventLoop.run_forever = run_forever  # type: ignore[method-assign]

    def watch() -> None:
        current: dict[str, Any] | None = None
        while True:
            time.sleep(0.002)
            late = time.perf_counter() - last[0] - BEAT
            if late > threshold:
                frame = sys._current_frames().get(main_id)
                stack = [f"{f.filename.rsplit('/', 3)[-1]}:{f.lineno} {f.name}"
                         for f in traceback.extract_stack(frame)][-14:] if frame else []
                if current is None:
                    current = {"t": round(time.time(), 3), "ms": 0.0, "stacks": []}
                    stalls.append(current)
                if len(current["stacks"]) < 6 and (not current["stacks"] or current["stacks"][-1] != stack):
                    current["stacks"].append(stack)
                current["ms"] = round(1000 * late, 1)
            elif current is not None:
                current = None

    threading.Thread(target=watch, daemon=True).start()

    census: list[dict[str, Any]] = []

    def count(_signum: int, _frame: object) -> None:  # SIGUSR2: what the collector tracks, by type
        import collections

        kinds = collections.Counter(type(o).__qualname__ for o in gc.get_objects())
        young: dict[str, list[Any]] = {}
        for generation in (0, 1):  # the young ones, and how many references each pass follows from them
            refs: collections.Counter[str] = collections.Counter()
            counts: collections.Counter[str] = collections.Counter()
            for o in gc.get_objects(generation):
                counts[type(o).__qualname__] += 1
                refs[type(o).__qualname__] += len(gc.get_referents(o))
            young[str(generation)] = [(k, counts[k], refs[k]) for k, _ in refs.most_common(15)]
        census.append({"t": round(time.time(), 3), "tracked": sum(kinds.values()), "frozen": gc.get_freeze_count(),
                       "top": kinds.most_common(25), "young": young})

    signal.signal(signal.SIGUSR2, count)
    if "--census-after" in mine:  # once, this many seconds after the start
        threading.Timer(float(mine[mine.index("--census-after") + 1]), count, (0, None)).start()

    def write() -> None:
        with open(out, "w") as f:
            json.dump({"end": time.time(), "stalls": stalls, "gc": passes, "census": census,
                       "frozen": gc.get_freeze_count()}, f)

    atexit.register(write)

    def stop(signum: int, _frame: object) -> None:
        write()
        signal.signal(signum, signal.SIG_DFL)
        signal.raise_signal(signum)

    sys.argv = [theirs[1]] + theirs[2:] if theirs[:1] == ["-m"] else theirs
    if theirs[:1] == ["-m"]:
        signal.signal(signal.SIGTERM, stop)
        runpy.run_module(theirs[1], run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(theirs[0], run_name="__main__")


if __name__ == "__main__":
    main()
