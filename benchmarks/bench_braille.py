"""How long braille takes: loading liblouis, one card for the screen, and a BRF file of all 60 cards.

Run from the repository root: ``python3 benchmarks/bench_braille.py``. Prints the median of several runs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.braille import Grade, PageFormat, card_lines, load_translator, reference_document  # noqa: E402
from companion.cards import catalogue  # noqa: E402


def median_ms(action: Callable[[], object], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    start = time.perf_counter()
    contracted = load_translator(Grade.CONTRACTED)
    print(f"Loading liblouis and the contracted tables: {(time.perf_counter() - start) * 1000:.0f} ms (first time)")
    uncontracted = load_translator(Grade.UNCONTRACTED)
    cards = catalogue().cards
    village = catalogue()["Village"]
    print(f"One card, Unicode braille: {median_ms(lambda: card_lines(village, contracted)):.1f} ms")
    for name, translator in (("contracted", contracted), ("uncontracted", uncontracted)):
        for pack in (False, True):
            fmt = PageFormat(pack=pack)
            doc = reference_document("Everything", cards, translator, fmt)
            ms = median_ms(lambda: reference_document("Everything", cards, translator, fmt).brf())
            layout = "packed" if pack else "one a page"
            print(f"All {len(cards)} cards, {name}, {layout}: {ms:.0f} ms, {doc.page_count} pages, {len(doc.brf())} bytes")
    command = [sys.executable, "-m", "companion", "braille", "village"]
    if subprocess.run(command, capture_output=True).returncode != 0:
        print("companion braille village, whole process: not measured (the command failed here)")
        return
    one_shot = median_ms(lambda: subprocess.run(command, capture_output=True), runs=5)
    print(f"companion braille village, whole process: {one_shot:.0f} ms")

if __name__ == "__main__":
    main()
