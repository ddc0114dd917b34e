"""Your turn's verbs: play, buy, end, options and choose. Each reads what was typed, calls one intent of
the game's service (companion.game.service) and returns its Outcome, which companion.dispatch says."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.cards import Card, catalogue
from companion.cards.names import NameError_, and_list, loose, or_list, quote
from companion.commands.game import (
    cards_named, game_command, private_seat, question_answered, seat_of, fitted,
)
from companion.refusal import CommandError
from companion.engine import Decision, Purpose
from companion.game import render
from companion.game.activity import GameActivity, game_of
from companion.game.service import GameService, Outcome

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


# ---- your turn ----------------------------------------------------------------------------------
def _turn(session: "Session", typed: str, verbs: tuple[Purpose, ...] = ()) -> tuple[GameActivity, Any]:
    """The activity and the decision, if it is the turn of the person at the keyboard."""
    act, me = private_seat(session, typed)
    return act, GameService(act).turn_decision(me, typed, verbs)


def _complete_from(cards: list[Card], text: str) -> list[str]:
    typed = text.strip().lower()
    names = sorted({c.name for c in cards})
    return [n for n in names if n.lower().startswith(typed)]


def _complete_hand(session: "Session", text: str) -> list[str]:
    act = game_of(session)
    if act is None:
        return []
    me = seat_of(session, act)
    if me < 0:
        return []
    extra = ["treasures"] if "treasures".startswith(text.strip().lower()) else []
    return extra + _complete_from(list(act.game.players[me].hand), text)


def _complete_supply(session: "Session", text: str) -> list[str]:
    act = game_of(session)
    if act is None:
        return []
    return _complete_from([c for c, n in act.game.supply.items() if n], text)


def _treasures_word(word: str) -> bool:
    """``play treasures`` and its short forms (``all``, ``money``, ``tr``...)."""
    return word in ("treasure", "all", "money", "all treasures") or (len(word) >= 2 and "treasures".startswith(word))


def _names_a_card_in(text: str, hand: list[Card]) -> bool:
    """Whether ``text`` names a card in ``hand`` (``tr`` is Throne Room, as ``card tr`` says): a card
    shorthand that is also a word means the card."""
    try:
        return bool(catalogue().find_many(text, list(dict.fromkeys(hand))))
    except NameError_:
        return False


def _playable(d: Decision, hand: Sequence[Card]) -> str:
    """The end of the sentence for a card not in hand: the cards in it that can be played now."""
    options = getattr(d, "options", None) or () if d.purpose is Purpose.PLAY_ACTION else ()
    names = list(dict.fromkeys(c.name for c in hand if c.is_treasure or c in options))
    if not names:
        return "in your hand, and nothing in it can be played now. Type options to hear your choices."
    return f"in your hand. Type {or_list([f'play {n.lower()}' for n in names])}."


def _not_there(text: str, cards: list[Card], where: str) -> str | None:
    """A card named exactly that but not ``where``, read as one that is: ``buy village`` in a kingdom
    with Worker's Village and no Village says "Village is not in this game." before "Bought Worker's
    Village.", so the card taken is never a silent swap. None when every card is the one named."""
    try:
        named = catalogue().find_many(text)
    except NameError_:
        return None
    if len(named) != len(cards):
        return None
    swapped = list(dict.fromkeys(n.name for n, c in zip(named, cards) if n != c))
    if not swapped:
        return None
    return f"{and_list(swapped)} {'is' if len(swapped) == 1 else 'are'} not {where}."


def _noted(outcome: Outcome, note: str | None) -> Outcome:
    """``outcome`` with ``note`` said first to the seat that moved."""
    if note is None:
        return outcome
    own = outcome.own
    return replace(outcome, heard={**outcome.heard, outcome.seat: replace(own, lines=(note, *own.lines))})


@game_command(name="play", complete=_complete_hand, summary="plays a card from your hand, or all your Treasures.", usage="play CARD",
              example="play village",
              details="play all, or play treasures, plays every Treasure. play copper silver plays some. A card in "
                      "hand comes first. play tr is Throne Room. Answers Throne Room too.")
