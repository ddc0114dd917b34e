"""The wait from Enter to the first words while the strong bot's plan is being found, before and after.

    python3 benchmarks/bench_thinking.py                 # 3 kingdoms a case
    python3 benchmarks/bench_thinking.py --kingdoms 5

Two cases, each on random kingdoms no plan was found for yet (no plan cache on disk, a new kingdom each
time), 2 players against the strong bot, in-process sessions exactly as the shell runs lines:

- ``new`` where the bot goes first: from the line to the first words printed, and to the end of the
  response;
- ``hint`` typed at once after ``new`` where you go first: the same two waits.

"Before" is the search where it used to be: found by the bot's own first call, on the main thread, with no
words until it ends (``thinking.start`` made a no-op, so nothing runs in the background). "After" is the
program as it is: the search starts with the game, the opening words come first, "Thinking." after half a
second, "Still thinking." every 4 seconds while the wait goes on. Printed: the medians, the longest
silence (from Enter or any words to the next words or the end of the response), the processor time of the command's thread (``time.thread_time``) and of
the process, and the load average. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("COMPANION_HOME", tempfile.mkdtemp(prefix="bench-thinking-"))
os.environ["COMPANION_NO_CACHE"] = "1"


class Timed:
    """An output stream that notes when the first words came."""

    def __init__(self) -> None:
        self.first: float | None = None
        self.text: list[str] = []
        self.times: list[float] = []  # when each piece of words came

    def write(self, text: str) -> int:
        if text.strip():
            now = time.perf_counter()
            self.times.append(now)
            if self.first is None:
                self.first = now
        self.text.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def session() -> Any:
    from companion.commands.game import install
    from companion.session import Session
    from companion.settings import Settings

    s = Session(out=Timed(), settings=Settings({"verbosity": "normal"}))
    install(s)
    return s


def timed(s: Any, line: str) -> tuple[float, float, float, str, float]:
    """Seconds to the first words and to the end, processor seconds of this thread, what was said, and the
    longest silence: the longest time from Enter, or from any words, to the next words or the end."""
    from companion.dispatch import run_line

    out = Timed()
    s.out = out
    start, cpu = time.perf_counter(), time.thread_time()
    run_line(s, line)
    end = time.perf_counter()
    first = (out.first or end) - start
    marks = [start, *out.times, end]
    silence = max(b - a for a, b in zip(marks, marks[1:]))
    return first, end - start, time.thread_time() - cpu, "".join(out.text), silence


def first_player(seed: int) -> int:
    from companion.engine import Game
    from companion.game.starting import build_setup

    setup = build_setup(2, ["strong"], [], "random", None, seed, False)
    g = Game(setup, log=False)
    return g.current


def run(case: str, before: bool, seeds: list[int]) -> list[tuple[float, float, float, str, float]]:
    from companion.game import thinking

    rows = []
    real = thinking.start
    if before:
        def nothing(kingdom: Any, players: int) -> threading.Event:
            done = threading.Event()
            done.set()
            return done
        thinking.start = nothing  # type: ignore[assignment]
    try:
        for seed in seeds:
            s = session()
            line = f"new --bots strong --kingdom random --colony off --seed {seed}"
            if case == "new":
                rows.append(timed(s, line))
            else:
                timed(s, line)
                rows.append(timed(s, "hint"))
            from companion.game.activity import game_of

            act = game_of(s)
            if act is not None:
                act.release()  # the next session's new may take the game's lock
    finally:
        thinking.start = real  # type: ignore[assignment]
    return rows


RUSH_KINGDOM = "Workshop, Gardens, Witch, Monument, Smithy, Village, Cellar, Market, Mine, Moat"


def run_rush(seeds: list[int]) -> list[tuple[float, float, float, str, float]]:
    """A table of 4 (you and three strong bots) on a kingdom with Workshop and Gardens, you first: ``buy
    Workshop`` at once after ``new``. The bots' first turns wait for the plan and, now that someone owns a
    Workshop, for the plan searched against a table of rushers too (``companion.bots.rush_plan``)."""
    from companion.bots import rush_plan, search
    from companion.game import thinking
    from companion.game.activity import game_of

    rows = []
    for seed in seeds:
        search._plans.clear()
        rush_plan._plans.clear()
        thinking.forget()
        s = session()
        timed(s, f'new --players 4 --bots strong,strong,strong --kingdom "{RUSH_KINGDOM}" --colony off --seed {seed}')
        rows.append(timed(s, "buy Workshop"))
        act = game_of(s)
        if act is not None:
            act.release()
    return rows


def you_first_at_4(seed: int) -> bool:
    from companion.engine import Game
    from companion.game.starting import build_setup

    setup = build_setup(4, ["strong"] * 3, [], RUSH_KINGDOM, None, seed, False)
    return Game(setup, log=False).current == 0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kingdoms", type=int, default=3)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--rush", action="store_true", help="the table of 4 where the plan against rushers is searched too")
    ns = p.parse_args()
    rng = random.Random(ns.seed)
    bot_first: list[int] = []
    you_first: list[int] = []
    while len(bot_first) < 2 * ns.kingdoms or len(you_first) < 2 * ns.kingdoms:
        seed = rng.randrange(1 << 30)
        (bot_first if first_player(seed) == 1 else you_first).append(seed)
    print(f"load average {os.getloadavg()[0]:.1f}, plan games {os.environ.get('COMPANION_PLAN_GAMES', 'default')}")
    if ns.rush:
        seeds = [seed for seed in range(1, 200) if you_first_at_4(seed)][: ns.kingdoms]
        rows = run_rush(seeds)
        print(f"rush: buy Workshop, whole response median {statistics.median(r[1] for r in rows):.2f} s (each "
              f"{', '.join(f'{r[1]:.2f}' for r in rows)}); Thinking. said {sum('Thinking.' in r[3] for r in rows)} "
              f"of {len(rows)}, Still thinking. {sum(r[3].count('Still thinking.') for r in rows)} times; longest "
              f"silence {max(r[4] for r in rows):.2f} s; load {os.getloadavg()[0]:.1f}")
        return
    for case, seeds in (("new", bot_first), ("hint", you_first)):
        for before, part in ((True, seeds[: ns.kingdoms]), (False, seeds[ns.kingdoms: 2 * ns.kingdoms])):
            c0 = time.process_time()
            rows = run(case, before, part)
            proc = time.process_time() - c0
            said_cue = sum("Thinking." in r[3] for r in rows)
            still = sum(r[3].count("Still thinking.") for r in rows)
            print(f"{case:4} {'before' if before else 'after '}: first words median "
                  f"{statistics.median(r[0] for r in rows):.2f} s (each {', '.join(f'{r[0]:.2f}' for r in rows)}), "
                  f"whole response {statistics.median(r[1] for r in rows):.2f} s, command thread's processor "
                  f"{statistics.median(r[2] for r in rows):.2f} s, process {proc / len(rows):.2f} s a game; "
                  f"Thinking. said {said_cue} of {len(rows)}, Still thinking. {still} times; longest silence "
                  f"{max(r[4] for r in rows):.2f} s (median {statistics.median(r[4] for r in rows):.2f}); "
                  f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
