"""The accessible_output2 speaker: NVDA, JAWS or SAPI on Windows, VoiceOver on macOS, Speech Dispatcher on Linux.

On Linux, accessible_output2 does ``import speechd`` itself; Debian ships that module only for its own
python3, so it is loaded first from there (companion.system_packages) and the import then finds it.
accessible_output2 prints its complaints ("Cannot find Speech Dispatcher...") to stdout; its output
modules get a silent ``print`` so nothing reaches the user's screen, even from the builder thread.
"""

from __future__ import annotations

import sys
import types
from typing import Any


def _silent(*args: object, **kwargs: object) -> None:
    return None


def build_auto_speaker() -> "AutoSpeaker | None":
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
        return None
    return AutoSpeaker(auto, output)


class AutoSpeaker:
    """Speaks through one accessible_output2 output; a new response interrupts the one before."""

    def __init__(self, auto: Any, output: Any) -> None:
        self.auto = auto
        self.output = output
        # "asked" after speak, "speaking" after the daemon's BEGIN, "done" after its END or CANCEL; a CANCEL
        # of the words before (the interrupt) comes before the new BEGIN and so does not count.
        self._state = "done"
        callback = getattr(output, "_callback", None)
        if callable(callback):
            def on_event(kind: Any, *args: Any, **kwargs: Any) -> None:
                name = str(getattr(kind, "name", kind)).lower()
                if name.endswith("begin"):
                    self._state = "speaking"
                elif (name.endswith("end") or name.endswith("cancel")) and self._state == "speaking":
                    self._state = "done"
                callback(kind, *args, **kwargs)

            output._callback = on_event

    @property
    def name(self) -> str:
        return str(getattr(self.output, "name", "speech"))

    def speak(self, text: str) -> None:
        self._state = "asked"
        self.output.speak(text, interrupt=True)

    def busy(self) -> bool:
        """Whether the last words are still to be spoken, as far as the output tells (speechd's events)."""
        if getattr(self.output, "_callback", None) is None:
            return False
        return self._state != "done"

    def close(self) -> None:
        for out in getattr(self.auto, "outputs", [self.output]):
            close = getattr(out, "close", None)
            if close is not None and (getattr(out, "is_active", lambda: True)()):
                close()
