"""The accessible_output2 speaker: NVDA, JAWS or SAPI on Windows, VoiceOver (else ``say``) on macOS, Speech
Dispatcher on Linux.

On Linux, accessible_output2 does ``import speechd`` itself; Debian ships that module only for its own
python3, so it is loaded first from there (companion.system_packages) and the import then finds it.
accessible_output2 prints its complaints ("Cannot find Speech Dispatcher...") to stdout; its output
modules get a silent ``print`` so nothing reaches the user's screen, even from the builder thread.
"""

from __future__ import annotations

import sys
import time
import types
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:
    from companion.speech.say import SaySpeaker


def _silent(*args: object, **kwargs: object) -> None:
    return None


def build_auto_speaker() -> "AutoSpeaker | SaySpeaker | None":
    """Build accessible_output2's Auto output; None if no output is active. May block (run it in a thread)."""
    if sys.platform.startswith("linux"):
        from companion.system_packages import import_system_package

        import_system_package("speechd")
    # accessible_output2 ships no type hints (no py.typed, no stubs)
    import accessible_output2.outputs as outputs  # type: ignore[import-untyped]
    from accessible_output2.outputs.auto import Auto  # type: ignore[import-untyped]

    for module in list(vars(outputs).values()):
        if isinstance(module, types.ModuleType):
            module.print = _silent  # type: ignore[attr-defined]
    auto = Auto()
    output = auto.get_first_available_output()
    if output is None:
        return _say_speaker()
    speaker = AutoSpeaker(auto, output)
    get_rate = getattr(getattr(output, "_client", None), "get_rate", None)
    if callable(get_rate):  # speech-dispatcher's rate, for how long the last words may take
        try:
            speaker.rate = int(get_rate())
        except Exception:  # noqa: BLE001, S110 - a daemon that cannot say its rate speaks at the normal one
            pass
    return speaker


def _say_speaker() -> "SaySpeaker | None":
    """On macOS without VoiceOver running, the system's ``say`` speaks instead."""
    if sys.platform != "darwin":
        return None
    from companion.speech.say import build_say_speaker

    return build_say_speaker()


class Output(Protocol):
    """One of accessible_output2's outputs, as the speaker uses it: it speaks, and (speech-dispatcher's)
    calls ``_callback`` with the daemon's events for the words it speaks."""

    _callback: object

    def speak(self, text: str, interrupt: bool = False) -> object: ...


class AutoSpeaker:
    """Speaks through one accessible_output2 output; a new response interrupts the one before."""

    def __init__(self, auto: object, output: Output) -> None:
        self.auto = auto
        self.output = output
        self.rate = 0  # speech-dispatcher's rate, -100 to 100
        # "asked" after speak, "speaking" after the daemon's BEGIN, "done" after its END or CANCEL. Each
        # utterance gets its own callback (accessible_output2 reads ``_callback`` at each speak), so the
        # CANCEL of the words before (the interrupt) never counts for the new ones; and an END counts even
        # without a BEGIN: the daemon can send the BEGIN before the speechd client has noted the callback,
        # which then drops it.
        self._state = "done"
        self._since = time.monotonic()
        self.events: list[str] = []  # what the daemon told of the latest words, in order ("begin", "end")
        self._utterance = 0
        self._callback = getattr(output, "_callback", None)

    def _on_event(self, utterance: int) -> Callable[..., None]:
        callback = self._callback

        def on_event(kind: object, *args: object, **kwargs: object) -> None:
            if utterance == self._utterance:
                name = str(getattr(kind, "name", kind)).lower()
                self.events.append(name)
                if name.endswith("begin") and self._state == "asked":
                    self._set("speaking")
                elif name.endswith("end") or name.endswith("cancel"):
                    self._set("done")
            if callable(callback):
                callback(kind, *args, **kwargs)

        return on_event

    def _set(self, state: str) -> None:
        self._since = time.monotonic()
        self._state = state

    @property
    def name(self) -> str:
        return str(getattr(self.output, "name", "speech"))

    def speak(self, text: str) -> None:
        self._utterance += 1
        self.events = []
        self._set("asked")  # before: the daemon may begin, even end, before speak returns
        if callable(self._callback):
            self.output._callback = self._on_event(self._utterance)
        self.output.speak(text, interrupt=True)

    def progress(self) -> tuple[str, float]:
        """How far the last words have got, and since when (companion.speech.last_words): "asked",
        "speaking", "done", or "none" for an output that tells nothing."""
        if not callable(self._callback):
            return "none", self._since
        return self._state, self._since

    def close(self) -> None:
        for out in getattr(self.auto, "outputs", [self.output]):
            close = getattr(out, "close", None)
            if close is not None and (getattr(out, "is_active", lambda: True)()):
                close()
