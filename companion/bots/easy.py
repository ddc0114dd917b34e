"""The easy bot, for beginners: plays every card legally and plainly.

It buys the dearest card it can (Province, then Gold, then a kingdom card it has none of yet,
then Silver), never greens early or late on purpose, and answers card questions as the general bot
does. It plays its Actions in the order it holds them.
"""

from __future__ import annotations


from companion.bots.cardsense import GOLD, PROVINCE, SILVER
from companion.bots.general import GeneralBot
from companion.cards import Card
from companion.engine.decisions import Decision, Purpose
from companion.engine.view import PlayerView
from companion.bots.answers import BotAnswer


_BUY, _PLAY_ACTION = Purpose.BUY, Purpose.PLAY_ACTION


class EasyBot(GeneralBot):
    name = "easy"

    def decide(self, view: PlayerView, d: Decision) -> BotAnswer:
        p = d.purpose
        if p is _BUY:
            return self.buy(view, d.options)  # type: ignore[attr-defined]
        if p is _PLAY_ACTION:
            options: tuple[Card, ...] = d.options  # type: ignore[attr-defined]
            return options[:1]
        return super().decide(view, d)

    def buy(self, view: PlayerView, options: tuple[Card, ...]) -> tuple[Card, ...]:
        coins = view.coins
        if coins >= 8 and view.pile(PROVINCE):
            return (PROVINCE,)
        if coins >= 6 and view.pile(GOLD):
            return (GOLD,)
        owned = view.owned()
        kingdom = [c for c in dict.fromkeys(options) if c.is_kingdom and not owned[c]
                   and c.name != "Gardens" and view.cost(c) >= 3]
        if kingdom:
            return (max(kingdom, key=lambda c: (view.cost(c), c.name)),)
        if coins >= 3 and view.pile(SILVER):
            return (SILVER,)
        return ()
