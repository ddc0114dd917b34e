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

    def __post_init__(self) -> None:
        self.responses: deque[str] = deque(maxlen=self.history_size)
        self._current: list[str] = []
        self.failed = False

    # Every line a user reads comes through here.
    def say(self, text: str) -> None:
        """Print one or more lines of a response (each ends with a newline)."""
        text = text.rstrip("\n")
        self._current.append(text)
        self.out.write(text + "\n")
        self.out.flush()

    def error(self, message: str) -> None:
        """Print ``Error: message``. The command must have changed nothing."""
        self.failed = True
        self.say(message if message.startswith("Error:") else f"Error: {message}")

    def begin(self) -> None:
        """Start a new response (called before each command)."""
        self._current = []
        self.failed = False

    def end(self, record: bool = True) -> str:
        """Finish the response: remember it for repeat/review and speak it if speech is on."""
        text = "\n".join(self._current)
        self._current = []
        if text and record:
            self.responses.append(text)
        if text and self.speak is not None:
            self.speak(text)
        return text

    @property
    def last(self) -> str | None:
        return self.responses[-1] if self.responses else None
