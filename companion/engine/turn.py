"""What lasts one turn: Actions, Buys, coins, and the "this turn" effects cards leave behind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from companion.cards import Card

if TYPE_CHECKING:
    from companion.engine.effects import WhenGain
    from companion.engine.game import Game


class Turn:
    """The current turn. Everything here is gone at the end of the turn, as the rules say.

    A turn is made for every turn of every game, so its "this turn" effects start as empty tuples, not
    lists: a card adds its own with ``t.gain_hooks += (hook,)``, and most turns build no list at all.
    """

    __slots__ = ("player", "actions", "buys", "coins", "bought", "silver_played", "action_discount",
                 "gain_hooks", "play_hooks", "named", "merchants")

    def __init__(self, player: int) -> None:
        self.begin(player)

    def begin(self, player: int) -> None:
        """Start ``player``'s turn: everything the last turn left is gone, as the rules say. The game
        begins its one Turn again each turn rather than make a new one."""
        self.player = player
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.bought = False  # a card was bought: no more Treasures may be played
        self.silver_played = False  # a Silver was played this turn, even if it has left play since (Merchant)
        self.action_discount = 0  # Quarry: Action cards cost this much less, this turn
        # "This turn, when you gain a card" (Hoard, Collection, Tiara), in the order they were played.
        self.gain_hooks: tuple["WhenGain", ...] = ()
        # "The first time you play a Silver this turn" (Merchant): called with (game, player, card).
        self.play_hooks: tuple[Callable[["Game", int, Card], None], ...] = ()
        self.named: tuple[Card, ...] = ()  # cards named for War Chests this turn
        # Merchants played this turn waiting on the first Silver; -1 once that Silver has been played.
        self.merchants = 0

    def __repr__(self) -> str:
        return f"Turn(player={self.player}, actions={self.actions}, buys={self.buys}, coins={self.coins})"
