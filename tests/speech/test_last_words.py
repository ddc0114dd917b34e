"""A one-shot command with speech ends as soon as its words are spoken: it follows speech-dispatcher's
events (companion.speech.last_words), with a bound for a daemon that never tells the end."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from companion.speech import Voice
from companion.speech.ao2 import AutoSpeaker
from companion.speech.last_words import (LONGEST, NEVER_BEGAN, NO_EVENTS, NOT_ENDED, SPOKEN, START_LIMIT, wait,
                                         words_time)
from tests.home import Typist, run_companion
from tests.speech.test_speech import (_private_config, _speech_ready, _stop_pid, modules_of, needs,  # noqa: F401
                                      speech_dispatcher, wait_for_spoken)


class Kind:
    """speechd's CallbackType as the callback sees it (an enum member with a name)."""

    def __init__(self, name: str) -> None:
        self.name = name.upper()


class Output:
    """accessible_output2's SpeechDispatcher as AutoSpeaker uses it: speak() passes ``self._callback`` on,
    read at each call; ``tell`` says which events the daemon sends back during the call."""

    def __init__(self, tell: Callable[["Output", Callable[..., None]], None]) -> None:
        self.tell = tell
        self.seen: list[str] = []
        self.held: list[Callable[..., None]] = []

    def _callback(self, kind: Any) -> None:
        self.seen.append(kind.name)

    def speak(self, text: str, interrupt: bool = False) -> None:
        callback = self._callback
        self.held.append(callback)
        self.tell(self, callback)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_an_end_whose_begin_was_lost_still_ends_the_wait() -> None:
    """The daemon can send BEGIN before the speechd client has noted the message's callback, which then
    drops it: only END arrives. Before, the wait went on to its time limit."""
    speaker = AutoSpeaker(None, Output(lambda out, callback: callback(Kind("end"))))
    voice = Voice(lambda: speaker)
    assert voice.say("Village, 3 coins, Action.") is None
    voice.close(last_words=True)
    assert voice.last_words == SPOKEN and voice.events == ["end"]
    assert speaker.output.seen == ["END"]  # accessible_output2's own callback still hears it


def test_the_cancel_of_the_words_before_does_not_end_the_new_ones() -> None:
    output = Output(lambda out, callback: None)
    speaker = AutoSpeaker(None, output)
    speaker.speak("Village")
    output.held[0](Kind("begin"))
    speaker.speak("Gold")  # interrupts Village: its CANCEL comes, on its own callback, after Gold's BEGIN
    output.held[1](Kind("begin"))
    output.held[0](Kind("cancel"))
    assert speaker.progress()[0] == "speaking" and speaker.events == ["begin"]
    output.held[1](Kind("end"))
    assert speaker.progress()[0] == "done" and speaker.events == ["begin", "end"]


def _waited(tell: list[tuple[float, str]], text: str = "Village, 3 coins, Action.", rate: int = 0) -> tuple[str, float]:
    """Wait on a speaker whose daemon tells ``tell`` (seconds after asking, event), on a clock of our own."""
    clock = Clock()
    output = Output(lambda out, callback: None)
    speaker = AutoSpeaker(None, output)
    speaker.rate = rate
    speaker.speak(text)
    speaker._since = clock.now
    start = clock.now
    pending = sorted(tell)

    def sleep(seconds: float) -> None:
        clock.sleep(seconds)
        while pending and clock.now - start >= pending[0][0]:
            output.held[0](Kind(pending.pop(0)[1]))
            speaker._since = clock.now

    return wait(speaker, text, lambda: True, clock=clock, sleep=sleep), clock.now - start


def test_words_never_begun_are_not_waited_for() -> None:
    how, waited = _waited([])
    assert how == NEVER_BEGAN and START_LIMIT <= waited < START_LIMIT + 0.1


def test_words_begun_and_never_ended_are_waited_for_as_long_as_they_take() -> None:
    text = "Village, 3 coins, Action.\n+1 Card, +2 Actions."
    how, waited = _waited([(0.05, "begin")], text)
    assert how == NOT_ENDED
    assert words_time(text) < waited < words_time(text) * 1.5 + 1  # not a fixed wait: the words' own time
    long = "Put the rest back on top in any order. " * 6
    assert _waited([(0.05, "begin")], long)[1] > 2 * waited
    slow = _waited([(0.05, "begin")], text, rate=-100)[1]
    fast = _waited([(0.05, "begin")], text, rate=100)[1]
    assert fast < waited < slow < LONGEST


def test_words_spoken_end_the_wait_at_their_end() -> None:
    how, waited = _waited([(0.05, "begin"), (3.0, "end")])
    assert how == SPOKEN and 3.0 <= waited < 3.1


def test_a_speaker_that_tells_nothing_is_not_waited_for() -> None:
    class Quiet:
        def speak(self, text: str, interrupt: bool = False) -> None: ...

    speaker = AutoSpeaker(None, Quiet())
    speaker.speak("Village")
    assert wait(speaker, "Village", lambda: True) == NO_EVENTS


# ---------------------------------------------------------------- a real speech-dispatcher


