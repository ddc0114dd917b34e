"""How long braille takes: loading liblouis, one card for the screen, and BRF files up to all 60 cards.

Run from the repository root: ``nice python3 benchmarks/bench_braille.py``. The cases are run interleaved
(one run of each in turn, ``--rounds`` times) so that a change in the machine's load falls on all of them
alike; each line gives the median processor time and the interval from the lowest to the highest run, with
the load average at the start. ``--tree PATH`` measures another checkout of the package (an older version,
to compare), as long as it has ``reference_document(title, cards, translator, page_format)``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parent.parent))
    args = parser.parse_args()
    sys.path.insert(0, args.tree)

    from companion.braille import Grade, PageFormat, card_lines, load_translator, reference_document
    from companion.cards import catalogue
    from companion.kingdom import choose_kingdom

    start = time.process_time()
    contracted = load_translator(Grade.CONTRACTED)
    load_ms = (time.process_time() - start) * 1000
    uncontracted = load_translator(Grade.UNCONTRACTED)
    every = catalogue().cards
    kingdom = choose_kingdom("Biggest Money")
    handout = kingdom.cards + kingdom.basic_cards
    village = catalogue()["Village"]
    cases: dict[str, Callable[[], object]] = {"one card, Unicode braille": lambda: card_lines(village, contracted)}
    cases["19 cards (Biggest Money, --basic), contracted"] = (
        lambda: reference_document("Biggest Money", handout, contracted, PageFormat()).brf())
    for name, translator in (("contracted", contracted), ("uncontracted", uncontracted)):
        for pack in (False, True):
            fmt = PageFormat(pack=pack)
            label = f"all {len(every)} cards, {name}, {'packed' if pack else 'one a page'}"
            cases[label] = (lambda t=translator, f=fmt: reference_document("Everything", every, t, f).brf())
    times: dict[str, list[float]] = {label: [] for label in cases}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    for _ in range(args.rounds):
        for label, action in cases.items():
            begin = time.process_time()
            action()
            times[label].append((time.process_time() - begin) * 1000)
    print(f"tree {args.tree}; load average {load:.2f}; {args.rounds} interleaved rounds; processor time")
    print(f"loading liblouis and the contracted tables: {load_ms:.1f} ms (first time)")
    for label, runs in times.items():
        print(f"{label}: median {statistics.median(runs):.2f} ms (runs {min(runs):.2f} to {max(runs):.2f})")


if __name__ == "__main__":
    main()
