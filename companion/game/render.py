"""Where a game meets its words: each function here takes the game and the seat that will hear the words,
makes that seat's view (``game.view(seat)``; ``PUBLIC``, the view of no seat, for what every seat hears
alike) and hands only the view on. The word modules (``lines``, ``sentences``, ``questions``, ``money``,
``cues``, ``fitting``, ``words``) never receive the game, so they cannot word another seat's hand: a
check (tests/project/test_words_from_view.py) reads the source and fails if one imports or annotates
``Game``, or if a function here does anything with the game but make a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Sequence

from companion.cards import Card
from companion.engine import Decision
from companion.engine.events import Event
from companion.engine.view import PUBLIC
from companion.game import lines, questions, sentences
from companion.game.fitting import Said, Spoken, fit_first_line, fit_response
from companion.game.questions import distinct, hand_over, is_turn_decision

if TYPE_CHECKING:
    from companion.engine import Game


def status_line(game: "Game", seat: int, named: bool = False) -> str:
    return lines.status_line(game.view(seat), named)


def hand_line(game: "Game", seat: int) -> str:
    return lines.hand_line(game.view(seat))


def deck_line(game: "Game", seat: int) -> str:
    return lines.deck_line(game.view(seat))


def owned_lines(game: "Game", seat: int) -> list[str]:
    return lines.owned_lines(game.view(seat))


def discard_line(game: "Game", seat: int) -> str:
    return lines.discard_line(game.view(seat))


def seat_line(game: "Game", seat: int, other: int) -> str:
    """What is public of seat ``other``, as ``seat`` hears it."""
    return lines.seat_line(game.view(seat), other)


def discard_top_line(game: "Game", seat: int, other: int) -> str:
    return lines.discard_top_line(game.view(seat), other)


def tops_line(game: "Game", seat: int) -> str:
    return lines.tops_line(game.view(seat))


def turn_start(game: "Game", seat: int, verbosity: str, people: int) -> str:
    return lines.turn_start(game.view(seat), verbosity, people)


def score_line(game: "Game", seat: int) -> str:
    return lines.score_line(game.view(seat))


def end_message(game: "Game", seat: int, verbosity: str = "normal", named: bool = False) -> Spoken:
    return lines.end_message(game.view(seat), verbosity, named)


def supply_lines(game: "Game", low_first: bool = False) -> list[str]:
    return lines.supply_lines(game.view(PUBLIC), low_first)


def options_line(game: "Game", seat: int, verbosity: str = "normal", every: bool = False) -> str:
    return lines.options_line(game.view(seat), verbosity, every)


def log_lines(game: "Game", seat: int, verbosity: str) -> list[str]:
    return lines.log_lines(game.view(seat), verbosity)


def log_tail(game: "Game", seat: int, verbosity: str, n: int) -> tuple[list[str], int]:
    return lines.log_tail(game.view(seat), verbosity, n)


def question(game: "Game | None", d: Decision, verbosity: str) -> str:
    """``d`` as the seat it asks hears it (no game: a question that needs nothing of one)."""
    return questions.question(None if game is None else game.view(d.player), d, verbosity)


def prompt_for(game: "Game", d: Decision | None) -> str:
    return questions.prompt_for(game.view(PUBLIC if d is None else d.player), d)


def pile_news(game: "Game", before: dict[Card, int], brief: bool = False) -> list[Said]:
    return sentences.pile_news(game.view(PUBLIC), before, brief)


def render_events(game: "Game", events: Sequence[Event], seat: int, verbosity: str, turn_player: int | None = None,
                  turn: int | None = None, bot_did: Collection[int] = ()) -> list[Spoken]:
    """``events`` (from ``game.view(seat).log``) as ``seat`` hears them (``sentences.render_events``)."""
    return sentences.render_events(game.view(seat), events, verbosity, turn_player, turn, bot_did)


__all__ = [
    "deck_line", "discard_line", "discard_top_line", "distinct", "end_message", "fit_first_line", "fit_response",
    "hand_line", "hand_over", "is_turn_decision",
    "log_lines", "log_tail", "options_line", "owned_lines", "pile_news", "prompt_for", "question", "render_events",
    "score_line", "seat_line", "status_line", "supply_lines", "tops_line", "turn_start",
]
