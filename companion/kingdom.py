"""Choosing a game's kingdom and sizing its Supply: by recommended set, by list, or at random.

Shared by the engine, the table assistant and braille export, so a kingdom means the same everywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from companion.cards import Card, catalogue, recommended_sets
from companion.cards.names import NameError_, and_list, loose, normalise, quote

KINGDOM_SIZE = 10
BASIC_BASE: tuple[str, ...] = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
BASIC_PROSPERITY: tuple[str, ...] = ("Platinum", "Colony")
SET_ALIASES: dict[str, str] = {
    "base": "base2e", "dominion": "base2e", "base2e": "base2e", "base set": "base2e",
    "prosperity": "prosperity2e", "prosperity2e": "prosperity2e",
}


class KingdomError(ValueError):
    """A kingdom that cannot be set up; ``str()`` says why and what to type instead."""


@dataclass(frozen=True, slots=True)
class Kingdom:
    """Ten kingdom cards, with or without Platinum and Colony, and the set name if it is a recommended set."""

    cards: tuple[Card, ...]
    platinum_colony: bool = False
    name: str | None = None

    def __str__(self) -> str:
        names = and_list([c.name for c in self.cards])
        head = f"{self.name}, with " if self.name else ""
        tail = ", with Platinum and Colony" if self.platinum_colony else ""
        return f"{head}{names}{tail}."

    @property
    def basic_cards(self) -> tuple[Card, ...]:
        cat = catalogue()
        names = BASIC_BASE[:3] + (BASIC_PROSPERITY[0],) * self.platinum_colony + BASIC_BASE[3:6]
        names += (BASIC_PROSPERITY[1],) * self.platinum_colony + BASIC_BASE[6:]
        return tuple(cat[n] for n in names)

    @property
    def supply_cards(self) -> tuple[Card, ...]:
        """Every Supply pile's card: the basic cards, then the kingdom cards by cost."""
        return self.basic_cards + self.cards

    def pile_sizes(self, players: int) -> dict[Card, int]:
        """The number of cards in every Supply pile for ``players`` (2 to 6), as the rulebooks say."""
        check_players(players)
        return {card: card.pile_size(players) for card in self.supply_cards}

    def with_platinum_colony(self, on: bool) -> "Kingdom":
        return Kingdom(self.cards, on, self.name)


def check_players(players: int) -> None:
    if not 2 <= players <= 6:
        raise KingdomError(f"Dominion is for 2 to 6 players, not {players}. Choose a number from 2 to 6.")


def ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(set(cards), key=lambda c: (c.cost, c.name)))


def parse_sets(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """``base,prosperity`` to set ids; None means both boxes."""
    if text is None:
        return ("base2e", "prosperity2e")
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    ids: list[str] = []
    for part in parts:
        set_id = SET_ALIASES.get(normalise(part))
        if set_id is None:
            raise KingdomError(f"no box named {quote(part)}. Type base, prosperity, or both.")
        if set_id not in ids:
            ids.append(set_id)
    return tuple(ids) or ("base2e", "prosperity2e")


def random_platinum_colony(cards: Sequence[Card], rng: random.Random) -> bool:
    """The Prosperity rule: a random kingdom card decides; Prosperity means Platinum and Colony."""
    return rng.choice(list(cards)).set == "prosperity2e"


def random_kingdom(
    rng: random.Random,
    sets: Sequence[str] = ("base2e", "prosperity2e"),
    include: Iterable[Card] = (),
    exclude: Iterable[Card] = (),
    platinum_colony: bool | None = None,
) -> Kingdom:
    """Ten kingdom cards drawn from ``sets``, always with ``include``, never with ``exclude``."""
    chosen = list(dict.fromkeys(include))
    if len(chosen) > KINGDOM_SIZE:
        raise KingdomError(f"{len(chosen)} cards to include, but a kingdom has 10. Name 10 or fewer.")
    banned = set(exclude) | set(chosen)
    pool = sorted((c for c in catalogue().kingdom if c.set in sets and c not in banned), key=lambda c: c.name)
    need = KINGDOM_SIZE - len(chosen)
    if len(pool) < need:
        raise KingdomError(f"only {len(pool)} cards left to choose from, but {need} are needed. Exclude fewer cards.")
    chosen += rng.sample(pool, need)
    if platinum_colony is None:
        platinum_colony = random_platinum_colony(chosen, rng)
    return Kingdom(ordered(chosen), platinum_colony)


def recommended_kingdom(typed: str, platinum_colony: bool | None = None) -> Kingdom:
    """A recommended set by name; refused, naming the missing cards, if it needs other boxes."""
    sets = recommended_sets()
    chosen = sets.find(typed)
    if chosen.missing:
        raise KingdomError(
            f"{quote(typed)}, {chosen.name} needs {and_list(list(chosen.missing))}, from other boxes. "
            "Choose a set from Dominion or Prosperity alone."
        )
    cat = catalogue()
    pc = chosen.platinum_colony if platinum_colony is None else platinum_colony
    return Kingdom(ordered(cat[n] for n in chosen.kingdom), pc, chosen.name)


def listed_kingdom(typed: str, platinum_colony: bool = False) -> Kingdom:
    """Ten kingdom cards named in a comma-separated list (names, prefixes, misspellings resolved)."""
    cat = catalogue()
    cards: list[Card] = []
    for part in typed.split(","):
        if not part.strip():
            continue
        card = cat.find(part, cat.kingdom)
        if card in cards:
            raise KingdomError(f"{quote(typed)} names {card.name} twice. Name 10 different kingdom cards.")
        cards.append(card)
    if len(cards) != KINGDOM_SIZE:
        raise KingdomError(f"{quote(typed)} names {len(cards)} kingdom cards, but a kingdom has 10. "
                           "Name 10, separated by commas.")
    return Kingdom(ordered(cards), platinum_colony)


def choose_kingdom(
    text: str,
    seed: int | None = None,
    sets: str | Sequence[str] | None = None,
    include: str = "",
    exclude: str = "",
    platinum_colony: bool | None = None,
) -> Kingdom:
    """A kingdom from what a person typed: ``random``, a recommended set's name, or a list of 10 cards.

    ``platinum_colony`` None means: the recommended set's choice, or for others the Prosperity rule
    (random kingdoms) or off (lists).
    """
    text = text.strip()
    try:
        if loose(text) in ("random", "r", ""):
            cat = catalogue()
            inc = cat.find_many(include, cat.kingdom) if include.strip() else []
            exc = cat.find_many(exclude, cat.kingdom) if exclude.strip() else []
            return random_kingdom(random.Random(seed), parse_sets(sets), inc, exc, platinum_colony)
        if "," in text:
            return listed_kingdom(text, bool(platinum_colony))
        return recommended_kingdom(text, platinum_colony)
    except NameError_ as e:
        raise KingdomError(f"{e} For a kingdom type a recommended set's name, 10 cards with commas, or random.") from e
