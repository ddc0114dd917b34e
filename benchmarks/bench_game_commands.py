"""How fast every in-game command answers on the longest games, in-process through dispatch as the shell
runs it. Target: every command within 50 ms, worst case.

The longest games are 6 players (one person, 5 bots), Platinum and Colony, a kingdom with no +Buy and
cursing attacks. The person is the scripted player of tests/game/driver.py, with autosave on (into a
temporary COMPANION_HOME) as a person's game has. Each game is played once to its end to learn how many
turns it has; it is then played again, and at each of the person's last few turns (close to the end,
700 answers and 2,500 events in) every command is timed many times: views, then commands that change
the game (each followed by an untimed undo, so the game stays where it was), then undo itself. ``end``,
and a ``buy`` that ends the turn, include the 5 bots' turns that run before the person's next prompt.

Each figure is the wall time (what the person waits), the processor time of this process (the wall time
less waiting for a core, on a shared machine, or for the disk: each change is saved with fsync), and the
time spent in Python's cycle collector within it.

    python3 benchmarks/bench_game_commands.py            # both games, 10 rounds at each late turn
    python3 benchmarks/bench_game_commands.py --rounds 3 # a quick look
    python3 benchmarks/bench_game_commands.py --freeze   # as if the shell froze its start-up objects
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["COMPANION_HOME"] = tempfile.mkdtemp(prefix="bench-game-")

from companion.game import render  # noqa: E402
from tests.game.driver import NEW, choose_line  # noqa: E402
from tests.game.helpers import Typist as _Typist  # noqa: E402


class Typist(_Typist):
    """The tests' typist, keeping only the last response (a long game's whole output, read back at every
    line, would cost more than the commands)."""

    def __call__(self, line: str) -> str:
        self.out.seek(0)
        self.out.truncate()
        return super().__call__(line)


# The longest of the seeded games tried (8 seeds of several kingdoms, both bots): the strong bots make the
# most turns on the driver's kingdom, the general (normal) bots the most answers on a kingdom of junkers.
WITCH = "cellar, chapel, moat, militia, throne room, remodel, smithy, library, sentry, witch"
JUNK = "witch, charlatan, rabble, bandit, militia, moat, gardens, bishop, vault, sentry"
GAMES = (
    ("strong bots", f'new --players 6 --bots strong,strong,strong,strong,strong --kingdom "{WITCH}" '
                    "--colony on --seed 2"),
    ("normal bots", f'new --players 6 --bots normal,normal,normal,normal,normal --kingdom "{JUNK}" '
                    "--colony on --seed 2"),
)
LATE = 4  # the person's last turns at which commands are timed
VIEWS = ("status", "hand", "options", "supply", "supply low", "deck", "discard", "trash", "score", "kingdom",
         "log", "log 20", "log all", "review", "review 20", "owned", "hint", "repeat")


class Sample(NamedTuple):
    wall: float  # ms, as the person waits
    cpu: float  # ms of this process's processor time: the wall time less waiting for a core or the disk
    gc: float  # ms of it spent in the cycle collector


_gc_ms = [0.0, 0.0]  # the collector's time so far, and when the running collection began


def _gc_clock(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc_ms[1] = time.perf_counter()
    else:
        _gc_ms[0] += (time.perf_counter() - _gc_ms[1]) * 1000


gc.callbacks.append(_gc_clock)


def timed(t: Typist, line: str) -> Sample:
    gc_before = _gc_ms[0]
    cpu = time.process_time()
    start = time.perf_counter()
    t(line)
    wall = (time.perf_counter() - start) * 1000
    return Sample(wall, (time.process_time() - cpu) * 1000, _gc_ms[0] - gc_before)


def advance(t: Typist) -> bool:
    """Type the driver's lines (and Enter at a handover) until the person's next turn; False at the end."""
    turn = t.act.game.players[0].turns
    while not t.act.over:
        act = t.act
        if act.waiting:
            t("")
            continue
        d = act.mine()
        if d is not None and render.is_turn_decision(d) and act.game.players[0].turns != turn:
            return True
        t(choose_line(act))
    return False


def back_to(t: Typist, marks: int) -> None:
    """Undo (untimed) until the game is where it was when it had ``marks`` commands to take back."""
    while len(t.act.marks) > marks:
        t("undo")


def length(new: str) -> int:
    """The person's turns in the whole game, untimed."""
    t = Typist()
    t(new)
    while advance(t):
        pass
    turns = t.act.game.players[0].turns
    t.session.close()
    return turns


