"""Cards in words: the one place that says a card aloud, for ``card``, ``cards`` and any area that names cards.

Rules: cost first after the name, then types, then what it does; money is "N coins"; a dividing line is
said in words ("Below the line: ..."); nothing is drawn.
"""

from __future__ import annotations

from typing import Iterable

from companion.cards.model import Card
from companion.cards.names import and_list
from companion.quick_cards import coins, players_said, sentence, spoken_text  # (shared with the quick lookup)


def types_text(card: Card) -> str:
    """``Action``, ``Action Attack``, ``Treasure``: the type line as spoken."""
    return " ".join(card.types)


def card_text(card: Card) -> str:
    """What the card does above its dividing line, as sentences: ``+1 Card, +2 Actions.``"""
    return spoken_text(card.text)

def heading(card: Card) -> str:
    """``Village, 3 coins, Action.``: the first line, short enough for a 40-cell display."""
    return f"{card.name}, {coins(card.cost)}, {types_text(card)}."


def describe(card: Card, verbosity: str = "normal", *, codes: bool = True, notes: bool = False) -> str:
    """The answer to ``card NAME``.

    brief: name, cost and what it does. normal: adds types, the text below the line and the braille code.
    full: adds the set and the pile size. ``notes`` adds the rulebook's note at any verbosity.
    """
    lines: list[str]
    if verbosity == "brief":
        lines = [f"{card.name}, {coins(card.cost)}.", card_text(card)]
    else:
        lines = [heading(card), card_text(card)]
        if card.below_line:
            lines.append("Below the line: " + " ".join(sentence(t) for t in card.below_line))
        extra: list[str] = []
        if codes and card.code:
            extra.append(f"Braille code {card.code}.")
        if verbosity == "full":
            extra.append(f"From {card.set_title}, {card.kind} card.")
            extra.append(pile_text(card))
        if extra:
            lines.append(" ".join(extra))
    if notes:
        lines.append(f"Note: {card.note}")
    return "\n".join(lines)


def pile_text(card: Card) -> str:
    if isinstance(card.pile, int):
        return f"Pile of {card.pile}."
    sizes = {n: card.pile_size(n) for n in range(2, 7)}
    groups: dict[int, list[int]] = {}
    for players, size in sizes.items():
        groups.setdefault(size, []).append(players)
    said = [f"{size} with {players_said(p)}" for size, p in groups.items()]
    return f"Pile: {and_list(said)}."




def names_by_cost(cards: Iterable[Card]) -> list[str]:
    """One line per cost, cheapest first: ``3 coins: Silver and Village.``"""
    groups: dict[int, list[str]] = {}
    for card in sorted(cards, key=lambda c: (c.cost, c.name)):
        groups.setdefault(card.cost, []).append(card.name)
    return [f"{coins(cost)}: {and_list(names)}." for cost, names in groups.items()]
