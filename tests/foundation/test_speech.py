"""Speech: the recording speaker, the time limit, the text-only notice, and a real speech-dispatcher end to end."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from companion.speech import NOTICE, LazySpeaker, RecordingSpeaker, attach_speech, detach_speech
from tests.conftest import needs
from tests.foundation.conftest import Typist, run_companion


def test_every_response_is_spoken_as_printed() -> None:
    typist = Typist()
    speaker = RecordingSpeaker()
    attach_speech(typist.session, speaker=speaker)
    village = typist.type("card village")
    error = typist.type("card vilage")
    typist.type("")  # nothing said, nothing spoken
    again = typist.type("repeat")
    assert speaker.spoken == [village.rstrip("\n"), error.rstrip("\n"), again.rstrip("\n")]
    assert again == error
    typist.session.close()
    assert speaker.closed


def test_detach_stops_and_closes() -> None:
    typist = Typist()
    speaker = RecordingSpeaker()
    attach_speech(typist.session, speaker=speaker)
    detach_speech(typist.session)
    typist.type("card gold")
    assert speaker.spoken == [] and speaker.closed


def test_a_hanging_speech_library_costs_at_most_the_timeout_then_text_only() -> None:
    release = threading.Event()

    def hang() -> RecordingSpeaker:
        release.wait(30)
        return RecordingSpeaker()

    started = time.monotonic()
    try:
        lazy = LazySpeaker(hang, timeout=0.3)
        assert lazy.speak("hello") is False
        assert lazy.speak("again") is False
        assert time.monotonic() - started < 5  # bounded by the timeout, not by the library
    finally:
        release.set()


def test_unavailable_speech_says_so_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.speech.ao2 as ao2

    monkeypatch.setattr(ao2, "build_auto_speaker", lambda: None)
    typist = Typist()
    attach_speech(typist.session)
    first = typist.type("card c1")
    second = typist.type("card s2")
    assert first.endswith(NOTICE + "\n") and NOTICE not in second
    assert typist.session.speak is None
    assert typist.session.responses[-2] == "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1."  # no notice


def test_speech_setting_attaches_and_persists(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.speech.ao2 as ao2

    speaker = RecordingSpeaker()
    monkeypatch.setattr(ao2, "build_auto_speaker", lambda: speaker)
    typist = Typist()
    assert typist.type("speech on") == "Speech is now on.\n"
    typist.type("card smithy")
    deadline = time.monotonic() + 5
    while len(speaker.spoken) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert speaker.spoken == ["Speech is now on.", "Smithy, 4 coins, Action.\n+3 Cards."]
    assert 'speech = "on"' in (home / "config" / "settings.toml").read_text()
    typist.type("speech off")
    assert speaker.closed and typist.session.speak is None


# ---------------------------------------------------------------- a real speech-dispatcher


def _speech_ready() -> bool:
    from companion.system_packages import import_system_package

    return bool(shutil.which("speech-dispatcher") and shutil.which("espeak-ng")
                and import_system_package("speechd") is not None)


@pytest.fixture
def speech_dispatcher(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A private speech-dispatcher whose only module writes each utterance to a file and renders a WAV
    with espeak-ng (accessibility guide, section 2). Yields (SPEECHD_ADDRESS, output folder)."""
    needs("speech-dispatcher, espeak-ng and python3-speechd", _speech_ready())
    d = tmp_path / "sd"
    for sub in ("conf/modules", "log", "out"):
        (d / sub).mkdir(parents=True)
    (d / "conf" / "speechd.conf").write_text(
        f'LogLevel 3\nLogDir "{d}/log"\nTimeout 0\nAudioOutputMethod "libao"\n'
        'AddModule "ci-espeak" "sd_generic" "ci-espeak.conf"\nDefaultModule ci-espeak\nDefaultLanguage "en"\n'
    )
    (d / "conf" / "modules" / "ci-espeak.conf").write_text(
        f"GenericExecuteSynth \"echo \\'$DATA\\' >> {d}/out/spoken.txt; "
        f"echo \\'$DATA\\' | espeak-ng -v $VOICE --stdin -w {d}/out/last.wav\"\n"
        'GenericCmdDependency "espeak-ng"\nGenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\n'
        'DefaultVoice "en"\n'
    )
    sock, pidfile = d / "sock", d / "pid"
    subprocess.run(["speech-dispatcher", "-d", "-t", "0", "-C", str(d / "conf"), "-m",
                    "/usr/lib/speech-dispatcher-modules", "-c", "unix_socket", "-S", str(sock), "-P", str(pidfile)],
                   check=True, capture_output=True, timeout=20)
    deadline = time.monotonic() + 10
    while not sock.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sock.exists(), (d / "log").iterdir()
    try:
        yield f"unix_socket:{sock}", d / "out"
    finally:
        if pidfile.exists():
            pid = int(pidfile.read_text().split()[0])
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    break
                time.sleep(0.2)


def wait_for_spoken(out: Path, *texts: str, timeout: float = 10.0) -> str:
    path = out / "spoken.txt"
    deadline = time.monotonic() + timeout
    spoken = ""
    while time.monotonic() < deadline:
        spoken = path.read_text() if path.exists() else ""
        if all(t in spoken for t in texts):
            return spoken
        time.sleep(0.05)
    raise AssertionError(f"not spoken: {texts!r}; spoken so far: {spoken!r}")


def test_one_shot_speech_reaches_a_real_speech_dispatcher(home: Path, speech_dispatcher: tuple[str, Path]) -> None:
    address, out = speech_dispatcher
    result = run_companion(home, "--speech", "card", "village", SPEECHD_ADDRESS=address)
    assert result.returncode == 0
    assert result.stdout == b"Village, 3 coins, Action.\n+1 Card, +2 Actions.\n"  # no notice, no library chatter
    assert result.stderr == b""
    spoken = wait_for_spoken(out, "Village, 3 coins, Action.", "+1 Card, +2 Actions.")
    assert "$" not in spoken
    wav = out / "last.wav"
    deadline = time.monotonic() + 10
    while not (wav.exists() and wav.stat().st_size > 1000) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wav.read_bytes()[:4] == b"RIFF"


def test_shell_speech_on_and_off_with_a_real_speech_dispatcher(home: Path,
                                                              speech_dispatcher: tuple[str, Path]) -> None:
    address, out = speech_dispatcher
    result = run_companion(home, input=b"speech on\ncard smithy\nspeech off\ncard gold\n", SPEECHD_ADDRESS=address)
    assert result.stdout.decode() == ("Speech is now on.\nSmithy, 4 coins, Action.\n+3 Cards.\n"
                                      "Speech is now off.\nGold, 6 coins, Treasure.\nWorth 3 coins.\nBraille code G3.\n")
    spoken = wait_for_spoken(out, "Smithy, 4 coins, Action.")
    time.sleep(0.3)
    assert "Gold" not in (out / "spoken.txt").read_text()
    assert "Smithy" in spoken
