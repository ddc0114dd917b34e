"""The casual bot, between easy and normal: the normal bot's play with a casual player's buys.

At each buy it makes, from its own seeded generator, the easy bot's buy (the dearest card, a kingdom card
it has none of yet) in ``easy_share`` of turns and the normal bot's in the rest; card questions and
Action play are the normal bot's. A seeded game is the same every time.
"""

from __future__ import annotations

import random

from companion.bots.easy import EasyBot
from companion.bots.general import GeneralBot
from companion.engine.decisions import Decision, Purpose
from companion.engine.view import PlayerView
from companion.bots.answers import BotAnswer

_BUY = Purpose.BUY


class CasualBot(GeneralBot):
    name = "casual"
    easy_share = 0.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)
        self._easy = EasyBot(seed)

    def decide(self, view: PlayerView, d: Decision) -> BotAnswer:
        if d.purpose is _BUY and self._rng.random() < self.easy_share:
            return self._easy.buy(view, d.options)  # type: ignore[attr-defined]
        return super().decide(view, d)
