"""Events: every public happening in a game, as small values in the game's log.

Events are values: they compare and hash by their fields, and nothing changes one once it is made. They
are not frozen dataclasses because a game with its log on makes about 14 a turn, and a frozen dataclass
costs nearly three times as much to build as a plain slotted one (every field set through
``object.__setattr__``).

Some events carry cards only their player may see (the cards drawn, the cards discarded from hand,
cards looked at); ``seen_by(player)`` gives the event as that player may know it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from companion.cards import Card
from companion.engine.phase import Phase


class Zone(Enum):
    """Where a card is."""

    SUPPLY = "the Supply"
    DECK = "deck"
    HAND = "hand"
    DISCARD = "discard pile"
    PLAY = "play"
    ASIDE = "set aside"
    TRASH = "the trash"


event = dataclass(slots=True, unsafe_hash=True)  # see the module's docstring


class GameEndReason(Enum):
    PROVINCES = "the Province pile is empty"
    COLONIES = "the Colony pile is empty"
    PILES = "enough Supply piles are empty"
    TURN_LIMIT = "the turn limit was reached"


@event
class Event:
    """Base of all events. ``player`` is the seat it happened to (None for the whole table)."""

    def seen_by(self, player: int) -> "Event | None":
        """This event as ``player`` may know it; None if they learn nothing."""
        return self

    def __str__(self) -> str:
        from companion.engine.describe import describe

        return describe(self)


@event
class TurnStarted(Event):
    player: int
    turn: int  # that player's own turn number, from 1


@event
class PhaseStarted(Event):
    player: int
    phase: Phase


@event
class Played(Event):
    player: int
    card: Card
    by: Card | None = None  # the card that played it: Throne Room, King's Court, Vassal, Tiara, Crystal Ball


@event
class Drew(Event):
    """``count`` is public; ``cards`` only to the drawer."""

    player: int
    count: int
    cards: tuple[Card, ...] = ()

    def seen_by(self, player: int) -> Event:
        return self if player == self.player else replace(self, cards=())


@event
class Gained(Event):
    player: int
    card: Card
    to: Zone = Zone.DISCARD
    bought: bool = False


@event
class Bought(Event):
    player: int
    card: Card
    cost: int


@event
class Trashed(Event):
    player: int
    card: Card
    source: Zone


@event
class Discarded(Event):
    """Cards discarded at once: the count and the top card are public; the rest only to the player."""

    player: int
    count: int
    top: Card | None
    cards: tuple[Card, ...] = ()
    source: Zone = Zone.HAND

    def seen_by(self, player: int) -> Event:
        if player == self.player or self.source is not Zone.HAND:
            return self
        return replace(self, cards=())


@event
class Revealed(Event):
    player: int
    cards: tuple[Card, ...]
    by: Card | None = None


@event
class LookedAt(Event):
    """Cards only the player looks at (Sentry, Crystal Ball); others learn how many."""

    player: int
    cards: tuple[Card, ...]
    by: Card | None = None

    def seen_by(self, player: int) -> Event:
        return self if player == self.player else replace(self, cards=())


@event
class PutOnDeck(Event):
    """Cards put onto a deck; ``public`` when they were revealed (Bureaucrat), else only the count is."""

    player: int
    count: int
    cards: tuple[Card, ...] = ()
    public: bool = False

    def seen_by(self, player: int) -> Event:
        return self if player == self.player or self.public else replace(self, cards=())


@event
class SetAside(Event):
    player: int
    card: Card


@event
class Shuffled(Event):
    player: int
    count: int


@event
class Reacted(Event):
    player: int
    card: Card  # the Reaction revealed or played (Moat, Watchtower, Clerk)
    to: Card | None = None  # the card it reacted to (the Attack, the gained card)


@event
class Named(Event):
    player: int  # who named
    card: Card
    for_card: Card  # War Chest


@event
class TookVP(Event):
    player: int
    amount: int
    total: int


@dataclass(frozen=True, slots=True)
class Score:  # (frozen: one per player per game)
    player: int
    name: str
    vp: int
    turns: int

    def __str__(self) -> str:
        return f"{self.name} {self.vp} VP"


@event
class GameOver(Event):
    reason: GameEndReason
    scores: tuple[Score, ...]
    winners: tuple[int, ...]


__all__ = [
    "Bought", "Discarded", "Drew", "Event", "Gained", "GameEndReason", "GameOver", "LookedAt", "Named",
    "Phase", "PhaseStarted", "Played", "PutOnDeck", "Reacted", "Revealed", "Score", "SetAside", "Shuffled",
    "TookVP", "Trashed", "TurnStarted", "Zone",
]
