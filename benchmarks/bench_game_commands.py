"""How fast every game command answers, in-process through dispatch as the shell runs it.

Plays a long game with the scripted person of tests/game/driver.py (autosave on, into a temporary
COMPANION_HOME), stops a few turns before the end, then times each command many times: median and
worst, in milliseconds. ``undo`` is timed at that late point (a replay of the whole game), each time
followed by the line it took back. Target: every command within 50 ms.

    python3 benchmarks/bench_game_commands.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["COMPANION_HOME"] = tempfile.mkdtemp(prefix="bench-game-")

from companion.engine import Purpose  # noqa: E402
from companion.game import render  # noqa: E402
from tests.game.driver import KINGDOM, NEW, choose_line  # noqa: E402
from tests.game.helpers import Typist  # noqa: E402

ROUNDS = 40
# A long game: 4 players (3 bots), Platinum and Colony.
LONG = f'new --bots general,general,general --kingdom "{KINGDOM}" --colony on --seed 11'


def timed(t: Typist, line: str) -> float:
    start = time.perf_counter()
    t(line)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    t = Typist()
    new_times = [timed(Typist(), NEW) for _ in range(10)]
    t(LONG)
    g = t.act.game
    ends = [c for c in g.supply if c.name in ("Province", "Colony")]
    while all(g.supply[c] > 2 for c in ends) and g.empty_piles() < 2 and not t.act.over:
        t(choose_line(t.act))
        g = t.act.game
    g = t.act.game
    print(f"Long game: {len(g.answers)} answers, {len(g.log)} events, turn {g.players[t.act.holder].turns}.")
    results: dict[str, list[float]] = {"new": new_times}
    for line in ("status", "hand", "options", "supply", "supply low", "deck", "discard", "trash", "score",
                 "kingdom", "log", "log all", "games", "save bench"):
        results[line] = [timed(t, line) for _ in range(ROUNDS)]
    # Commands that change the game: do, time, then undo (untimed) so the game stays where it is.
    for label in ("play or buy (the next line)", "end"):
        times = []
        for _ in range(ROUNDS):
            d = t.act.mine()
            line = "end" if label == "end" else choose_line(t.act)
            if label == "end" and (d is None or not render.is_turn_decision(d)):
                line = choose_line(t.act)
            times.append(timed(t, line))
            t("undo")
        results[label] = times
    undo_times = []
    for _ in range(ROUNDS):
        line = choose_line(t.act)
        t(line)
        undo_times.append(timed(t, "undo"))
    results["undo (late game)"] = undo_times
    width = max(len(k) for k in results)
    print(f"{'command'.ljust(width)}  median ms  worst ms")
    for name, times in results.items():
        print(f"{name.ljust(width)}  {statistics.median(times):9.2f}  {max(times):8.2f}")
    worst = max(max(v) for v in results.values())
    print(f"Worst of all: {worst:.2f} ms ({'within' if worst <= 50 else 'over'} the 50 ms target).")


if __name__ == "__main__":
    main()
