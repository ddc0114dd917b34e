"""Speech: the recording speaker, the time limit, the text-only notice, and a real speech-dispatcher end to end."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from companion.speech import BUILD_TIMEOUT, NOTICE, STOPPED, TIMEOUT, RecordingSpeaker, Voice, attach_speech, detach_speech, voice_of
from tests.conftest import ROOT, needs
from tests.home import Typist, companion_env, run_companion


def _drain(typist: Typist) -> None:
    voice = voice_of(typist.session)
    assert voice is not None and voice.worker.drain(10)


def test_every_response_is_spoken_as_printed() -> None:
    typist = Typist()
    speaker = RecordingSpeaker()
    attach_speech(typist.session, speaker=speaker)
    village = typist.type("card village")
    error = typist.type("card vilage")
    typist.type("")  # nothing said, nothing spoken
    again = typist.type("repeat")
    _drain(typist)
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


def test_a_hanging_speech_library_never_blocks_a_response_then_text_only() -> None:
    release = threading.Event()

    def hang() -> RecordingSpeaker:
        release.wait(30)
        return RecordingSpeaker()

    try:
        voice = Voice(hang, timeout=0.3)
        assert voice.say("hello") is None  # queued while the library is still being built
        assert not release.is_set()  # the call came back although the build is still stuck
        while voice.say("again") is None:
            time.sleep(0.05)
        assert voice.say("again") == STOPPED
        assert not release.is_set()
    finally:
        release.set()


class HangingSpeaker(RecordingSpeaker):
    """Speaks the first response, then hangs in every call, as speechd's cancel() does when its module dies."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.calls = 0

    def speak(self, text: str) -> None:
        self.calls += 1
        if self.calls > 1:
            self.release.wait(30)
        super().speak(text)


def test_a_speaker_that_stops_answering_is_dropped_with_one_notice() -> None:
    typist = Typist()
    speaker = HangingSpeaker()
    attach_speech(typist.session, speaker=speaker, timeout=0.3)
    try:
        first = typist.type("card village")
        _drain(typist)
        second = typist.type("card gold")  # this one hangs in the speaker
        assert STOPPED not in first + second
        deadline = time.monotonic() + 30  # bounded: a test that waits for ever would stall the whole run
        while speaker.calls < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert speaker.calls >= 2, "the second card was never given to the speaker"
        time.sleep(0.5)  # longer than the speaker's time limit
        third = typist.type("card silver")
        fourth = typist.type("card copper")
        assert third.endswith(STOPPED + "\n") and third.startswith("Silver, 3 coins")
        assert STOPPED not in fourth and fourth.startswith("Copper")
        assert typist.session.speak is None
        assert typist.session.responses[-2].startswith("Silver") and STOPPED not in typist.session.responses[-2]
        assert speaker.spoken == [first.rstrip("\n")]
        typist.session.close()  # closing does not wait on the hung speaker
    finally:
        speaker.release.set()


def test_unavailable_speech_says_so_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.speech.ao2 as ao2

    monkeypatch.setattr(ao2, "build_auto_speaker", lambda: None)
    typist = Typist()
    attach_speech(typist.session)
    voice = voice_of(typist.session)
    assert voice is not None
    voice.worker.drain(5)
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
    _drain(typist)
    assert speaker.spoken == ["Speech is now on.", "Smithy, 4 coins, Action.\n+3 Cards."]
    assert 'speech = "on"' in (home / "config" / "settings.toml").read_text()
    typist.type("speech off")
    assert speaker.closed and typist.session.speak is None


# ---------------------------------------------------------------- a real speech-dispatcher


def _speech_ready() -> bool:
    from companion.system_packages import import_system_package

    return bool(shutil.which("speech-dispatcher") and shutil.which("espeak-ng")
                and import_system_package("speechd") is not None)


