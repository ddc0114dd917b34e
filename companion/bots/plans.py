"""The strong bot's plans, and the table that says how well each did against Big Money Ultimate.

A plan is one way to play a kingdom: Big Money with one kingdom card (``single``), a drawing card with
a village to play several (``engine``), Workshops gaining Gardens (``gardens``), one kingdom card with a
Chapel bought at the opening to thin the deck (``trasher``, the search's alone: the table has none), or money alone. Its
variant says how many of the card to buy: one per ``per`` cards in the deck, at most ``most``, and
whether the card comes before Gold (``over_gold``). ``tools/plan_table.py`` plays every plan and
variant against Big Money Ultimate and writes ``plan_table.py``: per plan, its best variant and the
wins in 100 games (a tie counts half). At the start of a game the strong bot takes the plan with the
best figure among the kingdom's cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.cards import Card, catalogue

# name: (per, most, over_gold)
VARIANTS: dict[str, tuple[int, int, bool]] = {
    "a": (11, 2, False),  # a drawing card in Big Money: one per 11 cards, after Gold
    "b": (11, 2, True),   # the same, before Gold
    "c": (6, 5, False),   # a cantrip or cheap card: one per 6 cards, after Gold
    "d": (0, 1, True),    # just one, at once (a trasher, a Big Money helper)
    "e": (8, 3, True),    # an attack or a strong card: one per 8 cards, up to 3, before Gold
    "f": (5, 5, True),    # an engine's drawing cards: one per 5 cards
    "g": (6, 2, True),    # a terminal, and a second at 16 cards, before Gold
    "h": (0, 2, True),    # two at once, before Gold (Double Witch)
    "s": (6, 2, False),   # a terminal, and a second at 16 cards, after Gold (the simulators' BigSmithy)
}
VILLAGES = ("Village", "Festival", "City", "Worker's Village")
ENGINE_DRAW = ("Smithy", "Council Room", "Library", "Moat", "Witch", "Rabble", "Vault", "Magnate", "Watchtower")
GARDENERS = ("Workshop",)
# Trashers a plan may open with beside its card ("Witch+Chapel": one Witch, a Chapel at the opening, the
# Chapel thinning the deck to Silver, Gold and the card; ChapelWitch in the simulators).
TRASHERS = ("Chapel",)
# The cards a trasher is paired with: the strong terminals, and the cantrips worth a thin deck.
TRASHER_WITH = ("Witch", "Charlatan", "Laboratory", "Market", "Smithy", "Monument", "Militia", "Library",
                "Council Room", "Rabble", "Vault", "Magnate", "Bandit", "Clerk")
# Plans whose card gains a kingdom card, and the most it costs.
GAINERS = {"Artisan": 5, "Workshop": 4}


@dataclass(frozen=True, slots=True)
class Plan:
    key: str
    kind: str  # "money", "single", "engine", "gardens", "trasher" (a single card with a trasher)
    cards: tuple[str, ...] = ()
    variant: str = "a"
    rate: int = 50  # wins in 100 against Big Money Ultimate (the table), or in trial games (the search)
    tried: int = 0  # trial games played on this kingdom (0: the table's figure alone)

    @property
    def per(self) -> int:
        return VARIANTS[self.variant][0]

    @property
    def most(self) -> int:
        return VARIANTS[self.variant][1]

    @property
    def over_gold(self) -> bool:
        return VARIANTS[self.variant][2]

    def wanted(self, total: int) -> int:
        """How many of the plan's main card a deck of ``total`` cards should have."""
        per, most, _ = VARIANTS[self.variant]  # (asked at every buy: one look-up, not three properties)
        if per == 0:
            return most
        return min(most, 1 + max(0, total - 10) // per)

    def describe(self) -> str:
        if self.kind == "single":
            return f"Big Money with {self.cards[0]}"
        if self.kind == "engine":
            return f"{self.cards[0]} with {self.cards[1]}"
        if self.kind == "gardens":
            return f"{self.cards[0]} with {self.cards[1]}"
        if self.kind == "trasher":
            return f"{self.cards[1]} with {self.cards[0]}"
        return "Big Money"


MONEY = Plan("money", "money")


def plan_of(key: str, variant: str = "a", rate: int = 50, tried: int = 0) -> Plan:
    """A plan from its key: ``money``, ``Smithy``, ``Smithy+Village``, ``Gardens+Workshop``, ``Witch+Chapel``."""
    if key == "money":
        return Plan("money", "money", (), variant, rate, tried)
    parts = tuple(key.split("+"))
    if len(parts) == 1:
        return Plan(key, "single", parts, variant, rate, tried)
    kind = "gardens" if parts[0] == "Gardens" else "trasher" if parts[1] in TRASHERS else "engine"
    return Plan(key, kind, parts, variant, rate, tried)


def every_plan_key(kingdom_names: Iterable[str]) -> list[str]:
    """Every plan the table may hold, for the cards given (all kingdom cards, for the tool)."""
    names = sorted(kingdom_names)
    keys = ["money"] + [n for n in names if n != "Gardens"]
    keys += [f"{d}+{v}" for d in ENGINE_DRAW for v in VILLAGES if d in names and v in names]
    keys += [f"Gardens+{g}" for g in GARDENERS if "Gardens" in names and g in names]
    keys += [f"{n}+{t}" for t in TRASHERS if t in names for n in names if n in TRASHER_WITH]
    return keys


_cache: dict[tuple[str, ...], Plan] = {}
CATALOGUE_COST = {c.name: c.cost for c in catalogue().kingdom}


def best_plan(kingdom: Iterable[Card]) -> Plan:
    """The plan with the best figure among this kingdom's cards (ties by name); money if none is better."""
    names = tuple(sorted(c.name for c in kingdom))
    plan = _cache.get(names)
    if plan is None:
        from companion.bots.plan_table import TABLE

        have = set(names)
        best_key, (best_rate, best_variant) = "money", TABLE.get("money", (50, "a"))
        for key in every_plan_key(have):
            entry = TABLE.get(key)
            if entry is None or not set(key.split("+")) <= have:
                continue
            if key in GAINERS and not any(good_card(n) and CATALOGUE_COST[n] <= GAINERS[key] for n in have):
                continue  # a gainer's figure came from kingdoms with good cards to gain
            if entry[0] > best_rate:
                best_key, best_rate, best_variant = key, entry[0], entry[1]
        plan = plan_of(best_key, best_variant, best_rate)
        _cache[names] = plan
    return plan


def good_card(name: str) -> bool:
    """A kingdom card whose plan beat Big Money Ultimate clearly (60 or more in 100): worth gaining."""
    from companion.bots.plan_table import TABLE

    entry = TABLE.get(name)
    return entry is not None and entry[0] >= 60
