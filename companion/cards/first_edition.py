"""Cards of the 1st editions that the 2nd editions took out. Many physical decks are 1st edition, and the
base 2nd edition rulebook still names Prosperity's old cards in its recommended sets, so a player may ask
for one: they hear what it is, not a guess at a 2nd edition card with a like name ("Festival" for Feast).
"""

from __future__ import annotations

from companion.cards.names import UnknownName, loose

_REMOVED = {
    "Dominion": ("Adventurer", "Chancellor", "Feast", "Spy", "Thief", "Woodcutter"),
    "Prosperity": ("Contraband", "Counting House", "Goons", "Loan", "Mountebank", "Royal Seal", "Talisman",
                   "Trade Route", "Venture"),
}
# What the 2nd editions added in place of the cards they took out, by box; and, where one 2nd edition card
# does the same job, that card and what they share. Woodcutter's is the rulebooks' own: the First Game
# of the 1st edition has Woodcutter where the 2nd edition's has Merchant.
_ADDED = {
    "Dominion": ("Artisan", "Bandit", "Harbinger", "Merchant", "Poacher", "Sentry", "Vassal"),
    "Prosperity": ("Anvil", "Charlatan", "Clerk", "Collection", "Crystal Ball", "Investment", "Magnate",
                   "Tiara", "War Chest"),
}
_NEAREST = {
    "Woodcutter": ("Merchant", "the First Game has Merchant where it had Woodcutter"),
    "Feast": ("Artisan", "it also gains a card costing up to 5 coins"),
    "Thief": ("Bandit", "it also attacks the other players' Treasures"),
    "Chancellor": ("Vassal", "it also costs 3 coins, gives 2 coins and works on your deck"),
    "Mountebank": ("Charlatan", "it also gives coins and a Curse to each other player"),
    "Royal Seal": ("Tiara", "it also lets you put the cards you gain onto your deck"),
}
_BY_KEY = {loose(name): (name, box) for box, names in _REMOVED.items() for name in names}
_BY_KEY.update({key + "s": found for key, found in list(_BY_KEY.items()) if not key.endswith("s")})  # "feasts"


class RemovedCard(UnknownName):
    """A 1st edition card the 2nd edition has not got."""

    def __init__(self, typed: str, name: str, box: str) -> None:
        super().__init__(typed, "card", ())
        self.args = (f"{name} is a 1st edition {box} card, not in the 2nd edition.",)


def removed(typed: str) -> RemovedCard | None:
    """The error for ``typed`` if it names a card the 2nd editions took out, else None."""
    found = _BY_KEY.get(loose(typed))
    return RemovedCard(typed, *found) if found is not None else None


def replaced(typed: str) -> str | None:
    """What a player hears on looking up a 1st edition card (``card feast``): what it was, and which 2nd
    edition card took its place; None if ``typed`` names no such card."""
    found = _BY_KEY.get(loose(typed))
    if found is None:
        return None
    name, box = found
    head = f"{name}, a 1st edition {box} card, taken out of the 2nd edition."
    nearest = _NEAREST.get(name)
    if nearest is not None:
        card, why = nearest
        return f"{head}\nIn the 2nd edition, {card} took its place. {why[:1].upper()}{why[1:]}.\nType card {card.lower()} to hear it."
    added = _ADDED[box]
    return (f"{head}\nIn the 2nd edition, {len(added)} cards took the place of those taken out. They are "
            f"{', '.join(added[:-1])} and {added[-1]}.")
