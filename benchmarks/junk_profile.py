"""Where the strong bot wins and loses against a target, kingdom by kingdom: the plan it chose, its win rate,
and (with --log) one game's buys by turn. Prints figures; asserts nothing.

    python3 benchmarks/junk_profile.py --target Chapel/Witch --first-kingdom 100 --kingdoms 40
    python3 benchmarks/junk_profile.py --target "Double Charlatan" --first-kingdom 100 --kingdoms 1 --log 3
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_bots import play_target, target_bot, target_kingdom, targets, wilson  # noqa: E402
from benchmarks.opponents import opponent  # noqa: E402
from companion.bots.plans import plan_of  # noqa: E402
from companion.bots.search import plan_for  # noqa: E402
from companion.bots.cardsense import PROVINCE  # noqa: E402
from companion.engine import Game, GameSetup  # noqa: E402
from companion.engine.decisions import Purpose  # noqa: E402


def logged_game(t: int, k_seed: int, i: int, plan: str = "") -> None:
    """One game of the benchmark (the i-th on this kingdom), each seat's buys and gains by turn, and the end."""
    target = targets()[t]
    foes = target[1]
    k = target_kingdom(target, k_seed)
    players = 1 + len(foes)
    game_seed = k_seed * 1009 + i // players
    seat = i % players
    names = list(foes)
    names.insert(seat, "strong")
    agents = [target_bot("strong", game_seed + j, plan) if j == seat else opponent(n, game_seed + j)
              for j, n in enumerate(names)]
    g = Game(GameSetup.of(k, ["bmu"] * players, seed=game_seed, turn_limit=100), log=False)
    bought: list[list[str]] = [[] for _ in range(players)]
    while True:
        d = g.advance([None] * players)
        if d is None:
            break
        answer = agents[d.player].decide(g.view(d.player), d)
        if d.purpose is Purpose.BUY and answer:
            turn = g.players[d.player].turns
            bought[d.player].append(f"{turn}:{'+'.join(c.name for c in answer)}({g.view(d.player).coins})")
        g.answer(answer)
    print(f"game {i}, strong in seat {seat}, winners {g.result.winners}, "  # type: ignore[union-attr]
          f"points {[g.view(p).vp(p) for p in range(players)]}, "
          f"empty {[c.name for c, n in g.supply.items() if n == 0]}, Provinces left {g.view(0).pile(PROVINCE)}")
    for p in range(players):
        print(f"  {names[p]}: {' '.join(bought[p])}")
        deck = Counter(c.name for c in g.players[p].all_cards())
        print(f"    deck: {dict(sorted(deck.items()))}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="Chapel/Witch")
    ap.add_argument("--first-kingdom", type=int, default=100)
    ap.add_argument("--kingdoms", type=int, default=40)
    ap.add_argument("--per-kingdom", type=int, default=36)
    ap.add_argument("--plan", default="", help="a fixed plan (KEY:VARIANT), no search")
    ap.add_argument("--with", dest="having", default="", help="only the kingdoms holding this card")
    ap.add_argument("--log", type=int, default=0, help="log this many games of each kingdom instead")
    ns = ap.parse_args()
    labels = [x[0] for x in targets()]
    t = labels.index(ns.target)
    target = targets()[t]
    rows: list[tuple[float, int, str, str]] = []
    by_plan: dict[str, list[float]] = {}
    for k in range(ns.first_kingdom, ns.first_kingdom + ns.kingdoms):
        k_seed = 100_000 * (t + 1) + k
        kingdom = target_kingdom(target, k_seed)
        if ns.log:
            print(f"kingdom {k}: {', '.join(c.name for c in kingdom.cards)}{' with Colony' if kingdom.platinum_colony else ''}")
            for i in range(ns.log):
                logged_game(t, k_seed, i, ns.plan)
            continue
        if ns.having and ns.having not in {c.name for c in kingdom.cards}:
            continue
        plan = plan_of(*ns.plan.split(":")) if ns.plan else plan_for(kingdom.cards, kingdom.platinum_colony, 2)
        points, _ = play_target(("strong", t, k_seed, ns.per_kingdom, 0, ns.plan))
        name = f"{plan.key}:{plan.variant}"
        rows.append((points / ns.per_kingdom, k, name, ", ".join(c.name for c in kingdom.cards)
                     + (" +Colony" if kingdom.platinum_colony else "")))
        by_plan.setdefault(plan.key if plan.kind != "single" else f"single:{plan.variant}", []).append(points)
        print(f"{k}: {100 * points / ns.per_kingdom:.0f}% {name} | {rows[-1][3]}", flush=True)
    if rows:
        n = ns.per_kingdom
        for key, pts in sorted(by_plan.items(), key=lambda kv: -len(kv[1])):
            lo, hi = wilson(sum(pts), n * len(pts))
            print(f"plan {key}: {len(pts)} kingdoms, {100 * sum(pts) / (n * len(pts)):.1f}% ({100 * lo:.1f} to {100 * hi:.1f})")
        total = sum(r[0] for r in rows) * n
        lo, hi = wilson(total, n * len(rows))
        print(f"all: {100 * total / (n * len(rows)):.1f}% ({100 * lo:.1f} to {100 * hi:.1f})")


if __name__ == "__main__":
    main()
