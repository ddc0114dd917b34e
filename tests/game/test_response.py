"""One response path: a line run with ``respond`` comes back as a value, written nowhere; the shell's adapter
writes exactly its words; a hosted seat's line comes back with every other seat's words and undo's notice
in it, with nothing read out of the seats' sessions afterwards."""

from __future__ import annotations

import io


from companion.dispatch import respond, run_line
from companion.net.seat_sessions import SessionSeats
from companion.net.seating import new_seating
from companion.game.starting import build_setup
from companion.session import Session
from companion.settings import Settings


def test_respond_writes_nothing_and_the_shell_writes_exactly_its_words() -> None:
    out = io.StringIO()
    session = Session(out=out, settings=Settings({"verbosity": "normal"}))
    response = respond(session, "card village")
    assert out.getvalue() == "" and response.text.startswith("Village, 3 coins, Action.")
    assert session.last == response.text and not response.failed and not response.changed
    wrong = respond(session, "crad village")
    assert wrong.failed and wrong.text.startswith("Error, ") and out.getvalue() == ""
    run_line(session, "card village")
    assert out.getvalue() == response.text + "\n"


def _hosted() -> SessionSeats:
    setup = build_setup(3, ["bigmoney"], ["Ana", "Ben"], "First Game", None, 7, None)
    seating = new_seating(setup)
    seating.start()
    return seating


def test_a_hosted_move_comes_back_with_what_the_other_seat_hears() -> None:
    seating = _hosted()
    mover = seating.waiting_for()
    assert mover is not None
    other = 1 - mover
    before = seating.sessions[other].last
    saves: list[int] = []
    seating.act.on_save = lambda: saves.append(1)
    response = seating.run(mover, "end")
    assert response.seat == mover and response.changed and response.saved and saves  # saved before it is said
    heard = response.heard()
    assert heard[mover].startswith("Nothing bought")
    assert f"{seating.names[mover]} bought nothing." in heard[other]
    assert seating.sessions[other].last != before and seating.sessions[other].last in heard[other]  # kept for repeat


def test_undo_at_a_host_tells_the_others_in_the_response() -> None:
    seating = _hosted()
    mover = seating.waiting_for()
    assert mover is not None
    other = 1 - mover
    seating.run(mover, "play treasures")
    response = seating.run(mover, "undo")
    assert response.text.startswith("Took back play treasures.")
    assert response.notices == {other: f"{seating.names[mover]} took back play treasures. "
                                       f"{seating.names[mover]}'s turn."}
    assert response.heard()[other].startswith(response.notices[other])


def test_a_refused_verb_at_a_host_is_a_response_too() -> None:
    seating = _hosted()
    response = seating.run(0, "save")
    assert response.failed and response.text == "Error, 'save' is not available in a hosted game. Type help for what is."
    assert seating.sessions[0].last == response.text
