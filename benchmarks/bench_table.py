"""How fast the table assistant answers: per entry (record and save), undo late in a long game, resume.

Run: python3 benchmarks/bench_table.py   (prints figures; never part of the tests)
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["COMPANION_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-table-")

from tests.table.driver import Driver  # noqa: E402

GAME = (ROOT / "tests" / "table" / "games" / "five_players.txt").read_text().splitlines()


def timed(d: Driver, line: str) -> float:
    start = time.perf_counter()
    d.run(line)
    return time.perf_counter() - start


def main() -> None:
    d = Driver()
    times = [timed(d, line) for line in GAME]
    entries = len(d.session.state["table"].table.entries)
    per = sorted(times[1:])
    print(f"5-player game: {len(GAME)} lines, {entries} entries recorded and saved")
    print(f"per line: median {statistics.median(per) * 1000:.2f} ms, 95th percentile "
          f"{per[int(len(per) * 0.95)] * 1000:.2f} ms, slowest {per[-1] * 1000:.2f} ms")
    print(f"whole game: {sum(times):.2f} s")
    d.run("undo")  # the game is over; undo the end, then time undo of a late entry
    d.run("play C1")
    undo = [timed(d, line) for line in ("undo", "play C1") * 10][::2]
    print(f"undo after {entries} entries (replays them all): median {statistics.median(undo) * 1000:.2f} ms")
    fresh = Driver()
    resume = [timed(fresh, "table resume") for _ in range(10)]
    print(f"table resume of that game: median {statistics.median(resume) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