def play_command(session: "Session", args: str) -> Outcome:
    typed = f"play {args}".strip()
    act, d = _turn(session, typed, (Purpose.PLAY, Purpose.START_OF_TURN))
    text = args.strip()
    if not render.is_turn_decision(d):
        return question_answered(session, act, text)
    if not text:  # the example is a card this player can play now
        acts = [c for c in getattr(d, "options", ()) or () if d.purpose is Purpose.PLAY_ACTION]
        example = f"play {acts[0].name.lower()}, or " if acts else ""
        raise CommandError(f"play needs a card. Type {example}play treasures.")
    me = d.player
    hand = act.game.players[me].hand
    if _treasures_word(loose(text)) and not _names_a_card_in(text, hand):
        return GameService(act).play_treasures(me, typed, session.verbosity)
    cards = cards_named(text, list(hand), _playable(d, hand))
    return _noted(GameService(act).play(me, cards, typed, session.verbosity), _not_there(text, cards, "in your hand"))


@game_command(name="buy", complete=_complete_supply, summary="buys a card, first playing your plain Treasures.", usage="buy CARD",
              example="buy silver",
              details="In the Action phase, buy ends it. Treasures in your hand that ask nothing are played first, "
                      "Bank last, unless you set autoplay off. Two buys at once, as in buy silver silver.")
def buy_command(session: "Session", args: str) -> Outcome:
    typed = f"buy {args}".strip()
    act, d = _turn(session, typed)
    text = args.strip()
    if not text:
        raise CommandError("buy needs a card. Type buy silver, or options to hear what you can buy.")
    if text.lower() in ("nothing", "none"):  # as the hint says it: "Buy nothing."
        return GameService(act).end_turn(d.player, typed, session.verbosity)
    wanted = cards_named(text, [c for c in act.game.supply])
    autoplay = session.settings.get("autoplay") == "on"
    outcome = GameService(act).buy(d.player, wanted, typed, session.verbosity, autoplay)
    return _noted(outcome, _not_there(text, wanted, "in this game"))


@game_command(name="end", summary="ends your turn, or the current phase's buying.", usage="end", example="end",
              aliases=("done",))
def end_command(session: "Session", args: str) -> Outcome:
    typed = f"end {args}".strip()
    if " ".join(args.lower().split()) in ("turn", "my turn", "the turn"):  # as players say it: end turn
        args = ""
    if args.strip():
        raise CommandError(f"{quote(typed)}, end takes nothing after it. Type end.")
    act, d = _turn(session, typed)
    return GameService(act).end_turn(d.player, typed, session.verbosity)


@game_command(name="options", summary="says what you can do now and what it costs.", usage="options, or options all",
              example="options", aliases=("op",),
              details="options names the six dearest cards you can buy and how many more. options all names them all.")
def options_command(session: "Session", args: str) -> "Response":
    act, me = private_seat(session, "options")
    every = loose(args) in ("all", "every", "more")
    if act.game.over:
        return fitted(session, "The game is over. Type score, log, or new.")
    d = act.mine(me)
    if d is None:
        return fitted(session, "It is not your turn. Type status.")
    return fitted(session, render.options_line(act.game, me, session.verbosity, every))


@game_command(name="choose", summary="answers a card's question, by number or name.", usage="choose ANSWER",
              example="choose 1 3", details="You can also type the answer alone, as in 1 3, or copper estate, or none.")
def choose_command(session: "Session", args: str) -> Outcome:
    act, me = private_seat(session, ("choose " + args).strip())
    d = act.mine(me)
    if d is None or render.is_turn_decision(d):
        raise CommandError(f"{quote(('choose ' + args).strip())}, no card is asking now. Type options.")
    return question_answered(session, act, args)


@game_command(name="gain", complete=_complete_supply, summary="answers a card that asks what to gain.",
              usage="gain CARD", example="gain silver",
              details="At Workshop, Remodel or Mine, gain silver is the same as typing silver.")
def gain_command(session: "Session", args: str) -> Outcome:
    """``gain silver`` at Workshop's question, as a person says it (it was "'gain' works at a table")."""
    typed = f"gain {args}".strip()
    act, me = private_seat(session, typed)
    d = act.mine(me)
    if d is None or render.is_turn_decision(d) or d.purpose is not Purpose.GAIN:
        raise CommandError(f"{quote(typed)}, no card asks you to gain now. Type buy and a card to buy one.")
    if not args.strip():
        raise CommandError("gain needs a card. Type options to hear your choices.")
    return question_answered(session, act, args)
