"""The few words the game's service adds to the news after a move of your own turn: where the turn
stands, Actions left unplayed, Throne Room with nothing to repeat, a choice said back, and why a card
cannot be bought. Like every word module, it reads the mover's view alone (PlayerView), never the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from companion.cards import Card
from companion.cards.names import and_list
from companion.engine import ChooseOne, OrderCards, Purpose
from companion.engine.view import PlayerView
from companion.game.questions import is_turn_decision
from companion.game.fitting import Spoken
from companion.game.money import Money, money, more_in_treasures, short_of
from companion.game.words import coins, count

if TYPE_CHECKING:
    from companion.engine import Decision

PLAYS_AGAIN = ("Throne Room", "King's Court")  # "You may play an Action card from your hand twice"


def turn_step(view: PlayerView, d: "Decision | None", verbosity: str, turn: int) -> list[Spoken]:
    """After play or buy in your own turn ``turn``: where the turn stands, in a few words (``d``: the
    decision the view's player answers now, if any)."""
    if d is None or not is_turn_decision(d) or view.turns() != turn:
        return []
    more = more_in_treasures(money(view))  # after drawing: what the Treasures in hand add
    if verbosity == "brief":
        return [f"{coins(view.coins).capitalize()}{more}."] if d.purpose is not Purpose.PLAY_ACTION else []
    if d.purpose is Purpose.PLAY_ACTION:
        return [f"{count(view.actions, 'action')}, {count(view.buys, 'buy')}, {coins(view.coins)}{more}."]
    return [f"{coins(view.coins).capitalize()}{more}, {count(view.buys, 'buy')}."]


def skipped(verbosity: str, before: "Decision | None", lines: Sequence[Spoken]) -> list[Spoken]:
    """Treasures played or a card bought while Actions could still be played ends the Action phase: say
    which Actions went unplayed, after what was done, so a slip is heard (undo takes it back)."""
    if before is None or before.purpose is not Purpose.PLAY_ACTION or verbosity == "brief":
        return list(lines)
    names = list(dict.fromkeys(c.name for c in before.options))  # type: ignore[attr-defined]
    note = f"{and_list(names)} not played."
    return [*lines[:1], note, *lines[1:]]


def nothing_to_repeat(view: PlayerView, start: int, card: Card, lines: list[Spoken]) -> list[Spoken]:
    """Throne Room played with no Action card left in hand: say why nothing was played twice."""
    from companion.engine.events import Played

    if any(isinstance(e, Played) and e.by == card for e in view.log(start)):
        return lines
    why = f"No Action card to play with {card.name}."
    at = next((i + 1 for i, line in enumerate(lines) if f"played {card.name}".lower() in str(line).lower()), 0)
    return [*lines[:at], why, *lines[at:]]


def chosen(d: "Decision", value: object) -> str:
    """A choice that changed nothing to hear (Crystal Ball's leave, Sentry's keep, an order put back): said
    back, with the cards it was about: "Crystal Ball, leave Estate.", "Sentry, Estate on top, then Copper." """
    if d.card is None:
        return ""
    if isinstance(d, OrderCards) and isinstance(value, tuple) and value:
        then = f", then {and_list([c.name for c in value[1:]])}" if len(value) > 1 else ""
        return f"{d.card.name}, {value[0].name} on top{then}."
    if not isinstance(d, ChooseOne) or not isinstance(value, str):
        return ""
    about = f" {d.about.name}" if d.about is not None and value != "no" else ""
    return f"{d.card.name}, {value}{about}."


def answered(d: "Decision", value: object) -> str:
    """An answer whose effect there is nothing else to say about: "Cellar, none.", "Moat, no."..."""
    asker = d.card.name if d.card is not None else "Done"
    if value in ((), None):
        return f"{asker}, none."
    if value is False:
        return f"{asker}, no."
    return chosen(d, value) or "Done."


def cannot_buy(view: PlayerView, card: Card, before: Money | None = None, autoplay: bool = True) -> str | None:
    """Why ``card`` cannot be bought now by the view's player, whose turn it is; ``before`` is the money in
    hand before autoplay (first card only)."""
    if view.pile(card) == 0:
        return f"the {card.name} pile is empty. Type supply low to hear what is left."
    cost = view.cost(card)
    if cost > view.coins:
        said = short_of(view, card, before, autoplay) if before is not None else None
        return said or f"{card.name} costs {coins(cost)}, you have {coins(view.coins)}. Type options to hear choices."
    if card not in view.buyable():
        return f"{card.name} cannot be bought now. Type options to hear what can."
    return None


__all__ = ["PLAYS_AGAIN", "answered", "cannot_buy", "chosen", "nothing_to_repeat", "skipped", "turn_step"]
