"""Engine speed, side by side with the PyPI peers in one run. Prints figures; asserts nothing.

    python3 -m pip install '.[bench]'                  # pyminion, pydominion, evolvedominion
    python3 benchmarks/bench_engine.py                 # a few minutes
    python3 benchmarks/bench_engine.py --quick         # under a minute
    python3 benchmarks/bench_engine.py --before DIR    # also an older checkout of companion (git archive)

Each contestant runs in its own worker process (so two versions of companion can run side by side); the
rounds are interleaved (every contestant plays one batch, then the next round begins), and each figure
is the median of the rounds, with the median of each round's ratio to companion. The machine may be
shared, so the load changes during a run: interleaving spreads it over every contestant alike. Where
valgrind is present, instructions a game are counted with callgrind too: they do not depend on the load.

Workloads:
- Big Money mirror on First Game, 2 players, no log: companion; pyminion 0.4.0 with its logging off (it
  turns logging on at import); pydominion 0.1.0 as shipped (it sets up 12 Provinces for 2 players, a bug)
  and with its Victory piles set to 8; evolvedominion 1.0.3 (ends after 180 turns in all at most).
- The same with companion's event log on (as in every game a person plays).
- The general bot on random base kingdoms (2 players), on random kingdoms of all 51 cards (2 and 4).
- Undo (a whole game replayed with its log), save and load of a finished general-bot game.
"""

from __future__ import annotations

import argparse
import os
import platform
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

# ---- workloads, each built inside the worker process ------------------------------------------------


def companion_workloads() -> dict[str, Callable[[int], object]]:
    from companion.bots import make_bot
    from companion.engine import Game, GameSetup
    from companion.kingdom import choose_kingdom, random_kingdom

    first_game = choose_kingdom("First Game")

    def big_money(log: bool) -> Callable[[int], object]:
        def play(seed: int) -> object:
            g = Game(GameSetup.of(first_game, ["bigmoney", "bigmoney"], seed=seed), log=log)
            g.advance([make_bot("bigmoney"), make_bot("bigmoney")])
            return g.result

        return play

    def general(sets: tuple[str, ...], players: int) -> Callable[[int], object]:
        def play(seed: int) -> object:
            k = random_kingdom(random.Random(seed), sets)
            g = Game(GameSetup.of(k, ["general"] * players, seed=seed, turn_limit=100), log=False)
            g.advance([make_bot("general", seed + i) for i in range(players)])
            return g.result

        return play

    both = ("base2e", "prosperity2e")
    return {"bm": big_money(False), "bm-log": big_money(True), "general-base-2": general(("base2e",), 2),
            "general-all-2": general(both, 2), "general-all-4": general(both, 4)}


def record_workloads() -> dict[str, Callable[[int], object]]:
    """Undo, save and load, each on a finished 2-player general-bot game of its own seed (built outside the timing
    would be fairer, but each operation costs far more than the bookkeeping around it: the game is built once
    per seed and cached)."""
    from companion.bots import make_bot
    from companion.engine import Game, GameSetup, dumps, loads, replay
    from companion.kingdom import random_kingdom

    games: dict[int, Game] = {}
    texts: dict[int, str] = {}

    def game(seed: int) -> Game:
        if seed not in games:
            # Seats of people (whom the general bot answers for): a save names no bot a version may not know.
            g = Game(GameSetup.of(random_kingdom(random.Random(seed), ("base2e",)), 2, seed=seed, turn_limit=100))
            g.advance([make_bot("general"), make_bot("general")])
            games[seed] = g
            texts[seed] = dumps(g)
        return games[seed]

    def undo(seed: int) -> object:
        g = game(seed % 50)
        return replay(g.setup, g.answers, log=True, check=False)

    def save(seed: int) -> object:
        return dumps(game(seed % 50))

    def load(seed: int) -> object:
        game(seed % 50)
        return loads(texts[seed % 50])

    for s in range(50):
        game(s)
    return {"undo": undo, "save": save, "load": load}


def pyminion_big_money() -> Callable[[int], object]:
    import logging

    from pyminion.bots.examples.big_money import BigMoney
    from pyminion.expansions import base
    from pyminion.game import Game as PGame

    logging.disable(logging.CRITICAL)  # pyminion sets the root logger to INFO at import; we log nothing either
    names = ["cellar", "market", "merchant", "militia", "mine", "moat", "remodel", "smithy", "village", "workshop"]
    kingdom = [getattr(base, n) for n in names]

    def play(seed: int) -> object:
        random.seed(seed)
        game = PGame(players=[BigMoney("a"), BigMoney("b")], expansions=[base.base_set], kingdom_cards=kingdom,
                     log_stdout=False)
        return game.play()

    return play


