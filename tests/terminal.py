"""Drive the program in a real terminal (tmux) and capture the raw bytes it writes, for any area's tests.

    with Terminal(home) as term:          # starts `python -m companion` in an 80x24 tmux pane
        term.wait_for("companion. ")
        term.type("card vil"); term.key("Tab"); term.wait_for("Village")
        term.key("Enter"); term.wait_for("+2 Actions.")
        raw = term.raw()                    # every byte the program wrote, escapes included

Each Terminal runs its own tmux server (a private socket) and kills only that server at the end.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tmux_available() -> bool:
    return shutil.which("tmux") is not None


class Terminal:
    def __init__(self, home: Path, *, args: tuple[str, ...] = (), env: dict[str, str] | None = None,
                 term: str = "xterm-256color", width: int = 80, height: int = 24) -> None:
        self.home = Path(home)
        self.home.mkdir(parents=True, exist_ok=True)
        self.socket = f"companion-test-{uuid.uuid4().hex[:12]}"
        self.raw_path = self.home / f"{self.socket}.raw"
        # The program starts only once the pane's output is piped to raw_path (pipe-pane takes what is
        # written from then on; a program quicker than the pipe would lose its first words), and writes
        # its exit status to ended_path when it ends (see ended()).
        self.piped_path = self.home / f"{self.socket}.piped"
        self.ended_path = self.home / f"{self.socket}.ended"
        settings = {"TERM": term, "COMPANION_HOME": str(self.home), "PYTHONPATH": str(ROOT), **(env or {})}
        exports = " ".join(f"{k}={_quote(v)}" for k, v in settings.items())
        command = " ".join(_quote(a) for a in (sys.executable, "-m", "companion", *args))
        piped = _quote(str(self.piped_path))
        self.command = (f"while [ ! -e {piped} ]; do sleep 0.02; done; cd {_quote(str(ROOT))} && env {exports} "
                        f"{command}; echo $? > {_quote(str(self.ended_path))}; sleep 30")
        self.size = (width, height)

    def _tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=check,
                              timeout=20)

    def __enter__(self) -> "Terminal":
        env = {k: v for k, v in os.environ.items() if k != "TMUX"}
        subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", "new-session", "-d", "-s", "t",
                        "-x", str(self.size[0]), "-y", str(self.size[1]), self.command],
                       check=True, env=env, timeout=20)
        self._tmux("pipe-pane", "-o", "-t", "t", f"cat > {_quote(str(self.raw_path))}")
        self.piped_path.touch()
        return self

    def __exit__(self, *exc: object) -> None:
        self._tmux("kill-server", check=False)

    def type(self, text: str) -> None:
        """Type text literally, as a user would (no Enter)."""
        self._tmux("send-keys", "-t", "t", "-l", text)

    def key(self, *keys: str) -> None:
        """Press keys by tmux name: Enter, Tab, Up, BSpace, C-d ..."""
        for k in keys:
            self._tmux("send-keys", "-t", "t", k)
            time.sleep(0.05)

    def waiting(self, timeout: float = 15.0) -> None:
        """Wait until the program is asleep waiting for a key. Ctrl-C sent in the instant after a prompt is
        drawn but before the line editor waits is held by the editor until the next key; a person cannot
        press it that fast, but a test under load can. Where /proc is missing, this waits not at all."""
        pane = self._tmux("display", "-p", "-t", "t", "#{pane_pid}", check=False).stdout.strip()
        children = Path(f"/proc/{pane}/task/{pane}/children")
        if not pane.isdigit() or not children.exists():
            return
        waits = _INPUT_WAITS.get(os.uname().machine, set())
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for pid in children.read_text().split():  # the pane's shell runs the program as its child
                try:
                    state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
                    call = Path(f"/proc/{pid}/syscall").read_text().split()[0]
                except (OSError, IndexError):
                    continue
                if state == "S" and call.isdigit() and int(call) in waits:
                    return
            time.sleep(0.02)
        raise AssertionError(f"the program never waited for a key; screen:\n{self.screen()}")

    def raw(self) -> bytes:
        return self.raw_path.read_bytes() if self.raw_path.exists() else b""

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "t", check=False).stdout

    def ended(self, timeout: float = 30.0) -> None:
        """Wait until the program has ended by itself (after quit, Ctrl-D): what it does after its last
        words (saving the history) is done before the terminal is closed or another run starts."""
        deadline = time.monotonic() + timeout
        while not self.ended_path.exists():
            if time.monotonic() > deadline:
                raise AssertionError(f"the program did not end; screen:\n{self.screen()}")
            time.sleep(0.05)

    def wait_for(self, text: str, count: int = 1, timeout: float = 15.0) -> bytes:
        """Wait until the raw output holds ``text`` at least ``count`` times; return the raw bytes."""
        wanted = text.encode()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            raw = self.raw()
            if raw.count(wanted) >= count:
                return raw
            time.sleep(0.05)
        raise AssertionError(f"{text!r} did not appear {count} times; screen:\n{self.screen()}\nraw: {self.raw()!r}")


# System calls a program sleeps in while it waits for a key: read, poll, select, pselect6, ppoll, and (for
# prompt_toolkit's event loop) epoll_wait, epoll_pwait and epoll_pwait2.
_INPUT_WAITS = {"x86_64": {0, 7, 23, 232, 270, 271, 281, 441}, "aarch64": {22, 63, 72, 73, 441}}


def _quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


def needs_posix_terminal() -> None:
    """For a test that drives a real POSIX terminal: skipped on Windows (no tmux, no pseudo-terminals);
    elsewhere tmux must be there (in CI its absence is a failure)."""
    import pytest

    from tests.conftest import needs

    if sys.platform == "win32":
        pytest.skip("needs a POSIX terminal (tmux), which Windows has not")
    needs("tmux", tmux_available())
