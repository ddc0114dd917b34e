"""What a kingdom makes true for a whole game: which cards are Treasures (Curse too, with Charlatan),
Actions, Attacks, Reactions by trigger, cards with their own cost rule or buy restriction.

Computed once per kingdom and shared by every game of it (simulations build thousands of games).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.cards import Card, catalogue
from companion.engine.effects import CardEffect, Trigger, load_effects
from companion.kingdom import Kingdom


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
    pile_sizes: tuple[dict[Card, int], ...]  # by player count, from 2
    plain_treasures: frozenset[str]  # names of Treasures that only make coins (Copper, Silver...)
    coins: dict[str, int]  # coins each Treasure makes before its ability, by name
    # Names of the treasure, action, attack and cost-modified sets (computed once, not per game).
    names: tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]
    plain_coins: dict[Card, int]  # coins of each Treasure without an ability (Copper, Silver...), by card
    on_gain: frozenset[Card]  # cards with their own "when you gain this" (Mint)
    # reactions[START_OF_TURN], [GAIN] and [ATTACK], looked up once a kingdom (an Enum hashes in Python).
    reactors: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]


@lru_cache(maxsize=512)
def rules_for(kingdom: Kingdom) -> Rules:
    fx = load_effects()
    cat = catalogue()
    in_game = kingdom.supply_cards
    curse_is_treasure = any(fx[c.name].curse_is_treasure for c in in_game)
    treasures = frozenset(c for c in cat if c.is_treasure or (c.is_curse and curse_is_treasure))
    actions = frozenset(c for c in cat if c.is_action)
    attacks = frozenset(c for c in cat if c.is_attack)
    cost_modified = frozenset(c for c in in_game if fx[c.name].cost_modifier is not None)
    reactions = {t: frozenset(c for c in in_game if (r := fx[c.name].reaction) is not None and r.trigger is t)
                 for t in Trigger}
    plain = frozenset(c.name for c in cat if c.is_treasure and fx[c.name].play is None) \
        | (frozenset({"Curse"}) if curse_is_treasure else frozenset())
    return Rules(
        effects=fx,
        curse_is_treasure=curse_is_treasure,
        treasures=treasures,
        actions=actions,
        victories=frozenset(c for c in cat if c.is_victory),
        attacks=attacks,
        reactions=reactions,
        cost_modified=cost_modified,
        buy_restricted=frozenset(c for c in in_game if fx[c.name].can_buy is not None),
        pile_sizes=tuple(kingdom.pile_sizes(n) for n in range(2, 7)),
        plain_treasures=plain,
        coins={name: eff.coin for name, eff in fx.items()},
        names=tuple(frozenset(c.name for c in s)  # type: ignore[arg-type]
                    for s in (treasures, actions, attacks, cost_modified)),
        plain_coins={c: fx[c.name].coin for c in cat if c.name in plain},
        on_gain=frozenset(c for c in cat if fx[c.name].on_gain is not None),
        reactors=(reactions[Trigger.START_OF_TURN], reactions[Trigger.GAIN], reactions[Trigger.ATTACK]),
    )
