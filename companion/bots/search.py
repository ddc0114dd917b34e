"""The strong bot's plan for this kingdom and this table, chosen by playing the candidates against each other.

At the start of a game the strong bot takes the candidate plans the shipped table (``plan_table.py``, each
plan against Big Money Ultimate) rates best among the kingdom's cards, with more ways to play the best
terminals (two copies at once, a second at 16 cards), the best terminal with a Chapel where the kingdom has
one (ChapelWitch's shape), and money. It then plays seeded games of each
candidate, at this number of players, against a field of the plans its opponents are likely to pick: the
two single-card plans the table rates best (one-card Big Money with the strongest cards, as experienced
players start), or money where there is none. Each game has the candidate in one seat and the field's plan in every other seat, the seats
taken in turn. Candidates are cut by halves (successive halving): every candidate plays a first round,
the better half plays a second round with more games, and so on; a candidate's score is its wins as a
share of the fair share, summed over every round it played, with the table's figure as a prior worth a
few games. The best score is the plan.

Everything is seeded from the kingdom, so the same kingdom and table always give the same plan (hint asks
a new bot each time and must get the move the bot at the table makes). The number of games is fixed, not
the time: about 760 two-player games, and as many at more players as cost the same processor time
(330 at 4 players), within 2 seconds of one core of the machine measured (benchmarks/README.md);
``COMPANION_PLAN_GAMES`` sets another budget (0: the table alone).
Plans are kept by kingdom, Platinum and Colony, and player count: in memory, and on disk in the state
folder's cache (``plan_cache.py``), so a kingdom played again costs no search.
"""

from __future__ import annotations

import os
import random
from typing import Any, Iterable

from companion.bots.plans import (
    CATALOGUE_COST, GAINERS, MONEY, TRASHER_WITH, TRASHERS, Plan, every_plan_key, good_card, plan_of,
)
from companion.cards import Card

# Terminals that want more than one copy in Big Money: each gets the ways of playing two.
TWO_COPIES = frozenset(("Smithy", "Witch", "Charlatan", "Militia", "Library", "Council Room", "Rabble", "Vault",
                        "Magnate", "Monument", "Bandit", "Clerk", "Moat", "Watchtower", "Bureaucrat"))
CANDIDATES = 5  # the table's best plans tried (besides the ways to play its best terminals, and money)
FIELD = 2  # the plans opponents are likely to pick
PRIOR_GAMES = 8  # the table's figure counts as this many games
# Two-player games in all; fewer with more players (each game is longer). 760, not 800, since the defence
# against Attacks and the BigSmithy candidate made trial games dearer: the same instructions as before
# (callgrind, one search at 2 players, benchmarks/README.md).
DEFAULT_GAMES = 760
# A game of n players costs about (n / 2) ** GAME_COST two-player games of processor time (measured with
# benchmarks/bench_bots.py --only speed: 800 two-player games and 400 four-player games took 1.23 s and
# 1.39 s at the median, 1.62 s and 1.87 s at the slowest of 10 kingdoms).
GAME_COST = 1.2


def budget() -> int:
    typed = os.environ.get("COMPANION_PLAN_GAMES", "")
    try:
        return max(0, int(typed)) if typed.strip() else DEFAULT_GAMES
    except ValueError:
        return DEFAULT_GAMES


def table_plans(names: Iterable[str]) -> list[Plan]:
    """Every plan of the shipped table that this kingdom allows, best first (ties by name)."""
    from companion.bots.plan_table import TABLE

    have = set(names)
    plans: list[Plan] = []
    for key in every_plan_key(have):
        entry = TABLE.get(key)
        if entry is None or key == "money" or not set(key.split("+")) <= have:
            continue
        if key in GAINERS and not any(good_card(n) and CATALOGUE_COST[n] <= GAINERS[key] for n in have):
            continue  # a gainer's figure came from kingdoms with good cards to gain
        plans.append(plan_of(key, entry[1], entry[0]))
    plans.sort(key=lambda p: (-p.rate, p.key))
    return plans


def prior_plan(names: Iterable[str]) -> Plan:
    """The table's best plan, money if none beats it (the plan before any game is played)."""
    from companion.bots.plan_table import TABLE

    plans = table_plans(names)
    money_rate = TABLE.get("money", (50, "a"))[0]
    if plans and plans[0].rate > money_rate:
        return plans[0]
    return plan_of("money", "a", money_rate)


