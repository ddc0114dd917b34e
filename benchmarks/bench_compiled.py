"""The compiled engine (COMPANION_COMPILE=1) against the pure one and the peers, in one run. Prints figures; asserts
nothing.

    python3 -m pip install '.[bench]'                                # pyminion, pydominion
    nice -n 10 python3 benchmarks/bench_compiled.py                  # builds the compiled engine first (minutes)
    nice -n 10 python3 benchmarks/bench_compiled.py --compiled DIR   # DIR: pip install --target DIR of a compiled wheel
    ... --quick                                                      # fewer games and rounds

Each contestant runs in its own worker process: ``compiled`` (the compiled build, on PYTHONPATH), ``pure`` (this
checkout), ``pydominion-8`` (pydominion 0.1.0 with the rulebook's 8 Provinces) and ``pyminion`` (0.4.0). The rounds
are interleaved (every contestant runs one batch, then the next round begins) and each figure is the median of the
rounds; times are processor seconds of the worker (``time.process_time``), which the machine's load changes much
less than wall-clock time. Where valgrind is present, instructions a game are counted with callgrind too.

- Games: the Big Money mirror on First Game (the peers too; benchmarks/bench_engine.py's rules for them), and the
  strong bot's mirror on First Game (its plan found once, in the warm-up; for callgrind with COMPANION_PLAN_GAMES=0,
  the table's plan, so that the count is of the games, not of the search).
- The plan search (``companion.bots.search.search``) on 6 kingdoms of both boxes no test or tuning used (seeds 9001
  to 9006), at 2, 3 and 4 players: processor seconds a search, the default budget.
- ``analysis`` of one finished game of 20 turns (the easy bot's answers in a person's seat against the strong
  bot, as benchmarks/bench_analysis.py): processor seconds of ``analyse`` in one process.
- ``companion simulate --games 600`` (Big Money mirror, First Game, --jobs 1) as a whole process, start-up
  included, against a process of pydominion-8 playing 600 games: processor seconds of each process.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
PLAN_KINGDOMS = range(9001, 9007)
BOTH = ("base2e", "prosperity2e")


# ---- workloads, built inside the worker process ----------------------------------------------------------


def companion_workloads() -> dict[str, Callable[[int], object]]:
    from companion.bots import make_bot
    from companion.bots.search import search
    from companion.engine import Game, GameSetup
    from companion.kingdom import choose_kingdom, random_kingdom

    first_game = choose_kingdom("First Game")

    def mirror(bot: str) -> Callable[[int], object]:
        def play(seed: int) -> object:
            g = Game(GameSetup.of(first_game, [bot, bot], seed=seed), log=False)
            g.advance([make_bot(bot, seed), make_bot(bot, seed + 1)])
            return g.result

        return play

    def plan(players: int) -> Callable[[int], object]:
        def find(seed: int) -> object:  # seed: which of the 6 kingdoms (the warm-up, -1, another one)
            kingdom = random_kingdom(random.Random(PLAN_KINGDOMS[seed % 6] if seed >= 0 else 1), BOTH)
            return search(kingdom, players)

        return find

    record: list[str] = []

    def analysis(seed: int) -> object:
        from companion.game.analysis import analyse

        if not record:
            record.append(twenty_turns())
        return analyse(record[0], 0, 1)

    return {"bm": mirror("bigmoney"), "strong": mirror("strong"), "plan-2": plan(2), "plan-3": plan(3),
            "plan-4": plan(4), "analysis": analysis}


def twenty_turns() -> str:
    """A finished game of 20 turns: the first seed from 1 on whose game of the easy bot (a person's seat) against
    the strong bot on First Game lasts 20 turns. The same in both builds, since they play the same games."""
    from bench_analysis import finished

    for seed in range(1, 200):
        text, turns = finished(seed, "First Game", "easy")
        if turns == 20:
            return text
    raise SystemExit("no game of 20 turns in 200 seeds")


def contestant(name: str) -> dict[str, Callable[[int], object]]:
    from bench_engine import pydominion_big_money, pyminion_big_money

    if name in ("compiled", "pure"):
        return companion_workloads()
    if name == "pydominion-8":
        return {"bm": pydominion_big_money(8)}
    if name == "pyminion":
        return {"bm": pyminion_big_money()}
    raise SystemExit(f"unknown contestant {name}")


def worker(name: str) -> None:
    try:
        works = contestant(name)
    except Exception as e:  # noqa: BLE001 - say why it cannot run, once
        print(f"error {type(e).__name__}: {e}", flush=True)
        return
    if name in ("compiled", "pure"):
        from companion.cli import engine_build

        print(f"{name} runs the {engine_build()}", file=sys.stderr)
    print("ready " + " ".join(works), flush=True)
    warm: set[str] = set()
    for line in sys.stdin:
        what, games, first = line.split()
        play = works[what]
        if what not in warm:
            play(-1)
            warm.add(what)
        start = time.process_time()
        for seed in range(int(first), int(first) + int(games)):
            play(seed)
        print(f"{time.process_time() - start:.9f}", flush=True)


def callgrind_worker(name: str, what: str, games: int) -> None:
    play = contestant(name)[what]
    play(-1)
    for seed in range(games):
        play(seed)


# ---- the driver -------------------------------------------------------------------------------------------


def env_for(tree: Path, home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON"))}
    env.update(PYTHONPATH=f"{tree}{os.pathsep}{HERE.parent}", COMPANION_HOME=str(home), **extra)
    return env


class Worker:
    def __init__(self, name: str, tree: Path, home: Path) -> None:
        self.name, self.tree = name, tree
        self.proc = subprocess.Popen([sys.executable, str(HERE), "--worker", name], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env_for(tree, home), cwd=str(tree))
        first = self.proc.stdout.readline().split()  # type: ignore[union-attr]
        self.error = " ".join(first[1:]) if not first or first[0] != "ready" else None
        self.works = set(first[1:]) if self.error is None else set()

    def time(self, what: str, games: int, first: int) -> float:
        self.proc.stdin.write(f"{what} {games} {first}\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        return float(self.proc.stdout.readline())  # type: ignore[union-attr]

    def close(self) -> None:
        self.proc.stdin.close()  # type: ignore[union-attr]
        self.proc.wait()


def instructions(w: Worker, what: str, games: int) -> float | None:
    """Instructions a game under callgrind: (a run of ``games`` games less a run of none) / ``games``."""
    if shutil.which("valgrind") is None:
        return None
    home = Path(tempfile.mkdtemp(prefix="bench-compiled-cg-"))
    env = env_for(w.tree, home, PYTHONHASHSEED="0", COMPANION_PLAN_GAMES="0")

    def count(n: int) -> int:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              str(HERE), "--callgrind", w.name, what, str(n)], env=env, cwd=str(w.tree),
                             capture_output=True, text=True)
        for line in out.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
        raise RuntimeError(out.stderr[-300:])

    try:
        count(0)  # the card cache, in the private folder
        return (count(games) - count(0)) / games
    finally:
        shutil.rmtree(home, ignore_errors=True)


def side_by_side(title: str, workers: list[Worker], what: str, games: int, rounds: int, cg_games: int) -> None:
    present = [w for w in workers if what in w.works]
    spent: dict[str, list[float]] = {w.name: [] for w in present}
    for r in range(rounds):
        for w in (present if r % 2 == 0 else present[::-1]):
            spent[w.name].append(w.time(what, games, r * games) / games)
    print(f"{title} ({games} a batch, {rounds} rounds, medians of processor time):", flush=True)
    for w in present:
        line = f"  {w.name}: {1000 * statistics.median(spent[w.name]):,.2f} ms"
        faster = [(other, statistics.median(x / o for x, o in zip(spent[w.name], spent[other])))
                  for other in ("compiled", "pure") if other != w.name and other in spent and w.name != "compiled"]
        if faster:  # each round's ratio, then their median
            line += "; " + ", ".join(f"{other} {ratio:.2f} times as fast" for other, ratio in faster)
        if cg_games:
            ins = instructions(w, what, cg_games)
            if ins is not None:
                line += f"; {ins / 1e6:.2f} M instructions a game"
        print(line, flush=True)


def process_cpu(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    """Processor seconds of a whole process (user and system), start-up included."""
    proc = subprocess.Popen(cmd, env=env, cwd=str(cwd), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd} failed: {proc.stderr.read()[-300:]!r}")  # type: ignore[union-attr]
    return usage.ru_utime + usage.ru_stime


def simulate(trees: dict[str, Path], home: Path, games: int, rounds: int) -> None:
    ours = ["-m", "companion", "simulate", "--games", str(games), "--players", "2", "--bots", "bigmoney",
            "--kingdom", "First Game", "--seed", "1", "--jobs", "1"]
    theirs = ["-c", f"from bench_engine import pydominion_big_money as p; play = p(8); [play(s) for s in range({games})]"]
    runs = {name: [sys.executable, *ours] for name in trees}
    runs["pydominion-8"] = [sys.executable, *theirs]
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(rounds):
        for name in (list(runs) if r % 2 == 0 else list(runs)[::-1]):
            cpu[name].append(process_cpu(runs[name], env_for(trees.get(name, ROOT), home), trees.get(name, ROOT)))
    print(f"simulate {games} games as a whole process, start-up included ({rounds} rounds, medians of processor time):")
    for name in runs:
        line = f"  {name}: {statistics.median(cpu[name]):.2f} s"
        if name != "pydominion-8":
            line += f"; pydominion-8's process takes {statistics.median(cpu['pydominion-8']) / statistics.median(cpu[name]):.2f} times this"
        print(line, flush=True)


def build_compiled(where: Path) -> Path:
    """This checkout's compiled build, unpacked into ``where``/site (minutes: mypyc compiles the engine and bots)."""
    source = where / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info",
                                                                  "__pycache__", ".mypy_cache", ".pytest_cache", "*.so"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON"))}
    env["COMPANION_COMPILE"] = "1"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(where / "wheel"), str(source)],
                   check=True, env=env)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(where / "site"),
                    *map(str, (where / "wheel").glob("*.whl"))], check=True)
    return where / "site"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--compiled", type=Path, help="a folder holding the compiled build's companion")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--only", choices=("games", "plans", "analysis", "simulate"), action="append")
    ap.add_argument("--worker")
    ap.add_argument("--callgrind", nargs=3)
    ns = ap.parse_args()
    if ns.worker:
        return worker(ns.worker)
    if ns.callgrind:
        return callgrind_worker(ns.callgrind[0], ns.callgrind[1], int(ns.callgrind[2]))
    only = set(ns.only or ("games", "plans", "analysis", "simulate"))
    rounds = 3 if ns.quick else 7
    with tempfile.TemporaryDirectory(prefix="bench-compiled-") as tmp:
        compiled = ns.compiled.resolve() if ns.compiled else build_compiled(Path(tmp))
        trees = {"compiled": compiled, "pure": ROOT}
        workers = []
        for name in ("compiled", "pure", "pydominion-8", "pyminion"):
            home = Path(tmp) / f"home-{name}"  # each its own: no plan is read from another's cache
            w = Worker(name, trees.get(name, ROOT), home)
            if w.error:
                print(f"{name}: not run: {w.error}")
            else:
                workers.append(w)
        cg = 0 if ns.no_callgrind else 1
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start",
              flush=True)
        if "games" in only:
            side_by_side("Big Money mirror, First Game, 2 players, no log", workers, "bm", 40 if ns.quick else 200,
                         rounds, 20 * cg)
            side_by_side("Strong bot mirror, First Game, 2 players, no log", workers, "strong", 5 if ns.quick else 20,
                         rounds, 5 * cg)
        if "plans" in only:
            for players in (2, 3, 4):
                side_by_side(f"Plan search, 6 new kingdoms of both boxes, {players} players", workers,
                             f"plan-{players}", 6, 1 if ns.quick else 3, 0)
        if "analysis" in only:
            side_by_side("analysis of a finished 20-turn game (one process)", workers, "analysis", 1, 3, 0)
        for w in workers:
            w.close()
        if "simulate" in only:
            simulate(trees, Path(tmp) / "home-simulate", 600, rounds)
        print(f"Load {os.getloadavg()[0]:.1f} at the end.")


if __name__ == "__main__":
    main()