def pydominion_big_money(provinces: int | None) -> Callable[[int], object]:
    from dominion import Game as DGame, Gold, Player, Province, Silver
    from dominion.cards.expansions import first_edition as fe, second_edition as se
    from dominion.cards.victory import Duchy, Estate

    class BigMoneyPlayer(Player):  # pydominion ships no bots: the same rule as ours and pyminion's
        def action_phase(self) -> None:
            pass

        def buy_phase(self) -> None:  # (the game has played every Treasure in hand already)
            coins = self.deck.coins
            piles = self.deck.game.base_cards  # not game.supply, which builds a new dict at each read
            for card, price in ((Province, 8), (Gold, 6), (Silver, 3)):
                if coins >= price and piles[card] > 0:
                    card.buy(self.deck)
                    return

        def choice(self, card, prompt, choices):  # type: ignore[no-untyped-def]
            return choices[-1] if choices else None

    kingdom = [fe.Cellar, fe.Market, se.Merchant, fe.Militia, fe.Mine, fe.Moat, fe.Remodel, fe.Smithy, fe.Village,
               fe.Workshop]

    def play(seed: int) -> object:
        random.seed(seed)
        game = DGame([BigMoneyPlayer, BigMoneyPlayer], kingdom)
        if provinces is not None:  # the rulebook's 8 of each Victory card for 2 players
            for card in (Estate, Duchy, Province):
                game.base_cards[card] = provinces
        return game.play()

    return play


def evolvedominion_big_money() -> Callable[[int], object]:
    from evolvedominion.agents.agent import Agent
    from evolvedominion.engine.engine import BuyChoices, Purchase, TreasureChoices
    from evolvedominion.engine.pieces import Gold, Province, Silver
    from evolvedominion.engine.session import Session

    order = ((Province, 0), (Gold, 1), (Silver, 2))

    class BigMoney(Agent):
        def select(self, choices, decision):  # type: ignore[no-untyped-def]
            if len(choices) == 1:
                return choices[0]
            if isinstance(decision, TreasureChoices):
                return choices[1]  # play every Treasure
            if isinstance(decision, BuyChoices):
                best = None
                for c in choices:
                    if isinstance(c, Purchase):
                        for rank, (kind, r) in enumerate(order):
                            if isinstance(c.gained_piece, kind) and (best is None or r < best[0]):
                                best = (r, c)
                return best[1] if best is not None else choices[0]
            return choices[0]

    def play(seed: int) -> object:
        import numpy as np

        random.seed(seed)
        np.random.seed(seed % 2**32)
        s = Session()  # its default kingdom is First Game
        s.accept_players([BigMoney(0), BigMoney(1)])
        s.play()
        return s

    return play


def contestant(name: str) -> dict[str, Callable[[int], object]]:
    if name in ("companion", "before"):
        out = companion_workloads()
        out.update(record_workloads())
        return out
    if name == "pyminion":
        return {"bm": pyminion_big_money()}
    if name == "pydominion":
        return {"bm": pydominion_big_money(None)}
    if name == "pydominion-8":
        return {"bm": pydominion_big_money(8)}
    if name == "evolvedominion":
        return {"bm": evolvedominion_big_money()}
    raise SystemExit(f"unknown contestant {name}")


# ---- the worker: reads "workload games first-seed" lines, answers seconds -------------------------------


def worker(name: str) -> None:
    try:
        works = contestant(name)
    except Exception as e:  # noqa: BLE001 - say why it cannot run, once
        print(f"error {type(e).__name__}: {e}", flush=True)
        return
    print("ready " + " ".join(works), flush=True)
    for line in sys.stdin:
        what, games, first = line.split()
        play = works[what]
        play(-1)  # warm-up
        start = time.perf_counter()
        for seed in range(int(first), int(first) + int(games)):
            play(seed)
        print(f"{time.perf_counter() - start:.9f}", flush=True)


def callgrind_worker(name: str, what: str, games: int) -> None:
    play = contestant(name)[what]
    play(-1)
    for seed in range(games):
        play(seed)


# ---- the driver -------------------------------------------------------------------------------------------


class Worker:
    def __init__(self, name: str, tree: Path) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen([sys.executable, str(HERE), "--worker", name], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=str(tree))
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


