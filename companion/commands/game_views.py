"""One-line views of the game: status, hand, supply, deck, discard, trash, score, kingdom and log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.names import loose, quote
from companion.commands.game import need_game, game_command, private_seat, fitted, answer_question, seat_of
from companion.commands.registry import alone
from companion.refusal import CommandError
from companion.engine import Purpose
from companion.game import render
from companion.game.activity import GameActivity
from companion.game.words import count, grouped
from companion.numbers import as_number

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


# ---- one line each ------------------------------------------------------------------------------
def seat_named(act: GameActivity, viewer: int, typed: str) -> int | None:
    """The seat a typed name means: a player's name, or the start of only one; "you" or "me" is your own."""
    word = loose(typed)
    if word in ("you", "me", "my", "mine") and viewer >= 0:
        return viewer
    names = [loose(p.name) for p in act.game.players]
    if word in names:
        return names.index(word)
    starting = [i for i, name in enumerate(names) if word and name.startswith(word)]
    return starting[0] if len(starting) == 1 else None


def _no_player(act: GameActivity, verb: str, args: str, viewer: int = -1) -> CommandError:
    """A name at no seat: what to type instead names the others, never your own seat ("status You")."""
    from companion.cards.names import or_list

    names = [p.name for i, p in enumerate(act.game.players) if i != viewer]
    return CommandError(f"{quote(verb + ' ' + args.strip(), 40)}, no player is named that. "
                        f"Type {verb}, or {verb} and {or_list(names)}.")


@game_command(name="status", summary="says the turn, actions, buys and coins, or a player's public cards.",
              usage="status, or status NAME", example="status Ben", aliases=("st",),
              details="status Ben says what everyone may see of Ben. No one may count a deck but their own.")
def status_command(session: "Session", args: str) -> "Response":
    act = need_game(session)
    g = act.game
    viewer = seat_of(session, act)
    if args.strip():
        seat = seat_named(act, viewer, args)
        if seat is None:
            raise _no_player(act, "status", args, viewer)
        return fitted(session, render.seat_line(g, viewer, seat))
    line = render.status_line(g, viewer, named=act.shared or viewer < 0)
    d = act.mine(viewer) if viewer >= 0 else None
    if viewer < 0:
        line += f" Waiting for {g.players[act.holder].name} to press Enter."  # noqa: E501
    elif d is not None and not render.is_turn_decision(d):
        line += " " + render.question(g, d, session.verbosity)
    elif d is None and act.own_devices and g.pending is not None and not g.over:
        line += f" Waiting for {g.players[g.pending.player].name}."
    return fitted(session, line)


@game_command(name="hand", summary="says the cards in your hand, grouped.", usage="hand", example="hand", aliases=("hd",))
def hand_command(session: "Session", args: str) -> "Response":
    alone("hand", args)
    act, me = private_seat(session, "hand")
    return fitted(session, render.hand_line(act.game, me))


@game_command(name="supply", summary="says the Supply piles by cost, or the low piles first.",
              usage="supply, or supply low", example="supply low", aliases=("su",))
def supply_command(session: "Session", args: str) -> "Response":
    act = need_game(session)
    word = loose(args)
    if word not in ("", "low", "l"):
        raise CommandError(f"{quote(args)} is not a supply option. Type supply, or supply low.")
    lines = render.supply_lines(act.game, low_first=bool(word))
    if session.verbosity == "brief" and not word:
        lines = [" ".join(lines)]
    return fitted(session, "\n".join(lines))


@game_command(name="deck", summary="says how many cards are in your deck.", usage="deck", example="deck")
def deck_command(session: "Session", args: str) -> "Response":
    alone("deck", args)
    act, me = private_seat(session, "deck")
    return fitted(session, render.deck_line(act.game, me))


@game_command(name="owned", summary="says every card you own, grouped, and where they are.", usage="owned",
              example="owned", details="Your hand, your cards in play and set aside, and your deck's size, which is "
              "what the rules let you know. The rest are in your deck or your discard pile.")
def owned_command(session: "Session", args: str) -> "Response":
    alone("owned", args)
    act, me = private_seat(session, "owned")
    return fitted(session, "\n".join(render.owned_lines(act.game, me)))


