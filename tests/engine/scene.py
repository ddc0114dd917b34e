"""A scenario harness: a game put into a chosen position, then driven by answers like a person would."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from companion.cards import Card, catalogue
from companion.engine import Decision, Game, GameSetup, Purpose
from companion.engine.events import Event
from companion.engine.position import position_of
from companion.kingdom import Kingdom, ordered

CAT = catalogue()
BASE10 = ("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village", "Workshop")


def card(name: str) -> Card:
    return CAT[name]


def cards(text: str) -> list[Card]:
    """``"Copper*3, Estate"`` to a list of cards (names separated by commas, ``*N`` repeats)."""
    out: list[Card] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, _, times = part.partition("*")
        out += [CAT[name.strip()]] * int(times or 1)
    return out


def kingdom(names: Iterable[str] = BASE10, colony: bool = False) -> Kingdom:
    names = list(names)
    fill = [c for c in BASE10 + ("Chapel", "Festival", "Laboratory", "Library", "Witch", "Gardens")
            if c not in names]
    names += fill[: 10 - len(names)]
    return Kingdom(ordered(CAT[n] for n in names), colony)


class Scene:
    """``Scene(["Witch"])`` then ``set(0, hand=..., deck=...)``, ``start(0)``, then answer."""

    def __init__(self, names: Iterable[str] = BASE10, players: int = 2, colony: bool = False, seed: int = 0) -> None:
        self.game = Game(GameSetup.of(kingdom(names, colony), players, seed=seed))
        g = self.game
        for ps in g.players:  # put the starting cards back in the box: scenes set every zone
            ps.deck, ps.hand, ps.discard = [], [], []

    def set(self, player: int, hand: str = "", deck: str = "", discard: str = "", play: str = "") -> "Scene":
        """``deck`` is listed top card first."""
        ps = self.game.players[player]
        ps.hand = cards(hand)
        ps.deck = list(reversed(cards(deck)))
        ps.discard = cards(discard)
        ps.play = cards(play)
        return self

    def start(self, player: int = 0) -> "Scene":
        """Begin ``player``'s turn from here: the scene's game is rebuilt from its position (every
        zone and pile as set), at the start of that player's turn, with the same random numbers."""
        pos = position_of(self.game)
        players = list(pos.players)
        players[player] = replace(players[player], turns=players[player].turns + 1)
        start = replace(pos, players=tuple(players), current=player, phase="start", actions=1, buys=1, coins=0,
                        discount=0, gain_effects=(), merchants=0, silver_played=False, named=(), bought=False)
        g = self.game  # a new game: a compiled Game (mypyc) cannot be built again in place by Game.__init__
        self.game = Game(GameSetup.from_position(start, g.setup.seats), log=g.logging, check_bots=g.check_bots)
        return self

    # ---- reading ----
    @property
    def pending(self) -> Decision:
        d = self.game.pending
        assert d is not None, "the game is over"
        return d

    def hand(self, player: int = 0) -> list[str]:
        return sorted(c.name for c in self.game.players[player].hand)

    def zone(self, player: int, name: str) -> list[str]:
        return [c.name for c in getattr(self.game.players[player], name)]

    def deck_top(self, player: int = 0, n: int = 1) -> list[str]:
        return [c.name for c in reversed(self.game.players[player].deck[-n:])]

    @property
    def coins(self) -> int:
        return self.game.turn.coins

    @property
    def trash(self) -> list[str]:
        return sorted(c.name for c in self.game.trash)

    def events(self, kind: type) -> list[Any]:
        return [e for e in self.game.log if isinstance(e, kind)]

    # ---- answering ----
    def answer(self, value: Any) -> "Scene":
        if isinstance(value, str) and value in CAT.by_name:
            value = (CAT[value],)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = tuple(CAT[v] for v in value)
        self.game.answer(value)
        return self

    def expect(self, purpose: Purpose, card_name: str | None = None, player: int | None = None) -> "Scene":
        d = self.pending
        assert d.purpose is purpose, f"expected {purpose}, got {d!r}"
        if card_name is not None:
            assert d.card is not None and d.card.name == card_name, f"expected a {card_name} decision, got {d!r}"
        if player is not None:
            assert d.player == player, f"expected player {player}, got {d!r}"
        return self

    def play(self, name: str) -> "Scene":
        self.expect(Purpose.PLAY_ACTION)
        return self.answer(name)

    def treasures(self, names: str) -> "Scene":
        self.expect(Purpose.PLAY_TREASURES)
        return self.answer(tuple(cards(names)))

    def to_buy(self) -> "Scene":
        """Skip what is left of the Action phase and play no more Treasures."""
        while self.pending.purpose in (Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.START_OF_TURN):
            self.game.answer(())
        return self

    def end_turn(self) -> "Scene":
        while self.game.pending is not None and self.game.pending.player == self.game.current and \
                self.pending.purpose in (Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.BUY,
                                         Purpose.START_OF_TURN):
            before = self.game.current
            self.game.answer(())
            if self.game.current != before:
                break
        return self


__all__ = ["BASE10", "CAT", "Event", "Scene", "card", "cards", "kingdom"]
