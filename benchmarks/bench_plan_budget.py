"""What a bigger plan-search budget buys: the strong bot's win rate with each budget, on the same kingdoms and seeds.
Prints figures with 95% intervals; asserts nothing.

    nice -n 10 python3 benchmarks/bench_plan_budget.py --budgets 760,1520 --kingdoms 500:530 --games 80 --players 2
    ... --tree DIR    # run another build (DIR on PYTHONPATH: the compiled one, whose games are the same, faster)

For each budget (``COMPANION_PLAN_GAMES``), a process of its own, with a state folder of its own (so no plan comes
from another budget's cache), plays on each kingdom (``random_kingdom(Random(seed))`` of both boxes, seeds never
used in tuning) ``--games`` games of the strong bot against the normal bot, and as many against Big Money Ultimate,
at ``--players`` (the strong bot in every seat in turn, the others all the opponent). Every game's seed is the same
for every budget, so a kingdom whose plan no budget changes plays the same games: the difference between two
budgets is measured pair by pair, kingdom by kingdom (mean and 95% interval over the kingdoms).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
BOTH = ("base2e", "prosperity2e")


def play(first: int, last: int, games: int, players: int) -> None:
    """The worker: prints one JSON line, each kingdom's points against each opponent."""
    from benchmarks.opponents import opponent
    from companion.bots import make_bot
    from companion.cli import engine_build
    from companion.engine import Game, GameSetup
    from companion.kingdom import random_kingdom

    rows: dict[int, dict[str, float]] = {}
    start = time.process_time()
    for k_seed in range(first, last):
        k = random_kingdom(random.Random(k_seed), BOTH)
        rows[k_seed] = {}
        for foe in ("normal", "bmu"):
            points = 0.0
            for i in range(games):
                seed, seat = k_seed * 1009 + i // players, i % players
                agents = [make_bot("strong", seed + j) if j == seat else
                          make_bot("normal", seed + j) if foe == "normal" else opponent("bmu", seed + j)
                          for j in range(players)]
                g = Game(GameSetup.of(k, ["bmu"] * players, seed=seed, turn_limit=100), log=False)
                g.advance(agents)
                winners = g.result.winners  # type: ignore[union-attr]
                points += 1 / len(winners) if seat in winners else 0.0
            rows[k_seed][foe] = points
    print(json.dumps({"build": engine_build(), "cpu": time.process_time() - start, "rows": rows}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budgets", default="760,1520")
    ap.add_argument("--kingdoms", default="500:530")
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the folder holding the companion run")
    ap.add_argument("--worker", action="store_true")
    ns = ap.parse_args()
    first, last = (int(x) for x in ns.kingdoms.split(":"))
    if ns.worker:
        return play(first, last, ns.games, ns.players)
    budgets = [int(b) for b in ns.budgets.split(",")]
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-budget-") as tmp:
        for b in budgets:
            env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON"))}
            # the build first, then this checkout (for benchmarks.opponents)
            env.update(PYTHONPATH=f"{ns.tree.resolve()}{os.pathsep}{ROOT}", COMPANION_PLAN_GAMES=str(b),
                       COMPANION_HOME=str(Path(tmp) / f"home-{b}"))
            out = subprocess.run([sys.executable, str(HERE), "--worker", "--kingdoms", ns.kingdoms, "--games",
                                  str(ns.games), "--players", str(ns.players)], env=env, cwd=tmp, check=True,
                                 capture_output=True, text=True)
            results[b] = json.loads(out.stdout.splitlines()[-1])
    n, games = last - first, ns.games
    print(f"{n} kingdoms (seeds {first} to {last - 1}), {games} games on each against each opponent, {ns.players} "
          f"players, the {results[budgets[0]]['build']}; load {os.getloadavg()[0]:.1f} at the end")
    base = results[budgets[0]]["rows"]
    for b in budgets:
        rows = results[b]["rows"]
        line = [f"budget {b} ({results[b]['cpu']:.0f} s of processor time):"]
        for foe in ("normal", "bmu"):
            shares = [rows[k][foe] / games for k in rows]
            rate = sum(shares) / n
            half = 1.96 * math.sqrt(rate * (1 - rate) / (n * games))
            text = f"against {foe} {100 * rate:.1f}% (95% {100 * max(0.0, rate - half):.1f} to {100 * min(1.0, rate + half):.1f})"
            if b != budgets[0]:
                d = [(rows[k][foe] - base[k][foe]) / games for k in rows]
                mean = sum(d) / n
                sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
                text += (f", {100 * mean:+.2f} points on {budgets[0]} (95% {100 * (mean - 1.96 * sd / math.sqrt(n)):+.2f}"
                         f" to {100 * (mean + 1.96 * sd / math.sqrt(n)):+.2f}; {sum(1 for x in d if x)} kingdoms changed)")
            line.append(text)
        print(" ".join(line[:1]) + " " + "; ".join(line[1:]))


if __name__ == "__main__":
    main()
