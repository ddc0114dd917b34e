"""The Supply's piles: how many cards each pile has left, and whether any pile has been emptied."""

from __future__ import annotations

from operator import countOf
from typing import Any, Iterable, Mapping

from companion.cards import Card

set_pile = dict.__setitem__  # a count set without the Python call (keep ``emptied`` true by hand)


class Supply(dict[Card, int]):
    """Each pile's card and how many cards it has left, in the order the kingdom lists them.

    The game ends when enough piles are empty, checked after every turn. Counting the empty piles at
    every turn was a twentieth of a Big Money game, so the Supply also knows whether any pile has
    been empty since it was made (``emptied``): while none has, no pile is empty and there is
    nothing to count. Every way of changing a count keeps that true: setting one (``supply[c] = n``,
    ``supply[c] -= 1``), ``update``, ``setdefault`` and ``|=``. Once set, ``emptied`` stays set (a
    pile that fills again only costs a count).
    """

    __slots__ = ("emptied",)

    def __init__(self, piles: Mapping[Card, int] | Iterable[tuple[Card, int]] = (), /) -> None:
        super().__init__(piles)
        self.emptied = 0 in self.values()

    def __setitem__(self, card: Card, left: int) -> None:
        set_pile(self, card, left)
        if not left:
            self.emptied = True

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self, *args, **kwargs)
        if 0 in self.values():
            self.emptied = True

    def setdefault(self, card: Card, left: int = 0) -> int:
        if card not in self:
            self[card] = left
        return self[card]

    def __ior__(self, other: Any) -> "Supply":  # type: ignore[override,misc]
        self.update(other)
        return self

    def empty_piles(self) -> int:
        """How many piles are empty."""
        return countOf(self.values(), 0) if self.emptied else 0

    def copy(self) -> "Supply":
        return Supply(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return Supply, (dict(self),)

