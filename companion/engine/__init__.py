"""The rules engine: Dominion 2nd edition and Prosperity 2nd edition. It never prints or reads input.

    from companion.engine import Game, GameSetup
    game = Game(GameSetup.of(kingdom, players=["bigmoney", None], seed=1))
    game.pending            # the Decision waiting, or None when the game is over
    game.answer(answer)     # IllegalAnswer (a speakable reason) if not allowed; nothing changes then
    game.advance(agents)    # bots answer in-process until a person must answer
"""

from companion.engine.decisions import (
    ChooseCards, ChooseOne, Decision, IllegalAnswer, NameCard, OrderCards, Purpose, YesNo,
)
from companion.engine.events import *  # noqa: F401,F403
from companion.engine.events import Event, GameEndReason, GameOver, Score, Zone
from companion.engine.game import Agent, Answer, GainedCard, Game
from companion.engine.phase import Phase
from companion.engine.record import SaveError, dumps, load, loads, replay, save, undo
from companion.engine.setup import GameSetup, Seat
from companion.engine.view import PlayerView

__all__ = [
    "Agent", "Answer", "ChooseCards", "ChooseOne", "Decision", "Event", "GainedCard", "Game", "GameEndReason",
    "GameOver", "GameSetup", "IllegalAnswer", "NameCard", "OrderCards", "Phase", "PlayerView", "Purpose",
    "SaveError", "Score", "Seat", "YesNo", "Zone", "dumps", "load", "loads", "replay", "save", "undo",
]
