"""What a kingdom's rules say of each card, for the bots: worked out once a kingdom, not once a decision.

Whether a card is an Action or a Treasure in a game (Curse is a Treasure in some kingdoms) and the coins
it counts for in ``money_total`` depend on the kingdom alone, and a bot asks them thousands of times a game.
``facts_for(view)`` asks the view once for every card in the Supply (every card a game can hold comes from
it) and keeps the answers by kingdom, shared by every seat and by the next game on the same kingdom (and
by ``hint``, which asks a new bot each time). The tables hold cards and numbers only, never a view or a
game: a game no longer played is freed at once.
"""

from __future__ import annotations

from operator import mul

from companion.bots.cardsense import C, CardTable, counts_for
from companion.cards import Card
from companion.engine.shuffle import COMPILED
from companion.engine.view import PlayerView
from collections import Counter

GARDENS = C["Gardens"]
_KEPT = 64  # kingdoms kept at most (a simulation of random kingdoms makes a new one each game)


class GameFacts:
    """One kingdom's facts: ``is_action[card]``, ``is_treasure[card]``, ``coins[card]``, ``gardens``."""

    __slots__ = ("is_action", "is_treasure", "coins", "gardens")

    def __init__(self, view: PlayerView) -> None:
        cards = tuple(view.supply)
        # A card outside the Supply cannot be in these games; if one ever were, its printed types decide.
        self.is_action = CardTable(lambda c: c.is_action)
        self.is_treasure = is_treasure = CardTable(lambda c: c.is_treasure)
        self.is_action.update((c, view.is_action(c)) for c in cards)
        is_treasure.update((c, view.is_treasure(c)) for c in cards)
        self.coins = CardTable(lambda c: counts_for(c) if is_treasure[c] else 0)
        self.gardens = GARDENS in view.kingdom  # (for Workshops)

    def money(self, owned: Counter[Card]) -> int:
        """``money_total(view, owned)``: as Python, summed by C's map and sum; compiled, a loop of C numbers."""
        if COMPILED:
            coins = self.coins
            total = 0
            for card, n in owned.items():
                each: int = coins[card]
                total += each * n
            return total
        return sum(map(mul, map(self.coins.__getitem__, owned), owned.values()))


_facts: dict[tuple[Card, ...], GameFacts] = {}


def facts_for(view: PlayerView) -> GameFacts:
    """The facts of the kingdom ``view``'s game is played on. Its ten cards decide them: Platinum and Colony
    make no card an Action or a Treasure that was not one (and are Treasure and Victory card as printed)."""
    key = view.kingdom
    facts = _facts.get(key)
    if facts is None:
        if len(_facts) >= _KEPT:
            _facts.clear()
        facts = _facts[key] = GameFacts(view)
    return facts
