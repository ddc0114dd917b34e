"""Self-voicing: the program speaks each response itself, for people without a screen reader.

Off by default (a running screen reader already reads the terminal; speaking too would double it).
``attach_speech(session)`` makes ``session.end`` speak every response. The real speaker
(accessible_output2) is built lazily in a daemon thread: a speech daemon that hangs can delay one response
by at most ``TIMEOUT`` seconds, after which the program says once that it continues in text only.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:
    from companion.session import Session

TIMEOUT = 2.0
NOTICE = "Speech is not available here, so text only."


class Speaker(Protocol):
    """Anything that can speak a response."""

    def speak(self, text: str) -> None: ...

    def close(self) -> None: ...


class RecordingSpeaker:
    """A speaker for tests: remembers what it was asked to say."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.closed = False

    def speak(self, text: str) -> None:
        self.spoken.append(text)

    def close(self) -> None:
        self.closed = True


class LazySpeaker:
    """Builds a speaker in a daemon thread and waits for it at most ``timeout`` seconds from the start."""

    def __init__(self, build: Callable[[], Speaker | None], timeout: float = TIMEOUT) -> None:
        self._speaker: Speaker | None = None
        self._failed = False
        self._ready = threading.Event()
        self._deadline = time.monotonic() + timeout
        self._thread = threading.Thread(target=self._build, args=(build,), name="speech", daemon=True)
        self._thread.start()

    def _build(self, build: Callable[[], Speaker | None]) -> None:
        try:
            self._speaker = build()
        except BaseException:  # noqa: BLE001 - any failure means text only
            self._speaker = None
        self._ready.set()

    def wait(self) -> Speaker | None:
        """The speaker, or None if it failed or is not ready by the deadline."""
        self._ready.wait(max(0.0, self._deadline - time.monotonic()))
        return self._speaker if self._ready.is_set() else None

    def speak(self, text: str) -> bool:
        """Speak; False if speech is not available (the caller says so once)."""
        speaker = self.wait()
        if speaker is None:
            return False
        try:
            speaker.speak(text)
        except Exception:  # noqa: BLE001
            return False
        return True

    def close(self) -> None:
        if self._ready.is_set() and self._speaker is not None:
            try:
                self._speaker.close()
            except Exception:  # noqa: BLE001
                pass


def attach_speech(session: "Session", one_shot: bool = False, speaker: Speaker | None = None,
                  timeout: float = TIMEOUT) -> None:
    """Speak every response of ``session`` from now on.

    ``speaker``: use this one (tests pass a RecordingSpeaker); by default accessible_output2, built lazily.
    ``one_shot``: the program ends after one response, so the speaker is closed when the session closes,
    which lets the last words reach the speech daemon.
    """
    detach_speech(session)
    if speaker is not None:
        lazy: LazySpeaker | None = None
        target: Speaker = speaker
    else:
        from companion.speech.ao2 import build_auto_speaker

        lazy = LazySpeaker(build_auto_speaker, timeout)
        target = lazy  # type: ignore[assignment]

    def speak(text: str) -> None:
        if lazy is None:
            target.speak(text)
            return
        if not lazy.speak(text):
            session.speak = None
            session.out.write(NOTICE + "\n")
            session.out.flush()

    def close(_: "Session") -> None:
        target.close()

    speak.close = close  # type: ignore[attr-defined]
    session.speak = speak
    session.on_close.append(close)


def detach_speech(session: "Session") -> None:
    """Stop speaking; close the speaker if one was built."""
    current = session.speak
    session.speak = None
    close = getattr(current, "close", None)
    if close is not None:
        if close in session.on_close:
            session.on_close.remove(close)
        close(session)


__all__ = ["NOTICE", "TIMEOUT", "LazySpeaker", "RecordingSpeaker", "Speaker", "attach_speech", "detach_speech"]
