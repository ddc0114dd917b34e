"""A deck that money feeds: when a deck is too thin in coins to reach a useful price.

A deck whose average hand makes under 3 coins (a Silver's price) cannot buy its way out: every turn it buys
nothing, and nothing it buys later will come. Mint bought with 5 Coppers in play trashes them, and a deck
of 2 Coppers, 5 Estates and a Mint makes about 1 coin a hand; Chapel overdone, Forge, or Bandits received
do the same. Such a deck ("starved") takes a Copper where it would buy nothing, reveals a Copper to Mint,
takes a Silver before any card that makes no coins, and trashes no Treasure (Watchtower keeps a Copper
gained, Mint is not bought where the Treasures it trashes would leave the deck starved). A plan with a
trasher (``Witch+Chapel``) keeps its own floor of Treasure instead: its Chapel keeps 3 coins, and its
Witch draws the rest.
"""

from __future__ import annotations

from typing import Iterable, TYPE_CHECKING

from companion.bots.cardsense import C, COPPER
from companion.cards import Card
from companion.engine.view import PlayerView
from collections import Counter

if TYPE_CHECKING:
    from companion.bots.general import GeneralBot
    from companion.bots.facts import GameFacts

MINT = C["Mint"]
# The coins an Action makes when played (a rough share where it depends: Merchant's Silver, Moneylender's
# Copper, Vault's discards, Clerk's and Bishop's own +$). Treasures count by ``GameFacts.coins``.
ACTION_COINS: dict[Card, int] = {C[n]: v for n, v in (
    ("Market", 1), ("Festival", 2), ("Militia", 2), ("Charlatan", 3), ("Grand Market", 2), ("Peddler", 1),
    ("Poacher", 1), ("Merchant", 1), ("Vassal", 2), ("Bishop", 1), ("Monument", 2), ("Clerk", 2),
    ("Moneylender", 2), ("Vault", 2), ("Worker's Village", 0), ("City", 0), ("Bandit", 0),
)}
USEFUL_PRICE = 3  # a Silver: below this a hand buys nothing that feeds the deck
# A deck whose average hand makes less than this is starved: half its hands or more miss a Silver. (A deck of 7
# Coppers, 3 Estates and 2 Smithies makes 2.9 a hand and is not: its Smithies draw the rest.)
STARVED_BELOW = 2.5
HAND = 5


def action_coins(cards: Iterable[Card]) -> int:
    """The coins these cards' Actions make when played (Charlatan's +$3, a Market's +$1)."""
    return sum(ACTION_COINS.get(c, 0) for c in cards)


def playable_coins(cards: Iterable[Card]) -> int:
    """The coins the Actions of a hand make with one Action: every one that gives its Action back (a Market),
    and the best of the rest (a Charlatan's +$3)."""
    from companion.bots.cardsense import NON_TERMINAL

    cards = list(cards)
    back = sum(ACTION_COINS.get(c, 0) for c in cards if c in NON_TERMINAL)
    terminal = max((ACTION_COINS.get(c, 0) for c in cards if c not in NON_TERMINAL), default=0)
    return back + terminal


def counted_names(cards: Iterable[Card]) -> str:
    """ "Estate", "2 Estates", "Curse and 2 Estates" (each card once, in order, counted)."""
    from companion.cards.model import plural_of

    cards = list(cards)
    names = [f"{cards.count(c)} {plural_of(c.name)}" if cards.count(c) > 1 else c.name for c in dict.fromkeys(cards)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def deck_coins(facts: GameFacts, owned: Counter[Card]) -> int:
    """The coins a deck makes when every card in it is played: its Treasures and its Actions' +$."""
    total: int = facts.money(owned) + sum(ACTION_COINS.get(c, 0) * n for c, n in owned.items())
    return total


def hand_average(facts: GameFacts, owned: Counter[Card]) -> float:
    """The coins the deck's average hand makes: its coins over its cards, for a hand of 5 (or the whole deck)."""
    cards: int = sum(owned.values())
    if not cards:
        return 0.0
    return deck_coins(facts, owned) * min(HAND, cards) / cards


def starved(bot: GeneralBot, view: PlayerView, owned: Counter[Card] | None = None) -> bool:
    """Too thin in coins to reach a Silver on an average hand; a trasher plan: under its Chapel's floor."""
    owned = view.owned() if owned is None else owned
    facts = bot.facts(view)
    floor = bot.coin_floor()  # the strong bot's, where its plan has a trasher
    if floor is not None:
        return deck_coins(facts, owned) < floor
    return hand_average(facts, owned) < STARVED_BELOW


def starved_words(bot: GeneralBot, view: PlayerView) -> str:
    """ "your deck has 2 coins in 8 cards, about 1 a hand, and a Silver costs 3" (for a reason)."""
    owned = view.owned()
    facts = bot.facts(view)
    coins = deck_coins(facts, owned)
    average = round(hand_average(facts, owned))
    return (f"your deck has {coins} {'coin' if coins == 1 else 'coins'} in {sum(owned.values())} cards, "
            f"about {average} a hand, and a Silver costs {USEFUL_PRICE}")


def mint_starves(bot: GeneralBot, view: PlayerView) -> bool:
    """Buying Mint now would trash the Treasures in play and leave the deck starved (and it was not)."""
    owned = view.owned().copy()
    if starved(bot, view, owned):
        return False  # already starved: Mint's trashing is judged by the buy rules
    facts = bot.facts(view)
    for c in view.in_play():
        if facts.is_treasure[c] and owned.get(c, 0):
            owned[c] -= 1
    owned[MINT] = owned.get(MINT, 0) + 1
    return starved(bot, view, owned)


def copper_buy(bot: GeneralBot, view: PlayerView, coins: int) -> tuple[Card, str] | None:
    """A Copper where a starved deck would buy nothing."""
    if coins >= view.cost(COPPER) and view.pile(COPPER) and starved(bot, view):
        return COPPER, f"{starved_words(bot, view)}. A Copper helps every later hand."
    return None


def mint_reveal(bot: GeneralBot, view: PlayerView, options: tuple[Card, ...]) -> tuple[Card, ...]:
    """Mint's reveal: the dearest Treasure worth a copy (Silver or better), or a Copper in a starved deck."""
    good = [c for c in options if c.cost >= 3 and view.pile(c)]
    if good:
        pick = max(good, key=lambda c: (c.cost, c.name))
        bot.why = f"Mint gains a copy of it, and {pick.name} makes your deck richer."
        return (pick,)
    if COPPER in options and view.pile(COPPER) and starved(bot, view):
        bot.why = f"Mint gains a copy of it, and {starved_words(bot, view)}."
        return (COPPER,)
    bot.why = "your deck reaches a Silver without another Copper." if COPPER in options else \
        "Mint copies only a Treasure worth having, and you have none to reveal."
    return ()


__all__ = ["ACTION_COINS", "action_coins", "copper_buy", "counted_names", "deck_coins", "hand_average", "mint_reveal",
           "mint_starves", "playable_coins",
           "starved", "starved_words"]
