"""What ``analysis`` costs: processor time of the whole first run over finished games of about 20 turns.

    python3 benchmarks/bench_analysis.py                 # 6 games, one process
    python3 benchmarks/bench_analysis.py --games 3 --jobs 2

Each game is First Game or a random kingdom of both boxes, 2 players: a person's seat whose every answer
is the easy (or normal) bot's, against the strong bot, seeded; games of 17 to 23 turns are kept. The
strong bot's plan is found while the game is played, as in the shell, so it is not counted. Then
``analyse`` runs as the command does: the replay with the strong bot's answer at each of the person's
decisions, FIRST_GAMES paired rollouts for every decision that differed, FULL_GAMES for the likeliest
costliest. Printed per game: turns, decisions, differences, rollout games, processor seconds of this
process (``time.process_time``: the machine's load changes wall-clock time, much less processor time),
wall-clock seconds and the load average. With ``--jobs N`` the workers' processor time is counted too
(``resource.getrusage`` of the children). Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def finished(seed: int, kingdom_text: str, person: str) -> tuple[str, int]:
    from companion.bots import agents_for, make_bot
    from companion.engine import Game, GameSetup, Seat
    from companion.engine.record import dumps
    from companion.kingdom import choose_kingdom

    kingdom = choose_kingdom(kingdom_text, seed=seed) if kingdom_text == "random" else choose_kingdom(kingdom_text)
    setup = GameSetup(kingdom, (Seat("You"), Seat("Strong Bot", "strong")), seed)
    g = Game(setup)
    agents = agents_for(setup)
    me = make_bot(person, seed)
    while (d := g.advance(agents)) is not None:
        g.answer(me.decide(g.view(d.player), d), True)
    return dumps(g), max(s.turns for s in g.result.scores)  # type: ignore[union-attr]


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--person", default="easy")
    p.add_argument("--seed", type=int, default=1)
    ns = p.parse_args()
    from companion.game import analysis as an

    rng = random.Random(ns.seed)
    cpu: list[float] = []
    print(f"FIRST_GAMES {an.FIRST_GAMES}, FULL_GAMES {an.FULL_GAMES}, REFINED {an.REFINED}, jobs {ns.jobs}, "
          f"plan games {os.environ.get('COMPANION_PLAN_GAMES', 'default')}")
    tried = 0
    while len(cpu) < ns.games and tried < 20 * ns.games:
        tried += 1
        seed = rng.randrange(1 << 30)
        kingdom = "First Game" if len(cpu) % 2 == 0 else "random"
        record, turns = finished(seed, kingdom, ns.person)
        if not 17 <= turns <= 23:
            continue
        load = os.getloadavg()[0]
        c0, k0, w0 = time.process_time(), children_cpu(), time.perf_counter()
        a = an.analyse(record, 0, ns.jobs)
        spent = time.process_time() - c0 + children_cpu() - k0
        wall = time.perf_counter() - w0
        cpu.append(spent)
        games = 2 * sum(c.games for c in a.costs.values())
        print(f"seed {seed} {kingdom}: {turns} turns, {a.decisions} decisions, {len(a.differences)} differed, "
              f"{games} rollout games; {spent:.2f} s processor, {wall:.2f} s wall-clock, load {load:.1f}")
    if cpu:
        print(f"processor seconds: median {statistics.median(cpu):.2f}, slowest {max(cpu):.2f} "
              f"over {len(cpu)} games; load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
