"""A session: what one person's use of the program remembers, whether in the shell or one-shot.

Every response goes through ``say`` or ``error``, so ``repeat`` and ``review`` see exactly what was
printed, and speech (when on) speaks exactly that. Saying writes nothing: a typed line's response is
written by whoever runs the line (``companion.dispatch``), any other response by ``end``, and only an
aside ("Thinking.") is written in the middle of one. The session never imports cmd2.

What belongs to the screen and keyboard (``Terminal``: the output, speech, settings, the prompt and the
shell's hooks) is apart from what belongs to the person (their responses, typed lines, seat and state):
friends taking turns at one keyboard each have a session of their own on one shared ``Terminal``.
"""

from __future__ import annotations

import io
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, TextIO, TypeVar, overload

from companion.settings import Settings

if TYPE_CHECKING:
    from companion.commands.registry import Answer

T = TypeVar("T")


@dataclass
class Terminal:
    """The screen, speakers and keyboard a session uses, and the shell's hooks on them; shared by every
    person playing at that keyboard."""

    out: TextIO = field(default_factory=lambda: sys.stdout)
    speak: Callable[[str], None] | None = None  # set when speech is on
    settings: Settings = field(default_factory=Settings)  # loaded by whoever starts the session; else the defaults
    # Hooks for areas (see docs/design.md):
    prompt: str = "companion. "  # what the shell shows before each line; areas may change it (keep it short)
    # Offered a typed line whose first word is not a command (a game waiting for "1 3" or "village").
    # Returns the line's answer (as a command does), True if it handled the line and said its words
    # itself, or False, which lets the shell say the usual unknown-command error.
    fallback: "Callable[[Session, str], Answer | bool] | None" = None
    on_start: list[Callable[["Session"], None]] = field(default_factory=list)  # run once when the shell starts
    on_close: list[Callable[["Session"], None]] = field(default_factory=list)  # run once when the session ends
    quitting: bool = False  # set by quit; the shell stops after this line


class _Nowhere(io.TextIOBase):
    """An output that writes nothing: a host's seat has no screen, as the host sends its words itself."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


NOWHERE: TextIO = _Nowhere()  # type: ignore[assignment]  # TextIOBase is a TextIO in all but name


class _OnTerminal(Generic[T]):
    """A session's attribute that is its terminal's (``session.out`` is ``session.terminal.out``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, session: None, owner: type | None = None) -> "_OnTerminal[T]": ...

    @overload
    def __get__(self, session: "Session", owner: type | None = None) -> T: ...

    def __get__(self, session: "Session | None", owner: type | None = None) -> "T | _OnTerminal[T]":
        if session is None:  # asked of the class itself
            return self
        value: T = getattr(session.terminal, self.name)
        return value

    def __set__(self, session: "Session", value: T) -> None:
        setattr(session.terminal, self.name, value)


