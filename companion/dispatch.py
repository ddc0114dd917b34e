"""One typed line in, one response out: the path every line takes, in the shell and one-shot alike.

``respond`` checks the line (length, control characters, bytes that are not text), finds the command
through the registry (or offers the line to ``session.fallback``), runs it, turns a CommandError or any
unexpected exception into one ``Error:`` line, and returns the ``Response``; ``run_line``, the shell's
adapter, writes it and returns it. Tracebacks go to the error log, never to the screen. This module never
imports cmd2.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.cards.names import or_list, quote
from companion.commands import registry
from companion.errorlog import LOG_LIMIT, LOG_NAME, log_exception, log_path
from companion.refusal import CommandError, LineRefused, NotHere, UnknownCommand
from companion.numbers import NumberError
from companion.response import Response
from companion.session import Session

if TYPE_CHECKING:
    from companion.game.service import Outcome

MAX_LINE = 1000  # characters; no command needs more
UNEXPECTED = "something went wrong with that command. Nothing was changed."
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_NOT_TEXT = re.compile(r"[\udc80-\udcff\ufffd]")  # undecodable bytes (surrogateescape or replace)


def check_line(line: str) -> str:
    """The line a command will see (tabs as spaces, ends trimmed), or CommandError saying what is wrong."""
    if len(line) > MAX_LINE:
        raise LineRefused(
            f"that line is {len(line)} characters long, more than {MAX_LINE}. Type a shorter command, or help."
        )
    if _NOT_TEXT.search(line):
        raise LineRefused(f"{quote(line)} has bytes that are not UTF-8 text. Type it again as plain text.")
    line = line.replace("\t", " ").rstrip("\r\n")
    if _CONTROL.search(line):
        raise LineRefused(f"{quote(line)} has a control character, such as Escape. Type it again without it.")
    return line.strip()


def unknown_command(name: str, one_shot: bool = False, line: str = "") -> UnknownCommand:
    where = "companion help" if one_shot else "help"
    typed = (line or name).strip()
    if len(typed) <= 30 and _names_a_card(typed):
        return UnknownCommand(f"no command {quote(name)}. To hear the card, type card {typed.lower()}.")
    close = registry.suggest(name)
    hint = f" Did you mean {or_list(close)}?" if close else ""
    return UnknownCommand(f"no command {quote(name)}.{hint} Type {where} for the list.")


def _names_a_card(text: str) -> bool:
    """Whether a whole line names a card exactly (``village``, ``throne room``, ``C1``)."""
    from companion.cards import catalogue

    return catalogue().exact(text) is not None


def run_line(session: Session, line: str, *, one_shot: bool = False) -> Response:
    """The shell's adapter: run one typed line (``respond``), write and speak its response, and give each
    other seat at this program its words in its own session. Returns the response (``quit``: the session
    should end; ``failed``: a refusal was raised).

    At a keyboard shared by friends (``session.route``), the line is run in the session of the person
    holding the keyboard, so it is heard, remembered for ``repeat`` and ``review``, and spoken there."""
    if session.route is not None and not one_shot:
        seated = session.route(line)
        if seated is not session:
            response = run_line(seated, line)
            return replace(response, quit=True) if session.quitting and not response.quit else response
    response = respond(session, line, one_shot=one_shot)
    say(session, response)
    return response


def say(session: Session, response: Response) -> None:
    """Write and speak ``response`` on the session's terminal (the lines an aside such as "Thinking." has
    not written already); each other seat playing in this program hears its words in its own session
    (companion.game.seats.hear)."""
    lines = response.lines[response.written:]
    if lines:
        session.show("\n".join(lines))
    if response.others or response.notices:
        from companion.game.activity import game_of
        from companion.game.seats import hear

        act = game_of(session)
        if act is not None:
            hear(act, response)


def respond(session: Session, line: str, *, one_shot: bool = False) -> Response:
    """Run one typed line in ``session`` as one response, and return it (nothing is written or spoken but
    an aside: that is the caller's to do, the shell's ``say`` or a host's messages). A CommandError, a
    number no command reads and any unexpected exception become one ``Error:`` line, and the response is
    ``failed``; tracebacks go to the log."""
    session.begin()
    told = Response(session.seat)  # what the command's answer tells beyond the words said in the session
    failed = False
    try:
        answer = _run(session, line, one_shot)
        if answer is not None:
            told = _answered(session, answer)
    except CommandError as e:
        failed = True
        _error_cue(session)
        session.error(str(e))
    except NumberError as e:
        failed = True
        _error_cue(session)  # a number typed in numerals no command reads ("²", "①"), from any command
        text = str(e)
        session.error(text if text.startswith(quote(line)) else f"{quote(line)}, {text}")
    except BrokenPipeError:
        session.finish(record=told.kept)
        raise  # the reader of the output has gone (companion help | head): no bug, and nobody to tell
    except Exception as e:  # noqa: BLE001 - any bug becomes one plain sentence; the details go to the log
        failed = True
        log_exception(line)
        _error_cue(session)
        session.error(failure_sentence(e, line))
    except BaseException:  # Ctrl-C while a command runs: the shell says "Stopped."
        session.finish(record=told.kept)
        raise
    lines, written = session.finish(record=told.kept)
    return Response(session.seat, lines, session.prompt, told.cues, dict(told.others), dict(told.prompts),
                    dict(told.notices), told.changed, told.saved, told.save_problem, failed or told.failed,
                    session.quitting or told.quit, written=written)


def _answered(session: Session, answer: "Response | Outcome") -> Response:
    """A command's returned answer, made the line's: a game's Outcome said as every move is
    (companion.commands.game.say_outcome, which returns what the other seats hear), a Response's own words
    said in the session (kept for repeat, spoken), the rest of it returned."""
    if not isinstance(answer, Response):
        from companion.commands.game import say_outcome

        return say_outcome(session, answer)
    for part in answer.lines:
        session.say(part)
    if answer.quit:
        session.quitting = True
    return answer


def _run(session: Session, raw: str, one_shot: bool) -> "Response | Outcome | None":
    line = check_line(raw)
    if not line:
        if not one_shot and session.fallback is not None:  # a game waiting for Enter, or a question's default
            return _offered(session.fallback(session, ""))
        return None
    if not one_shot:
        session.typed.append(line)
    name, _, args = line.partition(" ")
    registered = registry.registrations(name)
    if one_shot and registered and not any(c.one_shot for c in registered):
        raise NotHere(f"{quote(name)} works only in the shell. Type companion to start it.")  # before
        # a shared verb's "start a game" hint, which one-shot use could never follow
    cmd = registry.find_command(session, name)
    usable = cmd is not None and (cmd.one_shot if one_shot else cmd.shell)
    if not usable:
        offered = session.fallback(session, line) if not one_shot and session.fallback is not None else False
        if offered is not False:
            return _offered(offered)
        if cmd is not None and one_shot:
            raise NotHere(f"{quote(name)} works only in the shell. Type companion to start it.")
        if cmd is None and not one_shot:
            _name_first(session, name, args)
        raise unknown_command(name, one_shot, line)
    assert cmd is not None
    return cmd.run(session, args.strip())


def _offered(handled: "Response | Outcome | bool | None") -> "Response | Outcome | None":
    """The fallback's answer to a line: an answer it returned, or None (it said its words, or nothing)."""
    return None if isinstance(handled, bool) else handled


def _name_first(session: Session, name: str, args: str) -> None:
    """``Ben buy silver`` at a table: a player's name before a command that takes one. Say the order to
    type, not "Did you mean end or bye?"."""
    verb, _, rest = args.strip().partition(" ")
    if not verb or not name.isalpha():
        return
    try:
        cmd = registry.find_command(session, verb.lower())
    except CommandError:
        return
    if cmd is not None and cmd.shell and "PLAYER" in cmd.usage:
        typed = f"{cmd.name} {name} {rest}".strip()
        raise NotHere(f"{quote(f'{name} {args.strip()}')}, the command comes first. Type {typed}.")


def _error_cue(session: Session) -> None:
    """The error sound, when sounds are on (checked without importing the sound module otherwise)."""
    if session.settings.on("sounds"):
        from companion.speech.sounds import cue

        cue(session, "error")


def failure_sentence(error: BaseException, line: str) -> str:
    """What to say for an unexpected failure: the damaged card data's own sentence (file, card, field),
    which the person can act on, or the generic sentence for a bug."""
    from companion.cards.loader import CardDataError

    if isinstance(error, CardDataError):
        typed = quote(line) if line.strip() else "That"
        return f"{typed}, the card data is damaged. {error} Check that file, or reinstall the companion."
    return UNEXPECTED


__all__ = ["LOG_LIMIT", "LOG_NAME", "UNEXPECTED", "check_line", "failure_sentence", "log_exception", "log_path",
           "respond", "run_line", "say", "unknown_command"]
