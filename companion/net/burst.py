"""The prompt written again once after a burst of words from the host, not after each of its lines.

Words that come while the prompt waits are printed below it; the prompt (and what was typed so far) is
written again under them. A burst (a game's news, several people speaking) would otherwise write it
after every line, and a screen reader reads each one: "Ben says: hi, buy phase, Cleo says: hello, buy
phase...". The prompt is written when no more words have come for QUIET seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

QUIET = 0.1  # seconds without another line before the prompt is written again


class PromptLater:
    """Writes the prompt QUIET seconds after the last line of a burst; ``pending`` while it has not yet."""

    def __init__(self, lock: threading.Lock, quiet: float = QUIET) -> None:
        self.lock = lock  # held while writing, by the caller's lines and by the prompt alike
        self.quiet = quiet
        self._timer: threading.Timer | None = None

    @property
    def pending(self) -> bool:
        """Lines were written under the prompt and it is not written again yet (called under the lock)."""
        return self._timer is not None

    def later(self, write: Callable[[], None]) -> None:
        """Write the prompt with ``write`` (under the lock) once no other line comes for QUIET seconds
        (called under the lock)."""
        if self._timer is not None:
            self._timer.cancel()
        timer = threading.Timer(self.quiet, self._fire, args=(write,))
        timer.daemon = True
        self._timer = timer
        timer.start()

    def cancel(self) -> None:
        """The prompt is not wanted now (a line was typed): nothing is written (called under the lock)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self, write: Callable[[], None]) -> None:
        with self.lock:
            if self._timer is None or self._timer is not threading.current_thread():
                return  # cancelled, or another burst's timer took its place
            self._timer = None
            write()
