"""A small SSIP server (speech-dispatcher's protocol) on a Unix socket: it answers Orca as speech-dispatcher
would and keeps every utterance it is sent, with the punctuation level asked for at that moment.

Orca reaches it through ``SPEECHD_ADDRESS=unix_socket:PATH`` (python3-speechd honours the variable). What
Orca needs answered: ``SET`` (any 2xx), ``HISTORY GET CLIENT_ID`` (``245-1`` then ``245 OK``), ``LIST``
and ``GET`` (data lines, then OK), and ``SPEAK`` (``230``, then the text up to a line holding one dot,
then ``225-ID`` and ``225 OK MESSAGE QUEUED``). ``CHAR`` and ``KEY`` are key echo, kept apart.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Utterance:
    kind: str  # "speak", "char" or "key"
    text: str  # as sent: SSML for "speak"
    punctuation: str  # the level Orca had asked for: none, some, most, all
    at: float  # time.monotonic() when it came


@dataclass
class _Client:
    punctuation: str = "none"  # speech-dispatcher's own default (DefaultPunctuationMode)
    data_mode: str = "text"


@dataclass
class SpeechLog:
    """Every utterance any client sent, in order; thread-safe."""

    utterances: list[Utterance] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    arrived: threading.Condition = field(init=False)

    def __post_init__(self) -> None:
        self.arrived = threading.Condition(self.lock)

    def add(self, utterance: Utterance) -> None:
        with self.arrived:
            self.utterances.append(utterance)
            self.arrived.notify_all()

    def since(self, index: int) -> list[Utterance]:
        with self.lock:
            return list(self.utterances[index:])

    def count(self) -> int:
        with self.lock:
            return len(self.utterances)


_VOICES = ("espeak-ng", "en", "none")


class SSIPServer:
    """Listen on ``path``; one thread a client. ``with SSIPServer(path) as server: ... server.log``."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.log = SpeechLog()
        self._ids = 0
        self._sock: socket.socket | None = None
        self._threads: list[threading.Thread] = []
        self._stopping = threading.Event()

    @property
    def address(self) -> str:
        return f"unix_socket:{self.path}"

    def __enter__(self) -> "SSIPServer":
        if self.path.exists():
            self.path.unlink()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.bind(str(self.path))
        self._sock.listen(8)
        self._sock.settimeout(0.2)
        accept = threading.Thread(target=self._accept, daemon=True)
        accept.start()
        self._threads.append(accept)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        if self._sock is not None:
            self._sock.close()
        for thread in self._threads:
            thread.join(timeout=2)
        if self.path.exists():
            os.unlink(self.path)

    def _accept(self) -> None:
        assert self._sock is not None
        while not self._stopping.is_set():
            try:
                conn, _ = self._sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _next_id(self) -> int:
        with self.log.lock:
            self._ids += 1
            return self._ids

    def _serve(self, conn: socket.socket) -> None:
        client = _Client()
        client_id = self._next_id()
        buffer = b""
        speaking: list[str] | None = None
        conn.settimeout(0.2)
        with conn:
            while not self._stopping.is_set():
                try:
                    chunk = conn.recv(65536)
                except socket.timeout:
                    continue
                except OSError:
                    return
                if not chunk:
                    return
                buffer += chunk
                while b"\r\n" in buffer:
                    raw, buffer = buffer.split(b"\r\n", 1)
                    line = raw.decode("utf-8", "replace")
                    if speaking is not None:
                        if line == ".":
                            text = "\n".join(speaking)
                            speaking = None
                            message = self._next_id()
                            self.log.add(Utterance("speak", text, client.punctuation, time.monotonic()))
                            conn.sendall(f"225-{message}\r\n225 OK MESSAGE QUEUED\r\n".encode())
                        else:
                            speaking.append(line[1:] if line.startswith("..") else line)
                        continue
                    with self.log.lock:
                        self.log.commands.append(line)
                    reply = self._answer(line, client, client_id)
                    if reply is None:  # SPEAK: the text follows
                        speaking = []
                        reply = "230 OK RECEIVING DATA\r\n"
                    conn.sendall(reply.encode())

    def _answer(self, line: str, client: _Client, client_id: int) -> str | None:
        words = line.split()
        command = words[0].upper() if words else ""
        if command == "SPEAK":
            return None
        if command == "SET":
            setting = words[2].upper() if len(words) > 2 else ""
            value = words[3].lower() if len(words) > 3 else ""
            if setting == "PUNCTUATION":
                client.punctuation = value
            elif setting == "SSML_MODE":
                client.data_mode = "ssml" if value == "on" else "text"
            return "208 OK SET\r\n"
        if command == "HISTORY":
            return f"245-{client_id}\r\n245 OK CLIENT ID SENT\r\n"
        if command in ("CHAR", "KEY"):
            self.log.add(Utterance(command.lower(), line.split(" ", 1)[1] if " " in line else "", client.punctuation,
                                   time.monotonic()))
            return "225-0\r\n225 OK MESSAGE QUEUED\r\n"
        if command == "LIST":
            what = words[1].upper() if len(words) > 1 else ""
            if what == "SYNTHESIS_VOICES":
                rows = ["en\ten\tnone"]
            elif what == "OUTPUT_MODULES":
                rows = ["espeak-ng"]
            else:
                rows = ["MALE1", "FEMALE1"]
            return "".join(f"249-{row}\r\n" for row in rows) + "249 OK VOICE LIST SENT\r\n"
        if command == "GET":
            what = words[1].upper() if len(words) > 1 else ""
            value = {"OUTPUT_MODULE": "espeak-ng", "LANGUAGE": "en", "VOICE_TYPE": "MALE1", "RATE": "0",
                     "PITCH": "0", "VOLUME": "100"}.get(what, "0")
            return f"251-{value}\r\n251 OK GET RETURNED\r\n"
        if command == "QUIT":
            return "231 HAPPY HACKING\r\n"
        # STOP, CANCEL, PAUSE, RESUME, SOUND_ICON, BLOCK ...: accepted
        return "210 OK\r\n"
