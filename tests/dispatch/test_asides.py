"""An aside ("Thinking.") written in the middle of a command: the words said before it are written first,
the line's response says how many of its lines are written already, and the shell writes only the rest.
Nothing on the session says so: the response carries it."""

from __future__ import annotations

import io

from companion.dispatch import respond, run_line
from companion.response import Response
from companion.session import NOWHERE, Session
from companion.settings import Settings


def _thinks(session: Session, line: str) -> Response:
    """A fallback that says words, waits with a cue, and answers."""
    session.say("The kingdom.")
    session.aside("Thinking.")
    session.aside("Still thinking.")
    return Response(session.seat, ("The bot bought a Silver.",))


def test_the_words_before_an_aside_come_first_and_are_written_once() -> None:
    out = io.StringIO()
    session = Session(out=out, settings=Settings(), fallback=_thinks)
    response = run_line(session, "go on")
    assert out.getvalue() == "The kingdom.\nThinking.\nStill thinking.\nThe bot bought a Silver.\n"
    assert response.lines == ("The kingdom.", "The bot bought a Silver.") and response.written == 1
    assert session.last == "The kingdom.\nThe bot bought a Silver."  # the cue is not part of what repeat says


def test_at_a_seat_without_a_screen_the_whole_response_is_returned_and_nothing_is_written() -> None:
    session = Session(NOWHERE, settings=Settings(), fallback=_thinks)
    response = respond(session, "go on")
    assert response.text == "The kingdom.\nThe bot bought a Silver."  # what a host sends, whole


def test_saying_writes_nothing_until_the_response_is_finished() -> None:
    out = io.StringIO()
    session = Session(out=out, settings=Settings())
    session.begin()
    session.say("Hello.")
    assert out.getvalue() == ""
    assert session.end() == "Hello." and out.getvalue() == "Hello.\n"
    assert respond(session, "card village").lines and out.getvalue() == "Hello.\n"  # respond writes nothing


def test_a_refusal_is_a_failed_response_and_a_success_is_not() -> None:
    session = Session(out=io.StringIO(), settings=Settings())
    assert run_line(session, "card zzzz").failed
    assert not run_line(session, "card village").failed
