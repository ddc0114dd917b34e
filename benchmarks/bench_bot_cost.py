"""What the bots themselves cost, apart from the rules engine, counted in instructions. Prints figures; asserts nothing.

    python3 benchmarks/bench_bot_cost.py                     # the general bot, three workloads (needs valgrind)
    python3 benchmarks/bench_bot_cost.py --bot strong
    python3 benchmarks/bench_bot_cost.py --before DIR        # also an older checkout (git archive)
    python3 benchmarks/bench_bot_cost.py --search            # the strong bot's plan search, 2, 3 and 4 players

For each workload (the general-bot rows of bench_engine.py: random base kingdoms with 2 players, random
kingdoms of all 51 cards with 2 and with 4), the same seeded games are played twice under callgrind: by
the bots, and by agents that give the answers the bots gave, read from a file written beforehand. The
first less the second is the bot's own cost (its decisions, and the options it reads); the second is the
engine's. Each figure is (a run of N games less a run of none) / N, after one warm-up game in both runs.
Every run has PYTHONHASHSEED=0 and no card cache (COMPANION_NO_CACHE), so runs repeat to the instruction:
the card cache is shared by every checkout on the machine, and whether a run finds it or parses the
YAML would otherwise change the fixed cost by about 140 M.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
BOTH = ("base2e", "prosperity2e")
# name: (sets, players, games counted)
WORKLOADS: dict[str, tuple[tuple[str, ...], int, int]] = {
    "general-base-2": (("base2e",), 2, 40), "general-all-2": (BOTH, 2, 40), "general-all-4": (BOTH, 4, 20),
}


# ---- the worker: plays the games, in a process of its own (under callgrind, or to record answers) ----------


def _setup(what: str, seed: int, bot: str) -> Any:
    from companion.engine import GameSetup
    from companion.kingdom import random_kingdom

    sets, players, _ = WORKLOADS[what]
    return GameSetup.of(random_kingdom(random.Random(seed), sets), [bot] * players, seed=seed, turn_limit=100)


class _Answers:
    """An agent that gives the answers it is handed, in order (the same games, without the bot's work)."""

    def __init__(self, answers: Any) -> None:
        self.next = answers.__next__

    def decide(self, view: Any, d: Any) -> Any:
        return self.next()


def _encode(value: Any) -> Any:
    from companion.cards import Card

    if isinstance(value, Card):
        return {"card": value.name}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any, cards: Any) -> Any:
    if isinstance(value, dict):
        return cards[value["card"]]
    if isinstance(value, list):
        return tuple(_decode(v, cards) for v in value)
    return value


def search_worker(players: int) -> None:
    """One plan search (the budget from COMPANION_PLAN_GAMES) on the first random kingdom of both boxes."""
    from companion.bots.search import search
    from companion.kingdom import random_kingdom

    search(random_kingdom(random.Random(0), BOTH), players)


def measure_search(players: int, budget: str) -> float:
    """Instructions of one plan search: a run with ``budget`` trial games ("": the shipped budget) less a run
    with none."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", COMPANION_NO_CACHE="1")
    counts = []
    for games in (budget, "0"):
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(HERE),
               "--search-worker", str(players)]
        out = subprocess.run(cmd, env=dict(env, COMPANION_PLAN_GAMES=games), cwd=str(ROOT), capture_output=True,
                             text=True)
        if out.returncode != 0:
            raise RuntimeError(out.stderr[-500:])
        counts += [int(line.split(":")[-1]) for line in out.stderr.splitlines() if "Collected :" in line]
    return float(counts[0] - counts[1])


def worker(mode: str, what: str, games: int, bot: str, answers_file: str) -> None:
    from companion.bots import make_bot
    from companion.cards import catalogue
    from companion.engine import Game

    players = WORKLOADS[what][1]
    warm = Game(_setup(what, -1, bot), log=False)  # imports and first uses, in every run alike
    warm.advance([make_bot(bot, i) for i in range(players)])
    if mode == "replay":
        cards = catalogue().by_name
        with open(answers_file, encoding="utf-8") as f:
            kept = [[_decode(v, cards) for v in game] for game in json.load(f)[:games]]
    recorded = []
    for seed in range(games):
        g = Game(_setup(what, seed, bot), log=False)
        if mode == "replay":
            agent = _Answers(iter(kept[seed]))
            g.advance([agent] * players)
        else:
            g.advance([make_bot(bot, seed + i) for i in range(players)])
            if mode == "record":
                recorded.append([_encode(a.value) for a in g.answers])
    if mode == "record":
        with open(answers_file, "w", encoding="utf-8") as f:
            json.dump(recorded, f)


# ---- the driver ---------------------------------------------------------------------------------------------


def measure(tree: Path, what: str, bot: str, games: int, folder: Path) -> tuple[float, float]:
    """(instructions a game with the bots, instructions a game with the answers replayed)."""
    # the plans from the shipped table (no trial games): the cost of playing, once a plan is chosen
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0", COMPANION_NO_CACHE="1", COMPANION_PLAN_GAMES="0")
    answers = str(folder / f"{what}.json")

    def run(mode: str, n: int, valgrind: bool) -> int:
        cmd = [sys.executable, str(HERE), "--worker", mode, what, str(n), bot, answers]
        if valgrind:
            cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd]
        out = subprocess.run(cmd, env=env, cwd=str(tree), capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(out.stderr[-500:])
        for line in out.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
        return 0

    run("record", games, valgrind=False)
    played = (run("bots", games, True) - run("bots", 0, True)) / games
    replayed = (run("replay", games, True) - run("replay", 0, True)) / games
    return played, replayed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", default="general")
    ap.add_argument("--before", type=Path, help="an older checkout of companion, measured the same way")
    ap.add_argument("--only", choices=tuple(WORKLOADS), default=None)
    ap.add_argument("--search", action="store_true", help="the strong bot's plan search instead")
    ap.add_argument("--search-games", default="", help="the search's budget (default: the shipped one)")
    ap.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    ap.add_argument("--search-worker", type=int, help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.worker:
        mode, what, games, bot, answers = ns.worker
        return worker(mode, what, int(games), bot, answers)
    if ns.search_worker:
        return search_worker(ns.search_worker)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this benchmark counts instructions with callgrind.")
    if ns.search:
        for players in (2, 3, 4):
            print(f"One plan search, {players} players, budget {ns.search_games or 'as shipped'}, the first random "
                  f"kingdom of both boxes: {measure_search(players, ns.search_games) / 1e6:.0f} M instructions "
                  "(callgrind).", flush=True)
        return
    trees = [("this checkout", ROOT)] + ([("before", ns.before.resolve())] if ns.before else [])
    print(f"Instructions a game (callgrind), the {ns.bot} bot against itself, Python {sys.version.split()[0]}:")
    for what in [ns.only] if ns.only else WORKLOADS:
        games = WORKLOADS[what][2]
        for name, tree in trees:
            with tempfile.TemporaryDirectory() as folder:
                played, replayed = measure(tree, what, ns.bot, games, Path(folder))
            bot = played - replayed
            print(f"  {what}, {name}: {played / 1e6:.2f} M a game ({games} games); the bot {bot / 1e6:.2f} M "
                  f"({100 * bot / played:.0f}%), the engine {replayed / 1e6:.2f} M", flush=True)


if __name__ == "__main__":
    main()
