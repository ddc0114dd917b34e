"""The error log: a bug's traceback goes here, never to the screen (``companion.dispatch`` says one plain
sentence instead). Below every area, so the game, the net and the shell log without reaching up."""

from __future__ import annotations

import os
import stat
from pathlib import Path

LOG_NAME = "errors.log"
LOG_LIMIT = 256 * 1024  # the log is cut to its newest half beyond this


def log_path() -> Path:
    from companion.paths import state_dir

    return state_dir() / LOG_NAME


def log_exception(line: str) -> Path | None:
    """Append the current exception's traceback to the error log; never raises.

    The log is in the state folder, where every file is hostile: a link planted as ``errors.log`` is
    removed, never written through, and the log is cut to its newest half by the atomic writer (a new
    file renamed over the old), so neither appending nor cutting can change a file elsewhere."""
    try:
        import traceback  # (here, not at the top: a one-shot command that works never needs them)
        from datetime import datetime, timezone

        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        entry = f"--- {stamp} line: {line[:200]!r}\n{traceback.format_exc()}\n"
        _trim_log(path)
        _append(path, entry.encode("utf-8", errors="backslashreplace"))
        return path
    except Exception:  # noqa: BLE001 - the log is a courtesy; failing to write it must not fail the command
        return None


def _trim_log(path: Path) -> None:
    """Keep the log a regular file of at most LOG_LIMIT bytes: anything else at its name is replaced."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        path.unlink()  # never follow it: the next append makes a new, ordinary log
        return
    if not stat.S_ISREG(st.st_mode) or st.st_size <= LOG_LIMIT:
        return
    with path.open("rb") as f:
        f.seek(-(LOG_LIMIT // 2), os.SEEK_END)
        kept = f.read()
    from companion.paths import atomic_write

    atomic_write(path, kept.decode("utf-8", errors="replace"))


def _append(path: Path, data: bytes) -> None:
    """Append to a regular file only: no following a link, no waiting on a pipe planted at the name."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags, 0o600)
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.write(fd, data)
    finally:
        os.close(fd)
