"""What a card does to a turn's Actions, Buys and coins, read from its printed text.

Only effects that are fixed are counted: a line that is exactly "+2 Actions", "+1 Buy", "+2 coins" or
"+1 VP", a Treasure's coin value, "play an Action card from your hand twice", and "The first time you play
a Silver this turn, +1 coin"; and which cards let an Action be played without an Action (Vassal, Crystal
Ball, Clerk at the start of a turn). A card whose coins, Actions or Buys depend on a choice or on other cards
(Moneylender, Vault...) is marked variable, so the calculator can say it did not count it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from companion.cards import Card

_FIXED = re.compile(r"^\+(\d+) (Actions?|Buys?|coins?|Cards?|VP)$")
_VALUE = re.compile(r"^(\d+) coins?$")
_VARIABLE = re.compile(r"\+\d+ (?:coins?|Actions?|Buys?)\b|coins? per|\bcoins? each\b")
_VARIABLE_VP = re.compile(r"\+\d+ VP per|when you gain .*\+\d+ VP")  # Bishop; Collection
_VP_PER_COST = re.compile(r"Trash a card from your hand\. \+1 VP per (\d+) coins? it costs")  # Bishop
_VP_PER_ACTION_GAIN = re.compile(r"when you gain an Action card, \+(\d+) VP")  # Collection
_REPEAT = re.compile(r"play an? (Action|Treasure)(?: card)? from your hand (twice|three times)")
_FIRST_PLAY = re.compile(r"first time you play an? (.+?) this turn, \+(\d+) coins?")
_ALSO_TREASURE = re.compile(r"(\w+) is also a Treasure worth (\d+) coins?")
_COST_PER_ACTION = re.compile(r"this costs (\d+) coins? less per Action card")
_ACTIONS_COST_LESS = re.compile(r"Actions cost (\d+) coins? less")
_EMPTY_BONUS = re.compile(r"If there are (one|two) or more, \+(\d+) Buy and \+(\d+) coins?")
# Vassal, Crystal Ball: "If it's an Action card, you may play it."
_PLAYS_ONE = re.compile(r"if it's an Action(?: or Treasure)?(?: card)?, (?:you may )?play it", re.IGNORECASE)
_START_OF_TURN = re.compile(r"start of your turn, you may play this")  # Clerk
_NOT_WITH = re.compile(r"can't buy this if you have any (\w+?)s? in play")  # Grand Market: Coppers
_GAIN_ON_BUY = re.compile(r"when you gain an? (\w+) card, if you bought it, gain an? (\w+)")  # Hoard
_TRASHES_TREASURES = re.compile(r"When you gain this, trash all (?:non-Duration )?Treasures you have in play")  # Mint
_PER_TREASURE = re.compile(r"^\+(\d+) coins? per Treasure card you have in play \(counting this\)\.$")  # Bank
_TIMES = {"twice": 2, "three times": 3}
_NUMBERS = {"one": 1, "two": 2}


@dataclass(frozen=True, slots=True)
class Effect:
    """A card's fixed effect on a turn. ``variable`` means part of it depends on the play."""

    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    variable: bool = False  # coins, Actions or Buys that the calculator cannot know
    variable_vp: bool = False  # VP tokens that depend on the play (Bishop's trashed card)
    repeat: tuple[str, int] | None = None  # ("Action", 2) for Throne Room
    first_play_bonus: tuple[str, int] | None = None  # ("Silver", 1) for Merchant
    cost_cut_per_action: int = 0  # Peddler: costs this much less per Action card in play
    actions_cost_less: int = 0  # Quarry: Action cards cost this much less this turn
    empty_pile_bonus: tuple[int, int, int] | None = None  # City: (empty piles needed, +Buys, +coins)
    plays_an_action: bool = False  # Vassal, Crystal Ball: may play an Action card without using an Action
    start_of_turn: bool = False  # Clerk: may be played at the start of the turn, without using an Action
    not_bought_with: str | None = None  # Grand Market: cannot be bought with this card ("Copper") in play
    gain_on_buy: tuple[str, str] | None = None  # Hoard: ("Victory", "Gold"), a Gold for each Victory card bought
    trashes_treasures: bool = False  # Mint: when gained, the Treasures in play are trashed
    vp_per_cost: int = 0  # Bishop: +1 VP per this many coins the card it trashes costs (the next trash entry)
    vp_per_action_gain: int = 0  # Collection: this many VP for each Action card gained this turn
    coins_per_treasure: int = 0  # Bank: this many coins per Treasure in play, itself counted


@lru_cache(maxsize=None)
def effect_of(card: Card) -> Effect:
    """The fixed effect of playing ``card`` once, read from its text above the line."""
    actions = buys = coins = vp = 0
    variable = variable_vp = False
    repeat = first = None
    actions_less = 0
    empty_bonus = None
    plays_one = start = trashes = False
    gain_on_buy = None
    per_cost = per_gain = per_treasure = 0
    for line in card.text:
        if m := _PER_TREASURE.match(line):  # every Treasure in play was played, so the calculator knows them
            per_treasure = int(m.group(1))
            continue
        if m := _VP_PER_COST.search(line):
            per_cost = int(m.group(1))
        if m := _VP_PER_ACTION_GAIN.search(line):
            per_gain = int(m.group(1))
        if m := _GAIN_ON_BUY.search(line):
            gain_on_buy = (m.group(1), m.group(2))
            continue
        if _PLAYS_ONE.search(line):
            plays_one = True
        if m := _EMPTY_BONUS.search(line):  # City: the table knows how many piles are empty
            empty_bonus = (_NUMBERS[m.group(1)], int(m.group(2)), int(m.group(3)))
            line = line[: m.start()]
        fixed = _FIXED.match(line)
        value = _VALUE.match(line)
        if fixed:
            n, what = int(fixed.group(1)), fixed.group(2)
            if what.startswith("Action"):
                actions += n
            elif what.startswith("Buy"):
                buys += n
            elif what.startswith("coin"):
                coins += n
            elif what == "VP":
                vp += n
            continue
        if value and card.is_treasure:
            coins += int(value.group(1))
            continue
        if m := _REPEAT.search(line):
            repeat = (m.group(1), _TIMES[m.group(2)])
            continue
        if m := _FIRST_PLAY.search(line):
            first = (m.group(1), int(m.group(2)))
            continue
        if m := _ACTIONS_COST_LESS.search(line):
            actions_less = int(m.group(1))
            continue
        if _VARIABLE.search(line):
            variable = True
        if _VARIABLE_VP.search(line):
            variable_vp = True
    if card.is_treasure and card.coin is None and not coins and not variable and not per_treasure:
        variable = True  # a Treasure with no printed value makes coins some other way
    cut = 0
    not_with = None
    for line in card.below_line:
        if m := _NOT_WITH.search(line):
            not_with = m.group(1)
        if m := _COST_PER_ACTION.search(line):
            cut = int(m.group(1))
        start = start or bool(_START_OF_TURN.search(line))
        trashes = trashes or bool(_TRASHES_TREASURES.search(line))
    return Effect(actions, buys, coins, vp, variable, variable_vp, repeat, first, cut, actions_less, empty_bonus,
                  plays_one, start, not_with, gain_on_buy, trashes, per_cost, per_gain, per_treasure)


def also_treasures(cards: tuple[Card, ...]) -> dict[str, int]:
    """Cards made Treasures by a kingdom card's text below the line (Charlatan: Curse is worth 1 coin)."""
    found: dict[str, int] = {}
    for card in cards:
        for line in card.below_line:
            if m := _ALSO_TREASURE.search(line):
                found[m.group(1)] = int(m.group(2))
    return found
