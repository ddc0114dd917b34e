"""A session: what one person's use of the program remembers, whether in the shell or one-shot.

Every response goes through ``say`` or ``error``, so ``repeat`` and ``review`` see exactly what was
printed, and speech (when on) speaks exactly that. The session never imports cmd2.
"""

from __future__ import annotations

import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO


@dataclass
class Session:
    """Output, the review buffer and the state areas keep between commands (a game, a table)."""

    out: TextIO = field(default_factory=lambda: sys.stdout)
    history_size: int = 200
    speak: Callable[[str], None] | None = None  # set when speech is on
    state: dict[str, Any] = field(default_factory=dict)  # per-area state, keyed by area name
    settings: Any = None  # companion.settings.Settings, loaded by whoever starts the session
    # Hooks for areas (see docs/design.md):
    prompt: str = "companion> "  # what the shell shows before each line; areas may change it (keep it short)
    # Offered a typed line whose first word is not a command (a game waiting for "1 3" or "village").
    # Returns True if it handled the line; False lets the shell say the usual unknown-command error.
    fallback: Callable[["Session", str], bool] | None = None
    on_start: list[Callable[["Session"], None]] = field(default_factory=list)  # run once when the shell starts
    on_close: list[Callable[["Session"], None]] = field(default_factory=list)  # run once when the session ends
    # The seat this session's person plays in a shared game (None: not seated; see companion.game.seats).
    seat: int | None = None
    # Friends at one keyboard: which session a typed line belongs to (the person holding the keyboard).
    # None: this session's own. ``dispatch.run_line`` follows it before anything else.
    route: Callable[[str], "Session"] | None = None

    def __post_init__(self) -> None:
        self.responses: deque[str] = deque(maxlen=self.history_size)
        self._current: list[str] = []
        self._record = True
        self.failed = False
        self.quitting = False  # set by quit; the shell stops after this line
        self.typed: list[str] = []  # every line typed in the shell, for the history command
        self.said = ""  # the last response, as ``end`` finished it (recorded or not)

    # Every line a user reads comes through here.
    def say(self, text: str) -> None:
        """Print one or more lines of a response (each ends with a newline)."""
        text = text.rstrip("\n")
        self._current.append(text)
        self.out.write(text + "\n")
        self.out.flush()

    def replay(self, text: str) -> None:
        """Say earlier words again (repeat, review) without making them the newest response."""
        self._record = False
        self.say(text)

    def error(self, message: str) -> None:
        """Print ``Error: message``. The command must have changed nothing."""
        self.failed = True
        self.say(message if message.startswith("Error:") else f"Error: {message}")

    def begin(self) -> None:
        """Start a new response (called before each command)."""
        self._current = []
        self._record = True
        self.failed = False

    def end(self, record: bool = True) -> str:
        """Finish the response: remember it for repeat/review and speak it if speech is on."""
        text = "\n".join(self._current)
        self._current = []
        self.said = text
        if text and record and self._record:
            self.responses.append(text)
        if text and self.speak is not None:
            self.speak(text)
        return text

    def close(self) -> None:
        """Run the ``on_close`` hooks once (speech uses this to let the last words out)."""
        hooks, self.on_close = self.on_close, []
        for hook in hooks:
            hook(self)

    @property
    def verbosity(self) -> str:
        """brief, normal or full (normal when no settings are loaded)."""
        return self.settings.verbosity if self.settings is not None else "normal"

    @property
    def last(self) -> str | None:
        return self.responses[-1] if self.responses else None
