"""The one-process community records on the disk: ``community.json`` (every record, written whole now and then)
and ``community.journal`` after it (one line a change: the key, its new value or null, its expiry).

A change costs its own line. Written whole on every change, as before, the file grew with every person seen
in a week (two records each): at 4,000 people each arrival in the lobby took 67 ms of the event loop to
read, parse, serialise and write it again, and 4,000 arrivals 180 s. The journal is written whole into the
file again once it holds more lines than the file has records, so that costs a line a change on average too.

Another process (``companion server moderator add``) may change the records while the server runs: every
change is made under the records' lock after reading what the journal gained since, and a reader takes the
lines added since it last looked; when the file was written whole since, it reads both again. Both files
are hostile: a line that is not a well-formed change (or that a crash cut short) is skipped.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from companion.paths import atomic_write

COMPACT_AT = 1000  # journal lines before the records are written whole (or more, with more records)


def _entry(raw: Any) -> tuple[str, list[Any] | None] | None:
    """A journal line's change: (key, [value, expiry]) or (key, None) when dropped; None if not well formed."""
    if not (isinstance(raw, list) and len(raw) == 3 and isinstance(raw[0], str)):
        return None
    key, value, expiry = raw
    if value is None:
        return key, None
    if not isinstance(expiry, (int, float)) or isinstance(expiry, bool):
        return None
    return key, [value, expiry]


class KvFile:
    """The records as the disk has them, read again only where they changed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / "community.json"
        self.journal = folder / "community.journal"
        self.data: dict[str, list[Any]] = {}  # key: [value, expires at (0: never)]
        self.whole_stamp: tuple[int, int, int] | None = None  # the whole file as last read
        self.journal_id: tuple[int, int] | None = None  # the journal's device and inode as last read
        self.offset = 0  # bytes of the journal read
        self.lines = 0  # changes in the journal

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int, int] | None:
        try:
            st = path.stat()
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def load(self) -> None:
        """Bring ``data`` up to what the disk holds: the journal's new lines, or everything when the file was
        written whole (or the journal replaced) since."""
        whole = self._stamp(self.path)
        try:
            st = self.journal.stat()
            journal_id: tuple[int, int] | None = (st.st_dev, st.st_ino)
            size = st.st_size
        except OSError:
            journal_id, size = None, 0
        if whole != self.whole_stamp or journal_id != self.journal_id or size < self.offset:
            self._read_whole()
            self.whole_stamp, self.journal_id, self.offset, self.lines = whole, journal_id, 0, 0
        if journal_id is not None and size > self.offset:
            self._read_journal()

    def _read_whole(self) -> None:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raw = {}
        self.data = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, list) and len(v) == 2} \
            if isinstance(raw, dict) else {}

    def _read_journal(self) -> None:
        try:
            with self.journal.open("rb") as f:
                f.seek(self.offset)
                added = f.read()
        except OSError:
            return
        end = added.rfind(b"\n")
        if end < 0:  # a line being written: taken once it is whole
            return
        self.offset += end + 1
        for line in added[:end].split(b"\n"):
            if not line.strip():
                continue
            try:
                change = _entry(json.loads(line))
            except ValueError:
                continue
            if change is None:
                continue
            self.lines += 1
            key, entry = change
            if entry is None:
                self.data.pop(key, None)
            else:
                self.data[key] = entry

    def write(self, key: str, entry: list[Any] | None) -> None:
        """One record changed (made under the lock, after ``load``): on the disk when this returns. OSError."""
        if entry is None:
            self.data.pop(key, None)
        else:
            self.data[key] = entry
        self.lines += 1
        line = json.dumps([key, entry[0] if entry else None, entry[1] if entry else 0], separators=(",", ":"))
        with self.journal.open("ab") as f:
            # A line of its own even after one a crash cut short; whole only with its newline.
            f.write(b"\n" + line.encode("utf-8") + b"\n")
            f.flush()
            os.fsync(f.fileno())
            st = os.fstat(f.fileno())
            self.journal_id, self.offset = (st.st_dev, st.st_ino), f.tell()  # its own line, known already
        if self.lines > max(COMPACT_AT, len(self.data)):  # in the journal first: a crash between leaves both alike
            self._write_whole()

    def _write_whole(self) -> None:
        now = time.time()
        self.data = {k: v for k, v in self.data.items() if not v[1] or v[1] > now}
        atomic_write(self.path, json.dumps(self.data, separators=(",", ":")))
        try:  # its lines are in the file now (left by a crash here, they are read again: each says a whole value)
            self.journal.unlink()
        except FileNotFoundError:
            pass
        self.whole_stamp, self.journal_id, self.offset, self.lines = self._stamp(self.path), None, 0, 0
