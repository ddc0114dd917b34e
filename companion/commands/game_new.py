"""Starting a game: new, with options or by three short questions."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.bots import DEFAULT_BOT
from companion.cards.names import and_list, loose, quote
from companion.commands.game import (
    ASK, KEY, TOPIC, Questions, hold_game, install, keep_unfinished, play_here, lines_answer, say_lines, say_outcome,
    thinking_cue,
)
from companion.commands.registry import ArgumentParser, command, take_over, words_option
from companion.refusal import CommandError
from companion.engine import Game, GameSetup, Seat
from companion.game.activity import GameActivity
from companion.game.service import GameService
from companion.game.starting import SetupError, bool_or_random, build_setup
from companion.kingdom import KingdomError, choose_kingdom
from companion.numbers import as_number, whole

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


# ---- starting -----------------------------------------------------------------------------------
def after_winner(session: "Session", setup: GameSetup) -> tuple[GameSetup, str]:
    """``setup`` with the winner of the game just finished here going last, when the same players played it
    and it was not a tie: "If you have just played a game of Dominion and it was not a tie, have the player
    who won the previous game go last." Also the words that say why ("" when the first seat is drawn)."""
    from companion.game.activity import game_of

    old = game_of(session)
    result = old.game.result if old is not None else None
    if old is None or result is None or len(result.winners) != 1 or setup.start is not None or setup.first is not None:
        return setup, ""
    def players(seats: tuple[Seat, ...]) -> list[tuple[str, str]]:
        return sorted((s.name.lower(), s.bot or "") for s in seats)

    if players(old.setup.seats) != players(setup.seats):
        return setup, ""
    won = old.setup.seats[result.winners[0]].name.lower()
    seat = [s.name.lower() for s in setup.seats].index(won)
    name = setup.seats[seat].name
    why = "as you won the last game and go last" if name == "You" else f"as {name} won the last game and goes last"
    return replace(setup, first=(seat + 1) % len(setup.seats)), why


def start_game(session: "Session", setup: GameSetup) -> "Response":
    setup, why = after_winner(session, setup)
    held = hold_game(session)  # first: a refusal changes nothing
    kept = keep_unfinished(session)
    kept += "".join(f" {said}" for said in take_over(session, KEY))
    # The plan search starts now, in the background; when a bot goes first and must wait for it, the game's
    # opening words are said first, and "Thinking." only if the wait is still long (companion.game.thinking).
    act = GameActivity(Game(setup), cue=thinking_cue(session), play=False)
    early = act.must_wait()
    if not early:
        act.begin()
    act.held = held
    play_here(session, act)
    act.autosave()
    g = act.game
    others = [s.name for s in setup.seats if not s.is_person]
    people = [s.name for s in setup.seats if s.is_person]
    against = f"against {and_list(others)}" if others else f"for {and_list(people)}"
    if len(people) > 1 and others:
        against = f"for {and_list(people)}, against {and_list(others)}"
    k = setup.kingdom
    head = "New game from a position" if setup.start is not None else "New game"
    said = f"{head} {against}."
    if len(said.split()) > 12:  # a first sentence of at most 12 words: how many, then the names
        who = f"for {len(people)} people" if len(people) > 1 else ""
        vs = f"against {len(others)} bots" if len(others) > 1 else f"against {and_list(others)}" if others else ""
        said = f"{head} {', '.join(filter(None, (who, vs)))}."
        said += f" The people are {and_list(people)}." if len(people) > 1 else ""
        said += f" The bots are {and_list(others)}." if len(others) > 1 else ""
    lines = [f"{said}{kept}", f"Kingdom {k}" if k.name else f"Kingdom. {k}"]
    if session.verbosity == "full":
        lines.append(f"Seed {setup.seed}.")
    from companion.engine.events import TurnStarted

    first = next((e.player for e in g.log if isinstance(e, TurnStarted)), g.current)
    starter = g.players[first].name
    lines.append(f"{'You go' if starter == 'You' else starter + ' goes'} first{', ' + why if why else ''}.")
    if early:
        say_lines(session, lines, fit=False)
        lines = []
        act.begin()
        act.autosave()
    d = act.pending
    if len(people) > 1 and d is not None:
        act.holder, act.waiting = d.player, True  # the first person's hand only after Enter
        name = g.players[d.player].name
        lines.append(f"{name}'s turn. Press Enter when {name} has the keyboard.")
        return lines_answer(session, lines, fit=False)
    return say_outcome(session, GameService(act).listen(act.holder, session.verbosity), before=lines, fit=False)


