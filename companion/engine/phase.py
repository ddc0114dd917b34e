"""The phases of a turn, and the game's own states before and after."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    START = "start of turn"
    ACTION = "Action phase"
    BUY = "Buy phase"
    CLEANUP = "Clean-up phase"
    OVER = "game over"

    def __str__(self) -> str:
        return self.value
