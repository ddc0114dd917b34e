"""One typed line in, one response out: the path every line takes, in the shell and one-shot alike.

``run_line`` checks the line (length, control characters, bytes that are not text), finds the command
through the registry (or offers the line to ``session.fallback``), runs it, and turns a CommandError or
any unexpected exception into one ``Error:`` line. Tracebacks go to the error log, never to the screen.
This module never imports cmd2.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from companion.cards.names import or_list, quote
from companion.commands import registry
from companion.refusal import CommandError
from companion.numbers import NumberError
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
    """Run one typed line as one response. Returns True when the session should end (quit).

    At a keyboard shared by friends (``session.route``), the line is run in the session of the person
    holding the keyboard, so it is heard, remembered for ``repeat`` and ``review``, and spoken there."""
    if session.route is not None and not one_shot:
        seated = session.route(line)
        if seated is not session:
            return run_line(seated, line) or session.quitting
    session.begin()
    try:
        _run(session, line, one_shot)
    except CommandError as e:
        _error_cue(session)
        session.error(str(e))
    except NumberError as e:
        _error_cue(session)  # a number typed in numerals no command reads ("²", "①"), from any command
        text = str(e)
        session.error(text if text.startswith(quote(line)) else f"{quote(line)}: {text}")
    except BrokenPipeError:
        raise  # the reader of the output has gone (companion help | head): no bug, and nobody to tell
    except Exception as e:  # noqa: BLE001 - any bug becomes one plain sentence; the details go to the log
        log_exception(line)
        _error_cue(session)
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
        if cmd is None and not one_shot:
            _name_first(session, name, args)
        raise unknown_command(name, one_shot, line)
    assert cmd is not None
    cmd.run(session, args.strip())


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
        raise CommandError(f"{quote(f'{name} {args.strip()}')}: the command comes first. Type {typed}.")


def _error_cue(session: Session) -> None:
    """The error sound, when sounds are on (checked without importing the sound module otherwise)."""
    settings = session.settings
    if settings is not None and getattr(settings, "on", None) is not None and settings.get("sounds") == "on":
        from companion.speech.sounds import cue

        cue(session, "error")


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
    """Append the current exception's traceback to the error log; never raises.

    The log is in the state folder, where every file is hostile: a link planted as ``errors.log`` is
    removed, never written through, and the log is cut to its newest half by the atomic writer (a new
    file renamed over the old), so neither appending nor cutting can change a file elsewhere."""
    try:
        import traceback  # (here, not at the top: a one-shot command that works never needs them)
        from datetime import datetime, timezone

        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        entry = f"--- {stamp} line: {line[:200]!r}\n{traceback.format_exc()}\n"
        _trim_log(path)
        _append(path, entry.encode("utf-8", errors="backslashreplace"))
        return path
    except Exception:  # noqa: BLE001 - the log is a courtesy; failing to write it must not fail the command
        return None


def _trim_log(path: Path) -> None:
    """Keep the log a regular file of at most LOG_LIMIT bytes: anything else at its name is replaced."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        path.unlink()  # never follow it: the next append makes a new, ordinary log
        return
    if not stat.S_ISREG(st.st_mode) or st.st_size <= LOG_LIMIT:
        return
    with path.open("rb") as f:
        f.seek(-(LOG_LIMIT // 2), os.SEEK_END)
        kept = f.read()
    from companion.paths import atomic_write

    atomic_write(path, kept.decode("utf-8", errors="replace"))


def _append(path: Path, data: bytes) -> None:
    """Append to a regular file only: no following a link, no waiting on a pipe planted at the name."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags, 0o600)
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.write(fd, data)
    finally:
        os.close(fd)
