"""Which sound cues (companion.speech.sounds) the news of a game calls for, most urgent first."""

from __future__ import annotations

from typing import Sequence

from companion.engine.events import Event, GameOver, Played, TurnStarted
from companion.engine.view import PlayerView
from companion.game.fitting import Said


def game_cues(view: PlayerView, events: Sequence[Event], piles_news: Sequence[Said]) -> list[str]:
    """The cues for the news (``events``, from ``view.log``) the seat of ``view`` is about to hear:
    ``end`` when the game is over; ``attack`` for another player's Attack (it hits that seat or is
    blocked, and either way is worth hearing first); ``pile`` when a pile ran low or empty; ``turn`` when
    that seat's turn starts."""
    viewer = view.player
    cues: list[str] = []
    if view.over or any(isinstance(e, GameOver) for e in events):
        return ["end"]
    if any(isinstance(e, Played) and e.player != viewer and e.card.is_attack for e in events):
        cues.append("attack")
    if piles_news:
        cues.append("pile")
    if any(isinstance(e, TurnStarted) and e.player == viewer for e in events):
        cues.append("turn")
    return cues


__all__ = ["game_cues"]
