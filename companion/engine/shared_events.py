"""Events every game can share. An event is a value nothing changes once it is made, so the turn's hot
path takes the same ``PhaseStarted``, ``Played``, ``Bought``, ``Gained``, ``TurnStarted`` and ``Shuffled``
objects, and clean-up's ``Discarded`` and ``Drew``, from these tables instead of building a new, equal one
each time (a Big Money turn logs about 14 events; with these, most turns build none).

Each table belongs to one seat and fills itself on first use (``dict.__missing__``), so a lookup is a C
call with no Python frame when the event is already there. The tables hold one event for each card,
turn number or count a seat has met (a few hundred), and clean-up's at most KEPT each.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from companion.engine.events import (
    Bought, Discarded, Drew, Gained, PhaseStarted, Played, Shuffled, TurnStarted, Zone,
)
from companion.engine.phase import Phase

SEATS = 6  # the most players a game has
KEPT = 4096  # events a table of cards keeps (then it starts again): a few hundred kilobytes at most


class _Table(dict[Any, Any]):
    """One seat's events of one kind, keyed by what sets them apart (a card, a turn number, a count, the
    cards an event carries); ``kept``, when given, bounds how many it keeps (then it starts again)."""

    __slots__ = ("make", "kept")

    def __init__(self, make: Callable[[Any], Any], kept: int | None = None) -> None:
        super().__init__()
        self.make = make
        self.kept = kept

    def __missing__(self, key: Any) -> Any:
        if self.kept is not None and len(self) >= self.kept:
            self.clear()
        e = self[key] = self.make(key)
        return e


def _tables(make: Callable[[int, Any], Any], kept: int | None = None) -> tuple[_Table, ...]:
    """A table for each seat: ``make(seat, key)`` makes the event a key stands for."""
    return tuple(_Table(partial(make, p), kept) for p in range(SEATS))


PLAYED = _tables(lambda p, card: Played(p, card))
# Bought for the card's printed cost (the hot path's only case: no cost changed this turn).
BOUGHT = _tables(lambda p, card: Bought(p, card, card.cost))
GAINED_BOUGHT = _tables(lambda p, card: Gained(p, card, Zone.DISCARD, True))  # a buy's gain
TURN_STARTED = _tables(lambda p, turn: TurnStarted(p, turn))
SHUFFLED = _tables(lambda p, count: Shuffled(p, count))
# Clean-up's events, keyed by the cards they carry, in order (the cards discarded from play or from
# hand, the 5 drawn): a deck holds few kinds of card, so the same few hundred lists come round again
# and again; KEPT bounds each table.
DISCARDED_PLAY = _tables(lambda p, cards: Discarded(p, len(cards), cards[-1], cards, Zone.PLAY), KEPT)
DISCARDED_HAND = _tables(lambda p, cards: Discarded(p, len(cards), cards[-1], cards, Zone.HAND), KEPT)
DREW = _tables(lambda p, cards: Drew(p, len(cards), cards), KEPT)
# A turn's first three events where nothing can happen before its Buy phase: TurnStarted, then the
# Action and Buy phases begun (a tuple, for each seat and turn number).
OPENING = _tables(lambda p, turn: (TurnStarted(p, turn), PhaseStarted(p, Phase.ACTION), PhaseStarted(p, Phase.BUY)))
# The three phases a turn logs, for each seat: (Action, Buy, Clean-up).
PHASES = tuple((PhaseStarted(p, Phase.ACTION), PhaseStarted(p, Phase.BUY), PhaseStarted(p, Phase.CLEANUP))
               for p in range(SEATS))
