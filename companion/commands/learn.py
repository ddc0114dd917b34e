"""``learn``: the rulebook's first game against the easy bot, with a short lesson the first time each
new thing happens (companion.game.lessons). Typing learn again comes back to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.names import quote
from companion.commands.game import KEY, hold_game, keep_unfinished, play_here, lines_answer, say_outcome
from companion.commands.registry import command, take_over
from companion.refusal import CommandError
from companion.engine import SaveError
from companion.game import store
from companion.game.activity import GameActivity, game_of
from companion.game.fitting import Spoken
from companion.game.lessons import INTRO, SAVE_NAME, keep
from companion.game.service import GameService
from companion.game.starting import SetupError, build_setup

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


OVER = "Your first game is over. Type learn new to play it again, or new for a game without lessons."


def _start(session: "Session", seed: int | None = None) -> "Response":
    try:
        setup = build_setup(2, ["easy"], [], "First Game", None, seed, False)
    except SetupError as e:
        raise CommandError(str(e)) from None
    held = hold_game(session)  # first: a refusal changes nothing
    kept = keep_unfinished(session).strip()
    said = [s for s in take_over(session, KEY)]
    from companion.engine import Game

    act = GameActivity(Game(setup), extra={"lessons": {}})
    act.held = held
    play_here(session, act)
    g = act.game
    from companion.engine.events import TurnStarted

    # Who took the first turn (a bot's first turn is already played by now), as new says it.
    first = next((e.player for e in g.log if isinstance(e, TurnStarted)), g.current)
    goes = "You go first." if first == act.holder else f"{g.players[first].name} goes first."
    lines: list[Spoken] = [INTRO[0], f"{INTRO[1]} {goes}", *([kept] if kept else []), *said]
    heard = GameService(act).listen(act.holder, session.verbosity)
    keep(act)
    return say_outcome(session, heard, before=lines)


@command("learn", summary="plays a first game with lessons as you go.", usage="learn", example="learn",
         topic="Playing a game", one_shot=False,
         details="The rulebook's First Game against the easy bot. Each new thing is explained the first time "
                 "it happens. Leave at any time, and type learn again to come back. learn new starts again, "
                 "and learn --seed 7 gives the same game each time.")
def learn_command(session: "Session", args: str) -> "Response":
    word = args.strip().lower()
    seed = None
    if word.startswith("--seed"):  # the same first game again, as new --seed gives
        number = word[len("--seed"):].strip()
        from companion.numbers import as_number

        value = as_number(number)  # "²" is a NumberError that says to type 2, as everywhere else
        if value is None or len(number) > 9:
            raise CommandError(f"{quote('learn ' + args)}, the seed is a whole number. Type learn --seed 7.")
        seed, word = value, "new"
    if word not in ("", "again", "new"):
        raise CommandError(f"{quote('learn ' + args)}, type learn, or learn new to start again.")
    act = game_of(session)
    if word != "new" and act is not None and act.lessons is not None:
        if act.over:
            return lines_answer(session, [OVER])
        from companion.game import render

        return lines_answer(session, ["You are in your first game.", render.status_line(act.game, act.holder),
                                      render.hand_line(act.game, act.holder)])
    if word != "new" and SAVE_NAME in store.saved_names():
        try:
            game, extra = store.read(SAVE_NAME)
        except SaveError:
            game = None
        if game is not None and "lessons" in extra:
            if game.over:  # learn again is not a new game unasked: the lessons are the same each time
                return lines_answer(session, [OVER])
            from companion.commands.game_saves import resume

            return resume(session, game, extra, "Back to your first game.")
    return _start(session, seed)


__all__ = ["learn_command"]
