"""What a bot did for a person: while a player is away from a hosted game, a bot may stand in at their
seat (``bot Ben``), and what it did is then said as the bot's doing, not the person's.

The game's record says it alone: a bot's answers are kept with ``person`` False, and a seat of the setup
that is a person's never has a bot of its own. A person's turn in which a bot answered that person's
own questions is a turn the bot played for them. A bot's answer at a person's seat in another player's
turn (Militia's discard, Bureaucrat's Victory card, a Moat revealed) is the bot's doing too: the events
at that seat that the answer brought about, up to the next question or the next card played. Which turn
an answer fell in, and which events followed it, is found by giving the answers again to a copy of the
game, kept on the game itself (``Game.stand_ins``: a compiled Game takes no weak reference) so each new
answer is given to it once. A game no bot stood in for pays one look at each new answer, and no copy.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from companion.engine.decisions import Purpose
from companion.engine.events import PhaseStarted, Played, TurnStarted

if TYPE_CHECKING:
    from companion.engine.game import Game
    from companion.engine.game import Answer


class StandIns:
    """What is known of one game: how many of its answers were looked at, the copy they were given to
    (None until a bot first answered at a person's seat), the turns bots played for people, and the
    positions in the game's log of what bots did for people in other players' turns (oldest first)."""

    def __init__(self) -> None:
        self.looked = 0
        self.game: Game | None = None
        self.turns: set[tuple[int, int]] = set()
        self.done: list[int] = []

    def close(self) -> None:
        if self.game is not None:
            self.game.close()

_ENDS = (Played, TurnStarted, PhaseStarted)  # what an answer's own doings end at: a new card, turn or phase


def _stands_in(game: Game, a: "Answer") -> bool:
    return not a.person and game.setup.seats[a.player].is_person


def _declined(purpose: Purpose, value: object) -> bool:
    """A reaction not revealed (Moat, Watchtower) does nothing: what follows is the attack's, not the bot's."""
    return purpose is Purpose.REACT and value in (False, "no")


def _looked_at(game: Game) -> StandIns:
    """The game's answers given to its copy up to the last one (no copy while no bot stood in)."""
    known = game.stand_ins
    if known is None:
        known = game.stand_ins = StandIns()
    answers = game.answers
    if known.looked == len(answers):
        return known
    if known.game is None:
        first = next((i for i in range(known.looked, len(answers)) if _stands_in(game, answers[i])), None)
        if first is None:
            known.looked = len(answers)
            return known
        known.game = type(game)(game.setup)  # with its log: the game's own, event for event
        known.looked = 0
    copy = known.game
    log = copy.log
    for a in answers[known.looked:]:
        d = copy.pending
        if d is None:
            break
        bot = _stands_in(game, a)
        own = a.player == copy.current
        if bot and own:
            known.turns.add((a.player, copy.players[a.player].turns))
        before = len(log)
        copy.answer(a.value, a.person, False)
        if bot and not own and not _declined(d.purpose, a.value):
            for i in range(before, len(log)):
                e = log[i]
                if isinstance(e, _ENDS):
                    break
                if getattr(e, "player", None) == a.player:
                    known.done.append(i)
    known.looked = len(answers)
    return known


def stand_in_turns(game: Game) -> frozenset[tuple[int, int]]:
    """(seat, that seat's turn number) of each person's turn a bot played for them."""
    return frozenset(_looked_at(game).turns)


def by_bot(game: Game, seat: int, turn: int | None) -> bool:
    """Whether ``seat``'s turn ``turn`` (None: not known) was played for a person by a bot."""
    return turn is not None and (seat, turn) in _looked_at(game).turns


def done_by_bot(game: Game, viewer: int, since: int = 0) -> frozenset[int]:
    """The positions in ``game.view(viewer).log(since)`` of events a bot brought about at a person's
    seat in another player's turn (empty at once if a bot never did)."""
    done = _looked_at(game).done
    if not done or done[-1] < since:
        return frozenset()
    wanted = set(done[bisect_left(done, since):])
    out: set[int] = set()
    at = 0
    log = game.log
    for i in range(since, min(done[-1] + 1, len(log))):
        if log[i].seen_by(viewer) is None:
            continue
        if i in wanted:
            out.add(at)
        at += 1
    return frozenset(out)
