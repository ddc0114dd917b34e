"""A player's view: only what the rules let that player see. Bots and the shell read the game through it.

Public: everyone's hand size, top card of each discard pile, cards in play and set aside, VP tokens,
the Supply, the trash, the log as that player may know it. Private: your own hand, and your own deck's
size: the rulebook lets you count your deck at any time, but not look through or count your discard
pile, nor another player's deck or discard pile. Every gain and trash is public, so the cards a player
has (``owned``) and their VP are public too.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping

from companion.cards import Card
from companion.engine.events import Event
from companion.engine.phase import Phase

if TYPE_CHECKING:
    from companion.engine.game import Game


class PlayerView:
    """A live, read-only window on a game for one seat."""

    # What does not change during a game is a plain attribute (a bot reads them at every decision,
    # and a property costs a Python call each time).
    __slots__ = ("_g", "player", "supply", "uses_colony", "piles_to_end", "cost", "is_action", "is_treasure")

    def __init__(self, game: "Game", player: int) -> None:
        self._g = game
        self.player = player
        # The Supply (live: the Supply dict is never replaced once a game has begun), read-only.
        self.supply: Mapping[Card, int] = MappingProxyType(game.supply)
        self.uses_colony = game.colony is not None
        self.piles_to_end = game.empty_to_end  # how many empty Supply piles end the game (3, or 4 with 5-6 players)
        # What a card costs now (the game's own rule: one call, not two), whether it is an Action, a Treasure.
        self.cost: Callable[[Card], int] = game.cost
        self.is_action: Callable[[Card], bool] = game.actions.__contains__
        self.is_treasure: Callable[[Card], bool] = game.treasures.__contains__

    # ---- me ----
    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self._g.players[self.player].hand)

    @property
    def hand_list(self) -> list[Card]:
        """The hand itself, for bots that only read it (do not change it)."""
        return self._g.players[self.player].hand

    @property
    def name(self) -> str:
        return self._g.players[self.player].name

    # ---- everyone ----
    @property
    def players(self) -> int:
        return len(self._g.players)

    def name_of(self, player: int) -> str:
        return self._g.players[player].name

    def hand_size(self, player: int | None = None) -> int:
        return len(self._g.players[self.player if player is None else player].hand)

    def deck_size(self) -> int:
        """Your own deck's size (no one may count another player's deck, nor any discard pile)."""
        return len(self._g.players[self.player].deck)

    def discard_top(self, player: int | None = None) -> Card | None:
        d = self._g.players[self.player if player is None else player].discard
        return d[-1] if d else None

    def in_play(self, player: int | None = None) -> tuple[Card, ...]:
        return tuple(self._g.players[self.player if player is None else player].play)

    def set_aside(self, player: int | None = None) -> tuple[Card, ...]:
        return tuple(self._g.players[self.player if player is None else player].aside)

    def vp_tokens(self, player: int | None = None) -> int:
        return self._g.players[self.player if player is None else player].vp_tokens

    def turns(self, player: int | None = None) -> int:
        return self._g.players[self.player if player is None else player].turns

    def owned(self, player: int | None = None) -> Counter[Card]:
        """Every card a player has (known from the public gains and trashes)."""
        return self._g.players[self.player if player is None else player].counts()

    def count_owned(self, card: Card, player: int | None = None) -> int:
        return self._g.players[self.player if player is None else player].all_cards().count(card)

    def total_cards(self, player: int | None = None) -> int:
        ps = self._g.players[self.player if player is None else player]
        return len(ps.deck) + len(ps.hand) + len(ps.discard) + len(ps.play) + len(ps.aside)

    def vp(self, player: int | None = None) -> int:
        from companion.engine.scoring import victory_points

        return victory_points(self._g, self.player if player is None else player)

    # ---- the table ----
    def pile(self, card: Card) -> int:
        return self._g.supply.get(card, 0)

    @property
    def kingdom(self) -> tuple[Card, ...]:
        return self._g.kingdom.cards

    @property
    def trash(self) -> tuple[Card, ...]:
        return tuple(self._g.trash)

    def empty_piles(self) -> int:
        return self._g.empty_piles()

    # ---- the turn ----
    @property
    def current(self) -> int:
        return self._g.current

    @property
    def my_turn(self) -> bool:
        return self._g.current == self.player

    @property
    def phase(self) -> Phase:
        return self._g.phase

    @property
    def coins(self) -> int:
        return self._g.turn.coins

    @property
    def actions(self) -> int:
        return self._g.turn.actions

    @property
    def buys(self) -> int:
        return self._g.turn.buys

    @property
    def named(self) -> tuple[Card, ...]:
        """Cards named for War Chests this turn."""
        return tuple(self._g.turn.named)

    def log(self, since: int = 0) -> list[Event]:
        """The game's events from ``since`` on, as this player may know them."""
        out = []
        for e in self._g.log[since:]:
            seen = e.seen_by(self.player)
            if seen is not None:
                out.append(seen)
        return out

    def __repr__(self) -> str:
        return f"PlayerView(player={self.player})"
