"""macOS's ``say`` command as a speaker, for when accessible_output2 finds no output (VoiceOver not running).

Each response is given to a new ``say`` process on its standard input (so no text is ever read as an
option); a new response stops the one still speaking, as the other speakers do.
"""

from __future__ import annotations

import shutil
import subprocess


class SaySpeaker:
    name = "say"

    def __init__(self, program: str) -> None:
        self.program = program
        self._current: subprocess.Popen[bytes] | None = None

    def speak(self, text: str) -> None:
        self._stop()
        process = subprocess.Popen([self.program], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        self._current = process
        if process.stdin is not None:
            process.stdin.write(text.encode("utf-8", "replace"))
            process.stdin.close()

    def _stop(self) -> None:
        if self._current is not None and self._current.poll() is None:
            self._current.terminate()
        self._current = None

    def close(self) -> None:
        self._stop()


def build_say_speaker() -> SaySpeaker | None:
    """A speaker through ``say``, or None where there is no such program."""
    program = shutil.which("say")
    return SaySpeaker(program) if program is not None else None
