"""``analysis``: after a game, where your moves differed from the strong bot's, and what each cost.

The work is companion.game.analysis (the replay and the rollouts) and companion.game.analysis_words (what
is said); this module finds the finished game (the one just played, in this seat, or a saved one), runs
it with progress said every few seconds, and keeps the result for ``analysis turn 7`` and ``analysis all``.
Ctrl-C stops a run: one sentence, and nothing kept.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from companion.cards.names import quote
from companion.commands.registry import ArgumentParser, command
from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.game.analysis import Analysis
    from companion.session import Session

KEY = "analysis"  # session.state: the analyses done, by record and seat
PROGRESS_EVERY = 3.0  # seconds between progress lines
FIRST_PROGRESS = 0.5  # the first is said once a person has waited this long
MAX_JOBS = 64
NOT_OVER = ("analysis works once the game is over: after its last turn, type analysis. "
            "Until then, type hint.")
NO_GAME = ("analysis works after a game: finish one, or type analysis --game NAME for a saved one. "
           "Type games for the list.")
STOPPED = "Analysis stopped; nothing was changed."
USAGE = "analysis, analysis turn 7, or analysis all"


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
            raise CommandError(f"{quote(game_name)} cannot be analysed: {message[:1].lower()}{message[1:]}") from None
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


def _kept(session: "Session") -> dict[tuple[str, int], "Analysis"]:
    kept = session.state.get(KEY)
    if not isinstance(kept, dict):
        kept = session.state[KEY] = {}
    return kept


def _turn(text: str, turns: int) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()):
        raise CommandError(f"{quote('analysis turn ' + text)} needs a turn number. Type analysis turn 7, for example.")
    n = int(t)
    if not 1 <= n <= turns:
        raise CommandError(f"the game had {turns} turns, so no turn {n}. Type analysis turn with 1 to {turns}.")
    return n


def _page(text: str, pages: int) -> int:
    t = text.strip()
    if not t:
        return 1
    if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= pages:
        raise CommandError(f"{quote('analysis all ' + text)}, there {'is 1 page' if pages == 1 else f'are {pages} pages'}. "
                           f"Type analysis all {min(2, pages)}, for example.")
    return int(t)


@command(
    "analysis",
    summary="says, after a game, what your moves cost against the strong bot's.",
    usage="analysis [turn N | all [PAGE]] [OPTIONS]",
    example="analysis turn 7",
    topic="Game tools",
    one_shot=False,
    details=("Once a game is over: your three costliest moves and why, then points by turn. turn 7: "
             "one turn; all: every move, 3 a page. Options: --game NAME, --player NAME, --jobs N."),
)
def analysis_command(session: "Session", args: str) -> None:
    p = ArgumentParser("analysis")
    p.add_argument("words", nargs="*")
    p.add_argument("--game")
    p.add_argument("--player")
    p.add_argument("--jobs", type=_jobs, default=1)
    ns = p.parse(args, intermixed=True)
    words = [w.lower() for w in ns.words]
    form = words[0] if words else ""
    if form not in ("", "turn", "all"):
        raise CommandError(f"{quote('analysis ' + ' '.join(ns.words))} is not a form of analysis. Type {USAGE}.")
    if form == "turn" and len(words) != 2:
        raise CommandError(f"{quote('analysis ' + ' '.join(ns.words))} needs one turn number. "
                           "Type analysis turn 7, for example.")
    if (form == "all" and len(words) > 2) or (form == "" and words):
        raise CommandError(f"did not expect {quote(' '.join(ns.words[2:]))}. Type {USAGE}.")
    record, seat = _record(session, ns.game, ns.player)
    say_analysis(session, record, seat, ns.words, ns.jobs)


def say_analysis(session: "Session", record: str, seat: int, words: list[str], jobs: int = 1) -> None:
    """Say the analysis of a finished game's ``record`` (the engine's save text: the game just played, a
    saved game, a game from the server's history) for ``seat``: ``words`` are what followed ``analysis``
    (none, ``turn 7``, ``all 2``), already checked for their form. Kept in the session for the next ask;
    Ctrl-C stops it with one sentence and keeps nothing."""
    from companion.game import analysis as an
    from companion.game import analysis_words as aw

    form = words[0].lower() if words else ""
    progress = Progress(session.aside)
    kept = _kept(session)
    a = kept.get((record, seat))
    try:
        fresh = a is None
        if a is None:
            _plan_ready(session, record)
            a = an.differences(record, seat)  # a fraction of a second: what was typed is checked against it
        turn = _turn(words[1], a.turns) if form == "turn" else 0
        page = _page(words[1] if len(words) > 1 else "", aw.pages(a)) if form == "all" else 0
        if fresh:
            an.costed(a, jobs, progress)
        if form == "turn":
            _refine(a, a.on_turn(turn), jobs, progress)
            text = aw.turn_words(a, turn)
        elif form == "all":
            _refine(a, aw.page_moves(a, page), jobs, progress)
            text = aw.page_words(a, page)
        else:
            text = aw.summary(a)
    except KeyboardInterrupt:
        session.say(STOPPED)
        return
    except an.AnalysisError as e:
        raise CommandError(str(e)) from None
    kept[(record, seat)] = a  # a new analysis is kept only once its run is whole
    session.say(text)


def _refine(a: Any, moves: list[Any], jobs: int, progress: Callable[[str], None]) -> None:
    """More rollouts for the moves about to be said, up to the full count (added only once all are played)."""
    from companion.game import analysis as an

    an.estimate(a, moves, an.FULL_GAMES, jobs, progress, checking=True)


def _plan_ready(session: "Session", record: str) -> None:
    """The strong bot's plan for the game's kingdom (found in the background while the game was played)."""
    import json

    from companion.cards import catalogue
    from companion.game import thinking
    from companion.kingdom import Kingdom

    try:
        body = json.loads(record)["game"]
        cards = tuple(catalogue()[n] for n in body["kingdom"]["cards"])
        kingdom = Kingdom(cards, bool(body["kingdom"]["platinum_colony"]))
        players = len(body["seats"])
    except (ValueError, KeyError, TypeError):
        return  # the record is checked where it is loaded
    thinking.ready(kingdom, players, lambda: session.aside(thinking.THINKING))
