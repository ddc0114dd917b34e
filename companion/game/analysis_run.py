"""One run of the coach's analysis, from a finished game's record to the words said: the one path that the
shell's ``analysis``, a hosted seat's and the server lobby's all take.

``words`` are what followed ``analysis``: none (the three costliest and the points by turn), ``turn 7``
(one turn) or ``all 2`` (every differing move, a page at a time). ``kept`` holds analyses already run, by
record and seat, so a second ask plays only the rollouts it adds. A form that cannot be said raises
``AnalysisError`` with one sentence that says what to type; Ctrl-C (KeyboardInterrupt) keeps nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from companion.cards.names import quote
from companion.game.analysis import AnalysisError

if TYPE_CHECKING:
    from companion.game.analysis import Analysis, Difference

USAGE = "analysis, analysis turn 7, or analysis all"
Kept = dict[tuple[str, int], "Analysis"]


def check_form(words: list[str]) -> None:
    """Refuse a form of ``analysis`` that is not one, before any work."""
    typed = " ".join(["analysis", *words])
    form = words[0].lower() if words else ""
    if form not in ("", "turn", "all"):
        raise AnalysisError(f"{quote(typed)} is not a form of analysis. Type {USAGE}.")
    if form == "turn" and len(words) != 2:
        raise AnalysisError(f"{quote(typed)} needs one turn number. Type analysis turn 7, for example.")
    if form == "all" and len(words) > 2:
        raise AnalysisError(f"did not expect {quote(' '.join(words[2:]))}. Type {USAGE}.")


def _turn(text: str, turns: int) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()):
        raise AnalysisError(f"{quote('analysis turn ' + text)} needs a turn number. Type analysis turn 7, for example.")
    n = int(t)
    if not 1 <= n <= turns:
        raise AnalysisError(f"the game had {turns} turns, so no turn {n}. Type analysis turn with 1 to {turns}.")
    return n


def _page(text: str, pages: int) -> int:
    t = text.strip()
    if not t:
        return 1
    if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= pages:
        there = "is 1 page" if pages == 1 else f"are {pages} pages"
        raise AnalysisError(f"{quote('analysis all ' + text)} cannot be said, there {there}. "
                            f"Type analysis all {min(2, pages)}, for example.")
    return int(t)


def run(record: str, seat: int, words: list[str], kept: Kept, jobs: int = 1,
        progress: Callable[[str], None] | None = None) -> str:
    """The words of the analysis of ``record`` for ``seat``: its form checked first, the run kept in ``kept``
    only once it is whole."""
    from companion.game import analysis as an
    from companion.game import analysis_words as aw

    check_form(words)
    form = words[0].lower() if words else ""
    a = kept.get((record, seat))
    fresh = a is None
    if a is None:
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
    kept[(record, seat)] = a
    return text


def _refine(a: "Analysis", moves: "list[Difference]", jobs: int, progress: Callable[[str], None] | None) -> None:
    """More rollouts for the moves about to be said, up to the full count (added only once all are played)."""
    from companion.game import analysis as an

    an.estimate(a, moves, an.FULL_GAMES, jobs, progress, checking=True)
