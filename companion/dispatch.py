"""One typed line in, one response out: the path every line takes, in the shell and one-shot alike.

``run_line`` checks the line (length, control characters, bytes that are not text), finds the command
through the registry (or offers the line to ``session.fallback``), runs it, and turns a CommandError or
any unexpected exception into one ``Error:`` line. Tracebacks go to the error log, never to the screen.
This module never imports cmd2.
"""

from __future__ import annotations

import re
import traceback
from datetime import datetime, timezone
from pathlib import Path

from companion.cards.names import or_list, quote
from companion.commands import registry
from companion.commands.registry import CommandError
from companion.session import Session

MAX_LINE = 1000  # characters; no command needs more
LOG_NAME = "errors.log"
LOG_LIMIT = 256 * 1024  # the log is cut to its newest half beyond this
UNEXPECTED = "something went wrong with that command. Nothing was changed."
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_NOT_TEXT = re.compile(r"[\udc80-\udcff\ufffd]")  # undecodable bytes (surrogateescape or replace)


def check_line(line: str) -> str:
    """The line a command will see (tabs as spaces, ends trimmed), or CommandError saying what is wrong."""
    if len(line) > MAX_LINE:
        raise CommandError(
            f"that line is {len(line)} characters long, more than {MAX_LINE}. Type a shorter command, or help."
        )
    if _NOT_TEXT.search(line):
        raise CommandError(f"{quote(line)} has bytes that are not UTF-8 text. Type it again as plain text.")
    line = line.replace("\t", " ").rstrip("\r\n")
    if _CONTROL.search(line):
        raise CommandError(f"{quote(line)} has a control character, such as Escape. Type it again without it.")
    return line.strip()


def unknown_command(name: str, one_shot: bool = False, line: str = "") -> CommandError:
    where = "companion help" if one_shot else "help"
    typed = (line or name).strip()
    if len(typed) <= 30 and _names_a_card(typed):
        return CommandError(f"no command {quote(name)}. To hear the card, type card {typed.lower()}.")
    close = registry.suggest(name)
    hint = f" Did you mean {or_list(close)}?" if close else ""
    return CommandError(f"no command {quote(name)}.{hint} Type {where} for the list.")


def _names_a_card(text: str) -> bool:
    """Whether a whole line names a card exactly (``village``, ``throne room``, ``C1``)."""
    from companion.cards import catalogue

    return catalogue().exact(text) is not None


def run_line(session: Session, line: str, *, one_shot: bool = False) -> bool:
    """Run one typed line as one response. Returns True when the session should end (quit)."""
    session.begin()
    try:
        _run(session, line, one_shot)
    except CommandError as e:
        session.error(str(e))
    except Exception as e:  # noqa: BLE001 - any bug becomes one plain sentence; the details go to the log
        log_exception(line)
        session.error(failure_sentence(e, line))
    finally:
        session.end()
    return session.quitting


def _run(session: Session, raw: str, one_shot: bool) -> None:
    line = check_line(raw)
    if not line:
        if not one_shot and session.fallback is not None:
            session.fallback(session, "")  # a game waiting for Enter, or a question's default
        return
    if not one_shot:
        session.typed.append(line)
    name, _, args = line.partition(" ")
    registered = registry.registrations(name)
    if one_shot and registered and not any(c.one_shot for c in registered):
        raise CommandError(f"{quote(name)} works only in the shell. Type companion to start it.")  # before
        # a shared verb's "start a game" hint, which one-shot use could never follow
    cmd = registry.find_command(session, name)
    usable = cmd is not None and (cmd.one_shot if one_shot else cmd.shell)
    if not usable:
        if not one_shot and session.fallback is not None and session.fallback(session, line):
            return
        if cmd is not None and one_shot:
            raise CommandError(f"{quote(name)} works only in the shell. Type companion to start it.")
        raise unknown_command(name, one_shot, line)
    assert cmd is not None
    cmd.run(session, args.strip())


def failure_sentence(error: BaseException, line: str) -> str:
    """What to say for an unexpected failure: the damaged card data's own sentence (file, card, field),
    which the person can act on, or the generic sentence for a bug."""
    from companion.cards.loader import CardDataError

    if isinstance(error, CardDataError):
        typed = quote(line) if line.strip() else "That"
        return f"{typed}: the card data is damaged. {error} Check that file, or reinstall the companion."
    return UNEXPECTED


def log_path() -> Path:
    from companion.paths import state_dir

    return state_dir() / LOG_NAME


def log_exception(line: str) -> Path | None:
    """Append the current exception's traceback to the error log; never raises."""
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > LOG_LIMIT:
            kept = path.read_bytes()[-LOG_LIMIT // 2:]
            path.write_bytes(kept)
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with path.open("a", encoding="utf-8", errors="backslashreplace") as f:
            f.write(f"--- {stamp} line: {line[:200]!r}\n{traceback.format_exc()}\n")
        return path
    except Exception:  # noqa: BLE001 - the log is a courtesy; failing to write it must not fail the command
        return None
