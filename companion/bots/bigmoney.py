"""Big Money and Big Money Ultimate: the classic money-only rule sets, knowing Platinum and Colony.

They buy and play Treasures themselves; any other decision (Militia, Moat, a drawing card they bought)
goes to the general bot, so they can sit at any kingdom.
"""

from __future__ import annotations


from companion.bots.cardsense import (
    COLONY, COPPER, DUCHY, ESTATE, GOLD, PLATINUM, PROVINCE, SILVER, TREASURE_ORDER, money_total,
)
from companion.bots import bm_name
from companion.bots.general import GeneralBot
from companion.cards import Card
from companion.engine.decisions import ChooseBuy, ChooseTreasures, Decision
from companion.engine.view import PlayerView
from companion.bots.answers import BotAnswer



_PLAIN = frozenset({COPPER, SILVER, GOLD, PLATINUM})  # cards hash by identity: no names needed
_COLONY, _PLATINUM, _PROVINCE, _GOLD, _SILVER = (COLONY,), (PLATINUM,), (PROVINCE,), (GOLD,), (SILVER,)


def play_all_treasures(options: tuple[Card, ...]) -> tuple[Card, ...]:
    if len(options) < 2 or _PLAIN.issuperset(options):
        return options
    return tuple(sorted(options, key=lambda c: -TREASURE_ORDER.get(c.name, 60)))


class BigMoney(GeneralBot):
    """Colony at 11, Platinum at 9, Province at 8, Gold at 6, Silver at 3; nothing else."""

    name = "bigmoney"

    def decide(self, view: PlayerView, d: Decision) -> BotAnswer:
        # The turn's two questions are told by their classes: type() is a call Python specialises, where
        # reading ``purpose`` (a class attribute read through the instance) is not, at every decision.
        kind = type(d)
        if kind is ChooseTreasures:
            options = d.options  # type: ignore[attr-defined]
            return options if _PLAIN.issuperset(options) else play_all_treasures(options)
        if kind is ChooseBuy:
            return self.buy(view)
        return super().decide(view, d)

    def buy(self, view: PlayerView) -> tuple[Card, ...]:
        coins = view.coins
        if coins < 3:
            return ()
        # The basic cards' piles are always in the Supply, Platinum's and Colony's in a Colony game, so
        # they are read by subscription (a read-only mapping's get is a Python-level method call).
        supply = view.supply
        if coins >= 9 and view.uses_colony:
            if coins >= 11 and supply[COLONY]:
                return _COLONY
            if supply[PLATINUM]:
                return _PLATINUM
        if coins >= 8 and supply[PROVINCE]:
            return _PROVINCE
        if coins >= 6 and supply[GOLD]:
            return _GOLD
        if supply[SILVER]:
            return _SILVER
        return ()


def _ultimate_buy(view: PlayerView, drawer: Card | None) -> tuple[Card, ...]:
    """The Big Money Ultimate rule, with one drawing card or none."""
    coins = view.coins
    pile = view.pile
    money = money_total(view)
    provinces = pile(PROVINCE)
    if view.uses_colony:
        if coins >= 11 and pile(COLONY) and money > 32:
            return (COLONY,)
        if coins >= 9 and pile(PLATINUM) and pile(COLONY) > 4:
            return (PLATINUM,)
        if coins >= 8 and pile(PROVINCE) and (money > 18 and pile(COLONY) <= 6):
            return (PROVINCE,)
    if coins >= 8 and provinces and money > 18:
        return (PROVINCE,)
    if coins >= 5 and pile(DUCHY) and provinces <= 4:
        return (DUCHY,)
    if coins >= 2 and pile(ESTATE) and provinces <= 2:
        return (ESTATE,)
    if coins >= 6 and pile(GOLD):
        return (GOLD,)
    if coins >= 5 and pile(DUCHY) and provinces <= 6:
        return (DUCHY,)
    if drawer is not None and coins >= view.cost(drawer) and pile(drawer):
        if view.count_owned(drawer) * 11 < view.total_cards():
            return (drawer,)
    if coins >= 3 and pile(SILVER):
        return (SILVER,)
    return ()


class BigMoneyUltimate(BigMoney):
    """Big Money Ultimate, the standard rule set: no kingdom cards.

    Province once the deck's money passes 18 (Colony games: Colony past 32, Platinum while more than
    4 Colonies are left); Duchy with 4 or fewer Provinces left, Estate with 2 or fewer; Gold; Duchy
    with 6 or fewer; Silver.
    """

    name = "bmu"

    def buy(self, view: PlayerView) -> tuple[Card, ...]:
        return _ultimate_buy(view, None)


class BigMoneyWith(BigMoney):
    """Big Money Ultimate with one drawing card (``smithy-bm``): one copy per 11 cards, bought after
    Gold and the Duchies, before Silver. Without that card in the kingdom it is Big Money Ultimate."""

    def __init__(self, seed: int = 0, card: str = "Smithy") -> None:
        super().__init__(seed)
        self.card_name = card
        self.name = bm_name(card)
        self._drawer: Card | None | bool = False

    def drawer(self, view: PlayerView) -> Card | None:
        if self._drawer is False:
            self._drawer = next((c for c in view.kingdom if c.name == self.card_name), None)
        return self._drawer  # type: ignore[return-value]

    def buy(self, view: PlayerView) -> tuple[Card, ...]:
        return _ultimate_buy(view, self.drawer(view))
