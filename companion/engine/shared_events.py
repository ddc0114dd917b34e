"""Events every game can share. An event is a value nothing changes once it is made, so the turn's hot
path takes the same ``PhaseStarted``, ``Played``, ``Bought``, ``Gained``, ``TurnStarted`` and ``Shuffled``
objects, and clean-up's ``Discarded`` and ``Drew``, from these tables instead of building a new, equal one
each time (a Big Money turn logs about 14 events; with these, most turns build none).

Each table belongs to one seat and fills itself on first use (``dict.__missing__``), so a lookup is a C
call with no Python frame when the event is already there. The tables hold one event for each card,
turn number or count a seat has met: a few hundred at most.
"""

from __future__ import annotations

from typing import Callable

from companion.cards import Card
from companion.engine.events import (
    Bought, Discarded, Drew, Event, Gained, PhaseStarted, Played, Shuffled, TurnStarted, Zone,
)
from companion.engine.phase import Phase

SEATS = 6  # the most players a game has
KEPT = 4096  # events a table of cards keeps (then it starts again): a few hundred kilobytes at most


class _Played(dict[Card, Played]):
    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, card: Card) -> Played:
        e = self[card] = Played(self.player, card)
        return e


class _Bought(dict[Card, Bought]):
    """Bought for the card's printed cost (the hot path's only case: no cost changed this turn)."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, card: Card) -> Bought:
        e = self[card] = Bought(self.player, card, card.cost)
        return e


class _GainedBought(dict[Card, Gained]):
    """Gained to the discard pile by a buy."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, card: Card) -> Gained:
        e = self[card] = Gained(self.player, card, Zone.DISCARD, True)
        return e


class _TurnStarted(dict[int, TurnStarted]):
    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, turn: int) -> TurnStarted:
        e = self[turn] = TurnStarted(self.player, turn)
        return e


class _Shuffled(dict[int, Shuffled]):
    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, count: int) -> Shuffled:
        e = self[count] = Shuffled(self.player, count)
        return e


class _ByCards(dict[tuple[Card, ...], Event]):
    """One seat's events of one kind keyed by the cards they carry, in order (the cards discarded from
    play or from hand at clean-up, the 5 drawn): a deck holds few kinds of card, so the same few
    hundred lists come round again and again. Kept to KEPT events, then started again."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[tuple[Card, ...]], Event]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, cards: tuple[Card, ...]) -> Event:
        if len(self) >= KEPT:
            self.clear()
        e = self[cards] = self.make(cards)
        return e


def _discarded(p: int, source: Zone) -> _ByCards:
    return _ByCards(lambda cards: Discarded(p, len(cards), cards[-1], cards, source))


def _drew(p: int) -> _ByCards:
    return _ByCards(lambda cards: Drew(p, len(cards), cards))


PLAYED = tuple(_Played(p) for p in range(SEATS))
# Clean-up's events: Discarded from play, Discarded from hand, Drew (its new hand).
DISCARDED_PLAY = tuple(_discarded(p, Zone.PLAY) for p in range(SEATS))
DISCARDED_HAND = tuple(_discarded(p, Zone.HAND) for p in range(SEATS))
DREW = tuple(_drew(p) for p in range(SEATS))
BOUGHT = tuple(_Bought(p) for p in range(SEATS))
GAINED_BOUGHT = tuple(_GainedBought(p) for p in range(SEATS))
TURN_STARTED = tuple(_TurnStarted(p) for p in range(SEATS))
SHUFFLED = tuple(_Shuffled(p) for p in range(SEATS))
# The three phases a turn logs, for each seat: (Action, Buy, Clean-up).
PHASES = tuple((PhaseStarted(p, Phase.ACTION), PhaseStarted(p, Phase.BUY), PhaseStarted(p, Phase.CLEANUP))
               for p in range(SEATS))
