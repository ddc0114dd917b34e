"""A player's zones: deck (top is the end of the list), hand, discard pile (top is the end), play, set aside."""

from __future__ import annotations

from collections import Counter
from collections import _count_elements  # type: ignore[attr-defined]  # (Counter.update's own C helper)

from companion.cards import Card
from companion.engine.events import Zone


class PlayerState:
    """One seat's cards and tokens. Lists are mutated only by the engine."""

    __slots__ = ("seat", "name", "deck", "hand", "discard", "play", "aside", "vp_tokens", "turns", "have", "have_total")

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
        # What ``owned()`` counted, kept up to date at each gain and trash (``gained``, ``lost``), and how many
        # cards it counted: None until asked. A change made another way (a position loaded, a test's scene) changes
        # the zones' total, or sets it to None, and the next ``owned()`` counts afresh.
        self.have: dict[Card, int] | None = None
        self.have_total = 0

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
        # zone by zone: the same counts in the same order as counting all_cards(), without building that list
        _count_elements(c, self.deck)
        _count_elements(c, self.hand)
        _count_elements(c, self.discard)
        if self.play:
            _count_elements(c, self.play)
        if self.aside:
            _count_elements(c, self.aside)
        return c

    def owned(self) -> dict[Card, int]:
        """How many of each card the player has, as ``counts()`` says but kept between calls (a bot asks at every
        buy, for itself and for every other player): read it, never change it. Its order is not the zones'."""
        total = len(self.deck) + len(self.hand) + len(self.discard) + len(self.play) + len(self.aside)
        have = self.have
        if have is None or self.have_total != total:
            have = {}
            for zone in (self.deck, self.hand, self.discard, self.play, self.aside):
                _count_elements(have, zone)
            self.have = have
            self.have_total = total
        return have

    def gained(self, card: Card) -> None:
        """``card`` has just been put in one of this player's zones from outside them (a gain)."""
        have = self.have
        if have is not None:
            have[card] = have.get(card, 0) + 1
            self.have_total += 1

    def lost(self, card: Card) -> None:
        """``card`` has just been taken out of this player's zones (trashed)."""
        have = self.have
        if have is not None:
            n = have.get(card, 0) - 1
            if n > 0:
                have[card] = n
            elif n == 0:
                del have[card]
            else:
                self.have = None
            self.have_total -= 1

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the player has: a plain loop comparing by identity (compiled, C pointers
        compared; a rusher's Gardens and Workshops are asked for every other player at every buy)."""
        n = 0
        for zone in (self.deck, self.hand, self.discard, self.play, self.aside):
            for c in zone:
                if c is card:
                    n += 1
        return n

    def __repr__(self) -> str:
        return f"PlayerState({self.seat}, {self.name!r}, hand={len(self.hand)}, deck={len(self.deck)})"


def remove_last(cards: list[Card], card: Card) -> bool:
    """Remove the last copy of ``card`` from ``cards``; False if there is none."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] is card:
            del cards[i]
            return True
    return False
