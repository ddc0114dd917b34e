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


class GameEndReason(Enum):
    PROVINCES = "the Province pile is empty"
    COLONIES = "the Colony pile is empty"
    PILES = "enough Supply piles are empty"
    TURN_LIMIT = "the turn limit was reached"


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Event:
    """Base of all events. ``player`` is the seat it happened to (None for the whole table)."""

    def seen_by(self, player: int) -> "Event | None":
        """This event as ``player`` may know it; None if they learn nothing."""
        return self

    def __str__(self) -> str:
        from companion.engine.describe import describe

        return describe(self)


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class TurnStarted(Event):
    player: int
    turn: int  # that player's own turn number, from 1


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class PhaseStarted(Event):
    player: int
    phase: Phase


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Played(Event):
    player: int
    card: Card
    by: Card | None = None  # the card that played it: Throne Room, King's Court, Vassal, Tiara, Crystal Ball


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Drew(Event):
    """``count`` is public; ``cards`` only to the drawer."""

    player: int
    count: int
    cards: tuple[Card, ...] = ()

    def seen_by(self, player: int) -> Event:
        return self if player == self.player else replace(self, cards=())


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Gained(Event):
    player: int
    card: Card
    to: Zone = Zone.DISCARD
    bought: bool = False


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Bought(Event):
    player: int
    card: Card
    cost: int


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Trashed(Event):
    player: int
    card: Card
    source: Zone


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
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


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Revealed(Event):
    player: int
    cards: tuple[Card, ...]
    by: Card | None = None


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class LookedAt(Event):
    """Cards only the player looks at (Sentry, Crystal Ball); others learn how many."""

    player: int
    cards: tuple[Card, ...]
    by: Card | None = None

    def seen_by(self, player: int) -> Event:
        return self if player == self.player else replace(self, cards=())


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class PutOnDeck(Event):
    """Cards put onto a deck; ``public`` when they were revealed (Bureaucrat), else only the count is."""

    player: int
    count: int
    cards: tuple[Card, ...] = ()
    public: bool = False

    def seen_by(self, player: int) -> Event:
        return self if player == self.player or self.public else replace(self, cards=())


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class SetAside(Event):
    player: int
    card: Card


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Shuffled(Event):
    """``count`` only to the shuffler: the rulebook lets no one count another player's deck. Others learn
    that a shuffle happened (``count`` None)."""

    player: int
    count: int | None

    def seen_by(self, player: int) -> Event:
        return self if player == self.player else replace(self, count=None)


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Reacted(Event):
    player: int
    card: Card  # the Reaction revealed or played (Moat, Watchtower, Clerk)
    to: Card | None = None  # the card it reacted to (the Attack, the gained card)


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class Named(Event):
    player: int  # who named
    card: Card
    for_card: Card  # War Chest


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class TookVP(Event):
    player: int
    amount: int
    total: int


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring (frozen, a fifth of the scoring)
class Score:
    player: int
    name: str
    vp: int
    turns: int

    def __str__(self) -> str:
        return f"{self.name} {self.vp} VP"


@dataclass(slots=True, unsafe_hash=True)  # not frozen: see the module docstring
class GameOver(Event):
    reason: GameEndReason
    scores: tuple[Score, ...]
    winners: tuple[int, ...]


__all__ = [
    "Bought", "Discarded", "Drew", "Event", "Gained", "GameEndReason", "GameOver", "LookedAt", "Named",
    "Phase", "PhaseStarted", "Played", "PutOnDeck", "Reacted", "Revealed", "Score", "SetAside", "Shuffled",
    "TookVP", "Trashed", "TurnStarted", "Zone",
]
