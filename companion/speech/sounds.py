"""Sound cues, opt-in (``set sounds on``): a short distinct sound, heard before the words, for your turn
starting, an attack on you, a pile running low or empty, the game's end, and an error.

``cue(session, "attack")`` is the whole API. The sounds are made here (a few sine notes, written as a WAV
with the standard library) and played in a worker thread (companion.speech.worker), like speech: the
prompt never waits, a player that hangs is given up after ``TIMEOUT`` seconds, and where no sound can
play the program says ``NOTICE`` once and goes on in text only.

How a sound is played: Windows, ``winsound`` (standard library); macOS, ``afplay``; elsewhere the first
of ``pw-play``, ``paplay`` and ``aplay`` found. ``COMPANION_SOUND_PLAYER`` names another command (the WAV
file's path is added to it), and ``COMPANION_SOUND_DIR`` writes each cue as a WAV file into that folder
instead of playing it (how the tests hear them).
"""

from __future__ import annotations

import io
import math
import os
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from companion.speech.worker import Worker

if TYPE_CHECKING:
    from companion.session import Session

RATE = 22050
TIMEOUT = 2.0  # seconds one sound may take to play
NOTICE = "Sounds cannot play here, so text only."
# Each cue: notes of (frequency in hertz, seconds); 0 hertz is a rest. Distinct in pitch, rhythm and length.
CUES: dict[str, tuple[tuple[float, float], ...]] = {
    "turn": ((660.0, 0.07), (880.0, 0.10)),  # rising: your turn
    "attack": ((196.0, 0.09), (0.0, 0.03), (185.0, 0.16)),  # low, two hits
    "pile": ((523.0, 0.05), (0.0, 0.04), (523.0, 0.05), (0.0, 0.04), (523.0, 0.05)),  # three ticks
    "end": ((523.0, 0.09), (659.0, 0.09), (784.0, 0.09), (1047.0, 0.18)),  # a rising run
    "error": ((330.0, 0.07), (247.0, 0.14)),  # falling
}


def render(name: str) -> bytes:
    """The cue ``name`` as WAV bytes: 16-bit mono, with short fades so that no note clicks."""
    samples: list[int] = []
    fade = int(RATE * 0.006)
    for freq, seconds in CUES[name]:
        n = int(RATE * seconds)
        for i in range(n):
            if freq <= 0:
                samples.append(0)
                continue
            envelope = min(1.0, i / fade, (n - i) / fade)
            value = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(4 * math.pi * freq * i / RATE)
            samples.append(int(9000 * envelope * value))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return buffer.getvalue()


class Player(Protocol):
    def play(self, name: str) -> None: ...

    def close(self) -> None: ...


class FilePlayer:
    """Writes each cue as a numbered WAV file into a folder, in the order played."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0

    def play(self, name: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.count += 1
        (self.folder / f"{self.count:03d}-{name}.wav").write_bytes(render(name))

    def close(self) -> None:
        return None


class CommandPlayer:
    """Plays each cue with an audio command (``aplay``, ``paplay``...), given a WAV file made once per cue."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.folder = Path(tempfile.mkdtemp(prefix="companion-sounds-"))
        self.files: dict[str, Path] = {}

    def play(self, name: str) -> None:
        path = self.files.get(name)
        if path is None:
            path = self.folder / f"{name}.wav"
            path.write_bytes(render(name))
            self.files[name] = path
        subprocess.run([*self.command, str(path)], check=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


class WindowsPlayer:
    def play(self, name: str) -> None:
        import winsound  # type: ignore[import-not-found, unused-ignore]

        winsound.PlaySound(render(name), winsound.SND_MEMORY)  # type: ignore[attr-defined, unused-ignore]

    def close(self) -> None:
        return None


def build_player() -> Player | None:
    """The way to play sounds here, or None if there is none."""
    folder = os.environ.get("COMPANION_SOUND_DIR")
    if folder:
        return FilePlayer(Path(folder))
    command = os.environ.get("COMPANION_SOUND_PLAYER")
    if command:
        words = shlex.split(command)
        return CommandPlayer(words) if words and shutil.which(words[0]) else None
    if sys.platform == "win32":
        return WindowsPlayer()
    candidates = (["afplay"],) if sys.platform == "darwin" else (["pw-play"], ["paplay"], ["aplay", "-q"])
    for candidate in candidates:
        if shutil.which(candidate[0]):
            return CommandPlayer(candidate)
    return None


def can_play() -> bool:
    """Whether anything could play sounds here, found as build_player finds it but without making one
    (no temporary folder, no process): False where nothing can, so set sounds on says so at once."""
    if os.environ.get("COMPANION_SOUND_DIR") or sys.platform == "win32":
        return True
    command = os.environ.get("COMPANION_SOUND_PLAYER")
    if command:
        words = shlex.split(command)
        return bool(words) and shutil.which(words[0]) is not None
    candidates = ("afplay",) if sys.platform == "darwin" else ("pw-play", "paplay", "aplay")
    return any(shutil.which(c) for c in candidates)


def _play(player: Player, name: str) -> None:
    player.play(name)


def _enabled(session: "Session") -> bool:
    return session.settings.on("sounds")


def cue(session: "Session", *names: str) -> None:
    """Play the cues ``names`` (in order) if sounds are on; never waits. Says NOTICE once if none can play."""
    if not names or not _enabled(session):
        return
    worker = session.sounds
    if worker is False:  # given up in this session
        return
    if worker is None:
        if not can_play():  # said once, at set sounds on; not again by each seat or shell
            session.sounds = False
            return
        worker = Worker(build_player, _play, TIMEOUT, name="sounds")
        session.sounds = worker
        session.on_close.append(stop)
    for name in names[:3]:
        if name not in CUES:
            raise ValueError(f"no sound cue named {name!r}")
        if worker.submit(name) is not None:
            stop(session)
            session.sounds = False
            session.out.write(NOTICE + "\n")
            session.out.flush()
            return


def stop(session: "Session") -> None:
    """End the sound worker (``set sounds off``, or the session closing); bounded, never raises."""
    worker = session.sounds
    session.sounds = None
    if isinstance(worker, Worker):
        worker.close()


def drain(session: "Session", timeout: float = 10.0) -> bool:
    """Wait until every queued cue was played (tests and one-shot use)."""
    worker = session.sounds
    return isinstance(worker, Worker) and worker.drain(timeout)


__all__ = ["CUES", "NOTICE", "build_player", "can_play", "cue", "drain", "render", "stop"]
