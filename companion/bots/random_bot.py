"""A seeded random bot, for conformance tests: any legal answer, chosen by its own random generator."""

from __future__ import annotations

import random

from companion.engine.decisions import ChooseCards, ChooseOne, Decision, NameCard, OrderCards, YesNo
from companion.engine.view import PlayerView
from companion.bots.answers import BotAnswer


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView, d: Decision) -> BotAnswer:
        r = self.rng
        if isinstance(d, ChooseCards):
            options = list(d.options)
            lo, hi = d.min, min(d.max, len(options))
            n = r.randint(lo, hi) if hi >= lo else 0
            if d.purpose.name == "BUY" and n == 0 and r.random() < 0.8 and options:
                n = 1  # mostly buy something, so random games end
            return tuple(r.sample(options, n))
        if isinstance(d, ChooseOne):
            return r.choice(d.options)
        if isinstance(d, YesNo):
            return r.random() < 0.5
        if isinstance(d, OrderCards):
            cards = list(d.cards)
            r.shuffle(cards)
            return tuple(cards)
        if isinstance(d, NameCard):
            return r.choice(d.options)
        raise TypeError(f"unknown decision {d!r}")
