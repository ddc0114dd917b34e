"""Opponents for measuring the bots, written from published simulator strategies. Benchmarks only: nothing
in companion/ imports this, and no rule of a shipped bot knows of these.

Each is a buy list in the shape of the Dominiate simulator's strategies (BigSmithy, SingleWitch,
DoubleWitch, DoubleMilitia, OBM_Monument, BM_Library): a list of cards in priority order, each with a
condition, the first one affordable and wanted is bought. Card questions and Action play are answered
by the general bot (companion.bots.general), as a simulator's default player does.

- ``BMX(card)``, one-card Big Money ("BM with X"): Colony once it has a Platinum; Province (in a Colony
  game only once 6 or fewer Colonies or Provinces are left); Duchy when the game is 5 or fewer gains from
  its end, Estate at 2 or fewer; Platinum; Gold; the card while it has fewer than one, or fewer than two
  once its deck has 16 cards (BigSmithy's rule; ``most`` says how many at most); Silver.
- ``DoubleX(card)`` (DoubleWitch, DoubleMilitia): Colony once it has a Platinum; Province once it has a
  Gold (a Colony game: 6 or fewer Colonies); the card while it has fewer than two, before the Duchies;
  Duchy at 5 or fewer gains to the end, Estate at 2; Platinum; Gold; Silver.
"""

from __future__ import annotations

from typing import Any

from companion.bots.bigmoney import play_all_treasures
from companion.bots.cardsense import COLONY, DUCHY, ESTATE, GOLD, PLATINUM, PROVINCE, SILVER
from companion.bots.general import GeneralBot
from companion.cards import Card
from companion.engine.decisions import ChooseBuy, ChooseTreasures, Decision


def gains_to_end(view: Any) -> int:
    """Dominiate's gainsToEndGame: the fewest gains that end the game (Provinces or Colonies left, or the
    cards in the smallest piles that would empty enough piles)."""
    piles = sorted(view.supply.values())
    need = view.piles_to_end - view.empty_piles()
    three = sum([n for n in piles if n > 0][:need]) if need > 0 else 0
    ends = [view.pile(PROVINCE), three]
    if view.uses_colony:
        ends.append(view.pile(COLONY))
    return min(ends)


class PriorityBot(GeneralBot):
    """A buy list; plays all its Treasures; everything else as the general bot does."""

    label = "priority"

    def __init__(self, seed: int, card: str | None) -> None:
        super().__init__(seed)
        self.card_name = card
        self._card: Card | None = None

    def card(self, view: Any) -> Card | None:
        if self._card is None and self.card_name is not None:
            self._card = next((c for c in view.kingdom if c.name == self.card_name), None)
        return self._card

    def decide(self, view: Any, d: Decision) -> Any:
        kind = type(d)
        if kind is ChooseTreasures:
            return play_all_treasures(d.options)  # type: ignore[attr-defined]
        if kind is ChooseBuy:
            for card in self.priority(view):
                if card is not None and view.pile(card) and view.cost(card) <= view.coins and card in d.options:  # type: ignore[attr-defined]
                    return (card,)
            return ()
        return super().decide(view, d)

    def priority(self, view: Any) -> list[Card | None]:
        raise NotImplementedError


class BMX(PriorityBot):
    def __init__(self, seed: int, card: str, most: int = 2) -> None:
        super().__init__(seed, card)
        self.most = most
        self.label = f"BM with {card}"

    def priority(self, view: Any) -> list[Card | None]:
        colony = view.uses_colony
        out: list[Card | None] = []
        if colony and view.count_owned(PLATINUM):
            out.append(COLONY)
        if not colony or view.pile(COLONY) <= 6 or view.pile(PROVINCE) <= 6:
            out.append(PROVINCE)
        left = gains_to_end(view)
        if 0 < left <= 5:
            out.append(DUCHY)
        if 0 < left <= 2:
            out.append(ESTATE)
        if colony:
            out.append(PLATINUM)
        out.append(GOLD)
        card = self.card(view)
        if card is not None:
            have = view.count_owned(card)
            if have < 1 or (have < self.most and view.total_cards() >= 16):
                out.append(card)
        out.append(SILVER)
        return out


class DoubleX(PriorityBot):
    def __init__(self, seed: int, card: str) -> None:
        super().__init__(seed, card)
        self.label = f"Double {card}"

    def priority(self, view: Any) -> list[Card | None]:
        colony = view.uses_colony
        out: list[Card | None] = []
        if colony and view.count_owned(PLATINUM):
            out.append(COLONY)
        if (not colony or view.pile(COLONY) <= 6) and view.count_owned(GOLD):
            out.append(PROVINCE)
        card = self.card(view)
        if card is not None and view.count_owned(card) < 2:
            out.append(card)
        left = gains_to_end(view)
        if 0 < left <= 5:
            out.append(DUCHY)
        if 0 < left <= 2:
            out.append(ESTATE)
        if colony:
            out.append(PLATINUM)
        out += [GOLD, SILVER]
        return out


# The strong terminals of the two boxes that one-card Big Money is played with (the list, and the
# other drawing and attacking terminals of these boxes).
STRONG_TERMINALS = ("Smithy", "Witch", "Monument", "Rabble", "Vault", "Militia", "Library", "Council Room",
                    "Charlatan", "Magnate")


def opponent(name: str, seed: int) -> Any:
    """``bm:Smithy``, ``double:Witch``; any other name is a shipped bot (``bmu``)."""
    kind, _, card = name.partition(":")
    if kind == "bm":
        return BMX(seed, card)
    if kind == "double":
        return DoubleX(seed, card)
    from companion.bots import make_bot

    return make_bot(name, seed)
