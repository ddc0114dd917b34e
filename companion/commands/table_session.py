"""The open table in a session: finding its service, putting it away when a game starts, saying outcomes.

``session.state["table service"]`` holds the open table's ``TableService`` (``companion.table.service``) or
None, and ``session.state["table"]`` its record (a ``Saved``), for whatever reads the open table's kingdom.
``table_open`` is the predicate the shared verbs pass as ``active=``; ``open_table`` gives the service;
``answered`` makes an intent's ``Outcome`` the line's answer. The service holds the lock on the open table (None: open read-only),
so no other window writes it; a table another window holds can be opened read-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import catalogue
from companion.commands.registry import activity
from companion.refusal import CommandError
from companion.response import Response
from companion.table.service import Outcome, TableService

if TYPE_CHECKING:
    from companion.session import Session

TOPIC = "Table"
HINT = "start a game with new, or a table with table new."  # the same words as the game's, so said once
KEY = "table"  # session.state: the open table's record (a Saved), or None
SERVICE = "table service"  # session.state: the open table's TableService, or None
SEAT = "table seat"  # session.state: at a hosted table, the player this session types for


def table_open(session: "Session") -> bool:
    return session.state.get(SERVICE) is not None


def open_table(session: "Session") -> TableService:
    """The open table's service; one open read-only is read again first, as the window that holds it may
    have moved on."""
    service = session.state.get(SERVICE)
    if service is None:
        raise CommandError(HINT)
    if service.refresh():
        session.state[KEY] = service.saved
        update_prompt(session)
    held: TableService = service
    return held


def set_open(session: "Session", service: TableService | None) -> None:
    """Make ``service`` the open table (None: no table); the lock on any other is given up."""
    old = session.state.get(SERVICE)
    if old is not None and old.held is not None and (service is None or old.held is not service.held):
        old.held.release()
    session.state[SERVICE] = service
    session.state[KEY] = None if service is None else service.saved
    if service is not None and service.held is not None and _let_go not in session.on_close:
        session.on_close.append(_let_go)
    update_prompt(session)


def attach(session: "Session", service: TableService, seat: int) -> None:
    """Seat a hosted table's player: ``session`` types for player ``seat`` at the table ``service`` holds
    (the host holds its lock, so a seat's session never lets go of it)."""
    session.state[SERVICE] = service
    session.state[KEY] = service.saved
    session.state[SEAT] = seat


def answered(session: "Session", outcome: Outcome, *notes: str | None) -> Response:
    """An intent's outcome as the line's answer (it was saved before, when it changed the record), with any
    ``notes`` after it (a card typed that is not in this game, read as one that is); the prompt is brought
    up to date. What other seats of a hosted table hear, the host takes from the service (``last``)."""
    if outcome.changed:
        update_prompt(session)
    return Response(session.seat, (outcome.text, *(note for note in notes if note)))


def brief(session: "Session") -> bool:
    """Whether the session's (or its settings') verbosity is brief."""
    found = getattr(session, "verbosity", None) or getattr(session.settings, "verbosity", None)
    return found == "brief"


def seat(session: "Session") -> int | None:
    """The player a hosted table's session types for, whose entries every other seat is told; else None."""
    found = session.state.get(SEAT)
    return found if isinstance(found, int) else None


DEFAULT_PROMPT = "companion. "


def update_prompt(session: "Session") -> None:
    """The prompt names whose turn it is at the table ("table, Ann. "), so it is heard before every line."""
    service = session.state.get(SERVICE)
    if service is None:
        if session.prompt.startswith("table"):
            session.prompt = DEFAULT_PROMPT
        return
    table = service.table
    where = "table over" if table.state.over is not None else f"table, {table.current_name}"
    session.prompt = f"{where}{', read only' if service.read_only else ''}. "


def _let_go(session: "Session") -> None:
    """When the session ends: give up the lock on its table (the table is saved after every change)."""
    service = session.state.get(SERVICE)
    if service is not None and service.held is not None:
        service.held.release()
        service.held = None


def _put_away(session: "Session") -> str | None:
    """A game is starting: put the table away (it is saved after every entry) so the shared verbs leave it."""
    service = session.state.get(SERVICE)
    if service is None:
        return None
    set_open(session, None)
    return f"Table {service.name} is saved. Table load {service.name} returns to it."


activity(KEY, is_on=table_open, where="at a table", put_away=_put_away,
         instead={"end": "To end the turn, type next."})


def complete_supply(session: "Session", typed: str) -> list[str]:
    """Whole replacements for what was typed after the command: its last card completed from this game's
    Supply, e.g. "Ann vil" gives "Ann Village" and "C1 C1 si" gives "C1 C1 Silver" and "C1 C1 Smithy"."""
    service = session.state.get(SERVICE)
    supply = None if service is None else {c.name for c in service.table.setup.supply}
    words = typed.split(" ")
    for k in range(len(words)):
        names = [n for n in catalogue().complete(" ".join(words[k:])) if supply is None or n in supply]
        if names:
            return [" ".join(words[:k] + [n]) for n in names]
    return []
