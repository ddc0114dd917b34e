"""A worker thread that owns a speaker (or a sound player): the only thread that ever calls into it.

The prompt's thread only puts words in a short queue and reads the worker's health; it never waits on a
speech library. A speech daemon can hang in any call (speech-dispatcher's ``cancel`` waits for a reply
that never comes when its output module dies), so every call runs here, and the prompt's thread judges it:
a build that fails or gives nothing means speech is not available; a build that has not finished after
``build_timeout`` seconds (nothing waits for the build, so it may take longer than a call: starting a daemon
takes a second or two), or a call that has not returned after ``timeout`` seconds, means the speaker stopped
answering (a daemon that accepts the connection and never replies). Either way the worker is given up (it
is a daemon thread, so a call stuck for ever never keeps the program from ending).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Callable, Generic, Protocol, TypeVar


class Closable(Protocol):
    def close(self) -> None: ...


T = TypeVar("T", bound=Closable)

UNAVAILABLE = "unavailable"  # the build failed or gave nothing
STOPPED = "stopped"  # the build or a call took too long, or a call raised after the build had worked
QUEUE_LENGTH = 8  # a newer response interrupts an older one anyway; the oldest unsaid ones are dropped


class Worker(Generic[T]):
    """Builds ``build()`` in its own daemon thread, then runs each submitted ``call(device, item)`` there."""

    def __init__(self, build: Callable[[], T | None], call: Callable[[T, str], None], timeout: float,
                 name: str = "speech", build_timeout: float | None = None) -> None:
        self.timeout = timeout
        self.build_timeout = timeout if build_timeout is None else build_timeout
        self._call = call
        self._device: T | None = None
        self._queue: deque[str] = deque(maxlen=QUEUE_LENGTH)
        self._cond = threading.Condition()
        self._built = False
        self._failure: str | None = None  # UNAVAILABLE or STOPPED once given up
        self._busy_since: float | None = time.monotonic()  # the build counts as a call
        self._closing = False
        self._idle = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(build,), name=name, daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ the prompt's side (never blocks)

    def health(self) -> str | None:
        """None while the worker is fine; UNAVAILABLE or STOPPED once it has been given up."""
        with self._cond:
            if self._failure is None and self._busy_since is not None:
                limit = self.timeout if self._built else self.build_timeout
                if time.monotonic() - self._busy_since > limit:
                    self._failure = STOPPED
                    self._queue.clear()
            return self._failure

    def submit(self, item: str) -> str | None:
        """Queue ``item`` for the worker. Returns the health: None if queued, else why it was not."""
        failure = self.health()
        if failure is not None:
            return failure
        with self._cond:
            self._queue.append(item)
            self._idle.clear()
            self._cond.notify()
        return None

    def drain(self, timeout: float | None = None) -> bool:
        """Wait (at most ``timeout``, by default the worker's own) until everything queued was handled."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.health() is not None:
                return False
            if self._idle.wait(min(0.05, max(0.0, deadline - time.monotonic()))):
                return True
        return False

    @property
    def device(self) -> T | None:
        """The built device (for a final look such as "still speaking?"); None before or without one."""
        return self._device if self._built and self._failure is None else None

    def close(self, timeout: float | None = None) -> None:
        """Ask the worker to close the device and end; wait for that at most ``timeout`` seconds."""
        with self._cond:
            self._closing = True
            self._cond.notify()
        if self._failure is None:
            self._thread.join(self.timeout if timeout is None else timeout)

    # ------------------------------------------------------------ the worker's side

    def _run(self, build: Callable[[], T | None]) -> None:
        try:
            device = build()
        except BaseException:  # noqa: BLE001 - any failure of a speech library means text only
            device = None
        with self._cond:
            self._busy_since = None
            if device is None:
                self._failure = self._failure or UNAVAILABLE
                self._idle.set()
                return
            if self._failure is not None:  # given up while building: the device came too late
                self._close(device)
                return
            self._device = device
            self._built = True
        while True:
            with self._cond:
                while not self._queue and not self._closing:
                    self._idle.set()
                    self._cond.wait()
                if not self._queue:  # closing, everything said
                    break
                item = self._queue.popleft()
                self._busy_since = time.monotonic()
            try:
                self._call(device, item)
            except Exception:  # noqa: BLE001 - a lost connection, a dead daemon: stopped answering
                with self._cond:
                    self._failure = self._failure or STOPPED
                    self._busy_since = None
                break
            with self._cond:
                self._busy_since = None
                if self._failure is not None:  # came back after being given up: stay given up
                    break
        self._idle.set()
        with self._cond:
            self._busy_since = time.monotonic() if self._failure is None else None
        self._close(device)
        with self._cond:
            self._busy_since = None

    @staticmethod
    def _close(device: Closable) -> None:
        try:
            device.close()
        except Exception:  # noqa: BLE001, S110
            pass


__all__ = ["QUEUE_LENGTH", "STOPPED", "UNAVAILABLE", "Worker"]
