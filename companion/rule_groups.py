"""What ``rule`` alone says: the rules terms in groups of a few, one short line each, not one line of 47.
Data only, so the quick one-shot path (companion.quick_lookup) says it without loading the program."""

from __future__ import annotations

import re
from typing import Callable, Sequence

GROUPS: tuple[tuple[str, frozenset[str]], ...] = tuple((group, frozenset(terms)) for group, terms in (
    ("The turn", ("turn", "Action phase", "Buy phase", "Clean-up phase", "shuffling")),
    ("On cards", ("+Action", "+Buy", "+Card", "+coin", "dividing line", "choose one", "order of effects",
                  "when you gain or buy")),
    ("Doing", ("play", "gain", "discard", "trash", "reveal", "look at", "set aside")),
    ("Places", ("hand", "deck", "discard pile", "in play", "Trash pile", "Supply", "Kingdom cards", "Basic cards")),
    ("Kinds of card", ("card types", "Action cards", "Treasures", "Treasures with abilities", "Victory cards",
                       "Curses", "Reactions", "Attacks", "cost")),
    ("The game", ("setup", "recommended sets", "VP", "VP tokens", "end of game", "empty piles", "ties",
                  "5-6 players", "Platinum and Colony", "public information")),
))


def said_term(term: str) -> str:
    """A term as said, and as it can be typed, without a sign a screen reader names ("dash"): "5-6 players" is
    "5 or 6 players", "Clean-up phase" is "Clean up phase" (both are the term's own aliases)."""
    return re.sub(r"(?<=\w)-(?=\w)", " ", re.sub(r"(\d)-(\d)", r"\1 or \2", term))


def terms_said(names: Sequence[str], and_list: Callable[[list[str]], str]) -> str:
    """The terms (in the glossary's order) under their groups; any term no group names comes last. A group's
    name ends in a full stop, not a colon, which Orca says as "colon"."""
    lines = [f"{len(names)} rules terms, in groups."]
    placed: set[str] = set()
    for group, members in GROUPS:
        here = [n for n in names if n in members]
        placed.update(here)
        if here:
            lines.append(f"{group}. {and_list([said_term(n) for n in here])}.")
    rest = [said_term(n) for n in names if n not in placed]
    if rest:
        lines.append(f"More. {and_list(rest)}.")
    lines.append("Type rule and a term, like rule trash.")
    return "\n".join(lines)