def instructions(name: str, tree: Path, what: str, games: int) -> float | None:
    """Instructions a game under callgrind: (a run of ``games`` games less a run of none) / ``games``."""
    if shutil.which("valgrind") is None:
        return None
    # Counts that repeat exactly: a fixed hash seed, no address randomisation, and a card cache of this
    # tree's own (the state folder's is shared by every checkout on the machine: a run that finds it
    # stale parses the YAML, and a row moves by millions of instructions a game).
    home = Path(tempfile.mkdtemp(prefix="bench-callgrind-"))
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0", COMPANION_HOME=str(home))
    fixed = ["setarch", platform.machine(), "-R"] if shutil.which("setarch") else []

    def count(n: int) -> int:
        out = subprocess.run([*fixed, "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              sys.executable, str(HERE), "--callgrind", name, what, str(n)], env=env,
                             cwd=str(tree), capture_output=True, text=True)
        for line in out.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
        raise RuntimeError(out.stderr[-300:])

    try:
        count(0)  # builds the card cache in the private folder
        return (count(games) - count(0)) / games
    finally:
        shutil.rmtree(home, ignore_errors=True)


def compare(title: str, workers: list[Worker], what: str, games: int, rounds: int, tree_of: dict[str, Path],
            cg_games: int, callgrind: bool) -> None:
    present = [w for w in workers if what in w.works]
    rates: dict[str, list[float]] = {w.name: [] for w in present}
    for r in range(rounds):
        for w in present:
            rates[w.name].append(games / w.time(what, games, r * games))
    ours = rates["companion"]
    print(f"{title} ({games} games a batch, {rounds} rounds, medians):")
    for w in present:
        med = statistics.median(rates[w.name])
        line = f"  {w.name}: {med:,.0f} games a second"
        if w.name != "companion":
            ratio = statistics.median(o / x for o, x in zip(ours, rates[w.name]))
            line += f"; companion {ratio:.2f} times as fast (median of each round's ratio)"
        if callgrind:
            ins = instructions(w.name, tree_of[w.name], what, cg_games)
            if ins is not None:
                line += f"; {ins / 1e6:.2f} M instructions a game"
        print(line, flush=True)


def compare_ms(title: str, workers: list[Worker], what: str, games: int, rounds: int) -> None:
    present = [w for w in workers if what in w.works]
    print(f"{title} ({games} a batch, {rounds} rounds, medians):")
    for w in present:
        ms = statistics.median(1000 * w.time(what, games, r * games) / games for r in range(rounds))
        print(f"  {w.name}: {ms:.2f} ms", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--before", type=Path, help="an older checkout of companion to run side by side")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--worker")
    ap.add_argument("--callgrind", nargs=3)
    ns = ap.parse_args()
    if ns.worker:
        return worker(ns.worker)
    if ns.callgrind:
        return callgrind_worker(ns.callgrind[0], ns.callgrind[1], int(ns.callgrind[2]))
    rounds = 5 if ns.quick else 11
    scale = 0.2 if ns.quick else 1.0
    n = lambda x: max(5, int(x * scale))  # noqa: E731
    names = ["companion"] + (["before"] if ns.before else []) + ["pyminion", "pydominion", "pydominion-8",
                                                                  "evolvedominion"]
    tree_of = {name: ROOT for name in names}
    if ns.before:
        tree_of["before"] = ns.before.resolve()
    workers = []
    for name in names:
        w = Worker(name, tree_of[name])
        if w.error:
            print(f"{name}: not run: {w.error}")
        else:
            workers.append(w)
    cg = not ns.no_callgrind
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start")
    compare("Big Money mirror, First Game, 2 players, no log", workers, "bm", n(500), rounds, tree_of,
            40, cg)
    compare("Big Money mirror with companion's event log on", workers, "bm-log", n(500), rounds, tree_of, 40, cg)
    compare("General bot, random base kingdoms, 2 players", workers, "general-base-2", n(100), rounds, tree_of,
            10, cg)
    compare("General bot, random kingdoms of all 51 cards, 2 players", workers, "general-all-2", n(100), rounds,
            tree_of, 10, cg)
    compare("General bot, random kingdoms of all 51 cards, 4 players", workers, "general-all-4", n(50), rounds,
            tree_of, 5, cg)
    compare_ms("Undo: a whole general-bot game replayed with its log", workers, "undo", n(50), rounds)
    compare_ms("Save: a finished game to JSON text", workers, "save", n(50), rounds)
    compare_ms("Load: JSON text to a game, replayed and checked", workers, "load", n(50), rounds)
    print(f"Load {os.getloadavg()[0]:.1f} at the end.")
    for w in workers:
        w.close()


if __name__ == "__main__":
    main()
