"""Your turn's verbs: play, buy, end, options and choose."""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from companion.cards import Card, catalogue
from companion.cards.names import NameError_, and_list, loose, quote
from companion.commands.game import (
    after_turn_step, cards_named, game_command, private_seat, say_lines, tell, turn_of, answer_question, seat_of,
)
from companion.refusal import CommandError
from companion.engine import IllegalAnswer, Purpose
from companion.engine.phase import Phase
from companion.game import render
from companion.game.activity import GameActivity, game_of
from companion.game.answers import hint
from companion.game.fitting import Spoken
from companion.game.money import Money, autoplayed, money, short_of
from companion.game.words import coins, count

if TYPE_CHECKING:
    from companion.session import Session


# ---- your turn ----------------------------------------------------------------------------------
def _question_first(act: GameActivity, d: Any, typed: str) -> CommandError:
    return CommandError(f"{quote(typed, 40)} must wait: first answer {d.card.name if d.card else 'the question'}. "
                        f"{hint(d)}")


def _turn(session: "Session", typed: str, verbs: tuple[Purpose, ...] = ()) -> tuple[GameActivity, Any]:
    """The activity and the decision, if it is the turn of the person at the keyboard."""
    act, me = private_seat(session, typed)
    g = act.game
    if g.over:
        raise CommandError(f"{quote(typed, 40)}: the game is over. Type score, log, or new.")
    d = act.mine(me)
    if d is None:
        raise CommandError(f"{quote(typed, 40)}: it is not your turn. Wait, or type status.")
    if not render.is_turn_decision(d):
        if d.purpose in verbs:
            return act, d
        raise _question_first(act, d, typed)
    return act, d


@contextmanager
def _changing(act: GameActivity, typed: str, me: int) -> Iterator[None]:
    """The activity's transaction (for seat ``me``); an answer the engine refuses becomes a plain error,
    nothing changed."""
    try:
        with act.change(me):
            yield
    except IllegalAnswer as e:
        raise CommandError(f"{quote(typed, 40)}: {e} Type options to hear what you can do.") from None


def _simple_treasures(act: GameActivity, options: tuple[Card, ...]) -> tuple[Card, ...]:
    """Treasures that ask nothing, in an order that loses nothing (Bank last): autoplay's (game.money)."""
    return autoplayed(act.game.view(act.game.current), options)


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


@game_command(name="play", complete=_complete_hand, summary="plays a card from your hand, or all your Treasures.", usage="play CARD",
       example="play village",
       details="play treasures, or play all, plays every Treasure; play copper silver plays some. A card in "
               "your hand comes first: play tr is Throne Room. Answers Throne Room too.")
def play_command(session: "Session", args: str) -> None:
    typed = f"play {args}".strip()
    act, d = _turn(session, typed, (Purpose.PLAY, Purpose.START_OF_TURN))
    text = args.strip()
    if not render.is_turn_decision(d):
        answer_question(session, act, text)
        return
    if not text:  # the example is a card this player can play now
        acts = [c for c in getattr(d, "options", ()) or () if d.purpose is Purpose.PLAY_ACTION]
        example = f"play {acts[0].name.lower()}, or " if acts else ""
        raise CommandError(f"play needs a card. Type {example}play treasures.")
    g = act.game
    me = d.player
    hand = g.players[me].hand
    word = loose(text)
    if _treasures_word(word) and not _names_a_card_in(text, hand):
        if not any(g.is_treasure(c) for c in hand):
            raise CommandError(f"{quote(typed)}: no Treasures in your hand. Type buy a card, or end.")
        if d.purpose is Purpose.BUY:
            raise CommandError(f"{quote(typed)}: you have bought, so no more Treasures. Type buy or end.")
        turn = turn_of(act, me)
        with _changing(act, typed, me):
            if d.purpose is Purpose.PLAY_ACTION and act.pending is d:
                act.answer(())
            _play_all_treasures(act)
        act.labels.append(typed)
        say_lines(session, [*_skipped(session, d, act.news(session.verbosity, me)), *after_turn_step(session, act, turn)])
        return
    cards = cards_named(text, list(hand))
    missing = [c for c in dict.fromkeys(cards) if hand.count(c) < cards.count(c)]
    if missing:
        c = missing[0]
        have = "no" if c not in hand else f"only {hand.count(c)}"
        raise CommandError(f"{quote(typed)}: you have {have} {c.plural if c not in hand else c.name} in hand. "
                           f"Type hand to hear your cards.")
    actions = [c for c in cards if g.is_action(c)]
    treasures = [c for c in cards if g.is_treasure(c)]
    if actions and (len(cards) > 1):
        raise CommandError(f"{quote(typed)}: play one Action at a time. Type play {actions[0].name.lower()}.")
    if not actions and not treasures:
        raise CommandError(f"{quote(typed)}: {cards[0].name} is not played; only Actions and Treasures are. "
                           f"Type options.")
    turn = turn_of(act, me)
    start = len(g.log)
    with _changing(act, typed, me):
        if actions:
            if d.purpose is not Purpose.PLAY_ACTION:
                why = "no actions are left" if g.turn.actions == 0 and g.phase is Phase.BUY else "it is the Buy phase"
                raise CommandError(f"{quote(typed)}: {why}. Type play treasures, buy a card, or end.")
            act.answer((actions[0],))
        else:
            if d.purpose is Purpose.BUY:
                raise CommandError(f"{quote(typed)}: you have bought, so no more Treasures. Type buy or end.")
            if d.purpose is Purpose.PLAY_ACTION:
                act.answer(())
            act.answer(tuple(treasures))
    act.labels.append(typed)
    lines = _skipped(session, None if actions else d, act.news(session.verbosity, me))
    asks = act.pending is not None and act.pending.card == (actions[0] if actions else None)
    if actions and actions[0].name in _PLAYS_AGAIN and act.game is g and not asks:
        lines = _nothing_to_repeat(g, start, actions[0], lines)
    say_lines(session, [*lines, *after_turn_step(session, act, turn)])


