"""What a bot gives back for a decision (``decide``): cards (a tuple; a single Card where one card is named),
yes or no, or one of the options' words. ``Decision.normalise`` makes the engine's own form of it."""

from __future__ import annotations

from companion.cards import Card

BotAnswer = tuple[Card, ...] | Card | bool | str

__all__ = ["BotAnswer"]