def _slow_module(d: Path, seconds: float) -> None:
    """The private daemon's module takes ``seconds`` to speak each sentence, as a real voice takes time
    (the generic module runs its command once a sentence): it writes the sentence to spoken.txt when done."""
    (d / "conf" / "modules" / "ci-espeak.conf").write_text(
        f"GenericExecuteSynth \"echo \\'$DATA\\' > {d}/out/now.txt; sleep {seconds}; "  # $DATA is replaced once only
        f"cat {d}/out/now.txt >> {d}/out/spoken.txt\"\n"
        'GenericCmdDependency "sleep"\nGenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\n'
        'DefaultVoice "en"\n'
    )


@pytest.fixture
def slow_speech_dispatcher(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A private speech-dispatcher whose module takes 2 seconds a sentence. Yields (address, output folder)."""
    needs("speech-dispatcher, espeak-ng and python3-speechd", _speech_ready())
    d = tmp_path / "sd"
    _private_config(d)
    _slow_module(d, 2)
    sock = d / "sock"
    subprocess.run(["speech-dispatcher", "-d", "-t", "0", "-C", str(d / "conf"), "-m",
                    "/usr/lib/speech-dispatcher-modules", "-c", "unix_socket", "-S", str(sock), "-P", str(d / "pid")],
                   check=True, capture_output=True, timeout=20)
    try:
        deadline = time.monotonic() + 30
        while not (sock.exists() and modules_of(d)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sock.exists(), sorted((d / "log").iterdir())
        yield f"unix_socket:{sock}", d / "out"
    finally:
        for pid in modules_of(d) + modules_of(d, b"speech-dispatcher"):
            _stop_pid(pid)


def test_a_one_shot_leaves_its_words_to_a_daemon_it_did_not_start(home: Path,
                                                                  slow_speech_dispatcher: tuple[str, Path]) -> None:
    """Village's two sentences take 4 seconds here. The daemon was running before the program (a desktop's
    own): the program hands it the words and ends, and the daemon speaks them to the end after it has gone.
    Before, the program waited for the words' end."""
    address, out = slow_speech_dispatcher
    result = run_companion(home, "--speech", "card", "village", SPEECHD_ADDRESS=address)
    spoken = out / "spoken.txt"
    at_exit = spoken.read_text() if spoken.exists() else ""
    assert result.returncode == 0 and result.stdout == b"Village, 3 coins, Action.\n+1 Card, +2 Actions.\n"
    assert "+2 Actions." not in at_exit  # the program ended before the last sentence was spoken
    assert "+2 Actions." in wait_for_spoken(out, "Village, 3 coins, Action.", "+1 Card, +2 Actions.", timeout=30)


# speechd's reader thread ends with sys.exit() when the connection closes; a thread ends so quietly, but
# pytest reports it
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_one_shot_follows_the_real_daemons_events(home: Path, speech_dispatcher: tuple[str, Path],  # noqa: F811
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The wait itself, on a real daemon's events: it ends on the END of the last words."""
    address, out = speech_dispatcher
    monkeypatch.setenv("SPEECHD_ADDRESS", address)
    typist = Typist()
    from companion.speech.ao2 import build_auto_speaker

    voice = Voice(build_auto_speaker)  # no DaemonWatch: waited for as if the program had started the daemon
    assert voice.say("Village, 3 coins, Action.\n+1 Card, +2 Actions.") is None
    voice.close(last_words=True)
    typist.session.close()
    assert voice.last_words == SPOKEN and voice.events[-1:] == ["end"]
    assert "+1 Card, +2 Actions." in (out / "spoken.txt").read_text()  # the end came after the words


def test_a_long_answer_is_spoken_to_its_end_before_the_daemon_the_program_started_is_ended(
        home: Path, tmp_path: Path) -> None:
    """The daemon's module takes time to speak, as a real voice does: 1.5 seconds a sentence, so Sentry's
    five take 7.5 seconds. The program started this daemon and ends it when it ends; it must first wait
    for the daemon's end of the words (before, it waited 5 seconds at most, then cut the words off)."""
    needs("speech-dispatcher, espeak-ng and python3-speechd", _speech_ready())
    d = tmp_path / "slow"
    _private_config(d, socket=d / "sock")
    _slow_module(d, 1.5)
    spawn = tmp_path / "spawn-speechd"
    spawn.write_text(f'#!/bin/sh\nexec speech-dispatcher -C "{d}/conf" -m /usr/lib/speech-dispatcher-modules '
                     f'-t 0 -P "{d}/pid" "$@"\n')
    spawn.chmod(0o755)
    try:
        result = run_companion(home, "--speech", "card", "sentry", SPEECHD_ADDRESS=f"unix_socket:{d / 'sock'}",
                               SPEECHD_CMD=str(spawn))
        spoken = (d / "out" / "spoken.txt").read_text() if (d / "out" / "spoken.txt").exists() else ""
        assert result.returncode == 0 and result.stdout.decode().startswith("Sentry, 5 coins, Action.")
        last = result.stdout.decode().split(". ")[-1].strip()
        assert last == "Put the rest back on top in any order."
        assert last in spoken, spoken  # spoken to the end before the program ended its daemon
        deadline = time.monotonic() + 5
        while modules_of(d, b"speech-dispatcher") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not modules_of(d, b"speech-dispatcher")  # and then ended
    finally:
        for pid in modules_of(d, b"speech-dispatcher") + modules_of(d):
            _stop_pid(pid)
