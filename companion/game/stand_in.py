"""Turns a bot played for a person: while a player is away from a hosted game, a bot may stand in at
their seat (``bot Ben``), and what it did is then said as the bot's doing, not the person's.

The game's record says it alone: a bot's answers are kept with ``person`` False, and a seat of the setup
that is a person's never has a bot of its own. A person's turn in which a bot answered that person's
own questions is a turn the bot played for them. Which turn an answer fell in is found by giving the
answers again to a copy of the game, kept beside it so each new answer is given to it once.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from companion.engine import Game

if TYPE_CHECKING:
    from companion.engine.game import Answer


class _Copy:
    """What is known of one game: how many of its answers were looked at, the copy they were given to
    (None until a bot first answered at a person's seat), and the turns bots played for people."""

    def __init__(self) -> None:
        self.looked = 0
        self.game: Game | None = None
        self.turns: set[tuple[int, int]] = set()


_known: "weakref.WeakKeyDictionary[Game, _Copy]" = weakref.WeakKeyDictionary()


def _stands_in(game: Game, a: "Answer") -> bool:
    return not a.person and game.setup.seats[a.player].is_person


def stand_in_turns(game: Game) -> frozenset[tuple[int, int]]:
    """(seat, that seat's turn number) of each person's turn a bot played for them."""
    known = _known.get(game)
    if known is None:
        known = _known[game] = _Copy()
    answers = game.answers
    if known.game is None:
        first = next((i for i in range(known.looked, len(answers)) if _stands_in(game, answers[i])), None)
        if first is None:
            known.looked = len(answers)
            return frozenset(known.turns)
        copy = known.game = Game(game.setup, log=False)
        weakref.finalize(game, copy.close)
        known.looked = 0
    copy = known.game
    for a in answers[known.looked:]:
        if copy.pending is None:
            break
        if _stands_in(game, a) and a.player == copy.current:
            known.turns.add((a.player, copy.players[a.player].turns))
        copy.answer(a.value, a.person, False)
    known.looked = len(answers)
    return frozenset(known.turns)


def by_bot(game: Game, seat: int, turn: int | None) -> bool:
    """Whether ``seat``'s turn ``turn`` (None: not known) was played for a person by a bot."""
    return turn is not None and (seat, turn) in stand_in_turns(game)
