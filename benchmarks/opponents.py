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
- ``ChapelWitch``: below, with its Chapel's trashing.
- ``GardensRush``: Workshops gaining Gardens, then Estates, to end the game on piles (issue 43's rusher).
- ``DoubleX(card)`` (DoubleWitch, DoubleMilitia, and Double Charlatan in the same shape): Colony once it has a Platinum; Province once it has a
  Gold (a Colony game: 6 or fewer Colonies); the card while it has fewer than two, before the Duchies;
  Duchy at 5 or fewer gains to the end, Estate at 2; Platinum; Gold; Silver.
"""

from __future__ import annotations

from typing import Any

from companion.bots.bigmoney import play_all_treasures
from companion.bots.cardsense import (
    COLONY, COPPER, CURSE, DUCHY, ESTATE, GOLD, PLATINUM, PROVINCE, SILVER, coin_value, money_total,
)
from companion.bots.general import GeneralBot
from companion.cards import Card
from companion.engine.decisions import ChooseBuy, ChooseTreasures, Decision, Purpose
from companion.engine.view import PlayerView


def gains_to_end(view: PlayerView) -> int:
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


class ChapelWitch(PriorityBot):
    """ChapelWitch (Dominiate): one Chapel on turns 1 and 2 at 3 coins or less, one Witch, otherwise Big Money.
    Buys: Colony once it has a Platinum; Province (in a Colony game once 6 or fewer Colonies are left); Witch
    while it has none; Duchy at 5 or fewer gains to the end, Estate at 2; Platinum; Gold; Chapel (as said);
    Silver; Copper at 3 or fewer gains to the end. Chapel trashes, one card at a time, up to 4: a Curse; an
    Estate while more than 4 gains are left; a Copper while its deck keeps more than 4 coins of Treasure,
    except with no Witch yet and 5 coins of Treasure in hand (it buys the Witch); an Estate while more than 2
    gains are left."""

    label = "Chapel/Witch"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, "Witch")
        self._chapel: Card | None = None

    def chapel(self, view: Any) -> Card | None:
        if self._chapel is None:
            self._chapel = next((c for c in view.kingdom if c.name == "Chapel"), None)
        return self._chapel

    def priority(self, view: Any) -> list[Card | None]:
        colony = view.uses_colony
        out: list[Card | None] = []
        if colony and view.count_owned(PLATINUM):
            out.append(COLONY)
        if not colony or view.pile(COLONY) <= 6:
            out.append(PROVINCE)
        witch = self.card(view)
        if witch is not None and view.count_owned(witch) == 0:
            out.append(witch)
        left = gains_to_end(view)
        if 0 < left <= 5:
            out.append(DUCHY)
        if 0 < left <= 2:
            out.append(ESTATE)
        if colony:
            out.append(PLATINUM)
        out.append(GOLD)
        chapel = self.chapel(view)
        if chapel is not None and view.coins <= 3 and view.count_owned(chapel) == 0 and view.turns() <= 2:
            out.append(chapel)
        out.append(SILVER)
        if left <= 3:
            out.append(COPPER)
        return out

    def decide(self, view: Any, d: Decision) -> Any:
        if d.purpose is Purpose.TRASH and d.card is not None and d.card.name == "Chapel":
            return self.chapel_trash(view, d)
        return super().decide(view, d)

    def chapel_trash(self, view: Any, d: Any) -> tuple[Card, ...]:
        left = gains_to_end(view)
        money = money_total(view)
        witch = self.card(view)
        no_witch = witch is None or view.count_owned(witch) == 0
        in_hand = sum(coin_value(c) for c in view.hand_list if view.is_treasure(c))
        hand = list(d.options)
        chosen: list[Card] = []
        while len(chosen) < d.max:
            pick = None
            for want, ok in ((CURSE, True), (ESTATE, left > 4),
                             (COPPER, money > 4 and not (no_witch and in_hand == 5)), (ESTATE, left > 2)):
                if ok and want in hand:
                    pick = want
                    break
            if pick is None:
                break
            hand.remove(pick)
            chosen.append(pick)
            if pick is COPPER:
                money -= 1
                in_hand -= 1
        return tuple(chosen)


class GardensRush(PriorityBot):
    """The Workshop/Gardens rush: six Workshops first (bought at 3 or 4 coins and gained), then Gardens at 4 or
    more and gained by the Workshops, then Workshops, Estates and Coppers, to end the game on three piles (four
    at 5 and 6 players): Workshops, Gardens and Estates. Buys: Province at 8; Workshop at 3 or 4 while it has
    fewer than 6; Gardens; Duchy once the Gardens are gone; Workshop at 3 (or more once the Gardens are gone);
    Estate once a pile is empty or the Gardens are gone; Copper before that; Estate. Its Workshops gain a
    Workshop while it has fewer than 6, else Gardens, Workshop, Estate, Silver, Copper. Of the shapes tried
    it comes nearest the rush issue 43 measured (the strong bot 58.8% against it on 20 kingdoms, the normal
    bot 0.3%); Big Money Ultimate wins 25.6% against it."""

    label = "Workshop/Gardens rush"
    workshops_first = 6

    def __init__(self, seed: int) -> None:
        super().__init__(seed, "Gardens")
        self._workshop: Card | None = None

    def workshop(self, view: Any) -> Card | None:
        if self._workshop is None:
            self._workshop = next((c for c in view.kingdom if c.name == "Workshop"), None)
        return self._workshop

    def priority(self, view: Any) -> list[Card | None]:
        gardens, workshop = self.card(view), self.workshop(view)
        gardens_left = gardens is not None and view.pile(gardens) > 0
        out: list[Card | None] = [PROVINCE]
        if workshop is not None and view.count_owned(workshop) < self.workshops_first and view.coins <= 4:
            out.append(workshop)
        out.append(gardens if gardens_left else DUCHY)
        if workshop is not None and (view.coins <= 3 or not gardens_left):
            out.append(workshop)
        if view.empty_piles() or not gardens_left:
            out.append(ESTATE)
        if view.coins <= 1 or view.empty_piles() == 0:
            out.append(COPPER)
        out.append(ESTATE)
        return out

    def decide(self, view: Any, d: Decision) -> Any:
        if d.purpose is Purpose.GAIN and d.card is not None and d.card.name == "Workshop":
            workshop = self.workshop(view)
            first = workshop if workshop is not None and view.count_owned(workshop) < self.workshops_first else None
            for want in (first, self.card(view), workshop, ESTATE, SILVER, COPPER):
                if want is not None and want in d.options:  # type: ignore[attr-defined]
                    return (want,)
        return super().decide(view, d)


# The strong terminals of the two boxes that one-card Big Money is played with (the list, and the
# other drawing and attacking terminals of these boxes).
STRONG_TERMINALS = ("Smithy", "Witch", "Monument", "Rabble", "Vault", "Militia", "Library", "Council Room",
                    "Charlatan", "Magnate")


def opponent(name: str, seed: int) -> Any:
    """``bm:Smithy``, ``double:Witch``, ``chapel-witch``; any other name is a shipped bot (``bmu``)."""
    if name == "chapel-witch":
        return ChapelWitch(seed)
    if name == "gardens-rush":
        return GardensRush(seed)
    kind, _, card = name.partition(":")
    if kind == "bm":
        return BMX(seed, card)
    if kind == "double":
        return DoubleX(seed, card)
    from companion.bots import make_bot

    return make_bot(name, seed)
