"""Questions and prompts: a card's question in one short line with numbered choices, the prompt that says
what may be typed now, and the words for handing the keyboard to another person.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from companion.cards import Card
from companion.engine import ChooseCards, ChooseOne, Decision, NameCard, OrderCards, Purpose, YesNo
from companion.engine.view import PlayerView

TURN_DECISIONS = (Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.BUY)


def is_turn_decision(d: Decision | None) -> bool:
    """The turn's own questions (play an Action, play Treasures, buy), answered with play, buy and end."""
    return d is not None and d.card is None and d.purpose in TURN_DECISIONS

# ---- decisions ----------------------------------------------------------------------------------
def distinct(options: Sequence[Card], purpose: Purpose | None = None) -> list[Card]:
    """The choices as numbered: each different card once, in the order offered (cards to gain: dearest first)."""
    cards = list(dict.fromkeys(options))
    if purpose is Purpose.GAIN:
        cards.sort(key=lambda c: (-c.cost, c.name))
    return cards


def numbered_cards(options: Sequence[Card], purpose: Purpose | None = None, counted: bool = True) -> str:
    """``1 Copper, 3 of them. 2 Estate``: each choice's number, then how many copies in words that are
    not heard as one number ("1 Copper (3)" sounded like "one Copper three"); a full stop between choices
    when one has a count (a semicolon is heard as "semi")."""
    counts = Counter(options)
    parts = []
    for i, c in enumerate(distinct(options, purpose), 1):
        n = counts[c]
        parts.append(f"{i} {c.name}" + (f", {n} of them" if n > 1 and counted else ""))
    return (". " if any(", " in p for p in parts) else ", ").join(parts)


def amount(d: ChooseCards, brief: bool = False) -> str:
    if d.min == d.max:
        return f"exactly {d.min}" if d.min != 1 and not brief else str(d.min)
    if d.min == 0 and d.max == 1:
        return "1 or none"
    if d.min == 0:
        return f"up to {d.max}"
    return f"{d.min} to {d.max}"


_VERBS = {
    Purpose.START_OF_TURN: "play",
    Purpose.PLAY: "play",
    Purpose.GAIN: "gain",
    Purpose.TRASH: "trash",
    Purpose.DISCARD: "discard",
    Purpose.TOPDECK: "put on your deck",
    Purpose.SET_ASIDE: "set aside",
    Purpose.REVEAL: "reveal",
    Purpose.REACT: "reveal",
    Purpose.CHOOSE: "choose",
    Purpose.ORDER: "order",
    Purpose.NAME: "name",
    Purpose.PLAY_ACTION: "play",
    Purpose.PLAY_TREASURES: "play",
    Purpose.BUY: "buy",
}


def question(view: PlayerView | None, d: Decision, verbosity: str) -> str:
    """A card's question in one short line with numbered choices, as the seat asked (``view``) hears it
    (None: a question that needs nothing of the game)."""
    head = f"{d.card.name}, " if d.card is not None else ""  # a comma: a colon is heard as "colon"
    if d.purpose is Purpose.START_OF_TURN:
        head = "Start of turn, "
    if isinstance(d, ChooseCards):
        verb = _VERBS.get(d.purpose, d.purpose.value)
        if verbosity == "brief" and d.purpose is Purpose.TOPDECK:
            verb = "put on deck"
        counted = verbosity != "brief"  # brief: the copies are in the hand, not said again
        text = f"{head}{verb} {amount(d, verbosity == 'brief')}. {numbered_cards(d.options, d.purpose, counted)}."
        if d.min == 0 and d.max > 1 and verbosity != "brief":
            text += " Or none."
        return text
    if isinstance(d, ChooseOne):
        choices = ", ".join(f"{i} {o}" for i, o in enumerate(d.options, 1))
        if d.purpose is Purpose.ORDER and d.about is not None:  # the order of "when you gain" effects
            return f"{d.about.name} gained, which first? {choices}."
        about = f" for {d.about.name}" if d.about is not None else ""
        return f"{head}choose{about}. {choices}."
    if isinstance(d, YesNo):
        if d.purpose is Purpose.REACT and d.card is not None and d.about is not None:
            return f"Reveal {d.card.name} against {d.about.name}? Yes or no."  # not "Moat: reveal Witch?"
        if d.card is not None and d.card.name == "Vault" and d.about is None:  # another player's Vault
            one = view is not None and view.hand_size(d.player) == 1
            offer = "discard your 1 card, drawing nothing" if one else "discard 2 cards to draw 1"
            return f"{head}{offer}? Yes or no."
        about = f" {d.about.name}" if d.about is not None else ""
        verb = _VERBS.get(d.purpose, d.purpose.value)
        return f"{head}{verb}{about}? Yes or no."
    if isinstance(d, OrderCards):
        return f"{head}order, top card first. {numbered_cards(d.cards)}."
    if isinstance(d, NameCard):
        assert view is not None, "naming a card for a player needs the view of the seat asked"
        whose = view.name_of(d.for_player)
        return f"{head}name a card for {whose}. Type its name."
    return str(d)


def hand_over(name: str, what: str, verbosity: str) -> str:
    """The keyboard goes to another person: whose turn (or answer) it is, and to press Enter."""
    if verbosity == "brief":
        return f"{name}'s {what}. Press Enter."
    return f"{name}'s {what}. Press Enter when {name} has the keyboard."


def prompt_for(view: PlayerView, d: Decision | None) -> str:
    """The prompt for the seat of ``view`` asked ``d``: on a turn the phase alone (the answers say the coins
    and buys); for a question, how many may or must be chosen. It ends in a full stop, which no screen reader
    reads at its default punctuation level (a ``>`` is heard as "greater")."""
    if d is None:
        return "game over. "
    if is_turn_decision(d):
        if d.purpose is Purpose.PLAY_ACTION:
            return "action phase. "
        return "buy phase. "
    if isinstance(d, ChooseCards):
        return f"{_VERBS.get(d.purpose, 'choose')} {amount(d)}. "
    if isinstance(d, YesNo):
        return "yes or no. "
    if isinstance(d, ChooseOne):
        return "choose 1 or 2. " if len(d.options) == 2 else f"choose 1 to {len(d.options)}. "
    if isinstance(d, OrderCards):
        return "order, top first. "
    return "name a card. "
