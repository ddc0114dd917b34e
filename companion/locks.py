"""One writer per record: a lock a process holds on a game or a table for as long as it has it open.

The lock is an operating-system file lock (the ``filelock`` library: ``fcntl`` on Linux and macOS,
``msvcrt`` on Windows), taken without waiting. The system drops it when the holder releases it or ends,
however it ends, so a record left by a window that was closed or killed can be taken over at once, and one
held by a window still open is refused. Lock files live in a ``.locks`` folder beside the records.

Taking a lock also clears that record's temporary files: the holder is the only writer, so a temporary
file of its record can only be left by a save that was killed (see ``companion.paths.clear_temporary``).
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

from companion.paths import clear_temporary


class Held:
    """A lock this process holds; ``release()`` gives it up (safe to call twice)."""

    def __init__(self, lock: FileLock, path: Path) -> None:
        self._lock = lock
        self.path = path

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release(force=True)


def hold_file(folder: Path, file_name: str) -> Held | None:
    """Lock the record ``folder/file_name`` for this process without waiting; None if another holds it."""
    locks = folder / ".locks"
    locks.mkdir(parents=True, exist_ok=True)
    path = locks / f"{file_name}.lock"
    lock = FileLock(path, timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        return None
    clear_temporary(folder, file_name)
    return Held(lock, path)
