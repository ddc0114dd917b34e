"""``companion join``: the same shell as a local game, with each line answered by the host.

At a terminal the shell is the local one (companion.shell: readline editing, Tab completion, history,
no escape codes); only where a line goes differs. Words the host sends while you are at the prompt are
printed on their own lines and the prompt and what you were typing are written again below them.
With piped input each line is sent when the game waits for you (``say``, ``who`` and ``help`` at once),
and the program ends when the game is over, so a script can play a whole game.
"""

from __future__ import annotations

import sys
import threading
from typing import TYPE_CHECKING, Callable, TextIO

from companion.net.burst import PromptLater
from companion.net.client import Refused, Remote, remember, remembered, unsendable
from companion.net.seating import refused
from companion.session import Session

if TYPE_CHECKING:
    import ssl

LOCAL = ("quit", "exit", "bye", "speech", "input")
GOODBYE = "Goodbye. Your seat is kept. Join again with the same name to come back."
# The host's own seat: leaving stops the host, so the game stops for everyone until it is hosted again.
HOST_GOODBYE = ("Goodbye. The game is saved and stops for everyone. Type the same companion host command "
                "to go on.")
AT_ONCE = ("say", "chat", "who", "help", "bot", "back", "repeat", "review")


LEAVE = ("quit", "exit", "bye")


def _local(session: Session, remote: Remote, line: str, goodbye: str = GOODBYE,
           leave: tuple[str, ...] = LEAVE) -> bool | None:
    """Lines this program answers itself: leaving, its own speech and line editor. None: send it to the host."""
    words = line.lower().split()
    word = words[0] if words else ""
    if word in leave:
        session.begin()
        session.say(goodbye)
        session.end()
        return True
    if word in ("speech", "input") or refused(line) in ("set speech", "set input"):  # this computer's own
        from companion.dispatch import run_line

        run_line(session, line)
        return False
    return None


def run_join(address: str, code: str, name: str, *, tls: ssl.SSLContext | None = None, stdin: TextIO | None = None,
             stdout: TextIO | None = None, token_key: str | None = None, speech: bool = False,
             goodbye: str = GOODBYE, path: str = "/ws", leave: tuple[str, ...] = LEAVE) -> int:
    """Join and play until quit, end of input, or (piped) the end of the game. Returns the exit status.
    ``path``: the game's socket on the host (a server's game has its own); ``leave``: the words that leave."""
    from companion.settings import load_settings

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    _tolerant(stdin, stdout)
    session = Session(out=stdout, settings=load_settings())
    if speech or session.settings.speech:
        from companion.speech import attach_speech

        attach_speech(session)
    tty = stdin.isatty() and stdout.isatty()
    if tty:
        import companion.shell.app  # noqa: F401 - the slow import before connecting, so the prompt comes at once
    printer = _Printer(session, tty)
    key_address = token_key or address
    seat, token, seen = remembered(key_address, code, name)
    remote = Remote(address, code, name, show=printer.show, tls=tls, seat=seat, token=token, seen=seen, path=path)
    try:
        remote = _started(remote, token is not None,
                          lambda: Remote(address, code, name, show=printer.show, tls=tls, path=path))
    except (Refused, OSError) as e:
        return _fail(stdout, e)
    if remote.token and remote.seat is not None:
        seat, token, kept = remote.seat, remote.token, threading.Lock()

        def keep() -> None:  # under a lock, so an older number is never written after a newer one
            with kept:
                remember(key_address, code, name, seat, remote.token or token, remote.seen)

        printer.keep = keep  # from now on, each message is kept as it is heard
        remote.on_renewed = keep  # and a renewed token, before the seat speaks again
        keep()  # with those heard already
        remote.claim()  # kept on disk: now the seat is this program's alone
    printer.remote = remote
    try:
        if tty:
            return _shell(session, remote, stdin, stdout, printer, goodbye, leave)
        return _piped(session, remote, stdin, goodbye, leave)
    finally:
        remote.close()
        if printer.keep is not None:  # what was heard, so coming back says only what was missed
            printer.keep()
        elif remote.token and remote.seat is not None:
            remember(key_address, code, name, remote.seat, remote.token, remote.seen)
        session.close()


def _tolerant(stdin: TextIO, stdout: TextIO) -> None:
    """Bytes typed that are not text kept as they are, and characters the terminal cannot show replaced."""
    for stream in (stdin, stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="surrogateescape" if stream is stdin else "replace")
            except (ValueError, OSError):
                pass


def _started(remote: Remote, had_token: bool, afresh: Callable[[], Remote]) -> Remote:
    """The connection, started; a seat token the host no longer knows is dropped and the name joins afresh.
    Refused or OSError (the connection closed) when it cannot be had."""
    try:
        remote.start()
        return remote
    except Refused as e:
        remote.close()
        if not (had_token and "seat token" in str(e)):
            raise
    except OSError:
        remote.close()
        raise
    fresh = afresh()
    try:
        fresh.start()
    except (Refused, OSError):
        fresh.close()
        raise
    return fresh


def _fail(stdout: TextIO, e: Exception) -> int:
    text = str(e)
    if not text.startswith(("Error,", "Error:")):
        text = f"Error, could not reach the host, {text}. Check the address, and that the host is on."
    stdout.write(text + "\n")
    stdout.flush()
    return 1


