"""Decisions: every choice a player makes, as one typed value with its legal answers.

The engine computes the legal answers; ``validate(answer)`` returns None for a legal answer or a
speakable reason why not. People and bots answer through the same call, ``Game.answer``.
"""

from __future__ import annotations

from collections import Counter
from enum import Enum, unique
from typing import Any, Sequence

from companion.cards import Card
from companion.cards.names import and_list, or_list


@unique
class Purpose(Enum):
    """What a decision is for; with ``Decision.card`` it tells a bot or the shell which question this is.

    The value is the verb a prompt uses; values are unique, since two equal values would make one
    member an alias of the other (REACT was REVEAL, so Moat's and Mint's questions could not be told apart).
    """

    START_OF_TURN = "play at the start of your turn"
    PLAY_ACTION = "play an Action"
    PLAY_TREASURES = "play Treasures"
    BUY = "buy"
    PLAY = "play"  # Throne Room, King's Court, Vassal, Tiara
    GAIN = "gain"
    TRASH = "trash"
    DISCARD = "discard"
    TOPDECK = "put onto your deck"
    SET_ASIDE = "set aside"
    REVEAL = "reveal"
    REACT = "reveal in reaction"
    CHOOSE = "choose"
    ORDER = "order"
    NAME = "name a card"


# Prompts for the turn's own questions (they have no card asking).
_TURN_PROMPTS = {
    "START_OF_TURN": "Play a card at the start of your turn, or none.",
    "PLAY_ACTION": "Play an Action, or none to end your Actions.",
    "PLAY_TREASURES": "Play Treasures in order, or none to start buying.",
    "BUY": "Buy a card, or none to end your turn.",
}


_PLAY_TREASURES, _BUY = Purpose.PLAY_TREASURES, Purpose.BUY


class Decision:
    """Base of all decisions. ``player`` answers; ``card`` is the card asking (None for turn structure)."""

    __slots__ = ("player", "purpose", "card")

    def __init__(self, player: int, purpose: Purpose, card: Card | None) -> None:
        self.player = player
        self.purpose = purpose
        self.card = card

    def validate(self, answer: Any) -> str | None:  # pragma: no cover - overridden
        raise NotImplementedError

    def normalise(self, answer: Any) -> Any:
        """The answer in its canonical form (tuples for card lists)."""
        return answer

    def _head(self) -> str:
        return f"{self.card.name}: " if self.card is not None else ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(player={self.player}, purpose={self.purpose.name}, card={self.card!r})"


class ChooseCards(Decision):
    """Choose between ``min`` and ``max`` cards out of ``options`` (a multiset: 3 Coppers may be listed).

    The answer is a sequence of cards; when ``ordered`` the order is the order they are used in
    (for example the order Treasures are played).
    """

    __slots__ = ("_options", "min", "max", "ordered")

    def __init__(self, player: int, purpose: Purpose, card: Card | None, options: Sequence[Card] | None,
                 min: int = 0, max: int = 1, ordered: bool = False, source: Any = None) -> None:
        self.player = player  # (assigned here, not through super(): this is the hot path)
        self.purpose = purpose
        self.card = card
        # The cards that may be chosen; ``source()`` gives them when ``options`` is None.
        self._options: tuple[Card, ...] = tuple(options if options is not None else source())
        self.min = min
        self.max = max
        self.ordered = ordered

    @property
    def options(self) -> tuple[Card, ...]:
        """The cards that may be chosen. A property, not a plain attribute, so that ChooseBuy can compute
        its own only when read: a compiled class (mypyc) cannot put a property over a base class's field."""
        return self._options

    def normalise(self, answer: Any) -> tuple[Card, ...]:
        if answer is None:
            return ()
        if isinstance(answer, Card):
            return (answer,)
        return tuple(answer)

    def validate(self, answer: Any) -> str | None:
        try:
            chosen = self.normalise(answer)
        except TypeError:
            return "That is not a list of cards."
        if not all(isinstance(c, Card) for c in chosen):
            return "That is not a list of cards."
        n = len(chosen)
        if n < self.min:
            return f"Choose at least {self.min} {'card' if self.min == 1 else 'cards'}."
        if n > self.max:
            return f"Choose at most {self.max} {'card' if self.max == 1 else 'cards'}."
        have = Counter(self.options)
        for card, count in Counter(chosen).items():
            if have[card] == 0:
                return f"{card.name} cannot be chosen now. Choose {or_list(sorted({c.name for c in have}))}."
            if count > have[card]:
                return f"Only {card.counted(have[card])} can be chosen."
        return None

    def __str__(self) -> str:
        if self.card is None and self.purpose.name in _TURN_PROMPTS:
            return _TURN_PROMPTS[self.purpose.name]
        lo, hi = self.min, self.max
        if lo == hi:
            amount = "a card" if lo == 1 else f"{lo} cards"
        elif lo == 0 and hi == 1:
            amount = "a card, or none"
        else:
            amount = f"up to {hi} cards" if lo == 0 else f"{lo} to {hi} cards"
        if self.purpose is Purpose.TOPDECK:
            return f"{self._head()}put {amount} onto your deck."
        return f"{self._head()}{self.purpose.value} {amount}."


