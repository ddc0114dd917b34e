"""Cards of the 1st editions that the 2nd editions took out. Many physical decks are 1st edition, and the
base 2nd edition rulebook still names Prosperity's old cards in its recommended sets, so a player may ask
for one: they hear what it is, not a guess at a 2nd edition card with a like name ("Festival" for Feast).
"""

from __future__ import annotations

from companion.cards.names import UnknownName, loose

_REMOVED = {
    "Dominion": ("Adventurer", "Chancellor", "Feast", "Spy", "Thief", "Woodcutter"),
    "Prosperity": ("Contraband", "Counting House", "Goons", "Loan", "Royal Seal", "Talisman", "Trade Route",
                   "Venture"),
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
