"""``analysis``: after a game, where your moves differed from the strong bot's, and what each cost.

The work is companion.game.analysis (the replay and the rollouts) and companion.game.analysis_words (what
is said); this module finds the finished game (the one just played, in this seat, or a saved one), runs
it with progress said every few seconds, and keeps the result for ``analysis turn 7`` and ``analysis all``.
Ctrl-C stops a run: one sentence, and nothing kept.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from companion.cards.names import quote
from companion.commands.registry import ArgumentParser, answer, command
from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.game.analysis_run import Kept
    from companion.response import Response
    from companion.session import Session

KEY = "analysis"  # session.state: the analyses done, by record and seat
LAST = "analysis last"  # session.state: the record and seat last analysed, which turn and all follow
PROGRESS_EVERY = 3.0  # seconds between progress lines
FIRST_PROGRESS = 0.5  # the first is said once a person has waited this long
MAX_JOBS = 64
NOT_OVER = ("analysis works once the game is over. After its last turn, type analysis. "
            "Until then, type hint.")
NO_GAME = ("analysis works after a game. Finish one, or type analysis --game NAME for a saved one. "
           "Type games for the list.")
STOPPED = "Analysis stopped. Nothing was changed."


class Progress:
    """Progress said through the session at once (``Session.aside``): the first after half a second,
    then at most every PROGRESS_EVERY seconds."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.next = time.monotonic() + FIRST_PROGRESS

    def __call__(self, text: str) -> None:
        now = time.monotonic()
        if now >= self.next:
            self.say(text)
            self.next = now + PROGRESS_EVERY


def _jobs(text: str) -> int:
    from companion.numbers import whole

    n = whole(text)
    if not 1 <= n <= MAX_JOBS:
        raise CommandError(f"--jobs takes 1 to {MAX_JOBS}, not {n}. Type analysis --jobs 2, for example.")
    return n


def _record(session: "Session", game_name: str | None, player: str | None) -> tuple[str, int]:
    """The finished game's record (save text) and the seat to analyse."""
    from companion.engine.record import SaveError, dumps

    if game_name is not None:
        from companion.game import store

        try:
            path = Path(game_name)
            if path.suffix.lower() == ".json" and path.is_file():
                from companion.engine.record import load

                game = load(path, log=False)
            else:
                game, _ = store.read(store.check_name(game_name))
        except SaveError as e:
            message = str(e)
            raise CommandError(f"{quote(game_name)} cannot be analysed, {message[:1].lower()}{message[1:]}") from None
        me = None
    else:
        from companion.game.activity import game_of

        act = game_of(session)
        if act is None:
            raise CommandError(NO_GAME)
        if not act.over:
            raise CommandError(NOT_OVER)
        game = act.game
        from companion.commands.game import seat_of

        me = seat_of(session, act)
    if not game.over:
        if game_name is not None:
            game.close()  # read from a file only to be refused: freed at once
        raise CommandError(NOT_OVER)
    people = [i for i, s in enumerate(game.setup.seats) if s.is_person]
    if player is not None:
        named = [i for i, p in enumerate(game.players) if p.name.lower() == player.strip().lower()]
        if not named:
            raise CommandError(f"{quote(player)} did not play in that game. Type --player with a player's name.")
        me = named[0]
    elif me is None or me < 0 or me not in people:
        if not people:
            raise CommandError("only bots played that game, so it has no moves of yours to analyse.")
        me = people[0]
    return dumps(game), me


def _kept(session: "Session") -> "Kept":
    kept = session.state.get(KEY)
    if not isinstance(kept, dict):
        kept = session.state[KEY] = {}
    return kept


@command(
    "analysis",
    summary="says, after a game, what your moves cost against the strong bot's.",
    usage="analysis, analysis turn N, or analysis all",
    example="analysis turn 7",
    topic="Game tools",
    one_shot=False,
    details=("Once a game is over, your three costliest moves and why, then points by turn. analysis all "
             "says every move, 3 a page. Options are --game NAME, --player NAME and --jobs N."),
)
def analysis_command(session: "Session", args: str) -> "Response":
    p = ArgumentParser("analysis")
    p.add_argument("words", nargs="*")
    p.add_argument("--game")
    p.add_argument("--player")
    p.add_argument("--jobs", type=_jobs, default=1)
    ns = p.parse(args, intermixed=True)
    from companion.game.analysis import AnalysisError  # the game's modules only once analysis is typed
    from companion.game.analysis_run import check_form

    try:
        check_form(ns.words)
    except AnalysisError as e:
        raise CommandError(str(e)) from None
    last = session.state.get(LAST)
    if ns.words and ns.game is None and ns.player is None and isinstance(last, tuple):
        record, seat = last  # analysis turn 6 and analysis all follow the game last analysed (--game too)
    else:
        record, seat = _record(session, ns.game, ns.player)
    return analysis_answer(session, record, seat, ns.words, ns.jobs)


def analysis_answer(session: "Session", record: str, seat: int, words: list[str], jobs: int = 1) -> "Response":
    """The analysis of a finished game's ``record`` (the engine's save text: the game just played, a
    saved game, a game from the server's history) for ``seat``: ``words`` are what followed ``analysis``
    (none, ``turn 7``, ``all 2``). Kept in the session for the next ask; Ctrl-C stops it with one sentence
    and keeps nothing."""
    from companion.game.analysis import AnalysisError
    from companion.game.analysis_run import run

    try:
        _plan_ready(session, record)
        text = run(record, seat, words, _kept(session), jobs, Progress(session.aside))
    except KeyboardInterrupt:
        return answer(session, STOPPED)
    except AnalysisError as e:
        raise CommandError(str(e)) from None
    session.state[LAST] = (record, seat)
    return answer(session, text)


def _plan_ready(session: "Session", record: str) -> None:
    """The strong bot's plans for the game's kingdom (found in the background while the game was played): the
    first, and where the game's table rushed Gardens, the plan searched against the rush too, which the strong
    bot plays in the game's replays. A wait is said ("Thinking."), never silent."""
    from companion.game import thinking
    from companion.game.analysis import AnalysisError, game_of

    try:
        game = game_of(record)
    except AnalysisError:
        return  # said where the record is read for the analysis itself
    try:
        thinking.ready(game.kingdom, game.n, thinking.cue_of(session.aside), rush=thinking.rush_begun(game))
    finally:
        game.close()
