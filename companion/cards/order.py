"""The order cards sort in (cheapest first, then by name), kept apart from the card so that it can be compiled.

``Card`` takes its ``<`` from ``Ordered``. Any comparison a class defines in Python gives it Python's generic
rich comparison slot, which every ``==`` runs, and so every ``card in hand`` or ``hand.count(card)`` that meets
another card: a lookup and two Python-level calls for each card passed over, 6% of a compiled Big Money game.
When the engine is compiled (setup.py), this module is compiled too, on its own (``card`` loads only it), and
the slot is C: ``<`` is the same comparison, ``==`` finds no method and falls back at once to identity, which is
what cards always compared by. Run as Python, it is what ``Card.__lt__`` was.
"""

from __future__ import annotations

from typing import Protocol, cast

try:  # read by mypyc when the engine is compiled (setup.py); the program runs without mypy_extensions
    from mypy_extensions import mypyc_attr
except ImportError:
    from companion.compiling import mypyc_attr  # type: ignore[assignment, unused-ignore]


class _Priced(Protocol):
    """What ``<`` reads of a card."""

    @property
    def cost(self) -> int: ...

    @property
    def name(self) -> str: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class Ordered:
    """A base with only ``<``: by cost, then name (both read from the subclass, the card)."""

    __slots__ = ()

    def __lt__(self, other: "Ordered") -> bool:
        me, it = cast(_Priced, self), cast(_Priced, other)
        return (me.cost, me.name) < (it.cost, it.name)
