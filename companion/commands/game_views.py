"""One-line views of the game: status, hand, supply, deck, discard, trash, score, kingdom and log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.names import loose, quote
from companion.commands.game import _act, _game, _private, _tell, answer_question
from companion.commands.registry import CommandError
from companion.engine import Purpose
from companion.game import render
from companion.game.activity import GameActivity
from companion.game.words import count, grouped

if TYPE_CHECKING:
    from companion.session import Session


# ---- one line each ------------------------------------------------------------------------------
@_game(name="status", summary="says the turn, phase, actions, buys and coins.", usage="status", example="status")
def status_command(session: "Session", args: str) -> None:
    act = _act(session)
    g = act.game
    viewer = act.holder if not act.waiting else -1
    line = render.status_line(g, viewer)
    if act.waiting:
        line += f" Waiting for {g.players[act.holder].name} to press Enter."  # noqa: E501
    elif act.mine() is not None and not render.is_turn_decision(act.mine()):
        line += " " + render.question(g, act.mine(), session.verbosity)  # type: ignore[arg-type]
    _tell(session, line)


@_game(name="hand", summary="says the cards in your hand, grouped.", usage="hand", example="hand")
def hand_command(session: "Session", args: str) -> None:
    act = _private(session)
    _tell(session, render.hand_line(act.game, act.holder))


@_game(name="supply", summary="says the Supply piles by cost; supply low for low piles first.",
       usage="supply [low]", example="supply low")
def supply_command(session: "Session", args: str) -> None:
    act = _act(session)
    word = loose(args)
    if word not in ("", "low", "l"):
        raise CommandError(f"{quote(args)} is not a supply option. Type supply, or supply low.")
    lines = render.supply_lines(act.game, low_first=bool(word))
    if session.verbosity == "brief" and not word:
        lines = [" ".join(lines)]
    _tell(session, "\n".join(lines))


@_game(name="deck", summary="says how many cards are in your deck.", usage="deck", example="deck")
def deck_command(session: "Session", args: str) -> None:
    act = _private(session)
    ps = act.game.players[act.holder]
    total = len(ps.all_cards())
    _tell(session, f"{count(len(ps.deck), 'card')} in your deck. {count(total, 'card')} in all.")


def _answer_by_verb(session: "Session", act: GameActivity, verb: str, purpose: Purpose, args: str) -> bool:
    """``trash`` or ``discard`` as the answer to a card's question: Sentry's choice, or Chapel's cards."""
    d = act.mine()
    if d is None or render.is_turn_decision(d):
        return False
    if not args.strip() and isinstance(getattr(d, "options", None), tuple) and verb in d.options:  # type: ignore[attr-defined]
        answer_question(session, act, verb)
        return True
    if args.strip() and d.purpose is purpose:
        answer_question(session, act, args)
        return True
    return False


@_game(name="discard", summary="says your discard pile's top card and size.", usage="discard", example="discard")
def discard_command(session: "Session", args: str) -> None:
    act = _private(session)
    if _answer_by_verb(session, act, "discard", Purpose.DISCARD, args):
        return
    ps = act.game.players[act.holder]
    if not ps.discard:
        _tell(session, "Your discard pile is empty.")
        return
    _tell(session, f"Discard pile: {count(len(ps.discard), 'card')}, {ps.discard[-1].name} on top.")


@_game(name="trash", summary="says the cards in the trash.", usage="trash", example="trash")
def trash_command(session: "Session", args: str) -> None:
    act = _act(session)
    if not act.waiting and _answer_by_verb(session, act, "trash", Purpose.TRASH, args):
        return
    trash = act.game.trash
    _tell(session, f"Trash, {count(len(trash), 'card')}: {grouped(trash)}." if trash else "The trash is empty.")


@_game(name="score", summary="says everyone's VP now.", usage="score", example="score")
def score_command(session: "Session", args: str) -> None:
    act = _act(session)
    _tell(session, render.score_line(act.game, act.holder if not act.waiting else -1))


@_game(name="kingdom", summary="says this game's 10 kingdom cards.", usage="kingdom", example="kingdom")
def kingdom_command(session: "Session", args: str) -> None:
    act = _act(session)
    line = f"Kingdom {act.kingdom}" if act.kingdom.name else f"Kingdom: {act.kingdom}"
    if session.verbosity == "full":
        line += f" Seed {act.setup.seed}."
    _tell(session, line)


@_game(name="log", summary="says what happened, most recent last.", usage="log [N|all]", example="log 3",
       details="N is how many lines; all for the whole game. Works after the game ends.")
def log_command(session: "Session", args: str) -> None:
    act = _act(session)
    word = args.strip().lower()
    if word and word != "all" and not word.isdigit():
        raise CommandError(f"log needs a number or all, not {quote(args)}. Type log 5.")
    n = 5 if not word else (10**6 if word == "all" else int(word))
    if n < 1:
        raise CommandError(f"log needs a number from 1 up, not {quote(args)}. Type log 5.")
    lines = render.log_lines(act.game, act.holder, session.verbosity if session.verbosity != "brief" else "normal")
    if not lines:
        _tell(session, "Nothing has happened yet.")
        return
    shown = lines[-n:]
    head = f"Last {len(shown)} of {len(lines)} log lines, oldest first:" if len(shown) > 1 else "Last log line:"
    _tell(session, "\n".join([head, *shown]))
