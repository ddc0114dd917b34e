"""What the general bot buys and gains: Big Money's backbone (Colony, Province, Gold, Silver) with the
kingdom's best cards worked in (a value per card, a limit on terminal Actions, enough money density), the cards
that beat Gold for this deck (Bank, Hoard, Expand, Workshops for Gardens), greening near the end, the rules
against a Gardens rush (``rivals.py``) and for a deck too thin in coins (``feeding.py``). Buying was three
quarters of the general bot's time, so only the cards a rule could pick are looked at.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable, Iterable

from companion.bots.cardsense import (
    BUY_VALUE, C, COLONY, COPPER, CURSE, DUCHY, ESTATE, GOLD, MULTIPLIERS, NON_TERMINAL, PAYLOAD, PLATINUM, PROVINCE,
    SILVER, VILLAGES, late,
)
from companion.bots.feeding import mint_starves, starved
from companion.bots.rivals import RUSH_PACE, pile_cards, rusher
from companion.cards import Card, catalogue
from companion.engine.view import PlayerView

if TYPE_CHECKING:
    from companion.bots.general import GeneralBot

GARDENS, MINT, MERCHANT = C["Gardens"], C["Mint"], C["Merchant"]
BANK, HOARD, EXPAND, WORKSHOP, FORGE = C["Bank"], C["Hoard"], C["Expand"], C["Workshop"], C["Forge"]
# Kingdom cards worth buying at all (a value above 0), which kingdom_pick weighs.
WANTED = frozenset(c for c in catalogue().kingdom if BUY_VALUE.get(c.name, 0) > 0)
# The cards better_than_gold looks at, and those the bot keeps one of (or three of).
BETTER_THAN_GOLD = frozenset((BANK, HOARD, EXPAND, WORKSHOP))
ONE_IS_ENOUGH = frozenset(C[n] for n in ("Chapel", "Moneylender", "Mine", "Remodel", "Bishop", "Forge"))
THREE_ARE_ENOUGH = frozenset(C[n] for n in ("Mint", "Anvil", "Investment", "Tiara", "Quarry"))
# Above every buy value: (cost + value) * _KEY_BASE + value orders as the pair (cost + value, value).
_KEY_BASE = max(BUY_VALUE.values()) + 1
# The Actions with a rule of their own in kingdom_pick.
LIMITED = ONE_IS_ENOUGH | MULTIPLIERS | {MERCHANT, FORGE}
CURSERS = (C["Witch"], C["Charlatan"])
# Cantrips that do little (a value under 5: Cellar, Harbinger, Merchant, Poacher): two in all are enough.
WEAK_CANTRIPS = frozenset(c for c in NON_TERMINAL - VILLAGES if BUY_VALUE.get(c.name, 0) < 5)


def sorted_cards(cards: Iterable[Card], key: Callable[[Card], int | tuple[int, str]]) -> list[Card]:
    """Sorted by ``key``, ties by card name: never by the order of a set, which changes with the hash seed.
    (The key's type is checked when compiled: a card table's rank is a tuple, not an int.)"""
    return sorted(cards, key=lambda c: (key(c), c.name))


def best_gain(bot: GeneralBot, view: PlayerView, options: Iterable[Card], buying: bool) -> Card | None:
    # Each card once, in the order offered (hand or Supply order): quick to test, and unlike a set,
    # iterated in the same order in every process.
    opts = dict.fromkeys(options)
    if not opts:
        return None
    facts = bot.facts(view)
    owned = view.owned()
    money = facts.money(owned)
    is_late = late(view)
    rush = rusher(view) if facts.gardens else None
    if rush is not None:  # a Gardens rush: its piles end the game; its Gardens are contested
        is_late = is_late or pile_cards(view) - 2 <= RUSH_PACE * 4
        if buying and GARDENS in opts and view.count_owned(GARDENS, rush) and view.cost(GARDENS) >= max(
                map(view.cost, opts)) - 4 and not (PROVINCE in opts and (money > 15 or is_late)):
            return GARDENS

    if view.uses_colony:
        if COLONY in opts and (money > 28 or view.pile(COLONY) <= 5):
            return COLONY
        if PLATINUM in opts and view.pile(COLONY) > 3:
            return PLATINUM
    if PROVINCE in opts and (money > 15 or is_late or not buying):
        return PROVINCE
    if GARDENS in opts and (is_late or owned.get(GARDENS)) and sum(owned.values()) >= 30:
        return GARDENS  # worth 3 or more, like a Duchy, for 4 coins
    if is_late and DUCHY in opts:
        return DUCHY
    money_card = better_than_gold(bot, view, opts, owned, is_late)
    if money_card is not None:
        return money_card
    if ESTATE in opts and view.pile(PROVINCE) <= 2 and max(map(view.cost, opts)) < 5:
        return ESTATE
    if buying and MINT in opts and view.my_turn:
        is_treasure = facts.is_treasure
        if any(is_treasure[c] and c is not COPPER for c in view.in_play()) or mint_starves(bot, view):
            opts = {c: None for c in opts if c is not MINT}  # gaining it would trash them
    best = kingdom_pick(bot, view, opts, owned)
    if best is not None:
        value = BUY_VALUE.get(best.name, 0)
        if value >= 7:
            cost = view.cost(best)
            # Gold over a 5-cost card (Laboratory, Market) at 6 coins; a curser's first two copies first
            if cost >= 5 and (GOLD not in opts or cost >= 6 or (best in CURSERS and owned.get(best, 0) < 2)):
                return best
    if GOLD in opts:
        return GOLD
    if best is not None and value >= 4 and (best in PAYLOAD or facts.is_treasure[best]
                                            or (value >= 5 and money / max(1, sum(owned.values())) >= 0.75)
                                            or SILVER not in opts):
        return best
    if SILVER in opts:
        return SILVER
    if best is not None:
        return best
    if not buying and is_late:
        for c in (DUCHY, ESTATE):
            if c in opts:
                return c
    if COPPER in opts and starved(bot, view):
        return COPPER  # a deck too thin in coins to reach a Silver
    return None

def better_than_gold(bot: GeneralBot, view: PlayerView, opts: dict[Card, None], owned: Counter[Card], is_late: bool) -> Card | None:
    """Kingdom Treasures and gainers that beat Gold for this deck now (Bank, Hoard, Expand...)."""
    found = BETTER_THAN_GOLD.intersection(opts)  # most buys offer none of them
    if not found:
        return None
    facts = bot.facts(view)
    for c in sorted_cards(found, lambda c: -view.cost(c)) if len(found) > 1 else found:  # the dearest first
        have = owned.get(c, 0)
        if c is BANK and have < 2 and facts.money(owned) > 12:
            return c
        if c is HOARD and have < 1 and view.pile(PROVINCE) <= 6 and not is_late:
            return c
        if c is EXPAND and have < 1 and not is_late and sum(owned.values()) >= 14:
            return c
        if c is WORKSHOP and have < 4 and facts.gardens and view.cost(c) >= max(map(view.cost, opts)) - 1 \
                and rusher(view) is None:  # (not racing a rusher to empty the Workshops)
            return c  # Workshops gain Gardens, but only at 3 or 4 coins, never instead of Gold
    return None

def kingdom_pick(bot: GeneralBot, view: PlayerView, opts: dict[Card, None], owned: Counter[Card]) -> Card | None:
    wanted = list(filter(WANTED.__contains__, opts))  # in the order offered: the first wins a tie
    if not wanted:
        return None
    is_action = bot.facts(view).is_action
    have = owned.get  # (a Counter's owned[c] runs Python code for a card not owned)
    total = sum(owned.values())
    terminals = villages = multipliers = actions = weak = 0
    for c in filter(is_action.__getitem__, owned):  # the Actions this player has (villages and
        n = owned[c]                                 # Throne Rooms are Actions, whatever the kingdom)
        actions += n
        if c not in NON_TERMINAL:
            terminals += n
        elif c in VILLAGES:  # (every village is a non-terminal)
            villages += n
        elif c in WEAK_CANTRIPS:
            weak += n
        if c in MULTIPLIERS:
            multipliers += n
    actions -= multipliers + weak  # a Throne Room on a Harbinger does little
    best, best_key = None, -1
    for c in wanted:
        value = BUY_VALUE[c.name]
        if is_action[c]:
            if c not in NON_TERMINAL:
                if terminals >= 1 + villages + total // 12:
                    continue
            elif c in VILLAGES:
                if villages >= terminals:
                    continue
            elif c in WEAK_CANTRIPS:
                if weak >= 2:
                    continue  # two weak cantrips (Harbinger, Cellar...) in all, of every kind together
            elif have(c, 0) >= max(2, total // 6):
                continue  # cantrips, but not a deck of them
            if c in LIMITED:
                if c in ONE_IS_ENOUGH and have(c, 0) >= 1:
                    continue
                if c in MULTIPLIERS and actions < 2 * (multipliers + 1) + 1:
                    continue  # Throne Room and King's Court need Actions to play
                if c is MERCHANT and have(c, 0) >= have(SILVER, 0):
                    continue  # Merchant pays only with a Silver
                if c is FORGE and have(CURSE, 0) + have(ESTATE, 0) < 3:
                    continue  # Forge needs cards to trash
        elif c in THREE_ARE_ENOUGH and have(c, 0) >= 3:
            continue
        key = (view.cost(c) + value) * _KEY_BASE + value  # (cost + value, value) as one number
        if key > best_key:
            best, best_key = c, key
    return best

__all__ = ["BETTER_THAN_GOLD", "CURSERS", "EXPAND", "FORGE", "GARDENS", "MERCHANT", "MINT", "WANTED", "best_gain",
           "better_than_gold", "kingdom_pick", "sorted_cards"]
