"""Cards in words: the one place that says a card aloud, for ``card``, ``cards`` and any area that names cards.

Rules: cost first after the name, then types, then what it does; money is "N coins"; a dividing line is
said in words ("Below the line: ..."); nothing is drawn.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from companion.cards.model import Card
from companion.cards.names import and_list


def _worth(line: str) -> bool:
    """Whether a card's one line is its worth: a whole number, maybe negative, then coin, coins or VP
    ("2 coins", "1 VP")."""
    body = line[:-1] if line.endswith("\n") else line
    number, space, unit = body.partition(" ")
    number = number[1:] if number.startswith("-") else number
    return bool(space) and unit in ("coin", "coins", "VP") and number.isdecimal()


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def plain(text: str) -> str:
    """Card text with the signs a screen reader names at its default level said as pauses instead: Orca
    reads brackets as "left paren", a semicolon as "semi", a colon ending a phrase as "colon", the hyphen
    of "2-player" as "dash", "and/or" with a "slash" and double quotes as "quote". An aside
    in brackets becomes one between commas, a semicolon a full stop, a colon a comma; the words stay."""
    text = re.sub(r"\s*\(([^()]*[.!?])\)", r" \1", text)  # a whole sentence in brackets: said as one
    text = re.sub(r"\s*\(([^()]*)\)(?=([.,;:!?])?)", lambda m: f", {m.group(1)}" + ("" if m.group(2) else ","), text)
    text = re.sub(r";\s+(\w)", lambda m: ". " + m.group(1).upper(), text)
    text = re.sub(r"(?<=\w):\s", ", ", text)
    text = re.sub(r"(?<=\w)-(?=\w)", " ", text).replace(" - ", ", ")  # "2-player", "non-Duration": a "dash"
    text = re.sub(r"\band/or\b", "or", text).replace('"', "'")  # "slash"; "quote": single quotes are not read
    return re.sub(r"\s*\u2014\s*", ", ", text).replace(",,", ",")


def sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", ")")) else text + "."  # ")": plain() says it as a pause


def spoken_text(text: list[str] | tuple[str, ...]) -> str:
    """A card's lines above its dividing line, as sentences: ``+1 Card, +2 Actions.``"""
    if len(text) == 1 and _worth(text[0]):
        return f"Worth {text[0]}."
    parts: list[str] = []
    run: list[str] = []  # consecutive short bonuses (+1 Card, +1 Action) are said as one list
    for line in text:
        if line.startswith("+") and "." not in line and len(line.split()) <= 3:
            run.append(line)
            continue
        if run:
            parts.append(sentence(", ".join(run)))
            run = []
        parts.append(sentence(line))
    if run:
        parts.append(sentence(", ".join(run)))
    return " ".join(parts)


def players_said(counts: Sequence[int]) -> str:
    """"2 players", "3 to 6 players", "2 and 4 players"."""
    if len(counts) == 1:
        return f"{counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return and_list([str(c) for c in counts]) + " players"


def types_text(card: Card) -> str:
    """``Action``, ``Action Attack``, ``Treasure``: the type line as spoken."""
    return " ".join(card.types)


def card_text(card: Card) -> str:
    """What the card does above its dividing line, as sentences: ``+1 Card, +2 Actions.``"""
    return plain(spoken_text(card.text))


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
            lines.append("Below the line. " + plain(" ".join(sentence(t) for t in card.below_line)))
        extra: list[str] = []
        if codes and card.code:
            extra.append(f"Braille code {card.code}.")
        if verbosity == "full":
            extra.append(f"From {card.set_title}, {card.kind} card.")
            extra.append(pile_text(card))
        if extra:
            lines.append(" ".join(extra))
    if notes:
        lines.append(f"Note, {plain(card.note)}")
    return "\n".join(lines)


def pile_text(card: Card) -> str:
    if isinstance(card.pile, int):
        return f"Pile of {card.pile}."
    sizes = {n: card.pile_size(n) for n in range(2, 7)}
    groups: dict[int, list[int]] = {}
    for players, size in sizes.items():
        groups.setdefault(size, []).append(players)
    said = [f"{size} with {players_said(p)}" for size, p in groups.items()]
    return f"Pile, {and_list(said)}."




def names_by_cost(cards: Iterable[Card]) -> list[str]:
    """One line per cost, cheapest first: ``3 coins. Silver and Village.``"""
    groups: dict[int, list[str]] = {}
    for card in sorted(cards, key=lambda c: (c.cost, c.name)):
        groups.setdefault(card.cost, []).append(card.name)
    return [f"{coins(cost).capitalize()}. {and_list(names)}." for cost, names in groups.items()]