class ChooseTreasures(ChooseCards):
    """The Buy phase's Treasures question: any of the Treasures in hand (``options``), in the order played.

    One is asked at nearly every turn of every game, so it is built without the general constructor: its
    fields are set here directly. (They are fields, not class attributes over the base class's slots, so
    that the compiled build (mypyc) builds the same object.)
    """

    __slots__ = ()

    def __init__(self, player: int, options: tuple[Card, ...]) -> None:  # (no super(): the hot path)
        self.player = player
        self.purpose = _PLAY_TREASURES
        self.card = None
        self._options = options
        self.min = 0
        self.max = len(options)
        self.ordered = True

    def __repr__(self) -> str:
        return f"ChooseCards(player={self.player}, purpose=PLAY_TREASURES, card=None)"


class ChooseBuy(ChooseCards):
    """The Buy decision: a ChooseCards whose options (the cards affordable now) are computed only when read,
    since bots that follow a fixed list never read them. Built without the general constructor, as
    ChooseTreasures is."""

    __slots__ = ("_source",)

    def __init__(self, player: int, source: Any) -> None:  # (no super(): the hot path)
        self.player = player
        self.purpose = _BUY
        self.card = None
        self.min = 0
        self.max = 1
        self.ordered = False
        self._source: Any = source  # None once the options are computed

    @property
    def options(self) -> tuple[Card, ...]:
        source = self._source
        if source is not None:
            self._options = tuple(source())
            self._source = None
        return self._options

    def __repr__(self) -> str:
        return f"ChooseCards(player={self.player}, purpose=BUY, card=None)"


class ChooseOne(Decision):
    """Choose one of ``options``: short keys that read as words (``trash``, ``discard``, ``keep``).

    With purpose ORDER and no card, it is the order of "when you gain" effects: the options are the
    names of the cards whose effects are waiting on ``about`` (the gained card); the one chosen goes next.
    """

    __slots__ = ("options", "about")

    def __init__(self, player: int, purpose: Purpose, card: Card | None, options: Sequence[str],
                 about: Card | None = None) -> None:
        super().__init__(player, purpose, card)
        self.options = tuple(options)
        self.about = about  # the card the choice is about, e.g. the card Sentry looked at

    def validate(self, answer: Any) -> str | None:
        if answer in self.options:
            return None
        return f"Choose {or_list(list(self.options))}."

    def __str__(self) -> str:
        if self.purpose is Purpose.ORDER and self.about is not None:  # "when you gain" effects' order
            return f"{self.about.name} gained. {or_list(list(self.options))} first?"
        about = f" for {self.about.name}" if self.about is not None else ""
        return f"{self._head()}choose{about}, {or_list(list(self.options))}."


class YesNo(Decision):
    """Yes (True) or no (False)."""

    __slots__ = ("about",)

    def __init__(self, player: int, purpose: Purpose, card: Card | None, about: Card | None = None) -> None:
        super().__init__(player, purpose, card)
        self.about = about

    def validate(self, answer: Any) -> str | None:
        return None if isinstance(answer, bool) else "Answer yes or no."

    def __str__(self) -> str:
        about = self.about.name if self.about is not None else "it"
        if self.purpose is Purpose.REACT and self.card is not None:
            return f"Reveal {self.card.name} against {about}? Yes or no."
        if self.purpose is Purpose.DISCARD:
            return f"{self._head()}discard 2 cards to draw a card? Yes or no."
        return f"{self._head()}{self.purpose.value} {about}? Yes or no."


class OrderCards(Decision):
    """Put ``cards`` in an order; the answer's first card ends up on top of the deck."""

    __slots__ = ("cards",)

    def __init__(self, player: int, purpose: Purpose, card: Card | None, cards: Sequence[Card]) -> None:
        super().__init__(player, purpose, card)
        self.cards = tuple(cards)

    def normalise(self, answer: Any) -> tuple[Card, ...]:
        return tuple(answer)

    def validate(self, answer: Any) -> str | None:
        try:
            order = tuple(answer)
        except TypeError:
            return "That is not a list of cards."
        if Counter(order) != Counter(self.cards):
            return f"Order exactly these cards, {and_list([c.name for c in self.cards])}."
        return None

    def __str__(self) -> str:
        return f"{self._head()}put {and_list([c.name for c in self.cards])} back, top card first."


class NameCard(Decision):
    """Name any card of ``options`` (War Chest: the player to the left names a card)."""

    __slots__ = ("options", "for_player")

    def __init__(self, player: int, purpose: Purpose, card: Card | None, options: Sequence[Card],
                 for_player: int) -> None:
        super().__init__(player, purpose, card)
        self.options = tuple(options)
        self.for_player = for_player

    def validate(self, answer: Any) -> str | None:
        if isinstance(answer, Card) and answer in self.options:
            return None
        return "Name a card."

    def __str__(self) -> str:
        return f"{self._head()}name a card the other player cannot gain."


class IllegalAnswer(ValueError):
    """An answer the pending decision does not allow. ``str()`` says why; the game did not change."""


__all__ = ["ChooseCards", "ChooseOne", "Decision", "IllegalAnswer", "NameCard", "OrderCards", "Purpose", "YesNo"]
