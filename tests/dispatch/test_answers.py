"""A command returns its answer, and a refusal is a fact: the line's way in raises one of a small family of
refusals (companion.refusal), a response is failed because one was raised (never because of how its words
begin), and a game's move comes back from its command as the Outcome that respond says."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.commands import registry
from companion.dispatch import check_line, respond, unknown_command
from companion.game.service import Outcome
from companion.refusal import CommandError, LineRefused, NotHere, UnknownCommand
from companion.response import Response
from companion.session import Session
from companion.settings import Settings


def test_each_refusal_of_the_line_is_its_own_kind() -> None:
    for line in ("x" * 1001, "card \x1b village", "card \udc80"):
        with pytest.raises(LineRefused):
            check_line(line)
    assert isinstance(unknown_command("crad"), UnknownCommand)
    assert all(issubclass(kind, CommandError) for kind in (LineRefused, UnknownCommand, NotHere))


def test_failed_is_what_happened_not_how_the_words_begin() -> None:
    session = Session(settings=Settings())
    assert respond(session, "crad village").failed
    assert not respond(session, "card village").failed
    # words alone are never read for a refusal: whoever refused says so
    assert not Response.words(0, {0: "Error, the words of something that did not refuse."}).failed
    assert Response.words(0, {0: "Error, no."}, failed=True).failed


def test_a_refused_hosted_verb_is_a_failed_response(tmp_path: Path) -> None:
    from companion.net.chat import answer_line
    from companion.net.hosted import HostedGame, Options

    class Nobody:
        def connected(self, game: HostedGame, seat: int) -> bool:
            return False

    game = HostedGame("g1", "123456789", Options(2, [], "First Game", 7), tmp_path)
    game.take_seat("Ana")
    said = answer_line(Nobody(), game, 0, "say")  # type: ignore[arg-type]
    assert said.failed and said.text == "Error, say needs words after it. Type say hello, for example."
    chat = answer_line(Nobody(), game, 0, "say hello")  # type: ignore[arg-type]
    assert not chat.failed and chat.text == "You said, hello"


def test_a_move_comes_back_from_its_command_as_its_outcome() -> None:
    session = Session(settings=Settings())
    respond(session, "new --bots bigmoney --kingdom \"First Game\" --seed 4")
    end = registry.find_command(session, "end")
    assert end is not None
    outcome = end.run(session, "")
    assert isinstance(outcome, Outcome) and outcome.changed
    response = respond(session, "end")  # and respond says it as the line's response
    assert response.changed and response.text and not response.failed


def test_a_view_returns_its_words_and_says_nothing_into_the_session() -> None:
    session = Session(settings=Settings())
    respond(session, "new --bots bigmoney --kingdom \"First Game\" --seed 4")
    for verb in ("hand", "status", "supply", "score", "log", "options", "hint"):
        cmd = registry.find_command(session, verb)
        assert cmd is not None
        session.begin()
        answer = cmd.run(session, "")
        assert isinstance(answer, Response) and answer.text, verb
        assert session.end() == "", verb  # nothing was said into the session: respond says the answer
        assert respond(session, verb).lines == answer.lines, verb


def test_a_table_entry_returns_its_outcome_as_its_answer() -> None:
    session = Session(settings=Settings())
    respond(session, "table new --players Ann,Ben")
    cmd = registry.find_command(session, "buy")
    assert cmd is not None
    session.begin()
    answer = cmd.run(session, "silver")
    assert isinstance(answer, Response) and "Silver" in answer.text and session.end() == ""


def test_a_command_that_ran_until_done_returns_its_exit_status_as_failed(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(settings=Settings())
    cmd = registry.find_command(session, "server")
    assert cmd is not None
    answer = cmd.run(session, "moderator frob")  # the operator's tool says its own words on the output
    assert isinstance(answer, Response) and answer.failed and answer.lines == ()
    assert "Error, " in capsys.readouterr().out
    assert respond(Session(settings=Settings()), "server moderator frob", one_shot=True).failed
