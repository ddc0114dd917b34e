"""The strong bot's answers to a few card questions, as an experienced player gives them, each with its reason.

Also the worth of each card to the hand it is in (``hand_values``), which the careful discards and
put-backs (Militia, Clerk, Artisan) go by.

``GeneralBot`` asks these when ``careful`` is set (the strong bot, and so ``hint``); the other levels
answer as before. Each sets the bot's ``why`` to a reason true of this decision: hint says it.

- Watchtower, on a card just gained: trash a Curse, an Estate before the end, a Copper (not with
  Gardens); put on the deck a Treasure worth more than the deck's average card, or a kingdom card worth
  buying for itself; leave Victory cards and the rest in the discard pile.
- Rabble's put-back, the Victory cards and Curses it left on the deck: the order matters only to a card
  that looks at the top of the deck and can trash (Sentry, Crystal Ball): the card most worth trashing
  goes on top. With none, the order changes nothing, and the hint says so.
"""

from __future__ import annotations

from typing import Iterable, TYPE_CHECKING

from companion.bots.cardsense import (
    BUY_VALUE, C, COPPER, CURSE, DRAWERS, ESTATE, JUNK_FIRST, MULTIPLIERS, NON_TERMINAL, PAYLOAD, PLAY_FIRST,
    PLAY_ORDER, VILLAGES, junk_rank, late,
)
from companion.bots.feeding import playable_coins, starved
from companion.cards import Card
from companion.engine.phase import Phase
from companion.engine.view import PlayerView

if TYPE_CHECKING:
    from companion.bots.general import GeneralBot
    from companion.bots.facts import GameFacts

# Cards that look at the top of their player's deck and can trash what they find there.
TOP_TRASHERS = (C["Sentry"], C["Crystal Ball"])
BANK, INVESTMENT = C["Bank"], C["Investment"]


def watchtower(bot: GeneralBot, view: PlayerView, about: Card) -> str:
    """"trash", "deck" or "no" for the card ``about`` just gained, with the reason in ``bot.why``."""
    facts = bot.facts(view)
    name = about.name
    if about is CURSE or (about is ESTATE and not late(view)) or (about is COPPER and not facts.gardens
                                                                  and not starved(bot, view)):
        bot.why = f"{name} would only weaken your deck."
        return "trash"
    if about.is_victory or about is CURSE or about is COPPER or about is ESTATE:
        bot.why = f"{name} would do nothing in your next hand. It can wait in your discard pile."
        return "no"
    owned = view.owned()
    cards = max(1, sum(owned.values()))
    money = facts.money(owned)
    if facts.is_treasure[about] and facts.coins[about] * cards > money:
        bot.why = (f"{name} is worth more than your deck's average card, {money} coins in {cards} cards, "
                   "so you want it in your next hand.")
        return "deck"
    if facts.is_action[about] and BUY_VALUE.get(name, 0) >= 5:
        bot.why = f"{name} is one of the kingdom's good cards, and on your deck it is in your next hand."
        return "deck"
    bot.why = f"{name} is worth no more than your deck's average card. It can wait in your discard pile."
    return "no"


