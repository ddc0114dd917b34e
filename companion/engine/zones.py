"""A player's zones: deck (top is the end of the list), hand, discard pile (top is the end), play, set aside."""

from __future__ import annotations

from collections import Counter
from collections import _count_elements  # type: ignore[attr-defined]  # (Counter.update's own C helper)

from companion.cards import Card
from companion.engine.events import Zone


class PlayerState:
    """One seat's cards and tokens. Lists are mutated only by the engine."""

    __slots__ = ("seat", "name", "deck", "hand", "discard", "play", "aside", "vp_tokens", "turns")

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.deck: list[Card] = []  # the last card is the top card
        self.hand: list[Card] = []
        self.discard: list[Card] = []  # the last card is the top, face-up card
        self.play: list[Card] = []
        self.aside: list[Card] = []
        self.vp_tokens = 0
        self.turns = 0

    def zone(self, zone: Zone) -> list[Card]:
        if zone is Zone.HAND:
            return self.hand
        if zone is Zone.DECK:
            return self.deck
        if zone is Zone.DISCARD:
            return self.discard
        if zone is Zone.PLAY:
            return self.play
        if zone is Zone.ASIDE:
            return self.aside
        raise ValueError(f"a player has no {zone.value} of their own")

    def all_cards(self) -> list[Card]:
        """Every card this player has, wherever it is (for scoring, Gardens, and conservation checks)."""
        return self.deck + self.hand + self.discard + self.play + self.aside

    def counts(self) -> Counter[Card]:
        """How many of each card the player has (a bot asks at every buy: counted in C, without
        Counter.__init__'s Python)."""
        c: Counter[Card] = Counter.__new__(Counter)
        _count_elements(c, self.deck + self.hand + self.discard + self.play + self.aside)
        return c

    def __repr__(self) -> str:
        return f"PlayerState({self.seat}, {self.name!r}, hand={len(self.hand)}, deck={len(self.deck)})"


def remove_last(cards: list[Card], card: Card) -> bool:
    """Remove the last copy of ``card`` from ``cards``; False if there is none."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] is card:
            del cards[i]
            return True
    return False
