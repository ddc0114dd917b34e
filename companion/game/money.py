"""What the Treasures in a player's hand would make, and which of them autoplay plays.

Autoplay (``buy`` and ``play treasures``) plays every Treasure that asks nothing: the plain ones
(Copper, Silver, Gold, Platinum) and the quiet ones with abilities (Quarry, Hoard, Collection, Bank),
in an order that loses nothing: Bank last, since it counts the Treasures in play. Treasures that ask
a question (Anvil, Crystal Ball, Investment, Tiara) are left for the player, and said by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.cards import Card
from companion.cards.names import and_list
from companion.engine.effects.prosperity import QUIET_TREASURES
from companion.engine.view import PlayerView
from companion.game.words import coins

_LAST = {name: i for i, name in enumerate(QUIET_TREASURES)}  # Bank after the others


@dataclass(frozen=True, slots=True)
class Money:
    now: int  # coins this turn so far
    auto: tuple[Card, ...]  # Treasures in hand autoplay plays, in the order it plays them
    made: int  # what they make
    asking: tuple[Card, ...]  # Treasures in hand that ask a question: autoplay skips them
    at_least: int  # what those make before their question (Anvil and Crystal Ball 1 coin each)
    discount: int  # less that Action cards will cost once autoplay has played Quarries

    @property
    def total(self) -> int:
        """Coins once autoplay has played its Treasures."""
        return self.now + self.made

    @property
    def more(self) -> int:
        """Coins the Treasures in hand add: autoplay's and the asking ones' own coins."""
        return self.made + self.at_least


def autoplayed(view: PlayerView, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The Treasures among ``cards`` that ask nothing, in the order autoplay plays them."""
    plain = view.plain_treasures
    chosen = [c for c in cards if c.name in plain or (c.name in _LAST and view.is_treasure(c))]
    return tuple(sorted(chosen, key=lambda c: _LAST.get(c.name, -1)))  # plain ones first, in hand order


def money(view: PlayerView) -> Money:
    """What the Treasures in the hand of ``view``'s seat would make now (nothing once they have bought)."""
    d = view.pending
    playable = d is not None and d.card is None and \
        d.purpose.name in ("START_OF_TURN", "PLAY_ACTION", "PLAY_TREASURES")
    if not view.my_turn or view.bought or not playable:  # no more Treasures can be played
        return Money(view.coins if view.my_turn else 0, (), 0, (), 0, 0)
    treasures = [c for c in view.hand if view.is_treasure(c)]
    auto = autoplayed(view, treasures)
    asking = tuple(c for c in treasures if c not in auto)
    in_play = sum(1 for c in view.in_play() if view.is_treasure(c))
    made = 0
    for c in auto:
        in_play += 1
        made += view.coin(c)
        if c.name == "Bank":
            made += in_play
    quarries = sum(1 for c in auto if c.name == "Quarry")
    return Money(view.coins, auto, made, asking, sum(view.coin(c) for c in asking), 2 * quarries)


def cost_after(view: PlayerView, card: Card, m: Money) -> int:
    """What ``card`` will cost once autoplay has played its Treasures (Quarry makes Actions cheaper)."""
    cost = view.cost(card)
    if m.discount and view.is_action(card):
        cost = max(0, cost - m.discount)
    return cost


def asking_note(m: Money) -> str:
    """``Tiara and Crystal Ball ask a question, so play them yourself.`` or empty."""
    if not m.asking:
        return ""
    names = and_list(sorted({c.name for c in m.asking}))
    verb = "asks" if len({c.name for c in m.asking}) == 1 else "ask"
    them = "it" if len(m.asking) == 1 else "them"
    return f"{names} {verb} a question, so play {them} yourself."


def more_in_treasures(m: Money) -> str:
    """``, 3 more in Treasures`` (what the Treasures in hand add), or empty when there is nothing."""
    return f", {m.more} more in Treasures" if m.more else ""


def short_of(view: PlayerView, card: Card, m: Money, autoplay: bool) -> str | None:
    """Why ``card`` cannot be bought for lack of coins, counting every Treasure in hand; None if it can be,
    or if there is no Treasure in hand to speak of."""
    cost = cost_after(view, card, m) if autoplay else view.cost(card)
    have = m.total if autoplay else m.now
    if cost <= have:
        return None
    head = f"{card.name} costs {coins(cost)}"
    if not autoplay and (m.made or m.at_least):
        if cost <= m.total + m.at_least:
            return f"{head}. Play your Treasures first, as they make {coins(m.more)} more. Type play treasures."
        return f"{head}, you have {coins(m.now)}, {m.more} more in Treasures. Type options to hear choices."
    if m.asking:
        names = sorted({c.name for c in m.asking})
        verb = "asks" if len(names) == 1 else "ask"
        return (f"{head}. Your other Treasures make {coins(have)}. {and_list(names)} {verb} a question. "
                f"Type play {names[0].lower()}.")
    if m.made:
        return f"{head}, you have {coins(have)} with your Treasures. Type options to hear choices."
    return None  # no Treasure in hand: the plain "you have N coins" says it all
