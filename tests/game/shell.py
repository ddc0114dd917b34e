"""Driving the real shell in a pseudo-terminal: ``python -m companion`` with a private COMPANION_HOME."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal as signals
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"\. $")  # every prompt ends in a full stop and a space


def write_settings(home: Path, **values: str) -> None:
    folder = home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    body = "".join(f'{k} = "{v}"\n' for k, v in values.items())
    (folder / "settings.toml").write_text(body, encoding="utf-8")


class Shell:
    """One shell in a pseudo-terminal (standard library only). ``send(line)`` types a line and returns
    the response printed before the next prompt."""

    def __init__(self, home: Path, timeout: float = 15) -> None:
        # Bots break ties by set order, which follows string hashing: fix it so runs can be compared.
        env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(home), TERM="xterm")
        env.pop("COMPANION_INPUT", None)
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 250, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "companion"], cwd=str(ROOT), env=env,
                                     stdin=slave, stdout=slave, stderr=slave, close_fds=True, start_new_session=True)
        os.close(slave)
        self.timeout = timeout
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.raw: list[str] = []
        self.first = self._until_prompt()

    def _until_prompt(self) -> str:
        text = ""
        deadline = time.monotonic() + self.timeout
        while not PROMPT.search(text):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no prompt after {text[-200:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise EOFError(f"the shell ended after {text[-200:]!r}")
            text += self.decoder.decode(chunk)
        self.raw.append(text)
        return text

    @property
    def prompt(self) -> str:
        last = self.raw[-1].replace("\r\n", "\n")
        return last.rsplit("\n", 1)[-1]

    def send(self, line: str) -> str:
        """The response to ``line`` (without the echoed line and the next prompt), newlines as \\n."""
        os.write(self.master, (line + "\r").encode("utf-8"))
        text = self._until_prompt().replace("\r\n", "\n")
        body = text.split("\n", 1)[1] if "\n" in text else ""
        return body[: body.rfind("\n") + 1] if "\n" in body else ""

    def transcript(self) -> str:
        return "".join(self.raw).replace("\r\n", "\n")

    def kill(self, sig: int) -> None:
        self.proc.send_signal(sig)
        self.proc.wait(timeout=self.timeout)
        os.close(self.master)

    def close(self) -> None:
        if self.proc.poll() is None:
            os.write(self.master, b"quit\r")
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.send_signal(signals.SIGKILL)
                self.proc.wait()
        try:
            while select.select([self.master], [], [], 0)[0]:  # the last words, for the transcript
                chunk = os.read(self.master, 65536)
                if not chunk:
                    break
                self.raw.append(self.decoder.decode(chunk))
        except OSError:
            pass
        try:
            os.close(self.master)
        except OSError:
            pass


def script_in_subprocess(verbosity: str, home: Path, extra: list[str]) -> tuple[list[str], list[str]]:
    """The scripted person's game played in-process in a fresh interpreter with the same hash seed."""
    import json

    code = ("import json, sys; from tests.game.driver import play_in_process; "
            f"r = play_in_process({verbosity!r}, extra={extra!r}); "
            "print(json.dumps([r.typed, r.responses]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(home))
    out = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), env=env, capture_output=True, text=True,
                         check=True)
    typed, responses = json.loads(out.stdout)
    return typed, responses