def measure(t: Typist, rounds: int, results: dict[str, list[Sample]]) -> None:
    """Every command at this point of the game, ``rounds`` times each, the game left where it was."""
    for line in VIEWS:
        results.setdefault(line, []).extend(timed(t, line) for _ in range(rounds))
    results.setdefault("save", []).extend(timed(t, "save bench") for _ in range(rounds))
    # Commands that change the game: done (timed), then undone (untimed), so each round starts where it was.
    for _ in range(rounds):  # the person's turn as the driver plays it: a play, any more, then the buy
        marks = len(t.act.marks)
        line = choose_line(t.act)
        if line.startswith("play"):
            results.setdefault("play", []).append(timed(t, line))
            line = choose_line(t.act)
        while not line.startswith(("buy", "end")) and not t.act.over:  # a card's question, or another play
            t(line)
            line = choose_line(t.act)
        if line.startswith("buy"):  # the last buy ends the turn: the 5 bots' turns follow, as after end
            results.setdefault("buy (then the bots' turns)", []).append(timed(t, line))
        back_to(t, marks)
    for _ in range(rounds):
        marks = len(t.act.marks)
        results.setdefault("end (then the bots' turns)", []).append(timed(t, "end"))
        back_to(t, marks)
    for _ in range(rounds):  # undo the driver's next line (a play, or a buy and the bots' turns after it)
        t(choose_line(t.act))
        results.setdefault("undo", []).append(timed(t, "undo"))


def bench(name: str, new: str, rounds: int) -> dict[str, list[Sample]]:
    turns = length(new)
    t = Typist()
    t(new)
    results: dict[str, list[Sample]] = {}
    while t.act.game.players[0].turns < turns - LATE and advance(t):
        pass
    g = t.act.game
    print(f"{name}: {turns} turns for the person; timed from turn {g.players[0].turns} "
          f"({len(g.answers)} answers, {len(g.log)} events) to the end.")
    while not t.act.over:
        measure(t, rounds, results)
        if not advance(t):
            break
    g = t.act.game
    print(f"  the game ended at {len(g.answers)} answers, {len(g.log)} events.")
    # load: the game saved at the last turn timed (after it, as loading makes new bots, who would play on
    # differently).
    results["load (the game saved at its last turn)"] = [timed(t, "load bench") for _ in range(rounds * LATE)]
    t.session.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="times each command at each late turn")
    parser.add_argument("--freeze", action="store_true",
                        help="gc.freeze() once the program is loaded, as a shell could at start-up: the cycle "
                             "collector then never looks at the program's own objects, only the game's")
    args = parser.parse_args()
    if args.freeze:
        gc.collect()
        gc.freeze()
    new_times = []
    for _ in range(10):
        fresh = Typist()
        new_times.append(timed(fresh, NEW))
        fresh.session.close()  # let the game's lock go, as a shell that ends does
    everything: dict[str, list[Sample]] = {"new (2 players)": new_times}
    for name, new in GAMES:
        for command, times in bench(name, new, args.rounds).items():
            everything.setdefault(command, []).extend(times)
    width = max(len(k) for k in everything)
    print(f"{'command'.ljust(width)}  wall ms: median  worst   cpu ms: median  worst   gc ms: worst  rounds")
    for command, samples in everything.items():
        wall = [x.wall for x in samples]
        cpu = [x.cpu for x in samples]
        print(f"{command.ljust(width)}  {statistics.median(wall):14.2f} {max(wall):6.2f}  "
              f"{statistics.median(cpu):14.2f} {max(cpu):6.2f}  {max(x.gc for x in samples):12.2f}  {len(samples):6}")
    worst = max(x.wall for k, v in everything.items() for x in v if k != "new (2 players)")
    worst_cpu = max(x.cpu for k, v in everything.items() for x in v if k != "new (2 players)")
    print(f"Worst in-game command: {worst:.2f} ms wall, {worst_cpu:.2f} ms processor time "
          f"({'within' if worst <= 50 else 'over'} the 50 ms target); load average {os.getloadavg()[0]:.2f}.")


if __name__ == "__main__":
    main()
