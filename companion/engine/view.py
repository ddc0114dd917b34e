"""A player's view: only what the rules let that player see. Bots read the game through it, and every
word a seat hears is built from it (companion.game's word modules never receive the game).

Public: everyone's hand size, top card of each discard pile, cards in play and set aside, VP tokens,
the Supply, the trash, the turn and its phase, the log as that player may know it, and which turns and
answers a bot gave for a person. Private: your own hand, your own deck's size (the rulebook lets you
count your deck at any time, but not look through or count your discard pile, nor another player's deck
or discard pile), and the decision waiting for you. Every gain and trash is public, so the cards a
player has (``owned``) and their VP are public too. The view of no seat (``PUBLIC``) has no hand, no
deck and no decision: what anyone at the table knows.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Collection, Mapping

from companion.cards import Card
from companion.engine.events import Event, GameOver, TurnStarted
from companion.engine.phase import Phase
from companion.engine.scoring import victory_points
from companion.engine.stand_in import by_bot, done_by_bot

if TYPE_CHECKING:
    from companion.engine.decisions import Decision
    from companion.engine.game import Game

PUBLIC = -1  # the seat of the view of no one: public words only (a shared keyboard changing hands)


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
        return tuple(self._g.players[self.player].hand) if self.player >= 0 else ()

    @property
    def hand_list(self) -> list[Card]:
        """The hand itself, for bots that only read it (do not change it)."""
        return self._g.players[self.player].hand

    @property
    def name(self) -> str:
        return self._g.players[self.player].name

    @property
    def pending(self) -> "Decision | None":
        """The decision waiting for this seat to answer, or None (none waits, or it is another's)."""
        d = self._g.pending
        return d if d is not None and d.player == self.player else None

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
        return len(self._g.players[self.player].deck) if self.player >= 0 else 0

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
        """Every card a player has (known from the public gains and trashes): a new Counter, its own to change."""
        c: Counter[Card] = Counter.__new__(Counter)
        dict.update(c, self._g.players[self.player if player is None else player].owned())
        return c

    def count_owned(self, card: Card, player: int | None = None) -> int:
        """``owned(player)[card]``, without counting every other card."""
        return self._g.players[self.player if player is None else player].count(card)

    def total_cards(self, player: int | None = None) -> int:
        ps = self._g.players[self.player if player is None else player]
        return len(ps.deck) + len(ps.hand) + len(ps.discard) + len(ps.play) + len(ps.aside)

    def vp(self, player: int | None = None) -> int:
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

    @property
    def province(self) -> Card:
        return self._g.province

    @property
    def colony(self) -> Card | None:
        """The Colony, in a game with Platinum and Colony; else None."""
        return self._g.colony

    @property
    def attacks(self) -> Collection[Card]:
        """The Attack cards of this kingdom."""
        return self._g.attacks

    def coin(self, card: Card) -> int:
        """The coins a Treasure makes when played (before any ability)."""
        return self._g.fx[card.name].coin

    @property
    def plain_treasures(self) -> Collection[str]:
        """The names of this kingdom's Treasures without abilities (Copper, Silver, Gold, Platinum)."""
        return self._g.rules.plain_treasures

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
    def bought(self) -> bool:
        """Whether the player whose turn it is has bought this turn (no more Treasures then)."""
        return bool(self._g.turn.bought)

    def buyable(self) -> list[Card]:
        """The cards the player whose turn it is can buy now."""
        return self._g.buyable()

    @property
    def over(self) -> bool:
        return self._g.over

    @property
    def result(self) -> GameOver | None:
        """The end of the game, once it is over: the reason, every score and the winners (all public)."""
        return self._g.result

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

    @property
    def log_size(self) -> int:
        """How many events the game's log holds: the position ``log(since)`` counts from, for news to come."""
        return len(self._g.log)

    def turn_starts(self) -> list[int]:
        """The positions in the game's log where each turn started (every player sees each start)."""
        return [i for i, e in enumerate(self._g.log) if isinstance(e, TurnStarted)]

    def turn_at(self, index: int) -> TurnStarted | None:
        """The start of the turn under way at position ``index`` of the log (None before the first turn)."""
        log = self._g.log
        for i in range(min(index, len(log)) - 1, -1, -1):
            e = log[i]
            if isinstance(e, TurnStarted):
                return e
        return None

    def by_bot(self, seat: int, turn: int | None) -> bool:
        """Whether ``seat``'s turn ``turn`` (None: not known) was played for a person by a bot."""
        return by_bot(self._g, seat, turn)

    def done_by_bot(self, since: int = 0) -> frozenset[int]:
        """The positions in ``log(since)`` of what a bot did for a person in another player's turn."""
        return done_by_bot(self._g, self.player, since)

    def __repr__(self) -> str:
        return f"PlayerView(player={self.player})"
