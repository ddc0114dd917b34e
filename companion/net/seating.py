"""The one place the host meets the game: a narrow seat interface, made by the game's own per-seat sessions
(``companion.net.seat_sessions``).

The host only ever calls what ``Seating`` declares: run a typed line for a seat and get back, for each
seat, the words it should hear; ask a seat's prompt; ask whose answer the game waits for; hand a seat
to a bot and back; save and load. Each seat has its own ``Session`` (its own responses for ``repeat``
and ``review``, its own prompt and verbosity), and every word a seat hears is made for that seat's view
of the game, so no other seat's hidden card can reach it.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from companion.engine import Game, GameSetup
from companion.session import Session
from companion.settings import Settings

# What a seat at another device may not do in a hosted game: each would start, load or write something on
# the host's own machine, or leave the hosted game.
REFUSED = ("new", "load", "resume", "table", "save", "games", "braille", "simulate", "speech")


class Seating(Protocol):
    """What the host needs from a game with several seats."""

    names: list[str]

    def people(self) -> list[int]: ...
    def run(self, seat: int, line: str) -> dict[int, str]: ...
    def tell(self, seat: int, text: str) -> None: ...
    def prompt(self, seat: int) -> str: ...
    def waiting_for(self) -> int | None: ...
    def over(self) -> bool: ...
    def start(self) -> dict[int, list[str]]: ...
    def catch_up(self, seat: int) -> str: ...
    def hand_to_bot(self, seat: int, bot: str = ...) -> dict[int, str]: ...
    def take_back(self, seat: int) -> dict[int, str]: ...
    def dump(self, host: dict[str, Any]) -> str: ...


class SeatSettings(Settings):
    """A seat's own settings: changed for this game, never written to the host's settings file."""

    def save(self) -> str | None:
        return None


def refuse(session: Session, word: str) -> None:
    """A verb a hosted seat may not use, said as that seat's response."""
    session.begin()
    session.error(f'"{word}" is not available in a hosted game. Type help for what is.')
    session.end()


def new_seating(setup: GameSetup) -> Any:
    from companion.net.seat_sessions import SessionSeats

    return SessionSeats(Game(setup))


def load_seating(text: str) -> tuple[Any, dict[str, Any]]:
    """A hosted game from its save text, and the host's own notes kept in it. SaveError if damaged."""
    from companion.engine.record import loads

    game = loads(text)
    data = json.loads(text)
    body = data.get("game")
    # the host's notes: at the top of the save, or inside its game part in saves of another version
    raw = body.get("companion") if isinstance(body, dict) and "companion" in body else data.get("companion")
    extra = raw if isinstance(raw, dict) else {}
    from companion.net.seat_sessions import SessionSeats

    return SessionSeats(game, extra), extra
