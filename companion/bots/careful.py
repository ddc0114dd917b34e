"""The strong bot's answers to a few card questions, as an experienced player gives them, each with its reason.

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

from typing import Any

from companion.bots.cardsense import BUY_VALUE, C, COPPER, CURSE, ESTATE, JUNK_FIRST, late

# Cards that look at the top of their player's deck and can trash what they find there.
TOP_TRASHERS = (C["Sentry"], C["Crystal Ball"])


def watchtower(bot: Any, view: Any, about: Any) -> str:
    """"trash", "deck" or "no" for the card ``about`` just gained, with the reason in ``bot.why``."""
    facts = bot.facts(view)
    name = about.name
    if about is CURSE or (about is ESTATE and not late(view)) or (about is COPPER and not facts.gardens):
        bot.why = f"{name} would only weaken your deck."
        return "trash"
    if about.is_victory or about is CURSE or about is COPPER or about is ESTATE:
        bot.why = f"{name} would do nothing in your next hand; it can wait in your discard pile."
        return "no"
    owned = view.owned()
    cards = max(1, sum(owned.values()))
    money = facts.money(owned)
    if facts.is_treasure[about] and facts.coins[about] * cards > money:
        bot.why = (f"{name} is worth more than your deck's average card ({money} coins in {cards} cards), "
                   "so you want it in your next hand.")
        return "deck"
    if facts.is_action[about] and BUY_VALUE.get(name, 0) >= 5:
        bot.why = f"{name} is one of the kingdom's good cards, and on your deck it is in your next hand."
        return "deck"
    bot.why = f"{name} is worth no more than your deck's average card; it can wait in your discard pile."
    return "no"


def rabble_order(bot: Any, view: Any, cards: tuple[Any, ...]) -> tuple[Any, ...]:
    """The Victory cards and Curses Rabble left, top first: the one most worth trashing first."""
    order = tuple(sorted(cards, key=JUNK_FIRST.__getitem__))
    owned = view.owned()
    finders = [c.name for c in TOP_TRASHERS if owned.get(c, 0)]
    if finders:
        bot.why = f"{order[0].name} goes on top, where your {finders[0]} can trash it first."
    else:
        bot.why = "none of these does anything in your hand, so their order changes nothing."
    return order


__all__ = ["TOP_TRASHERS", "rabble_order", "watchtower"]
