"""One registered effect per card, checked both ways against the catalogue.

An effect's ``play(game, player, card)`` reads top to bottom like the card's text. It is a plain
function, or a generator that ``yield``s a Decision and receives the answer. Hooks name the rule
event they belong to: ``on_gain`` (when you gain this: a ``WhenGain``), ``cost_modifier`` (this card's own cost
rule, e.g. Peddler), ``can_buy`` (a buy restriction, e.g. Grand Market), ``reaction`` (Moat,
Watchtower, Clerk), ``vp`` (variable Victory points, e.g. Gardens).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable, Optional

from companion.cards import Card, catalogue

if TYPE_CHECKING:
    from companion.engine.game import GainedCard, Game
    from companion.engine.zones import PlayerState

Steps = Generator[Any, Any, Any]  # what a generator effect is: it yields Decisions, receives answers
MaybeSteps = Optional[Steps]  # an effect may also be a plain function returning None
PlayFn = Callable[["Game", int, Card], MaybeSteps]


class Trigger(Enum):
    """When a Reaction can be used."""

    ATTACK = "when another player plays an Attack"
    GAIN = "when you gain a card"
    START_OF_TURN = "at the start of your turn"


class Interplay(Enum):
    """How a "when you gain" effect can change the result of others waiting on the same gain.

    The player picks the order of things that happen to them at the same time; the engine asks only
    when at least two different effects that are not NONE are waiting (see docs/engine.md).
    """

    NONE = "the same in any order"  # Mint trashing Treasures from play, Collection's VP token
    GAINS = "gains another card"  # Hoard: its Gold may go onto the deck above or below the gained card
    MOVES = "moves the gained card"  # Tiara, Watchtower: only while the card is where it was gained


@dataclass(frozen=True, slots=True, eq=False)
class WhenGain:
    """One "when you gain" effect: ``run(game, gained)`` does it; ``applies(game, gained)`` (None: always)
    says whether it would do anything now. ``source`` is the card it comes from: its name is what the
    player picks when choosing the order."""

    source: str
    run: Callable[["Game", "GainedCard"], MaybeSteps]
    interplay: Interplay = Interplay.NONE
    applies: Callable[["Game", "GainedCard"], bool] | None = None


@dataclass(frozen=True, slots=True)
class Reaction:
    trigger: Trigger
    # ATTACK: generator (game, player, reaction_card, attack_card) returning True if now unaffected.
    # GAIN: generator (game, player, reaction_card, gained) changing what happens to the gained card.
    # START_OF_TURN: None: the engine offers to play the card.
    respond: Callable[..., MaybeSteps] | None = None
    # GAIN only: how it interacts with other "when you gain" effects, and whether it can do anything now.
    interplay: Interplay = Interplay.MOVES
    applies: Callable[["Game", "GainedCard"], bool] | None = None


@dataclass(slots=True)
class CardEffect:
    name: str
    play: PlayFn | None = None
    coin: int = 0  # coins a Treasure makes before its ability (Copper 1, Hoard 2)
    on_gain: WhenGain | None = None  # when you gain this card (Mint)
    cost_modifier: Callable[["Game", Card], int] | None = None  # coins less this card costs now
    can_buy: Callable[["Game", int], bool] | None = None
    reaction: Reaction | None = None
    vp: Callable[["PlayerState"], int] | None = None
    curse_is_treasure: bool = False  # Charlatan: in games using this, Curse is also a Treasure


EFFECTS: dict[str, CardEffect] = {}


class RegistryError(Exception):
    """The effects and the catalogue disagree: a mistake in the program, found when the effects load. (An
    Exception, not a RuntimeError: a compiled class (mypyc) may derive from only a few of the built-in ones.)"""


def effect(name: str, **hooks: Any) -> Callable[[PlayFn], PlayFn]:
    """Register ``play`` (the decorated function) and any hooks for the card ``name``."""

    def register(play: PlayFn) -> PlayFn:
        define(name, play=play, **hooks)
        return play

    return register


def define(name: str, **fields: Any) -> CardEffect:
    if name in EFFECTS:
        raise RegistryError(f"{name} has two effects")
    eff = CardEffect(name, **fields)
    EFFECTS[name] = eff
    return eff


_checked = False


def load_effects() -> dict[str, CardEffect]:
    """Import every set's effects and check the registry both ways against the catalogue (once)."""
    global _checked
    if not _checked:
        from companion.engine.effects import base, basic, prosperity  # noqa: F401  (they register)

        check_registry(EFFECTS, catalogue())
        _checked = True
    return EFFECTS


def check_registry(effects: dict[str, CardEffect], cards: Iterable[Card]) -> None:
    names = {c.name for c in cards}
    missing = sorted(names - set(effects))
    extra = sorted(set(effects) - names)
    if missing:
        raise RegistryError(f"cards without an effect: {', '.join(missing)}")
    if extra:
        raise RegistryError(f"effects without a card: {', '.join(extra)}")