def rabble_order(bot: GeneralBot, view: PlayerView, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The Victory cards and Curses Rabble left, top first: the one most worth trashing first."""
    order = tuple(sorted(cards, key=JUNK_FIRST.__getitem__))
    owned = view.owned()
    finders = [c.name for c in TOP_TRASHERS if owned.get(c, 0)]
    if finders:
        bot.why = f"{order[0].name} goes on top, where your {finders[0]} can trash it first."
    else:
        bot.why = "none of these does anything in your hand, so their order changes nothing."
    return order


def hand_values(bot: GeneralBot, view: PlayerView, cards: Iterable[Card]) -> list[tuple[float, Card]]:
    """What each card is worth to the turn this hand is played in, lowest first: Treasures by their
    coins, the Actions it has Actions to play (villages first, then the best terminal; a Throne Room or
    King's Court only with another Action to play twice), and last the cards that do nothing there: Victory
    cards, Curses, and terminals beyond the Actions it has."""
    cards = list(cards)
    facts = bot.facts(view)
    is_action, is_treasure = facts.is_action, facts.is_treasure
    now = view.my_turn and view.phase is Phase.ACTION
    actions = view.actions if now else 1
    actions += sum(1 for c in cards if c in VILLAGES)
    values: list[tuple[float, Card]] = []
    # A Throne Room or King's Court is worth something only with another Action to play twice; it plays
    # that Action itself, so that one needs no Action of its own.
    targets = sum(1 for c in cards if is_action[c] and c not in MULTIPLIERS)
    for c in sorted(cards, key=PLAY_FIRST.__getitem__):  # the Actions it would play first come first
        if c in MULTIPLIERS:
            if targets > 0 and actions > 0:
                targets -= 1
                value = 2.5
            else:
                value = 0.1 if targets > 0 else 0.0  # nothing to play twice: it does nothing in this hand
        elif is_action[c]:
            if c in NON_TERMINAL:
                value = 2.5
            elif actions > 0:
                actions -= 1
                value = 2.5 if c in DRAWERS or c in PAYLOAD else 1.5
            else:
                value = 0.5  # no Action left to play it
        elif is_treasure[c]:
            value = facts.coins[c] or 0.8
        elif c is CURSE or c.is_victory:
            value = -2.0 + (c.vp or 0) / 10  # a Curse first, then Estate, then Duchy, as before
        else:
            value = 0.0
        values.append((value, c))
    values.sort(key=lambda vc: (vc[0], vc[1].name))
    return values


def put_back(bot: GeneralBot, view: PlayerView, options: tuple[Card, ...]) -> Card:
    """Clerk: the card to put from the hand onto the deck. It is only put off to the hand after, so: an
    Action this hand has no Action for; else a Treasure it can spare and still buy the same; else a
    card that does nothing in this hand; else the least it can spare."""
    values = hand_values(bot, view, options)
    for value, c in values:
        if value == 0.5:
            bot.why = f"this hand has no Action left for {c.name}, and from your deck it comes back next."
            return c
    facts = bot.facts(view)
    actions = playable_coins(options)  # Charlatan's +$3 counts with the Treasures
    coins = hand_coins(facts, options) + actions
    target = max((t for t in (11, 9, 8, 6, 5, 3, 0) if t <= coins), default=0)
    spare: list[tuple[int, str, int, Card]] = []  # (coins it takes away, name, coins left, card)
    for c in dict.fromkeys(options):
        if facts.is_treasure[c]:
            rest = list(options)
            rest.remove(c)
            left = hand_coins(facts, rest) + actions
            if target <= left < coins:
                spare.append((coins - left, c.name, left, c))
    if spare:
        _, _, left, c = max(spare)
        bot.why = f"your hand still has {left} {'coin' if left == 1 else 'coins'} without it, and it comes back next."
        return c
    c = values[0][1]
    if values[0][0] < 0:  # a Victory card or a Curse
        bot.why = f"{c.name} does nothing in this hand, and every other card does."
    else:
        bot.why = f"{c.name} does the least in this hand."
    return c


def hand_coins(facts: GameFacts, cards: Iterable[Card], played: int = 0) -> int:
    """The coins these cards' Treasures make when all are played: Investment gives 1, Bank 1 for each
    Treasure in play with it (played last, after ``played`` Treasures already in play), a Curse that is a
    Treasure 1."""
    cards = [c for c in cards if facts.is_treasure[c]]
    total = 0
    for c in cards:
        if c is BANK:
            total += len(cards) + played
        elif c is INVESTMENT:
            total += 1
        else:
            total += facts.coins[c]
    return total


def artisan_back(bot: GeneralBot, view: PlayerView, options: tuple[Card, ...]) -> Card:
    """The card to put back for next turn: an Action it cannot play now, else the best Treasure
    it can spare and still buy what it could (Bank and Investment counted as they play), else the card
    whose loss costs this turn least (never a Victory card: it would spoil next turn's hand)."""
    actions_left = view.actions if view.my_turn else 0
    acts = [c for c in options if view.is_action(c)]
    if acts and actions_left <= 1:
        bot.why = "you cannot play it this turn, and next turn you can."
        return max(acts, key=lambda c: (PLAY_ORDER.get(c.name, 50), c.name))
    facts = bot.facts(view)
    hand = view.hand_list
    played = sum(1 for c in view.in_play() if facts.is_treasure[c]) if view.my_turn else 0
    coins = view.coins + hand_coins(facts, hand, played)
    target = max((t for t in (11, 9, 8, 6, 5, 3, 0) if t <= coins), default=0)
    spare: list[tuple[int, str, int, Card]] = []  # (coins it takes away, name, coins left, card)
    for c in dict.fromkeys(options):
        if facts.is_treasure[c]:
            rest = list(hand)
            rest.remove(c)
            left = view.coins + hand_coins(facts, rest, played)
            if target <= left < coins:
                spare.append((coins - left, c.name, left, c))
    if spare:
        _, _, left, c = max(spare)
        bot.why = f"you still have {left} {'coin' if left == 1 else 'coins'} this turn, and it starts your next hand."
        return c

    def lost(c: Card) -> int:  # the coins this turn loses without it
        if not facts.is_treasure[c]:
            return 0
        rest = list(hand)
        rest.remove(c)
        left: int = coins - view.coins - hand_coins(facts, rest, played)
        return left

    others = [c for c in options if not c.is_victory and c is not CURSE]
    if others:
        bot.why = "it is the card this turn needs least, and a Victory card would spoil your next hand."
        return min(others, key=lambda c: (lost(c), view.cost(c), c.name))
    bot.why = "every card in your hand is a Victory card or a Curse, and one must go back."
    return max(options, key=lambda c: (junk_rank(c, view), c.name))


def _worth(bot: GeneralBot, view: PlayerView, card: Card | None, is_late: bool) -> float:
    """A rough worth of owning ``card`` now, in about a coin a turn: Treasures by their coins, kingdom
    cards by how much a bot wants them (the plan's own card a point more), Victory cards by their points
    near the end and as dead cards before it, a Curse below everything."""
    if card is None:
        return 0.0
    if card is CURSE:
        return -3.0
    facts = bot.facts(view)
    if card.is_victory and not card.is_action and not facts.is_treasure[card]:
        vp = card.vp or 0
        return float(vp) if is_late else vp * 0.6 - 1.6  # Estate -1, Duchy 0.2, Province 2
    if facts.is_treasure[card] and not card.is_kingdom:
        return float(facts.coins[card])
    plan = getattr(bot, "_plan_cards", ())
    return BUY_VALUE.get(card.name, 0) / 2 + (1 if card in plan else 0)


def gain_up_to(bot: GeneralBot, view: PlayerView, top: int) -> Card | None:
    """The card the bot would gain with a gainer that offers the Supply's cards costing up to ``top``."""
    opts = [c for c, left in view.supply.items() if left and view.cost(c) <= top]
    if not opts:
        return None
    choose = getattr(bot, "choose_buy", None)
    if choose is not None:
        chosen: tuple[Card | None, str] = choose(view, max(map(view.cost, opts)))
        card = chosen[0]
        if card is not None and card in opts:
            return card
    best: Card | None = bot.best_gain(view, opts, buying=False)
    return best


def upgrade(bot: GeneralBot, view: PlayerView, options: Iterable[Card], more: int) -> tuple[Card | None, Card | None, float]:
    """Remodel (``more`` 2) and Expand (3): the card to trash from ``options`` for the most gain in worth,
    the card it becomes, and that gain (below 0: every choice loses). A Copper made into a Cellar gains
    little; a Silver made into the plan's Witch, or an Estate into a Silver, gains much."""
    is_late = late(view)
    best: tuple[float, float, str, Card | None, Card | None] = (-99.0, 0.0, "", None, None)
    for c in dict.fromkeys(options):
        into = gain_up_to(bot, view, view.cost(c) + more)
        worth = _worth(bot, view, c, is_late)
        gain = _worth(bot, view, into, is_late) - worth
        if (gain, -worth, c.name) > best[:3]:  # on a tie, the card worth least goes
            best = (gain, -worth, c.name, c, into)
    return best[3], best[4], best[0]


__all__ = ["TOP_TRASHERS", "artisan_back", "gain_up_to", "hand_coins", "hand_values", "put_back", "rabble_order",
           "upgrade", "watchtower"]