_PLAYS_AGAIN = ("Throne Room", "King's Court")  # "You may play an Action card from your hand twice"


def _nothing_to_repeat(g: Any, start: int, card: Any, lines: list[Spoken]) -> list[Spoken]:
    """Throne Room played with no Action card left in hand: say why nothing was played twice."""
    from companion.engine.events import Played

    if any(isinstance(e, Played) and e.by == card for e in g.log[start:]):
        return lines
    why = f"No Action card to play with {card.name}."
    at = next((i + 1 for i, line in enumerate(lines) if f"played {card.name}" in str(line)), 0)
    return [*lines[:at], why, *lines[at:]]


def _play_all_treasures(act: GameActivity) -> None:
    d = act.pending
    if d is None or d.purpose is not Purpose.PLAY_TREASURES or not render.is_turn_decision(d):
        return
    options = d.options  # type: ignore[attr-defined]
    simple = _simple_treasures(act, options)
    rest = tuple(c for c in options if c not in simple)
    banks = tuple(c for c in simple if c.name == "Bank")  # Bank counts the Treasures in play: last of all
    act.answer(tuple(c for c in simple if c.name != "Bank") + rest + banks)
def _skipped(session: "Session", before: Any, lines: list[Spoken]) -> list[Spoken]:
    """Treasures played or a card bought while Actions could still be played ends the Action phase: say
    which Actions went unplayed, after what was done, so a slip is heard (undo takes it back)."""
    if before is None or before.purpose is not Purpose.PLAY_ACTION or session.verbosity == "brief":
        return lines
    names = list(dict.fromkeys(c.name for c in before.options))
    note = f"{and_list(names)} not played."
    return [*lines[:1], note, *lines[1:]]
@game_command(name="buy", complete=_complete_supply, summary="buys a card; first plays your plain Treasures.", usage="buy CARD",
       example="buy silver",
       details="In the Action phase, buy ends it. Treasures in your hand that ask nothing are played first, "
               "Bank last, unless you set autoplay off. Two buys at once: buy silver silver.")
