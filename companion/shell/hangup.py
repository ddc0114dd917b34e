"""A shell whose terminal has gone away ends, instead of reading from it forever.

When a terminal window is closed, the program reading from it should end. GNU readline sees the end of
input and the shell stops. libedit (the line editor of many macOS Pythons) does not: inside CPython's
readline module it keeps asking a terminal that is no longer there, in C, so neither the end of input
nor a signal handler is ever reached, and the process would spin at a tenth of a core until killed.

``watch_terminal`` starts a small daemon thread that asks the terminal for its settings every second
(the C loop has let go of the interpreter, so this thread runs). A hung-up terminal answers that with
an error (EIO on Linux, ENXIO on macOS); then the session's close hooks run (speech is let go, locks
are released), within a few seconds, and the process ends. Nothing is lost: every game and table
entry is on disk before it is said.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
from typing import Callable

GONE = frozenset({errno.EIO, errno.ENXIO, errno.EBADF, errno.ENOTTY})


def terminal_gone(fd: int) -> bool:
    """True if ``fd`` was a terminal that has hung up (its window closed, its connection dropped)."""
    if sys.platform == "win32":
        return False
    import termios

    try:
        termios.tcgetattr(fd)
    except termios.error as e:
        return bool(e.args) and e.args[0] in GONE
    except OSError as e:  # the descriptor itself is closed
        return e.errno in GONE
    return False


def watch_terminal(fd: int, on_hangup: Callable[[], None], interval: float = 1.0,
                   grace: float = 3.0) -> threading.Thread | None:
    """Watch ``fd`` (a terminal) from a daemon thread; once it has hung up, run ``on_hangup`` (given at
    most ``grace`` seconds) and end the process. Returns the thread, or None where there is nothing to
    watch (Windows, or ``fd`` is not a terminal)."""
    if sys.platform == "win32":
        return None
    try:
        if not os.isatty(fd):
            return None
    except OSError:
        return None

    def finish() -> None:
        done = threading.Thread(target=on_hangup, daemon=True, name="hangup-close")
        done.start()
        done.join(grace)
        os._exit(0)  # the main thread is stuck in the line editor's C loop: no other way out

    def run() -> None:
        while True:
            time.sleep(interval)
            if terminal_gone(fd):
                finish()
                return

    thread = threading.Thread(target=run, daemon=True, name="hangup-watch")
    thread.start()
    return thread


__all__ = ["terminal_gone", "watch_terminal"]
