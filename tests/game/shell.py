"""Driving the real shell in a pseudo-terminal: ``python -m companion`` with a private COMPANION_HOME."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"> $")


def write_settings(home: Path, **values: str) -> None:
    folder = home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    body = "".join(f'{k} = "{v}"\n' for k, v in values.items())
    (folder / "settings.toml").write_text(body, encoding="utf-8")


class Shell:
    """One shell in a pty. ``send(line)`` types a line and returns the response printed before the next prompt."""

    def __init__(self, home: Path, timeout: float = 15) -> None:
        # Bots break ties by set order, which follows string hashing: fix it so runs can be compared.
        env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(home), TERM="xterm", PYTHONHASHSEED="0")
        env.pop("COMPANION_INPUT", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "companion"], cwd=str(ROOT), env=env,
                                   encoding="utf-8", dimensions=(60, 250), timeout=timeout)
        self.raw: list[str] = []
        self.first = self._until_prompt()

    def _until_prompt(self) -> str:
        self.child.expect(PROMPT)
        text = self.child.before + self.child.after
        self.raw.append(text)
        return text

    @property
    def prompt(self) -> str:
        last = self.raw[-1].replace("\r\n", "\n")
        return last.rsplit("\n", 1)[-1]

    def send(self, line: str) -> str:
        """The response to ``line`` (without the echoed line and the next prompt), newlines as \\n."""
        self.child.sendline(line)
        text = self._until_prompt().replace("\r\n", "\n")
        body = text.split("\n", 1)[1] if "\n" in text else ""
        return body[: body.rfind("\n") + 1] if "\n" in body else ""

    def transcript(self) -> str:
        return "".join(self.raw).replace("\r\n", "\n")

    def kill(self, sig: int) -> None:
        self.child.kill(sig)
        self.child.wait()

    def close(self) -> None:
        if self.child.isalive():
            self.child.sendline("quit")
            try:
                self.child.expect(pexpect.EOF, timeout=5)
            except pexpect.TIMEOUT:
                self.child.terminate(force=True)


def script_in_subprocess(verbosity: str, home: Path, extra: list[str]) -> tuple[list[str], list[str]]:
    """The scripted person's game played in-process in a fresh interpreter with the same hash seed."""
    import json
    import subprocess

    code = ("import json, sys; from tests.game.driver import play_in_process; "
            f"r = play_in_process({verbosity!r}, extra={extra!r}); "
            "print(json.dumps([r.typed, r.responses]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(home), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), env=env, capture_output=True, text=True,
                         check=True)
    typed, responses = json.loads(out.stdout)
    return typed, responses
