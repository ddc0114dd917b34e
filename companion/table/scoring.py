"""Scoring a table: VP from each player's known cards and tokens, and the winner by the tie rule."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from companion.cards import catalogue
from companion.cards.names import and_list
from companion.table.model import Table

_PER_CARDS = re.compile(r"Worth (\d+) VP per (\d+) cards you have")  # Gardens, read from its text


@dataclass(frozen=True, slots=True)
class Score:
    player: str
    vp: int
    turns: int
    tokens: int
    cards: int  # cards in the player's deck
    parts: tuple[tuple[str, int, int], ...]  # (card name, how many, VP from them)

    def __str__(self) -> str:
        return f"{self.player} {self.vp} VP"

    def details(self) -> str:
        """Where the VP come from, e.g. "3 Estates 3, 1 Gardens 2, 4 tokens"."""
        cat = catalogue()
        bits = [f"{cat[name].counted(n)} for {vp}" for name, n, vp in self.parts]
        if self.tokens:
            bits.append(f"{self.tokens} VP {'token' if self.tokens == 1 else 'tokens'}")
        return ", ".join(bits) if bits else "no VP cards"


@lru_cache(maxsize=None)
def _per_cards(name: str) -> tuple[int, int] | None:
    for line in catalogue()[name].text:
        if m := _PER_CARDS.search(line):
            return int(m.group(1)), int(m.group(2))
    return None


def card_vp(name: str, deck_size: int) -> int:
    """One card's VP for a player with ``deck_size`` cards (Gardens: 1 per 10 cards, rounded down)."""
    per = _per_cards(name)
    if per:
        return per[0] * (deck_size // per[1])
    return catalogue()[name].vp or 0


def scores(table: Table) -> list[Score]:
    """Every player's score now, in seat order."""
    state = table.state
    result = []
    for i, player in enumerate(table.players):
        deck, size = state.decks[i], state.deck_size(i)
        parts = []
        for name, n in sorted(deck.items(), key=lambda kv: catalogue()[kv[0]]):
            vp = card_vp(name, size)
            if vp:
                parts.append((name, n, vp * n))
        total = sum(vp for _, _, vp in parts) + state.tokens[i]
        result.append(Score(player, total, state.turns[i], state.tokens[i], size, tuple(parts)))
    return result


def winners(all_scores: list[Score]) -> list[Score]:
    """Most VP wins; among those tied, fewer turns wins; if still tied, they share the victory."""
    best = max(s.vp for s in all_scores)
    tied = [s for s in all_scores if s.vp == best]
    fewest = min(s.turns for s in tied)
    return [s for s in tied if s.turns == fewest]


def result_line(all_scores: list[Score]) -> str:
    """"Ann wins with 30 VP." or "Ann and Ben share the win with 30 VP."""
    won = winners(all_scores)
    names = and_list([s.player for s in won])
    tied = [s for s in all_scores if s.vp == won[0].vp]
    if len(won) == 1:
        line = f"{names} wins with {won[0].vp} VP"
        if len(tied) > 1:
            line += ", in fewer turns"
        return line + "."
    return f"{names} share the win with {won[0].vp} VP."
