"""The one place the host meets the game: a narrow seat interface, made by the game's own per-seat sessions
(``companion.net.seat_sessions``).

The host only ever calls what ``Seating`` declares: run a typed line for a seat; start the game; catch a
seat up; hand a seat to a bot and back; ask a seat's prompt and whose answer the game waits for; save and
load. Every verb that says words returns them in one shape, a ``Response`` (companion.response), whose
``heard()`` is each seat's message (``start``, which may say two messages to a seat, returns them in the
order they are sent, one ``Response`` each). Each seat has its own ``Session`` (its own responses for ``repeat``
and ``review``, its own prompt and verbosity), and every word a seat hears is made for that seat's view
of the game, so no other seat's hidden card can reach it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

from companion.engine import Game, GameSetup
from companion.response import Response
from companion.settings import Settings

if TYPE_CHECKING:
    from companion.net.seat_sessions import SessionSeats

# What a seat at another device may not do in a hosted game: each would start, load or write something on
# the host's own machine, or leave the hosted game.
REFUSED = ("new", "load", "resume", "table", "save", "games", "braille", "simulate", "speech", "learn", "input")
# Settings that act on the machine the session runs on (its voice, its speakers, its line editor): on the
# host's, for a seat at another device.
HOST_SETTINGS = ("speech", "sounds", "input")
LEAVING = ("quit", "exit", "bye")


class Seating(Protocol):
    """What the host needs from a game with several seats."""

    names: list[str]
    away_bots: dict[int, str]  # seats a bot plays while their person is away, and which bot

    def people(self) -> list[int]: ...
    def run(self, seat: int, line: str) -> Response: ...
    def keep(self, seat: int, text: str) -> None: ...
    def prompt(self, seat: int) -> str: ...
    def waiting_for(self) -> int | None: ...
    def over(self) -> bool: ...
    def start(self) -> tuple[Response, ...]: ...
    def catch_up(self, seat: int) -> Response: ...
    def hand_to_bot(self, seat: int, bot: str = ...) -> Response: ...
    def take_back(self, seat: int) -> Response: ...
    def dump(self, host: dict[str, Any]) -> str: ...


class SeatSettings(Settings):
    """A seat's own settings: changed for this game, never written to the host's settings file."""

    def save(self) -> str | None:
        return None


def refused(line: str, words: tuple[str, ...] = REFUSED) -> str | None:
    """What a seat's line asks that a hosted seat may not do ("save", "set speech", "quit"), or None.
    Words are split as the shell splits them (a tab is a space), so no spacing slips past."""
    typed = line.lower().split()
    if not typed:
        return None
    if typed[0] in words or typed[0] in LEAVING:
        return typed[0]
    if typed[0] == "set" and len(typed) > 1:
        from companion.commands import registry
        from companion.settings import SettingError, find_spec

        registry.load_all()  # the areas define settings of their own (input), as set itself does
        try:
            name = find_spec(typed[1]).name
        except SettingError:
            return None
        if name in HOST_SETTINGS:
            return f"set {name}"
    return None


def refusal(seat: int, word: str) -> Response:
    """The response to a verb a hosted seat may not use."""
    if word in LEAVING:  # only a page or a program of its own sends it: a terminal leaves by itself
        return Response(seat, ("To leave, close the page. Your seat is kept. Open the page again and join with "
                               "the same name to come back.",))
    return Response(seat, (f"Error, '{word}' is not available in a hosted game. Type help for what is.",),
                    failed=True)


def new_seating(setup: GameSetup) -> SessionSeats:
    from companion.net.seat_sessions import SessionSeats

    return SessionSeats(Game(setup))


def load_seating(text: str) -> tuple[SessionSeats, dict[str, Any]]:
    """A hosted game from its save text, and the host's own notes kept in it. SaveError if damaged."""
    from companion.bots import known_bot
    from companion.engine.record import loads

    game = loads(text, known_bot=known_bot)
    data = json.loads(text)
    body = data.get("game")
    # the host's notes: at the top of the save, or inside its game part in saves of another version
    raw = body.get("companion") if isinstance(body, dict) and "companion" in body else data.get("companion")
    extra = raw if isinstance(raw, dict) else {}
    from companion.net.seat_sessions import SessionSeats

    return SessionSeats(game, extra), extra
