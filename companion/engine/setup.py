"""How a game starts: the kingdom, the seats (a person or a named bot), the seed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from companion.kingdom import Kingdom, check_players

if TYPE_CHECKING:
    from companion.engine.position import Position


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: their name, and the bot that plays the seat (None: a person answers)."""

    name: str
    bot: str | None = None

    @property
    def is_person(self) -> bool:
        return self.bot is None


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game is made of besides the answers given in it.

    ``turn_limit`` (turns per player) ends a game that bots cannot finish; None means no limit,
    as the rules have none. ``legacy_gains`` keeps a game saved by version 1 of the save format
    replaying as it was played: "when you gain" effects in a fixed order, and an effect may move a
    gained card wherever another effect put it (see docs/engine.md).

    ``hide_hand``: clean-up puts the hand under the played cards ("you can hide the cards from your hand
    under the played cards if you want to"), so a discard pile's public top is a card that was played when
    one was. The games people start do; simulations, and games saved before version 4, keep the hand on top
    (the order changes the next shuffle, so a record replays only under its own order). ``first``: the seat
    that goes first (after the winner of the game just played), instead of one drawn at random; the random
    number is drawn all the same, so the shuffles that follow are those of the seed.
    """

    kingdom: Kingdom
    seats: tuple[Seat, ...]
    seed: int
    turn_limit: int | None = None
    legacy_gains: bool = False
    start: "Position | None" = None  # a game started from a position (see companion.engine.position)
    hide_hand: bool = False
    first: int | None = None

    def __post_init__(self) -> None:
        check_players(len(self.seats))
        if self.first is not None and not 0 <= self.first < len(self.seats):
            raise ValueError(f"seat {self.first + 1} cannot go first: there are {len(self.seats)} seats")
        if self.start is not None:
            from companion.engine.position import check_fits

            check_fits(self.start, self.kingdom, len(self.seats))

    @classmethod
    def from_position(cls, position: "Position", seats: Sequence[Seat] | None = None,
                      turn_limit: int | None = None) -> "GameSetup":
        """A game that starts at ``position``; seats default to people named Player 1, Player 2..."""
        seats = tuple(seats) if seats is not None else \
            tuple(Seat(f"Player {i + 1}") for i in range(len(position.players)))
        return cls(position.kingdom, seats, position.seed, turn_limit, start=position)

    @property
    def players(self) -> int:
        return len(self.seats)

    @classmethod
    def of(cls, kingdom: Kingdom, players: int | list[str | None] | tuple[str | None, ...] = 2, seed: int = 0,
           names: tuple[str, ...] | None = None, turn_limit: int | None = None) -> "GameSetup":
        """A quick setup: ``players`` is a count (all people) or each seat's bot name (None for a person)."""
        bots = (None,) * players if isinstance(players, int) else tuple(players)
        return cls(kingdom, _seats(bots, None if names is None else tuple(names)), seed, turn_limit)


@lru_cache(maxsize=256)
def _seats(bots: tuple[str | None, ...], names: tuple[str, ...] | None) -> tuple[Seat, ...]:
    """GameSetup.of's seats (values: a simulation of thousands of games makes them once)."""
    check_players(len(bots))
    names = names or tuple(f"Player {i + 1}" if b is None else f"{b.title()} {i + 1}" for i, b in enumerate(bots))
    return tuple(Seat(n, b) for n, b in zip(names, bots))