class Session:
    """One person's use of the program: the review buffer, typed lines, seat and the state areas keep
    between commands (a game, a table), on a ``Terminal`` (its own, unless ``terminal`` shares one)."""

    out: _OnTerminal[TextIO] = _OnTerminal()
    speak: _OnTerminal[Callable[[str], None] | None] = _OnTerminal()
    settings: _OnTerminal[Settings] = _OnTerminal()
    prompt: _OnTerminal[str] = _OnTerminal()
    fallback: "_OnTerminal[Callable[[Session, str], Answer | bool] | None]" = _OnTerminal()
    on_start: _OnTerminal[list[Callable[["Session"], None]]] = _OnTerminal()
    on_close: _OnTerminal[list[Callable[["Session"], None]]] = _OnTerminal()
    quitting: _OnTerminal[bool] = _OnTerminal()

    def __init__(self, out: TextIO | None = None, history_size: int = 200,
                 speak: Callable[[str], None] | None = None, sounds: Any = None,
                 state: dict[str, Any] | None = None, settings: Settings | None = None, prompt: str = "companion. ",
                 fallback: "Callable[[Session, str], Answer | bool] | None" = None,
                 on_start: list[Callable[["Session"], None]] | None = None,
                 on_close: list[Callable[["Session"], None]] | None = None, seat: int | None = None,
                 route: Callable[[str], "Session"] | None = None, *, terminal: Terminal | None = None) -> None:
        self.terminal = terminal if terminal is not None else Terminal(
            out if out is not None else sys.stdout, speak, settings if settings is not None else Settings(), prompt, fallback,
            on_start if on_start is not None else [], on_close if on_close is not None else [])
        self.history_size = history_size
        self.sounds = sounds  # the sound cues' worker, once one has played (companion.speech.sounds)
        self.state: dict[str, Any] = state if state is not None else {}  # per-area state, keyed by area name
        # The seat this session's person plays in a shared game (None: not seated; see companion.game.seats).
        self.seat = seat
        # Friends at one keyboard: which session a typed line belongs to (the person holding the keyboard).
        # None: this session's own. ``dispatch.run_line`` follows it before anything else.
        self.route = route
        self.responses: deque[str] = deque(maxlen=history_size)
        self._current: list[str] = []  # the response being said, one string a ``say``
        self._written = 0  # how many of its parts are on the screen already (an aside came between)
        self.typed: list[str] = []  # every line typed in the shell, for the history command
        self.said = ""  # the last response, as ``end`` finished it (recorded or not)

    # Every line a user reads comes through here.
    def say(self, text: str) -> None:
        """Add one or more lines to the response being said (written when it is finished: ``end``, or the
        shell's adapter for a typed line)."""
        self._current.append(text.rstrip("\n"))

    def aside(self, text: str) -> None:
        """Words written at once in the middle of a response (a cue such as "Thinking." while a bot's plan
        is found): after the words said so far, which are written first, as they were said; not part of the
        response that repeat says."""
        before = self._unwritten()
        self.show("\n".join((*before, text.rstrip("\n"))))

    def write_said(self) -> None:
        """Write the words of this response said so far, now (the screen is about to be cleared for the
        next person at the keyboard); the rest is written when the response is finished."""
        before = self._unwritten()
        if before:
            self.show("\n".join(before))

    def _unwritten(self) -> list[str]:
        """The parts of this response said and not written yet, marked written."""
        before = self._current[self._written:]
        self._written = len(self._current)
        return before

    def show(self, text: str) -> None:
        """Write ``text`` on this session's terminal and speak it when speech is on: the one place a
        session's words reach its screen."""
        self.out.write(text + "\n")
        self.out.flush()
        if text and self.speak is not None:
            self.speak(text)

    def error(self, message: str) -> None:
        """Say ``Error, message`` (a comma, not a colon: Orca's default punctuation level reads a colon as
        "colon"). The command must have changed nothing."""
        self.say(message if message.startswith("Error,") else f"Error, {message}")

    def begin(self) -> None:
        """Start a new response (called before each command)."""
        self._current = []
        self._written = 0

    def finish(self, record: bool = True) -> tuple[tuple[str, ...], int]:
        """Finish the response, written nowhere: remember it for repeat/review (unless ``record`` is False:
        old words said again). Returns its parts and how many of them an aside wrote already (the caller
        writes the rest: the shell's adapter, or nobody at a host, which sends them)."""
        parts, written = tuple(self._current), self._written
        self.begin()
        self.said = "\n".join(parts)
        if self.said and record:
            self.responses.append(self.said)
        return parts, written

    def end(self, record: bool = True) -> str:
        """Finish a response said outside a typed line (a greeting, an on-start offer, another seat's move):
        remembered as ``finish`` does, and its words not written yet written and spoken now."""
        parts, written = self.finish(record)
        if parts[written:]:
            self.show("\n".join(parts[written:]))
        return self.said

    def keep(self, text: str) -> None:
        """Words this person heard without typing (another seat's move, a notice): kept as a response of
        their own, for repeat and review, and written and spoken on this session's terminal (nowhere at a
        host's seat, whose words the host sends)."""
        self.begin()
        self.say(text)
        self.end()

    def close(self) -> None:
        """Run the ``on_close`` hooks once (speech uses this to let the last words out)."""
        hooks, self.on_close = self.on_close, []
        for hook in hooks:
            hook(self)

    @property
    def verbosity(self) -> str:
        """brief, normal or full."""
        return self.settings.verbosity

    @property
    def last(self) -> str | None:
        return self.responses[-1] if self.responses else None
