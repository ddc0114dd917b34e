"""A hosted table record: several players at one physical table, each on their own device.

The table is the table assistant's own: one ``TableService`` (``companion.table.service``), held and saved
by the host, shared by one session per player. Each player types entries as at a table of their own,
through the same commands as the shell (``companion.dispatch.respond``, which returns the seat's
``Response``); the service's ``Outcome`` of an entry says what every other seat hears (one line, with who
typed it), so all hear the piles, the turn, the warnings and the final score.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.dispatch import respond
from companion.net.seating import REFUSED, SeatSettings, refusal, refused
from companion.response import Response
from companion.session import NOWHERE, Session
from companion.table.service import TableService
from companion.table.storage import Saved

TABLE_REFUSED = (*REFUSED, "table")
TABLE_ALLOWED = ("table status",)
PROMPT = "table. "


class TableSeating:
    """``Seating`` on one table record shared by one session per player."""

    def __init__(self, service: TableService) -> None:
        from companion.commands import table_session

        self.service = service
        self.names = list(service.table.setup.players)
        self.away_bots: dict[int, str] = {}  # a table of real cards has no bots (the Seating protocol asks)
        self.sessions: dict[int, Session] = {}
        for seat in range(len(self.names)):
            s = Session(NOWHERE, settings=SeatSettings())  # no screen: the host sends its words
            table_session.attach(s, service, seat)
            s.prompt = PROMPT
            self.sessions[seat] = s

    @property
    def saved(self) -> Saved:
        return self.service.saved

    @property
    def held(self) -> Any:
        return self.service.held

    def people(self) -> list[int]:
        return list(range(len(self.names)))

    def over(self) -> bool:
        return False  # a table record stays open; score says the final score whenever asked

    def waiting_for(self) -> int | None:
        return self.service.table.state.current

    def prompt(self, seat: int) -> str:
        return PROMPT

    def run(self, seat: int, line: str) -> Response:
        s = self.sessions[seat]
        low = " ".join(line.lower().split())
        word = refused(line, TABLE_REFUSED)
        if word is not None and low not in TABLE_ALLOWED:
            response = refusal(seat, word)
            s.keep(response.text)
            return response
        self.service.last = None
        response = replace(respond(s, line), seat=seat)
        outcome = self.service.last
        if outcome is None or response.failed:
            return response
        others = {other: "\n".join(lines) for other, lines in outcome.others.items()}
        for other, text in others.items():
            self.keep(other, text)
        return replace(response, others=others)

    def keep(self, seat: int, text: str) -> None:
        """Keep words a seat heard without typing as a response of its own, for repeat."""
        s = self.sessions.get(seat)
        if s is not None:
            s.keep(text)

    def start(self) -> tuple[Response, ...]:
        return ()

    def catch_up(self, seat: int) -> Response:
        text = self.service.status().text
        self.keep(seat, text)
        return Response(seat, (text,))

    def hand_to_bot(self, seat: int, bot: str = "bigmoney") -> Response:
        return Response(seat, ("Error, a table of real cards has no bots. Type who to hear who is here.",),
                        failed=True)

    def take_back(self, seat: int) -> Response:
        return Response(seat)

    def dump(self, host: dict[str, Any]) -> str:
        import json

        return json.dumps({"companion": {**host, "table": self.service.name}}, separators=(",", ":"))


def new_table(args: str) -> tuple[TableSeating | None, str]:
    """Start a table from ``table new`` options: (the seating, what was said), or (None, the error)."""
    from companion.commands.table import start_new
    from companion.dispatch import failure_sentence, log_exception
    from companion.refusal import CommandError
    from companion.table import opening
    from companion.table.model import DEFAULT_LOW

    try:
        service, outcome = start_new(args, DEFAULT_LOW, opening.last_saved())
    except CommandError as e:
        return None, f"Error, {e}"
    except Exception as e:  # noqa: BLE001 - any bug is one plain sentence, as the shell says it
        log_exception(f"table new {args}")
        said = failure_sentence(e, f"table new {args}")
        return None, said if said.startswith("Error,") else f"Error, {said}"
    return TableSeating(service), outcome.text


def load_table(name: str) -> TableSeating | None:
    """A hosted table again after a restart, held by this process; None if it cannot be."""
    from companion.table import storage

    try:
        saved = storage.load(name)
    except Exception:  # noqa: BLE001 - a damaged or missing table is skipped, never a crash
        return None
    held = storage.hold(name)
    if held is None:
        return None
    return TableSeating(TableService(saved, held))
