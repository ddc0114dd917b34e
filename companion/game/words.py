"""Small word helpers for the game: counted cards, coins, plural nouns. No game logic here."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from companion.cards import Card
from companion.cards.names import and_list


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def grouped(cards: Iterable[Card], sort: bool = True) -> str:
    """``3 Coppers, 2 Estates and Village``: identical cards counted, most first when sorted."""
    counts = Counter(cards)
    if not counts:
        return "nothing"
    items = list(counts.items())
    if sort:
        items.sort(key=lambda kv: (not kv[0].is_action, -kv[1], kv[0].name))
    return and_list([c.name if n == 1 else c.counted(n) for c, n in items])


def in_order(cards: Iterable[Card]) -> str:
    """Cards in the order given, runs of the same card counted: ``Copper, 2 Silvers and Gold``."""
    runs: list[tuple[Card, int]] = []
    for c in cards:
        if runs and runs[-1][0] == c:
            runs[-1] = (c, runs[-1][1] + 1)
        else:
            runs.append((c, 1))
    if not runs:
        return "nothing"
    return and_list([c.name if n == 1 else c.counted(n) for c, n in runs])


def possessive(name: str) -> str:
    if name == "You":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"
