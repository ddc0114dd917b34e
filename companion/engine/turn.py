"""What lasts one turn: Actions, Buys, coins, and the "this turn" effects cards leave behind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from companion.cards import Card

if TYPE_CHECKING:
    from companion.engine.effects import WhenGain
    from companion.engine.game import Game


class Turn:
    """The current turn. Everything here is gone at the end of the turn, as the rules say."""

    __slots__ = ("player", "actions", "buys", "coins", "action_discount", "gain_hooks", "play_hooks",
                 "named", "memo", "bought", "silver_played")

    def __init__(self, player: int) -> None:
        self.player = player
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.action_discount = 0  # Quarry: Action cards cost this much less, this turn
        # "This turn, when you gain a card" (Hoard, Collection, Tiara), in the order they were played.
        self.gain_hooks: list["WhenGain"] = []
        # "The first time you play a Silver this turn" (Merchant): called with (game, player, card).
        self.play_hooks: list[Callable[["Game", int, Card], None]] = []
        self.named: list[Card] = []  # cards named for War Chests this turn
        self.memo: dict[str, Any] = {}  # small per-turn notes a card keeps (Merchant's first Silver)
        self.bought = False  # a card was bought: no more Treasures may be played
        self.silver_played = False  # a Silver was played this turn, even if it has left play since (Merchant)

    def __repr__(self) -> str:
        return f"Turn(player={self.player}, actions={self.actions}, buys={self.buys}, coins={self.coins})"