def candidates(names: Iterable[str]) -> tuple[list[Plan], list[Plan]]:
    """The plans tried, and the field they are tried against: the two best single-card plans of the table
    (as experienced players open; their mirror included), or money where the table has none."""
    plans = table_plans(names)
    tried: list[Plan] = []

    def add(p: Plan) -> None:
        if all((t.key, t.variant) != (p.key, p.variant) for t in tried):
            tried.append(p)

    terminals = [p for p in plans if p.kind == "single" and p.cards[0] in TWO_COPIES][:2]
    for n, p in enumerate(terminals):  # the best terminal four ways, the second two ways
        for variant in (p.variant, "h", "s", "g")[: 4 if n == 0 else 2]:
            add(plan_of(p.key, variant, p.rate))
    for p in plans[:CANDIDATES]:
        if len(tried) >= CANDIDATES + 2:
            break
        add(p)
    # The best terminal with a trasher of its own, one copy (ChapelWitch's shape). Against the field it is
    # chosen where it beats the plans without one; a field holding it too chose no better against
    # Chapel/Witch (54.3% and 54.9% against 54.3%, benchmarks/README.md, issue 35).
    for trasher in TRASHERS:
        if trasher in names and terminals and terminals[0].key in TRASHER_WITH:
            add(plan_of(f"{terminals[0].key}+{trasher}", "d", terminals[0].rate))
    add(MONEY)
    singles = [p for p in plans if p.kind == "single"]
    field = singles[:FIELD] or [MONEY]
    return tried, field


def _play(kingdom: Any, plan: Plan, foe: Plan, players: int, seed: int, seat: int, start: Plan | None = None) -> float:
    """The candidate's share of the win (a tie shared) in one seeded game, at ``seat``; with ``start``, the
    candidate plays that plan until it sees a table of rushers, then its own (``rush_plan.py``)."""
    from companion.bots.strong import StrongBot
    from companion.engine import Game, GameSetup

    g = Game(GameSetup.of(kingdom, ["strong"] * players, seed=seed, turn_limit=60), log=False)
    agents = [(StrongBot(seed + i, plan) if start is None else StrongBot(seed + i, start, rush_plan=plan))
              if i == seat else StrongBot(seed + i, foe) for i in range(players)]
    g.advance(agents)
    winners = g.result.winners  # type: ignore[union-attr]
    return 1.0 / len(winners) if seat in winners else 0.0


def search(kingdom: Any, players: int, games: int | None = None) -> Plan:
    """The plan for ``kingdom`` (a ``Kingdom``) at a table of ``players``, by seeded games (see the module)."""
    names = sorted(c.name for c in kingdom.cards)
    total = budget() if games is None else games
    tried, field = candidates(names)
    if total <= 0 or len(tried) <= 1:
        return prior_plan(names)
    return best_of(kingdom, players, total, tried, field)


def best_of(kingdom: Any, players: int, total: int, tried: list[Plan], field: list[Plan], salt: str = "",
            prior_games: int = PRIOR_GAMES, start: Plan | None = None) -> Plan:
    """The candidate of ``tried`` that did best in seeded games against ``field`` (see the module), in about
    ``total`` two-player games' processor time; ``salt`` seeds another search of the same kingdom and table,
    ``prior_games`` is what the table's figure counts for, and ``start`` the plan the candidates play until a
    table of rushers shows (``rush_plan.py``)."""
    names = sorted(c.name for c in kingdom.cards)
    total = int(total / (max(2, players) / 2) ** GAME_COST)  # about the same processor time at any table
    seed0 = random.Random("|".join(names) + f"|{kingdom.platinum_colony}|{players}{salt}").randrange(1 << 30)
    rounds = max(1, (len(tried) - 1).bit_length())
    per_round = total // rounds
    fair = 2.0 / players  # a fair share counts as 1, as half a win does at 2 players
    scores = {id(p): [prior_games * p.rate / 100.0, float(prior_games), 0.0] for p in tried}  # score, games, wins
    alive = list(tried)
    for r in range(rounds):
        cells = [(p, f) for p in alive for f in field]  # the mirror too
        n = max(players, per_round // len(cells))
        for p, f in cells:
            points = 0.0
            for i in range(n):
                seed = seed0 + 7919 * r + i // players  # the same seeds for every candidate: fairer comparisons
                points += _play(kingdom, p, f, players, seed, i % players, start)
            s = scores[id(p)]
            s[0] += points / fair
            s[1] += n
            s[2] += points
        alive.sort(key=lambda p: (-scores[id(p)][0] / scores[id(p)][1], p.key, p.variant))
        alive = alive[: max(1, (len(alive) + 1) // 2)]
        if len(alive) == 1:
            break
    best = alive[0]
    _, played, wins = scores[id(best)]
    played -= prior_games
    return plan_of(best.key, best.variant, round(100 * wins / played), round(played))


_plans: dict[tuple[tuple[str, ...], bool, int], Plan] = {}


def plan_for(kingdom_cards: tuple[Card, ...], colony: bool, players: int) -> Plan:
    """The plan for this kingdom and table, kept in memory once found, and on disk (``plan_cache.py``)."""
    names = tuple(sorted(c.name for c in kingdom_cards))
    key = (names, colony, players)
    plan = _plans.get(key)
    if plan is None:
        from companion.bots.plan_cache import cache_for
        from companion.kingdom import Kingdom, ordered

        games = budget()
        disk = cache_for(games) if games > 0 else None  # the table alone costs nothing to find again
        plan = disk.get(names, colony, players) if disk is not None else None
        if plan is None:
            plan = search(Kingdom(ordered(kingdom_cards), colony), players)
            if disk is not None:
                disk.put(names, colony, players, plan)
        _plans[key] = plan
    return plan