def buy_command(session: "Session", args: str) -> None:
    typed = f"buy {args}".strip()
    act, d = _turn(session, typed)
    text = args.strip()
    if not text:
        raise CommandError("buy needs a card. Type buy silver, or options to hear what you can buy.")
    g = act.game
    me = d.player
    wanted = cards_named(text, [c for c in g.supply])
    for card in wanted:
        if card not in g.supply:
            raise CommandError(f"{quote(typed)}: {card.name} is not in this game. Type supply to hear the piles.")
    autoplay = session.settings is None or session.settings.get("autoplay") == "on"
    before = money(g.view(me))  # every Treasure in hand, for an error that says what they would make
    turn = turn_of(act, me)
    with _changing(act, typed, me):
        if d.purpose is Purpose.PLAY_ACTION and act.pending is d:
            act.answer(())
        d2 = act.pending
        if d2 is not None and d2.purpose is Purpose.PLAY_TREASURES and render.is_turn_decision(d2):
            simple = _simple_treasures(act, d2.options) if autoplay else ()  # type: ignore[attr-defined]
            if simple:
                act.answer(simple)
            d3 = act.pending
            if d3 is not None and d3.purpose is Purpose.PLAY_TREASURES and render.is_turn_decision(d3):
                act.answer(())
        buys = act.game.turn.buys
        for i, card in enumerate(wanted):
            d4 = act.pending
            if d4 is None or d4.purpose is not Purpose.BUY or d4.player != me or not render.is_turn_decision(d4):
                if i and buys < len(wanted):  # more cards than buys: nothing is bought, so say how many fit
                    raise CommandError(f"{quote(typed)}: you have {count(buys, 'buy')}, not {len(wanted)}. "
                                       f"Type fewer cards.")
                if i:  # a card bought asks a question (Watchtower, Tiara): one buy at a time
                    first = wanted[0].name
                    asks = d4 is not None and d4.player == me and not render.is_turn_decision(d4)
                    asker = d4.card if asks and d4 is not None else None
                    why = f"nothing more can be bought after {first}" if not asks else \
                        f"{asker.name} asks about {first} first" if asker is not None else \
                        f"buying {first} asks a question first"
                    raise CommandError(f"{quote(typed)}: {why}. Buy one card at a time: type buy {first.lower()}.")
                raise CommandError(f"{quote(typed)}: no buys left for {card.name}. Type end, or undo.")
            reason = _cannot_buy(act, card, before if i == 0 else None, autoplay)
            if reason:  # said after the cards before it, whose buying is taken back with this error
                after = f"after {and_list([c.name for c in wanted[:i]])}, " if i else ""
                raise CommandError(f"{quote(typed)}: {after}{reason}")
            act.answer((card,))
    act.labels.append(typed)
    say_lines(session, [*_skipped(session, d, act.news(session.verbosity, me)), *after_turn_step(session, act, turn)])


def _cannot_buy(act: GameActivity, card: Card, before: Money | None = None, autoplay: bool = True) -> str | None:
    """Why ``card`` cannot be bought now; ``before`` is the money in hand before autoplay (first card only)."""
    g = act.game
    if g.supply.get(card, 0) == 0:
        return f"the {card.name} pile is empty. Type supply low to hear what is left."
    cost = g.cost(card)
    if cost > g.turn.coins:
        said = short_of(g.view(g.turn.player), card, before, autoplay) if before is not None else None
        return said or f"{card.name} costs {coins(cost)}, you have {coins(g.turn.coins)}. Type options to hear choices."
    if not g.can_buy(g.turn.player, card):
        return f"{card.name} cannot be bought now. Type options to hear what can."
    return None


@game_command(name="end", summary="ends your turn (or the current phase's buying).", usage="end", example="end",
       aliases=("done",))
def end_command(session: "Session", args: str) -> None:
    typed = f"end {args}".strip()
    if " ".join(args.lower().split()) in ("turn", "my turn", "the turn"):  # as players say it: end turn
        args = ""
    if args.strip():
        raise CommandError(f"{quote(typed)}: end takes nothing after it. Type end.")
    act, d = _turn(session, typed)
    g = act.game
    me = d.player
    turn = g.players[me].turns
    bought = g.turn.bought
    unplayed = sum(1 for c in g.players[me].hand if g.is_treasure(c))
    with _changing(act, typed, me):
        while True:
            d = act.pending
            if d is None or d.player != me or not render.is_turn_decision(d) or g is not act.game:
                break
            if act.game.players[me].turns != turn or act.game.current != me:
                break
            act.answer(())
    act.labels.append("end")
    lines = act.news(session.verbosity, me)
    if not bought and session.verbosity != "brief" and act.holder == me and not act.waiting:
        # Ending without a buy is often a slip (undo takes it back): say so first, with Treasures left unplayed.
        left = f"; {count(unplayed, 'Treasure')} unplayed" if unplayed else ""
        lines = [f"Nothing bought{left}.", *lines]  # one line within 40 cells
    say_lines(session, lines)


@game_command(name="options", summary="says what you can do now and what it costs.", usage="options", example="options",
       aliases=("op",))
def options_command(session: "Session", args: str) -> None:
    act, me = private_seat(session, "options")
    if act.game.over:
        tell(session, "The game is over. Type score, log, or new.")
        return
    d = act.mine(me)
    if d is None:
        tell(session, "It is not your turn. Type status.")
        return
    tell(session, render.options_line(act.game, me, d, session.verbosity))


@game_command(name="choose", summary="answers a card's question, by number or name.", usage="choose ANSWER",
       example="choose 1 3", details="You can also type the answer alone: 1 3, or copper estate, or none.")
def choose_command(session: "Session", args: str) -> None:
    act, me = private_seat(session, ("choose " + args).strip())
    d = act.mine(me)
    if d is None or render.is_turn_decision(d):
        raise CommandError(f"{quote(('choose ' + args).strip())}: no card is asking now. Type options.")
    answer_question(session, act, args)
