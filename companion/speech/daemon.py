"""The speech-dispatcher daemon this program starts, so that it does not outlive the program.

The speechd client starts a daemon by itself ("autospawn") when nothing listens at its address. So before
the speaker is built, ``DaemonWatch`` notes whether a daemon was already listening; if none was and one
listens afterwards, that daemon is ours, and ``stop()`` ends it (SIGTERM, then SIGKILL) when the program
ends. A daemon someone else started is never touched. Linux only: the daemon's process id comes from the
socket itself (SO_PEERCRED) and is checked against /proc before any signal is sent.
"""

from __future__ import annotations

import os
import signal
import socket
import struct
import sys
import time
from pathlib import Path

DEFAULT_SOCKET = Path("speech-dispatcher") / "speechd.sock"


def socket_path(env: dict[str, str] | None = None) -> Path | None:
    """Where the speechd client will connect (its own rules), or None for an address that is not a local socket."""
    env = dict(os.environ) if env is None else env
    address = env.get("SPEECHD_ADDRESS")
    if address:
        method, _, rest = address.partition(":")
        if method != "unix_socket":
            return None
        if rest:
            return Path(rest.split(":")[0])
    elif env.get("SPEECHD_SOCKET"):
        return Path(env["SPEECHD_SOCKET"])
    home = Path(os.path.expanduser("~"))
    runtime = env.get("XDG_RUNTIME_DIR") or env.get("XDG_CACHE_HOME") or str(home / ".cache")
    return Path(runtime) / DEFAULT_SOCKET


def listener_pid(path: Path) -> int | None:
    """The process id of whatever listens at the Unix socket ``path``; None if nothing does (or not Linux)."""
    if not sys.platform.startswith("linux") or not hasattr(socket, "SO_PEERCRED"):
        return None
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(0.5)
            s.connect(str(path))
            creds = s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except (OSError, ValueError):
        return None
    pid: int = struct.unpack("3i", creds)[0]
    if pid > 0 and is_speech_dispatcher(pid):
        return pid
    # The credentials name the process that made the socket; a daemon forks after that, so look for the
    # process that holds the listening socket now.
    return _holder(path) or (pid if pid > 0 else None)


def _holder(path: Path) -> int | None:
    """The speech-dispatcher process holding the listening Unix socket at ``path`` (/proc/net/unix)."""
    try:
        lines = Path("/proc/net/unix").read_text(encoding="utf-8", errors="replace").splitlines()[1:]
    except OSError:
        return None
    inodes = {f"socket:[{fields[6]}]" for fields in (line.split() for line in lines)
              if len(fields) >= 8 and fields[7] == str(path)}
    if not inodes:
        return None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or not is_speech_dispatcher(int(entry.name)):
            continue
        try:
            links = {os.readlink(fd) for fd in (entry / "fd").iterdir()}
        except OSError:
            continue
        if links & inodes:
            return int(entry.name)
    return None


def is_speech_dispatcher(pid: int) -> bool:
    try:
        name = Path(f"/proc/{pid}/comm").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return False
    return name.startswith("speech-dispatch")  # the kernel cuts names at 15 characters


class DaemonWatch:
    """Remembers whether a daemon listened before the speaker was built, to tell ours from another's."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.path = socket_path(env)
        self.checkable = self.path is not None and sys.platform.startswith("linux")
        self.before: int | None = None
        self.noted = False
        self._ours: int | None = None

    def note_before(self) -> None:
        """Look whether a daemon listens now (call it just before building the speaker, off the prompt's thread)."""
        self.before = listener_pid(self.path) if self.checkable and self.path is not None else None
        self.noted = True

    def ours(self) -> int | None:
        """The process id of the daemon this program started, if it started one and it still runs."""
        if self._ours is None and self.noted and self.checkable and self.before is None and self.path is not None:
            pid = listener_pid(self.path)
            if pid is not None and pid != os.getpid() and is_speech_dispatcher(pid):
                self._ours = pid
        if self._ours is not None and not is_speech_dispatcher(self._ours):
            self._ours = None
        return self._ours

    def stop(self, grace: float = 1.0) -> bool:
        """End the daemon this program started (if any). True if one was ended."""
        pid = self.ours()
        if pid is None:
            return False
        for sig in (signal.SIGTERM, getattr(signal, "SIGKILL", signal.SIGTERM)):
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                break
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline and is_speech_dispatcher(pid) and not _zombie(pid):
                time.sleep(0.02)
            if not is_speech_dispatcher(pid) or _zombie(pid):
                break
        self._ours = None
        return True


def _zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[:1] == ["Z"]


__all__ = ["DaemonWatch", "is_speech_dispatcher", "listener_pid", "socket_path"]
