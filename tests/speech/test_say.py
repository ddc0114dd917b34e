"""macOS's ``say`` as the speaker when accessible_output2 finds none, driven here through a stand-in ``say``
program on PATH that records what it is given and then keeps talking (sleeps) until stopped."""

from __future__ import annotations

import os
import stat
import sys
import time
from pathlib import Path

import pytest

from companion.speech import ao2


def _fake_say(folder: Path, heard: Path) -> None:
    program = folder / "say"
    program.write_text(f"#!/bin/sh\ncat >> '{heard}'\necho >> '{heard}'\nexec sleep 30\n", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IEXEC)


def _wait_for_lines(path: Path, count: int) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if path.exists() and path.read_text(encoding="utf-8").count("\n") >= count:
            return
        time.sleep(0.05)


@pytest.mark.process
@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in say is a POSIX shell script")
def test_say_speaks_on_macos_and_a_new_response_stops_the_last(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    heard = tmp_path / "heard.txt"
    _fake_say(tmp_path, heard)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setattr(sys, "platform", "darwin")
    speaker = ao2._say_speaker()
    assert speaker is not None and speaker.name == "say"
    speaker.speak("Village, 3 coins, Action.")
    first = speaker._current
    _wait_for_lines(heard, 1)  # it is speaking
    speaker.speak('-v "Bad" Gold.')  # given on standard input: never read as an option
    assert first is not None and first.wait(timeout=10) != 0  # stopped: interrupted by the new response
    _wait_for_lines(heard, 2)
    assert heard.read_text(encoding="utf-8") == 'Village, 3 coins, Action.\n-v "Bad" Gold.\n'
    second = speaker._current
    speaker.close()
    assert second is not None and second.wait(timeout=10) != 0


def test_no_say_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    assert ao2._say_speaker() is None
