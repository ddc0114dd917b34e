"""The strong bot's Gardens plan (``Gardens+Workshop``): Workshops gaining Gardens, then every card that counts.

Gardens at 4 coins or more; Workshops (12 at most) at their price; Duchy at 5 once none is left; Estates and
Coppers, as each card adds to the Gardens' worth. A Province at 8 once the Gardens are gone. Workshops gain
Gardens, then Workshops, Estates, Silver.
"""

from __future__ import annotations

from collections import Counter

from companion.bots.cardsense import COPPER, DUCHY, ESTATE, PROVINCE, SILVER
from companion.cards import Card
from companion.engine.view import PlayerView

MOST_WORKSHOPS = 12


def gardens_buy(view: PlayerView, coins: int, owned: Counter[Card], total: int,
                cards: tuple[Card, ...]) -> tuple[Card | None, str] | None:
    """The buy and why, ``cards`` the plan's (the Gardens and the Workshop); None: the general rules."""
    gardens, workshop = cards[0], cards[1]
    if coins >= 8 and view.pile(PROVINCE) and view.pile(gardens) == 0:
        return PROVINCE, "it is worth 6 points."
    if coins >= 4 and view.pile(gardens):
        return gardens, f"each Gardens is worth a point per 10 cards, and you have {total} cards."
    if owned[workshop] < MOST_WORKSHOPS and coins >= view.cost(workshop) and view.pile(workshop):
        return workshop, f"Workshops gain the Gardens and the cards that make them count. You have {owned[workshop]}."
    if coins >= 5 and view.pile(DUCHY):
        return DUCHY, "Duchy is 3 points, and more cards make the Gardens worth more."
    if coins >= 2 and view.pile(ESTATE):
        return ESTATE, "every card counts for the Gardens, and an Estate adds a point too."
    if view.pile(COPPER):
        return COPPER, "every card counts for the Gardens."
    return None


def gardens_gain(view: PlayerView, options: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card | None, str]:
    """A Workshop's gain and why (None: the general rules)."""
    gardens, workshop = cards[0], cards[1]
    owned = view.owned()
    for card, ok in ((gardens, True), (workshop, owned[workshop] < MOST_WORKSHOPS), (ESTATE, True), (SILVER, True)):
        if ok and card in options:
            return card, "Gardens decks want every card, and this one is the best on offer."
    return None, ""


__all__ = ["gardens_buy", "gardens_gain"]