def _private_config(d: Path, socket: Path | None = None) -> None:
    """A config whose only module writes each utterance to a file and renders a WAV with espeak-ng
    (accessibility guide, section 2)."""
    for sub in ("conf/modules", "log", "out"):
        (d / sub).mkdir(parents=True, exist_ok=True)
    (d / "conf" / "speechd.conf").write_text(
        f'LogLevel 3\nLogDir "{d}/log"\nTimeout 0\nAudioOutputMethod "libao"\n'
        'AddModule "ci-espeak" "sd_generic" "ci-espeak.conf"\nDefaultModule ci-espeak\nDefaultLanguage "en"\n'
        + (f'SocketPath "{socket}"\n' if socket is not None else "")  # an autospawn checks it is asked for this one
    )
    (d / "conf" / "modules" / "ci-espeak.conf").write_text(
        f"GenericExecuteSynth \"echo \\'$DATA\\' >> {d}/out/spoken.txt; "
        f"echo \\'$DATA\\' | espeak-ng -v $VOICE --stdin -w {d}/out/last.wav\"\n"
        'GenericCmdDependency "espeak-ng"\nGenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\n'
        'DefaultVoice "en"\n'
    )


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _stop_pid(pid: int) -> None:
    for sig in (signal.SIGCONT, signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        time.sleep(0.1)


def modules_of(d: Path, program: bytes = b"sd_generic") -> list[int]:
    """The output-module processes of the private daemon in ``d`` (found by their private config path)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(program) and _alive(int(entry.name)) and any(str(d / "conf").encode() in a for a in argv[1:]):
            found.append(int(entry.name))
    return found


@pytest.fixture
def speech_dispatcher(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A private speech-dispatcher (see _private_config). Yields (SPEECHD_ADDRESS, output folder)."""
    needs("speech-dispatcher, espeak-ng and python3-speechd", _speech_ready())
    d = tmp_path / "sd"
    _private_config(d)
    sock, pidfile = d / "sock", d / "pid"
    subprocess.run(["speech-dispatcher", "-d", "-t", "0", "-C", str(d / "conf"), "-m",
                    "/usr/lib/speech-dispatcher-modules", "-c", "unix_socket", "-S", str(sock), "-P", str(pidfile)],
                   check=True, capture_output=True, timeout=20)
    deadline = time.monotonic() + 30  # generous, for a loaded machine

    def settled() -> bool:
        """The pid file names the live daemon, and it is listening. The daemon writes the file and opens its
        socket before it forks, then writes the file again from the child, so until then the file can name
        the parent, which has already gone (a CI run under load read that pid). Found from /proc alone:
        connecting to see who listens would add clients while it is still starting."""
        try:
            pid = int(pidfile.read_text().split()[0])
        except (OSError, IndexError, ValueError):
            return False
        return sock.exists() and _alive(pid) and modules_of(d, b"speech-dispatcher") == [pid]

    try:
        while not settled() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert settled(), sorted((d / "log").iterdir())
        yield f"unix_socket:{sock}", d / "out"
    finally:  # even when it never settled: no daemon outlives its test
        for module in modules_of(d) + modules_of(d, b"speech-dispatcher"):
            _stop_pid(module)


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


class Shell:
    """The real program (``python -m companion``) fed one line at a time through a pipe."""

    def __init__(self, home: Path, address: str, **env: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "companion"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                                     env=companion_env(home, SPEECHD_ADDRESS=address, **env))
        self.printed = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := self.proc.stdout.read1(4096):
            self.printed += chunk

    def wait_for(self, text: str, timeout: float = 20.0) -> None:
        """Wait until ``text`` was printed: the shell has read and answered that line."""
        deadline = time.monotonic() + timeout
        while text.encode() not in self.printed:
            assert time.monotonic() < deadline, f"never printed {text!r}: {self.printed!r}"
            time.sleep(0.02)

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def finish(self) -> tuple[str, str]:
        """Quit and read everything; a shell that froze fails here instead of hanging the suite."""
        self.type("quit")
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("the shell froze") from None
        self._reader.join(10)
        return self.printed.decode(), self.proc.stderr.read().decode()


def _speech_saved_on(home: Path) -> None:
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.toml").write_text('speech = "on"\n')


def _hold_past_time_limit(limit: float = TIMEOUT) -> None:
    time.sleep(limit + 0.5)  # the speaker's call (or its build) has now been stuck longer than its limit


@pytest.mark.parametrize("fault", ["hangs", "dies"])
def test_a_real_output_module_that_hangs_or_dies_never_freezes_the_shell(
        home: Path, speech_dispatcher: tuple[str, Path], fault: str) -> None:
    address, out = speech_dispatcher
    _speech_saved_on(home)
    shell = Shell(home, address)
    shell.type("card smithy")
    wait_for_spoken(out, "Smithy, 4 coins, Action.")
    time.sleep(1)  # the module has finished speaking and waits for the next words
    modules = modules_of(out.parent)
    assert modules, "the private daemon's module was not found"
    for pid in modules:
        os.kill(pid, signal.SIGSTOP if fault == "hangs" else signal.SIGKILL)
    try:
        # The first call after the fault is answered by the daemon; the next waits for the module for ever
        # (speechd's cancel() -> _recv_response, as the audit saw).
        for line, last in (("card gold", "Braille code G3."), ("card silver", "Braille code S2.")):
            shell.type(line)
            shell.wait_for(last)
        if fault == "hangs":
            _hold_past_time_limit()
        shell.type("card copper")
        shell.wait_for("Braille code C1.")
        if fault == "hangs":
            # On a loaded machine the daemon may answer one call more before one waits for the module: by
            # the next line, whichever call hung has been stuck past the limit.
            _hold_past_time_limit()
        shell.type("card estate")
        printed, errors = shell.finish()
    finally:
        for pid in modules:
            _stop_pid(pid)
    for name in ("Smithy, 4 coins", "Gold, 6 coins", "Silver, 3 coins", "Copper, 0 coins", "Estate, 2 coins",
                 "Goodbye."):
        assert name in printed
    assert errors == ""
    if fault == "hangs":
        assert printed.count(STOPPED) == 1
        assert printed.index("Copper") < printed.index(STOPPED) < printed.index("Estate")
    assert "Traceback" not in printed


def test_a_saved_speech_on_never_blocks_the_start_on_a_daemon_that_hangs(
        home: Path, speech_dispatcher: tuple[str, Path]) -> None:
    address, out = speech_dispatcher
    pid = int((out.parent / "pid").read_text().split()[0])
    _speech_saved_on(home)
    os.kill(pid, signal.SIGSTOP)  # accepts connections, never answers: the wedged daemon of the audit
    try:
        shell = Shell(home, address)
        shell.type("card village")
        shell.wait_for("+2 Actions.")
        _hold_past_time_limit(BUILD_TIMEOUT)
        shell.type("card gold")
        printed, errors = shell.finish()
    finally:
        os.kill(pid, signal.SIGCONT)
    assert printed.startswith("Village, 3 coins, Action.\n")
    assert printed.count(STOPPED) == 1 and printed.index("Gold") < printed.index(STOPPED)
    assert printed.endswith("Goodbye.\n") and errors == ""
    assert _alive(pid)  # not ours: started before the program, so left alone


class SilentPeer:
    """A Unix socket server that accepts every connection and reads what comes, but never answers: a speech
    daemon that hangs, as seen from its client."""

    def __init__(self, path: Path) -> None:
        import socket

        self.path = path
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(8)
        self.server.settimeout(0.2)
        self.accepted = 0
        self.heard = b""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        clients = []
        while not self._stop.is_set():
            try:
                conn, _ = self.server.accept()
                conn.settimeout(0.05)
                clients.append(conn)
                self.accepted += 1
            except OSError:
                pass
            for conn in clients:
                try:
                    self.heard += conn.recv(4096)
                except OSError:
                    pass
        for conn in clients:
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.server.close()


def test_a_daemon_that_accepts_and_never_answers_is_said_once_with_what_to_type(home: Path, tmp_path: Path) -> None:
    needs("python3-speechd", _speech_ready())
    peer = SilentPeer(tmp_path / "speechd.sock")
    _speech_saved_on(home)
    try:
        shell = Shell(home, f"unix_socket:{peer.path}")
        shell.type("card village")
        shell.wait_for("+2 Actions.")  # answered at once, although speech is stuck connecting
        _hold_past_time_limit(BUILD_TIMEOUT)
        shell.type("card gold")
        shell.wait_for("Braille code G3.")
        shell.type("card silver")
        shell.wait_for("Braille code S2.")
        shell.type("speech off")
        shell.wait_for("Speech is now off.")
        printed, errors = shell.finish()
    finally:
        peer.close()
    assert peer.accepted >= 1 and b"CLIENT_NAME" in peer.heard  # the speech library did reach the peer
    assert printed.startswith("Village, 3 coins, Action.\n")
    assert printed.count(STOPPED) == 1 and NOTICE not in printed
    assert printed.index("Gold") < printed.index(STOPPED) < printed.index("Silver")
    assert "speech on" in STOPPED and "speech off" in STOPPED and STOPPED.count(".") == 1  # one sentence, what to type
    assert printed.endswith("Goodbye.\n") and errors == ""
    assert 'speech = "off"' in (home / "config" / "settings.toml").read_text()


def test_a_daemon_the_program_starts_ends_with_it(home: Path, tmp_path: Path) -> None:
    """Nothing listens at the address, so the speech library starts a daemon (autospawn); this one is made
    never to time out by itself, like a wedged one. It must be gone when the program has ended."""
    needs("speech-dispatcher, espeak-ng and python3-speechd", _speech_ready())
    d = tmp_path / "auto"
    _private_config(d, socket=d / "sock")
    pidfile = d / "pid"
    spawn = tmp_path / "spawn-speechd"
    spawn.write_text(f'#!/bin/sh\nexec speech-dispatcher -C "{d}/conf" -m /usr/lib/speech-dispatcher-modules '
                     f'-t 0 -P "{pidfile}" "$@"\n')
    spawn.chmod(0o755)
    address = f"unix_socket:{d / 'sock'}"
    try:
        result = run_companion(home, "--speech", "card", "village", SPEECHD_ADDRESS=address, SPEECHD_CMD=str(spawn))
        assert result.returncode == 0 and result.stdout == b"Village, 3 coins, Action.\n+1 Card, +2 Actions.\n"
        wait_for_spoken(d / "out", "Village, 3 coins, Action.")  # the last words got out before it ended
        deadline = time.monotonic() + 5
        while modules_of(d, b"speech-dispatcher") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not modules_of(d, b"speech-dispatcher")
        assert not pidfile.exists()  # it ended in order (SIGTERM), removing its own pid file
        assert not modules_of(d)
    finally:
        for pid in modules_of(d, b"speech-dispatcher") + modules_of(d):
            _stop_pid(pid)
