"""What bots know about cards: how good each is to buy, play, keep or get rid of. Shared by all bots."""

from __future__ import annotations

from typing import Any, Callable

from companion.cards import Card, catalogue
from companion.engine.view import PlayerView
from collections import Counter

_cat = catalogue()
C = _cat.by_name
COPPER, SILVER, GOLD, PLATINUM = C["Copper"], C["Silver"], C["Gold"], C["Platinum"]
ESTATE, DUCHY, PROVINCE, COLONY, CURSE = C["Estate"], C["Duchy"], C["Province"], C["Colony"], C["Curse"]

# How much a bot wants a kingdom card (0 never, 10 best), before the deck's needs are weighed.
BUY_VALUE: dict[str, int] = {
    "Witch": 9, "King's Court": 9, "Charlatan": 8, "Laboratory": 7, "Grand Market": 7, "Market": 6,
    "Council Room": 6, "Library": 6, "Smithy": 6, "Militia": 6, "Sentry": 5, "Artisan": 6, "Festival": 5,
    "Bandit": 5, "Moneylender": 4, "Throne Room": 5, "Mine": 4, "Remodel": 4, "Village": 4, "Merchant": 4,
    "Poacher": 4, "Harbinger": 4, "Vassal": 4, "Workshop": 3, "Cellar": 3, "Chapel": 3, "Moat": 3,
    "Bureaucrat": 4, "Gardens": 0, "Bank": 6, "City": 6, "Clerk": 5, "Collection": 5, "Crystal Ball": 6,
    "Expand": 5, "Forge": 4, "Hoard": 5, "Investment": 3, "Magnate": 5, "Mint": 3, "Monument": 5,
    "Peddler": 6, "Quarry": 3, "Rabble": 6, "Tiara": 4, "Vault": 6, "War Chest": 5, "Watchtower": 4,
    "Worker's Village": 5, "Anvil": 3, "Bishop": 4,
}
# Actions giving +2 Actions or more (villages), and those giving +1 Action (cantrips and the like).
VILLAGES = frozenset(C[n] for n in ("Village", "Festival", "City", "Worker's Village"))
NON_TERMINAL = VILLAGES | frozenset(C[n] for n in (
    "Cellar", "Harbinger", "Laboratory", "Market", "Merchant", "Poacher", "Sentry", "Grand Market", "Peddler",
))
DRAWERS = frozenset(C[n] for n in ("Smithy", "Council Room", "Library", "Moat", "Witch", "Rabble", "Vault",
                                   "Magnate", "Watchtower", "Laboratory"))
MULTIPLIERS = frozenset(C[n] for n in ("Throne Room", "King's Court"))
# The order to play Actions in when there is a choice: higher first.
PLAY_ORDER: dict[str, int] = {
    "King's Court": 95, "Throne Room": 90, "Festival": 88, "Village": 87, "City": 87, "Worker's Village": 87,
    "Grand Market": 86, "Laboratory": 85, "Market": 84, "Peddler": 84, "Sentry": 83, "Merchant": 83,
    "Poacher": 82, "Harbinger": 81, "Cellar": 80, "Witch": 70, "Charlatan": 69, "Library": 66,
    "Council Room": 67, "Rabble": 66, "Smithy": 65, "Vault": 64, "Magnate": 63, "Watchtower": 55,
    "Militia": 60, "Bandit": 58, "Bureaucrat": 50, "Clerk": 57, "Monument": 56, "Moneylender": 54,
    "Mine": 52, "Artisan": 59, "Remodel": 45, "Expand": 46, "Forge": 40, "Bishop": 44, "Workshop": 42,
    "Chapel": 41, "Vassal": 62, "Moat": 48, "Mint": 30,
}
# The order to play Treasures in: abilities that depend on what is in play go last (Bank).
TREASURE_ORDER: dict[str, int] = {
    "Tiara": 100, "War Chest": 95, "Crystal Ball": 90, "Quarry": 85, "Hoard": 80, "Collection": 80,
    "Investment": 75, "Anvil": 70, "Platinum": 60, "Gold": 60, "Silver": 60, "Copper": 60, "Curse": 60,
    "Bank": 10,
}


