"""The card as a small frozen value: what is printed on it, and nothing it does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.cards.order import Ordered

SETS: dict[str, str] = {"base2e": "Dominion", "prosperity2e": "Prosperity"}
TYPES: tuple[str, ...] = ("Action", "Treasure", "Victory", "Curse", "Attack", "Reaction")
KINDS: tuple[str, ...] = ("basic", "kingdom")


@dataclass(frozen=True, slots=True, eq=False)
class Card(Ordered):
    """One card of the 2nd edition base set or Prosperity 2nd edition.

    ``str(card)`` is its name, the way a person says it. There is one Card object per card in a process
    (the catalogue's), so cards compare and hash by identity, in C: the engine compares cards thousands of
    times a game, and a ``__hash__`` or ``__eq__`` written in Python cost the general bot 17% of its time.
    Cards sort cheapest first, then by name (``<``, from ``Ordered``: see companion/cards/order.py).
    """

    __hash__ = object.__hash__  # (by identity, in C: a class that compares, as Ordered does, has none of its own)

    name: str
    set: str
    kind: str
    cost: int
    types: tuple[str, ...]
    text: tuple[str, ...]
    below_line: tuple[str, ...] = ()
    coin: int | None = None
    vp: int | None = None
    pile: int | Mapping[int, int] = 10
    note: str = ""
    code: str | None = None
    plural: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    def is_type(self, type_name: str) -> bool:
        return type_name in self.types

    @property
    def is_action(self) -> bool:
        return "Action" in self.types

    @property
    def is_treasure(self) -> bool:
        return "Treasure" in self.types

    @property
    def is_victory(self) -> bool:
        return "Victory" in self.types

    @property
    def is_curse(self) -> bool:
        return "Curse" in self.types

    @property
    def is_attack(self) -> bool:
        return "Attack" in self.types

    @property
    def is_reaction(self) -> bool:
        return "Reaction" in self.types

    @property
    def is_kingdom(self) -> bool:
        return self.kind == "kingdom"

    @property
    def set_title(self) -> str:
        return SETS[self.set]

    def pile_size(self, players: int) -> int:
        """Cards in this card's Supply pile for a game of ``players`` (2 to 6)."""
        if not 2 <= players <= 6:
            raise ValueError(f"Dominion is for 2 to 6 players, not {players}.")
        if isinstance(self.pile, int):
            return self.pile
        return self.pile[players]

    def counted(self, n: int) -> str:
        """``3 Coppers``, ``1 Copper``, ``2 Duchies``: a count a person can hear."""
        return f"{n} {self.name if n == 1 else self.plural}"


def plural_of(name: str) -> str:
    """The English plural of a card name (Duchy, Duchies; Witch, Witches)."""
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith("s"):  # Gardens is already plural
        return name
    if name.endswith(("ch", "sh", "x")):
        return name + "es"
    return name + "s"
