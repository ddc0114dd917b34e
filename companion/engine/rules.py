"""What a kingdom makes true for a whole game: which cards are Treasures (Curse too, with Charlatan),
Actions, Attacks, Reactions by trigger, cards with their own cost rule or buy restriction.

Computed once per kingdom and shared by every game of it (simulations build thousands of games). What
does not depend on the kingdom (which cards are Actions, Treasures...) is computed once a catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from companion.cards import Card, catalogue
from companion.engine.effects import CardEffect, Trigger, load_effects
from companion.kingdom import Kingdom


class PileSizes(dict[int, dict[Card, int]]):
    """Each Supply pile's size for a game of n players (2 to 6), worked out for an n when first asked."""

    __slots__ = ("kingdom",)

    def __init__(self, kingdom: Kingdom) -> None:
        super().__init__()
        self.kingdom = kingdom

    def __missing__(self, players: int) -> dict[Card, int]:
        sizes = self[players] = self.kingdom.pile_sizes(players)
        return sizes


@dataclass(frozen=True, slots=True)
class Rules:
    effects: dict[str, CardEffect]
    curse_is_treasure: bool
    treasures: frozenset[Card]
    actions: frozenset[Card]
    victories: frozenset[Card]
    attacks: frozenset[Card]
    reactions: dict[Trigger, frozenset[Card]]
    cost_modified: frozenset[Card]
    buy_restricted: frozenset[Card]
    pile_sizes: PileSizes  # by player count: pile_sizes[n] (copy it: every game of the kingdom shares it)
    plain_treasures: frozenset[str]  # names of Treasures that only make coins (Copper, Silver...)
    coins: dict[str, int]  # coins each Treasure makes before its ability, by name
    # Names of the treasure, action, attack and cost-modified sets (computed once, not per game).
    names: tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]
    plain_coins: dict[Card, int]  # coins of each Treasure without an ability (Copper, Silver...), by card
    on_gain: frozenset[Card]  # cards with their own "when you gain this" (Mint)
    # reactions[START_OF_TURN], [GAIN] and [ATTACK], looked up once a kingdom (an Enum hashes in Python).
    reactors: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]


@dataclass(frozen=True, slots=True)
class _CardRules:
    """The part of Rules every kingdom of a catalogue shares, for Curse a Treasure or not."""

    treasures: frozenset[Card]
    actions: frozenset[Card]
    victories: frozenset[Card]
    attacks: frozenset[Card]
    plain_treasures: frozenset[str]
    coins: dict[str, int]
    names: tuple[frozenset[str], frozenset[str], frozenset[str]]  # treasures, actions, attacks
    plain_coins: dict[Card, int]
    on_gain: frozenset[Card]


@lru_cache(maxsize=8)
def _card_rules(cards: Iterable[Card], curse_is_treasure: bool) -> _CardRules:
    """(Keyed by the catalogue itself: a catalogue loaded again gets rules of its own.)"""
    fx = load_effects()
    treasures = frozenset(c for c in cards if c.is_treasure or (c.is_curse and curse_is_treasure))
    actions = frozenset(c for c in cards if c.is_action)
    attacks = frozenset(c for c in cards if c.is_attack)
    plain = frozenset(c.name for c in cards if c.is_treasure and fx[c.name].play is None) \
        | (frozenset({"Curse"}) if curse_is_treasure else frozenset())
    return _CardRules(
        treasures=treasures,
        actions=actions,
        victories=frozenset(c for c in cards if c.is_victory),
        attacks=attacks,
        plain_treasures=plain,
        coins={name: eff.coin for name, eff in fx.items()},
        names=tuple(frozenset(c.name for c in s) for s in (treasures, actions, attacks)),  # type: ignore[arg-type]
        plain_coins={c: fx[c.name].coin for c in cards if c.name in plain},
        on_gain=frozenset(c for c in cards if fx[c.name].on_gain is not None),
    )


@lru_cache(maxsize=512)
def rules_for(kingdom: Kingdom) -> Rules:
    fx = load_effects()
    in_game = kingdom.supply_cards
    curse_is_treasure = any(fx[c.name].curse_is_treasure for c in in_game)
    shared = _card_rules(catalogue(), curse_is_treasure)
    cost_modified = frozenset(c for c in in_game if fx[c.name].cost_modifier is not None)
    reactions = {t: frozenset(c for c in in_game if (r := fx[c.name].reaction) is not None and r.trigger is t)
                 for t in Trigger}
    return Rules(
        effects=fx,
        curse_is_treasure=curse_is_treasure,
        treasures=shared.treasures,
        actions=shared.actions,
        victories=shared.victories,
        attacks=shared.attacks,
        reactions=reactions,
        cost_modified=cost_modified,
        buy_restricted=frozenset(c for c in in_game if fx[c.name].can_buy is not None),
        pile_sizes=PileSizes(kingdom),
        plain_treasures=shared.plain_treasures,
        coins=shared.coins,
        names=(*shared.names, frozenset(c.name for c in cost_modified)),
        plain_coins=shared.plain_coins,
        on_gain=shared.on_gain,
        reactors=(reactions[Trigger.START_OF_TURN], reactions[Trigger.GAIN], reactions[Trigger.ATTACK]),
    )