# Actions that make coins themselves, so buying them keeps the deck able to buy.
PAYLOAD = frozenset(C[n] for n in (
    "Festival", "Market", "Militia", "Monument", "Moneylender", "Merchant", "Poacher", "Vassal", "Bishop",
    "Charlatan", "Grand Market", "Peddler", "Clerk", "Mine", "Vault", "Artisan", "Bandit",
))


class CardTable(dict):  # type: ignore[type-arg]
    """A value per card, worked out the first time a card is looked up and kept: a bot's sort key or a
    fact it asks thousands of times a game, read back in C (``table[card]``, ``key=table.__getitem__``)."""

    __slots__ = ("work",)

    def __init__(self, work: Callable[[Card], Any]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, card: Card) -> Any:
        value = self[card] = self.work(card)
        return value


def coin_value(card: Card) -> int:
    return card.coin or 0


def money_total(view: PlayerView, owned: Counter[Card] | None = None) -> int:
    """Coins the Treasures this player has would make (Bank counted as 2)."""
    total = 0
    for card, n in (owned if owned is not None else view.owned()).items():
        if view.is_treasure(card):
            total += counts_for(card) * n
    return total


def counts_for(card: Card) -> int:
    """The coins a Treasure counts for in ``money_total``: Bank as 2, a Curse played as a Treasure as 1."""
    return 2 if card.name == "Bank" else coin_value(card) or (1 if card is CURSE else 0)


def junk_rank(card: Card, view: PlayerView | None) -> int:
    """How much a bot wants to be rid of a card (higher: sooner). The same all game long, whatever the view
    (``JUNK_FIRST`` and ``JUNK_LAST`` keep it per card)."""
    if card is CURSE:
        return 100
    if card.is_victory and not card.is_action and not card.is_treasure:
        return 80 - (card.vp or 0)
    if card is COPPER:
        return 40
    return 20 - card.cost - BUY_VALUE.get(card.name, 0)


def trash_rank(card: Card, view: PlayerView) -> int:
    """How willing a bot is to trash a card (higher: sooner). Unlike ``junk_rank`` (for discarding),
    points are never thrown away: a forced trash takes a Copper before a Province, and late in the
    game an Estate is kept too."""
    return _trash_rank(card, card is ESTATE and late(view))


def _trash_rank(card: Card, is_late: bool) -> int:
    if card is CURSE:
        return 100
    if card.is_victory and not card.is_action and not card.is_treasure:
        if card is ESTATE and not is_late:
            return 90
        return -40 - 10 * (card.vp or 0)
    if card is COPPER:
        return 50
    return 20 - card.cost - BUY_VALUE.get(card.name, 0)


def keep_rank(card: Card, view: PlayerView) -> int:
    return -junk_rank(card, view)


# Sort keys, ties by card name (never by the order of a set, which changes with the hash seed): the Actions
# to play first, the Treasures to play first, the cards to be rid of first (and last), the cards to trash
# first (early in the game, and late, when an Estate is kept).
PLAY_FIRST = CardTable(lambda c: (-PLAY_ORDER.get(c.name, 50), c.name))
TREASURE_FIRST = CardTable(lambda c: (-TREASURE_ORDER.get(c.name, 60), c.name))
JUNK_FIRST = CardTable(lambda c: (-junk_rank(c, None), c.name))
JUNK_LAST = CardTable(lambda c: (junk_rank(c, None), c.name))
TRASH_FIRST = {False: CardTable(lambda c: (-_trash_rank(c, False), c.name)),
               True: CardTable(lambda c: (-_trash_rank(c, True), c.name))}


def late(view: PlayerView) -> bool:
    """Near the end: few Provinces (or Colonies) left, or one pile short of the end."""
    prov = view.pile(PROVINCE)
    if prov <= 4 or (view.uses_colony and view.pile(COLONY) <= 4):
        return True
    if view.turns() >= 30:  # a game that drags on: score while it can
        return True
    near_end: bool = view.empty_piles() >= view.piles_to_end - 1
    return near_end
