"""Self-voicing: the program speaks each response itself, for people without a screen reader.

Off by default (a running screen reader already reads the terminal; speaking too would double it).
``attach_speech(session)`` makes ``session.end`` speak every response. Every call into the speech library
runs in one worker thread (companion.speech.worker); the prompt only queues words, so a speech daemon that
hangs can never freeze the shell. A speaker that cannot be built at all gives ``NOTICE`` once; one that stops
answering (a build that does not finish in ``BUILD_TIMEOUT`` seconds, as with a daemon that accepts the
connection and never replies, or a call that does not return in ``TIMEOUT`` seconds, or fails) gives
``STOPPED`` once, which says what to type; then text only. A speech-dispatcher daemon started by the speech library is ended with
the program (companion.speech.daemon).
"""

from __future__ import annotations

import atexit
from typing import TYPE_CHECKING, Callable, Protocol

from companion.speech.worker import STOPPED as _STOPPED
from companion.speech.worker import Worker

if TYPE_CHECKING:
    from companion.session import Session
    from companion.speech.daemon import DaemonWatch

TIMEOUT = 2.0  # seconds one call into the speech library may take
BUILD_TIMEOUT = 6.0  # seconds building the speaker may take (it may start a daemon; nothing waits for it)
NOTICE = "Speech is not available here, so text only."
STOPPED = "Speech stopped answering, so type speech on to try again, or speech off."


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


def _speak(speaker: Speaker, text: str) -> None:
    speaker.speak(text)


class Voice:
    """A speaker behind a worker thread. ``say`` never blocks; it returns a notice once speech is given up."""

    def __init__(self, build: Callable[[], Speaker | None], timeout: float = TIMEOUT,
                 watch: "DaemonWatch | None" = None, build_timeout: float | None = None) -> None:
        self.watch = watch
        if watch is not None:
            inner = build

            def build() -> Speaker | None:
                watch.note_before()
                return inner()

        self.worker: Worker[Speaker] = Worker(build, _speak, timeout, name="speech", build_timeout=build_timeout)
        atexit.register(self.close)
        self._closed = False
        self._last = ""  # the last words queued
        self.last_words: str | None = None  # how the wait for them ended (companion.speech.last_words)
        self.events: list[str] = []  # what the daemon told of them by then ("begin", "end")

    def say(self, text: str) -> str | None:
        """Queue ``text``; None, or the one sentence saying speech is given up (NOTICE or STOPPED)."""
        failure = self.worker.submit(text)
        if failure is None:
            self._last = text
            return None
        return STOPPED if failure == _STOPPED else NOTICE

    def close(self, last_words: bool = False) -> None:
        """Let queued words out (at most ``TIMEOUT``), close the speaker, end the daemon we started.

        ``last_words``: a one-shot command ends right after its one response. When the program started the
        daemon (and so ends it now), first wait until it has spoken the last words, or clearly will not
        (companion.speech.last_words); a daemon someone else started speaks them after we leave."""
        if self._closed:
            return
        self._closed = True
        atexit.unregister(self.close)
        if last_words and self._last and self.worker.drain():
            from companion.speech.last_words import LEFT_TO_DAEMON, wait

            device = self.worker.device
            if self.watch is not None and self.watch.ours() is None:
                # A daemon this program did not start goes on speaking after we leave: nothing to wait for.
                self.last_words = LEFT_TO_DAEMON
            else:
                self.last_words = wait(device, self._last, lambda: self.worker.health() is None)
            self.events = list(getattr(device, "events", []))
        self.worker.close()
        if self.watch is not None:
            self.watch.stop()


def attach_speech(session: "Session", one_shot: bool = False, speaker: Speaker | None = None,
                  timeout: float = TIMEOUT) -> Voice:
    """Speak every response of ``session`` from now on; returns the Voice.

    ``speaker``: use this one (tests pass a RecordingSpeaker); by default accessible_output2, built in
    the worker. ``one_shot``: the program ends after one response, so closing waits (bounded) for the
    last words to be spoken before a daemon we started is ended.
    """
    detach_speech(session)
    if speaker is not None:
        given = speaker
        voice = Voice(lambda: given, timeout)
    else:
        from companion.speech.ao2 import build_auto_speaker
        from companion.speech.daemon import DaemonWatch

        voice = Voice(build_auto_speaker, timeout, watch=DaemonWatch(), build_timeout=max(timeout, BUILD_TIMEOUT))

    def speak(text: str) -> None:
        notice = voice.say(text)
        if notice is not None:
            detach_speech(session)
            session.out.write(notice + "\n")
            session.out.flush()

    def close(_: "Session") -> None:
        voice.close(last_words=one_shot)

    speak.close = close  # type: ignore[attr-defined]
    speak.voice = voice  # type: ignore[attr-defined]
    session.speak = speak
    session.on_close.append(close)
    return voice


def detach_speech(session: "Session") -> None:
    """Stop speaking; close the speaker if one was built (bounded: a hung speaker is left to its thread)."""
    current = session.speak
    session.speak = None
    close = getattr(current, "close", None)
    if close is not None:
        if close in session.on_close:
            session.on_close.remove(close)
        close(session)


def voice_of(session: "Session") -> Voice | None:
    """The Voice speaking ``session``'s responses, if any (tests wait on it)."""
    return getattr(session.speak, "voice", None)


__all__ = ["BUILD_TIMEOUT", "NOTICE", "STOPPED", "TIMEOUT", "RecordingSpeaker", "Speaker", "Voice", "attach_speech",
           "detach_speech", "voice_of"]