class _Printer:
    """Prints what the host says: at once while a line waits for its answer, or above the prompt."""

    def __init__(self, session: Session, tty: bool) -> None:
        self.session = session
        self.tty = tty
        self.busy = True  # a line is waiting for its answer (or the shell has not started)
        self.lock = threading.Lock()
        self.redraw: Callable[[], None] | None = None
        self.remote: Remote | None = None
        self.keep: Callable[[], None] | None = None  # keeps the number of the last message heard, on disk
        self.later = PromptLater(self.lock)

    def show(self, text: str) -> None:
        with self.lock:
            s = self.session
            waiting = self.tty and not self.busy
            if waiting and not self.later.pending:  # the prompt is on its line: the words go below it
                s.out.write("\n")
            s.begin()
            s.say(text)
            s.end()
            if waiting:  # the prompt again, once, after the last line of a burst
                self.later.later(self._prompt)
            if self.keep is not None:  # heard, so kept: a run that is killed still comes back to what it missed
                self.keep()

    def _prompt(self) -> None:
        if not self.tty or self.busy:  # a line was typed meanwhile: the shell writes its prompt itself
            return
        if self.redraw is not None:
            self.redraw()
        elif self.remote is not None:
            self.session.out.write(self.remote.prompt)
            self.session.out.flush()


def _piped(session: Session, remote: Remote, stdin: TextIO, goodbye: str = GOODBYE,
           leave: tuple[str, ...] = LEAVE) -> int:
    """Each line in turn: said to be unsendable at once, or sent when the game waits for this seat (``say``,
    ``who``, ``help``... at once) and its answer waited for before the next is read."""
    for raw in stdin:
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        done = _local(session, remote, line, goodbye, leave)
        if done:
            return 0
        if done is False:
            continue
        refused_here = unsendable(line)
        if refused_here:  # the host would close the connection for it: said here, and the script goes on
            session.begin()
            session.error(refused_here)
            session.end()
            continue
        word = line.strip().split(" ", 1)[0].lower()
        if word not in AT_ONCE:
            remote.wait(lambda: remote.yours or remote.over)
        if remote.closed:
            break
        if remote.over and word not in AT_ONCE:
            return 0
        if not remote.send_line(line):
            break
        if remote.over:
            return 0
    if remote.refused:
        session.begin()
        session.say(remote.refused)
        session.end()
        return 1
    return 0


def _unsent(remote: Remote, line: str) -> str:
    """Why a typed line cannot go to the host now ("" when it can): the connection is down, or the last
    line is still on its way (a line goes only after the one before it, so none is lost or done twice)."""
    shown = line.strip()
    if remote.unanswered is not None:
        return (f"the host has not answered your last line yet, so '{shown}' was not sent. "
                "Type it again when the answer comes.")
    if not remote.online:
        return (f"the connection to the host is lost, so '{shown}' was not sent. "
                "Type it again when it says Connected again.")
    return ""


def _redraw(backend: str, remote: Remote) -> Callable[[], None] | None:
    """What writes the prompt (the newest the host gave) and the line being typed again after words from
    the host: readline's ``rl_set_prompt``, ``rl_on_new_line`` and ``rl_forced_update_display``, which
    GNU readline and libedit both have. Other line editors get the prompt written again by the printer."""
    if backend not in ("readline", "libedit") or sys.platform == "win32":
        return None
    try:
        import ctypes
        import readline

        lib = ctypes.CDLL(readline.__file__)
        set_prompt, on_new_line, forced = lib.rl_set_prompt, lib.rl_on_new_line, lib.rl_forced_update_display
    except (ImportError, OSError, AttributeError):
        return None
    set_prompt.argtypes = [ctypes.c_char_p]
    kept: list[bytes] = []  # readline keeps the pointer: the bytes must outlive the call

    def redraw() -> None:
        kept[:] = [remote.prompt.encode("utf-8", "replace")]
        set_prompt(kept[0])
        on_new_line()
        forced()

    return redraw


def _shell(session: Session, remote: Remote, stdin: TextIO, stdout: TextIO, printer: _Printer,
           goodbye: str = GOODBYE, leave: tuple[str, ...] = LEAVE) -> int:
    from companion.shell.app import CompanionShell

    class RemoteShell(CompanionShell):
        """The local shell, reading lines as ever; each line is answered by the host."""

        def onecmd_plus_hooks(self, line: str, *, add_to_history: bool = True,
                              raise_keyboard_interrupt: bool = False, py_bridge_call: bool = False) -> bool:
            if self._eof:  # Ctrl-D: leaving, said as quit says it
                if self.tty:
                    self.stdout.write("\n")
                    self.stdout.flush()
                return _local(session, remote, "quit", goodbye, leave) is True
            if getattr(self, "_cancelled", False):  # Ctrl-C abandoned the line: nothing is sent
                self._cancelled = False
                return False
            if line.strip():
                session.typed.append(line.strip())
            done = _local(session, remote, line, goodbye, leave)
            if done is not None:
                return done
            if not line.strip():
                return False
            unsent = unsendable(line) or _unsent(remote, line)
            if unsent:  # said at once: waiting up to minutes for the host, with no word, is no answer
                session.begin()
                session.error(unsent)
                session.end()
                return False
            with printer.lock:
                printer.busy = True
                printer.later.cancel()
            try:
                if not remote.send_line(line):
                    session.begin()
                    session.say(remote.refused or "The connection to the host is closed. Goodbye.")
                    session.end()
                    return True
            except KeyboardInterrupt:  # Ctrl-C while the host has not answered: the line stays on its way
                session.begin()
                session.say("Stopped waiting. The host answers that line when it is connected again.")
                session.end()
            finally:
                session.prompt = remote.prompt
                printer.busy = False
            return False

        def _read_command_line(self, prompt: str) -> str:
            session.prompt = remote.prompt  # the newest the host gave, even if it came before the shell
            return super()._read_command_line(prompt)

        def preloop(self) -> None:
            printer.busy = False

    session.prompt = remote.prompt
    shell = RemoteShell(session, stdin=stdin, stdout=stdout)
    printer.redraw = _redraw(shell.backend, remote)
    shell.cmdloop()
    from companion.shell.app import save_history

    save_history(session)
    return 0