def _answer_by_verb(session: "Session", act: GameActivity, verb: str, purpose: Purpose, args: str) -> "Response | None":
    """``trash`` or ``discard`` as the answer to a card's question: Sentry's choice, or Chapel's cards."""
    me = seat_of(session, act)
    d = act.mine(me) if me >= 0 else None
    if d is None or render.is_turn_decision(d):
        return None
    if not args.strip() and isinstance(getattr(d, "options", None), tuple) and verb in d.options:  # type: ignore[attr-defined]
        return answer_question(session, act, verb)
    if args.strip() and d.purpose is purpose:
        return answer_question(session, act, args)
    return None


def _nothing_after(args: str, verb: str) -> None:
    """``trash copper`` when no card asks what to trash: refused, not heard as the trash's contents."""
    if args.strip():
        what = "the trash" if verb == "trash" else "your discard pile's top card"
        raise CommandError(f"{quote(verb + ' ' + args.strip(), 40)}, no card asks you to {verb} now. "
                           f"Type {verb} alone to hear {what}.")


@game_command(name="discard", summary="says your discard pile's top card, or another player's.",
              usage="discard, discard NAME, or discard others", example="discard Ben",
              details="The rules let everyone see the top card of each discard pile, but no one count or look "
                      "through one. discard others says every other player's top card.")
def discard_command(session: "Session", args: str) -> "Response":
    act = need_game(session)
    viewer = seat_of(session, act)
    if viewer >= 0:
        answered = _answer_by_verb(session, act, "discard", Purpose.DISCARD, args)
        if answered is not None:
            return answered  # a card asks what to discard: "discard copper" answers it
    if args.strip():  # every discard pile's top card is public: anyone may hear it, at any time
        if loose(args) in ("others", "other", "all", "everyone"):
            return fitted(session, render.tops_line(act.game, viewer))
        seat = seat_named(act, viewer, args)
        if seat is not None:
            return fitted(session, render.discard_top_line(act.game, viewer, seat))
    act, me = private_seat(session, ("discard " + args).strip())
    _nothing_after(args, "discard")
    return fitted(session, render.discard_line(act.game, me))


@game_command(name="trash", summary="says the cards in the trash.", usage="trash", example="trash")
def trash_command(session: "Session", args: str) -> "Response":
    act = need_game(session)
    answered = _answer_by_verb(session, act, "trash", Purpose.TRASH, args)
    if answered is not None:
        return answered
    _nothing_after(args, "trash")
    trash = act.game.trash
    return fitted(session, f"The trash has {count(len(trash), 'card')}, {grouped(trash)}." if trash else "The trash is empty.")


@game_command(name="score", summary="says everyone's VP now.", usage="score", example="score", aliases=("sc",))
def score_command(session: "Session", args: str) -> "Response":
    alone("score", args)
    act = need_game(session)
    return fitted(session, render.score_line(act.game, seat_of(session, act)))


@game_command(name="kingdom", summary="says this game's 10 kingdom cards.", usage="kingdom", example="kingdom")
def kingdom_command(session: "Session", args: str) -> "Response":
    alone("kingdom", args)
    act = need_game(session)
    line = f"Kingdom {act.kingdom}" if act.kingdom.name else f"Kingdom. {act.kingdom}"
    if session.verbosity == "full":
        line += f" Seed {act.setup.seed}."
    return fitted(session, line)


@game_command(name="log", summary="says what happened, most recent last.", usage="log, log N, or log all", example="log 3", aliases=("lg",),
              details="N is how many lines, and all says the whole game. Works after the game ends.")
def log_command(session: "Session", args: str) -> "Response":
    act = need_game(session)
    word = args.strip().lower()
    n = 5 if not word else (10**6 if word == "all" else as_number(word))
    if n is None:
        raise CommandError(f"log needs a number or all, not {quote(args)}. Type log 5.")
    if n < 1:
        raise CommandError(f"log needs a number from 1 up, not {quote(args)}. Type log 5.")
    verbosity = session.verbosity if session.verbosity != "brief" else "normal"
    shown, total = render.log_tail(act.game, seat_of(session, act), verbosity, n)  # only the lines said
    if not total:
        return fitted(session, "Nothing has happened yet.")
    head = f"Last {len(shown)} of {total} log lines, oldest first." if len(shown) > 1 else "Last log line."
    return fitted(session, "\n".join([head, *shown]))