@command(
    "new",
    summary="starts a game against bots or friends.",
    usage="new, or new and options",
    example='new --players 2 --bots strong --kingdom First Game --seed 1',
    topic=TOPIC,
    one_shot=False,
    details=("With no options it asks three short questions, Enter for each default. Options are --players, "
             "--bots, --names, --kingdom, --sets, --seed, --colony on, off or random, and --position NAME. People "
             "sit first, then bots."),
)
def new_command(session: "Session", args: str) -> "Response":
    if not args.strip():
        return ask_new(session)
    p = ArgumentParser("new")
    p.add_argument("--players", type=whole)
    words_option(p, "--bots")
    words_option(p, "--names", "")
    words_option(p, "--kingdom", "First Game")
    p.add_argument("--sets")
    p.add_argument("--seed", type=whole)
    p.add_argument("--colony", default="random")
    p.add_argument("--position")
    ns = p.parse(args)
    bots = None
    if ns.bots is not None:
        bots = [] if loose(ns.bots) in ("none", "0", "") else [b for b in ns.bots.replace(",", " ").split() if b]
    names = [n for n in ns.names.split(",")] if ns.names.strip() else []
    position = None
    if ns.position is not None:
        from companion.commands.game_position import read_position

        position = read_position(ns.position)
        if ns.players is not None and ns.players != len(position.players):
            raise CommandError(f"the position has {len(position.players)} players, not {ns.players}. "
                               f"Leave out --players.")
        ns.players = len(position.players)
    try:
        setup = build_setup(ns.players, bots, names, ns.kingdom, ns.sets, ns.seed, bool_or_random(ns.colony))
    except SetupError as e:
        raise CommandError(str(e)) from None
    if position is not None:
        setup = replace(GameSetup.from_position(position, setup.seats), hide_hand=setup.hide_hand)
    return start_game(session, setup)
def ask_new(session: "Session") -> "Response":
    def check(key: str, typed: str, answers: dict[str, str]) -> str:
        if key == "players":
            n = as_number(typed)
            if n is None or not 2 <= n <= 6:
                raise CommandError(f"{quote(typed)} is not 2 to 6 players. Type a number from 2 to 6.")
            return str(n)
        if key == "people":
            most = int(answers["players"])
            n = as_number(typed)
            if n is None or not 1 <= n <= most:
                span = "1 or 2" if most == 2 else f"1 to {most}"
                choices = "1 or 2" if most == 2 else f"a number from 1 to {most}"
                raise CommandError(f"{quote(typed)} is not {span} people. Type {choices}.")
            return str(n)
        try:
            choose_kingdom(typed, seed=1)
        except KingdomError as e:
            raise CommandError(str(e)) from None
        return typed

    def done(session: "Session", answers: dict[str, str]) -> "Response":
        players, people = int(answers["players"]), int(answers["people"])
        try:
            setup = build_setup(players, [DEFAULT_BOT] * (players - people), [], answers["kingdom"], None, None, None)
        except SetupError as e:
            raise CommandError(str(e)) from None
        return start_game(session, setup)

    q = Questions([
        ("players", "How many players, 2 to 6? Enter for 2.", "2"),
        ("people", "People at this keyboard? Enter for 1. The rest are bots.", "1"),
        ("kingdom", "Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random.",
         "First Game"),
    ], done, check)
    session.state[ASK] = q
    install(session)
    return lines_answer(session, ["New game. " + q.question()])
