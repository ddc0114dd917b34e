"""The strong bot's plan against a table of Gardens rushers: searched again, against the rush it sees.

The plan chosen at the start (``search.py``) was tried against money plans. At a table of 3 or 4 where every
other player rushes Gardens (``rush_table``: each owns Workshops and Gardens and little else, in a kingdom with both), the
game ends on piles in about 8 turns, and what wins there is not what wins against money: a card whose points
come at once (Monument, Bishop) or one Smithy for the few Duchies the game allows, where Double Witch was
best against money. So once the bot sees that table, it searches its plans once more: the same candidates
but the Gardens plan (joining a rush a turn late loses its Gardens), with Monument and Bishop where the
kingdom has them, each playing the first plan until the rush shows and then its own, in seeded games
against the strong bot's own Gardens plan (Workshops gaining Gardens) in every other seat. It plays twice
the first search's games (``RUSH_BUDGET``), and is kept as the first one is: in memory and on disk
(``plan_cache.py``, its entry marked ``rush``), by kingdom, Platinum and Colony, and player count. A budget
of 0 (the table alone) searches nothing: the plan stays the first one. ``companion.game.thinking`` starts
this search in the background after the first one where the kingdom allows a rush, so a person rarely
waits for it, and never in silence.

Measured (benchmarks/README.md, issue 43's fourth step): at 4 players against three rushers, kingdoms 0 to
19, the first plan won 23.2%; the best plan of each kingdom in hindsight (24 games each) about 33%.
"""

from __future__ import annotations

from companion.bots.plans import Plan, plan_of
from companion.bots.cardsense import COPPER, CURSE
from companion.bots.rivals import GARDENS, WORKSHOP, others
from companion.cards import Card
from companion.engine.view import PlayerView

RUSH = "rush"  # the disk cache's mark for a plan searched against the rush
RUSH_PLAN = "Gardens+Workshop"  # how the rushers are played in the trial games
RUSH_PRIOR_GAMES = 0  # the table's figures are against Big Money Ultimate: no guide against a rush
FIRST_CARDS = 10  # a player who has not yet had a turn
RUSHERS_SEEN = 2  # ...counts with this many others seen rushing
RUSH_BUDGET = 2  # the search plays this many times the first one's games: with as many, it chose worse plans
POINTS_NOW = ("Monument", "Bishop")  # tried against the rush wherever the kingdom has them

_plans: dict[tuple[tuple[str, ...], bool, int], Plan | None] = {}


def rush_possible(kingdom_cards: tuple[Card, ...], players: int) -> bool:
    """Whether a table of this size on this kingdom may be all rushers but one (the search is worth starting)."""
    return players >= 3 and GARDENS in kingdom_cards and WORKSHOP in kingdom_cards


def rush_table(view: PlayerView) -> bool:
    """Every other player at a table of 3 or more rushes Gardens, as far as can be seen, in a kingdom with
    Workshop and Gardens: each owns more Workshops and Gardens than other Actions and Treasures but Copper (a
    rush takes nothing else: an opening of Workshop and Silver is no rush), or has not yet had a turn (its
    10 first cards) while another does. (Seen a turn earlier than by two Workshops, the plan has a turn
    more: on kingdoms 0 to 19, 25.5% to 27.0%.)"""
    if not rush_possible(view.kingdom, view.players):
        return False
    seen = 0
    for p in others(view):
        owned = view.owned(p)
        rush = owned[GARDENS] + owned[WORKSHOP]
        if rush:
            bought = sum(n for c, n in owned.items() if c is not COPPER and c is not CURSE and not c.is_victory)
            if rush <= bought - owned[WORKSHOP]:
                return False
            seen += 1
        elif sum(owned.values()) != FIRST_CARDS:
            return False
    return seen >= RUSHERS_SEEN


def rush_plan_for(kingdom_cards: tuple[Card, ...], colony: bool, players: int) -> Plan | None:
    """The plan that did best against rushers in every other seat, kept once found; None with no search."""
    from companion.bots.search import budget

    names = tuple(sorted(c.name for c in kingdom_cards))
    key = (names, colony, players)
    if key in _plans:
        return _plans[key]
    games = budget()
    if games <= 0:
        return None
    from companion.bots.plan_cache import cache_for

    disk = cache_for(games)
    plan = disk.get(names, colony, players, RUSH) if disk is not None else None
    if plan is None:
        plan = rush_search(kingdom_cards, colony, players, games * RUSH_BUDGET)
        if disk is not None:
            disk.put(names, colony, players, plan, RUSH)
    _plans[key] = plan
    return plan


def rush_search(kingdom_cards: tuple[Card, ...], colony: bool, players: int, games: int) -> Plan:
    """The search's candidates and the Gardens plan, each in seeded games against rushers in every other seat."""
    from companion.bots.search import best_of, candidates, plan_for
    from companion.bots.plan_table import TABLE
    from companion.kingdom import Kingdom, ordered

    names = sorted(c.name for c in kingdom_cards)
    tried, _ = candidates(names)
    tried = [p for p in tried if p.kind != "gardens"]  # joining the rush a turn or two late loses its Gardens
    for name in POINTS_NOW:  # a short game: a card whose points come as it is played
        if name in names and all(p.key != name for p in tried):
            tried.append(plan_of(name, TABLE[name][1] if name in TABLE else "a"))
    first = plan_for(kingdom_cards, colony, players)
    if all((p.key, p.variant) != (first.key, first.variant) for p in tried):
        tried.append(first)
    kingdom = Kingdom(ordered(kingdom_cards), colony)
    return best_of(kingdom, players, games, tried, [plan_of(RUSH_PLAN)], salt=f"|{RUSH}",
                   prior_games=RUSH_PRIOR_GAMES, start=first)


__all__ = ["RUSH", "rush_plan_for", "rush_possible", "rush_search", "rush_table"]
