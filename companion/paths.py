"""Where the program keeps its files: one place per kind, each overridable by an environment variable.

- ``COMPANION_HOME``: if set, everything lives under it (``config/``, ``data/``, ``state/``). Tests use this.
- ``COMPANION_CONFIG_DIR``: settings (``settings.toml``).
- ``COMPANION_DATA_DIR``: what a user saves on purpose (saved games, tables, exported braille).
- ``COMPANION_STATE_DIR``: what the program keeps for itself (shell history, the error log).

Without them, the platform's usual folders (platformdirs). The rule is companion.folders', which the quick
one-shot path reads too. Every area's saved files must live under one of these three folders; nothing is
written anywhere else.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from companion import folders

APP = folders.APP


def config_dir() -> Path:
    return Path(folders.config_folder())


def data_dir() -> Path:
    return Path(folders.data_folder())


def state_dir() -> Path:
    return Path(folders.state_folder())


# Names Windows keeps for devices, with any extension: a file named con.json cannot be made there.
_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                      *(f"lpt{i}" for i in range(1, 10))})


def is_device_name(file_name: str) -> bool:
    """Whether Windows refuses ``file_name`` as a device's name (CON, NUL, COM1, con.json...). Refused on
    every system, so a name works the same wherever the folder of saves is taken."""
    return file_name.split(".")[0].strip().lower() in _DEVICES


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one, never half.

    The new text goes to a temporary file beside it (``.NAME.PID-RANDOM.tmp``), is flushed to the disk, and
    replaces the file in one step. A kill part way leaves only the temporary file, which
    ``clear_temporary`` removes later.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            _slow_for_tests()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _slow_for_tests() -> None:
    """Only for the kill tests: COMPANION_TEST_SLOW_FSYNC=SECONDS makes every save that long, so a kill can
    land inside one."""
    slow = os.environ.get("COMPANION_TEST_SLOW_FSYNC")
    if slow:
        try:
            time.sleep(min(float(slow), 5.0))
        except ValueError:
            pass


# Temporary files this program's writers leave when killed: atomic_write's, and version 1 tables' (mkstemp).
_TEMPORARY = re.compile(r"^(?:\.(?P<a>.+)\.\d+(?:-[0-9a-f]{8})?\.tmp|(?P<b>.+\.json)[a-z0-9_]{8}\.tmp)$")
ABANDONED_AFTER = 300.0  # seconds: far longer than any save takes


def temporary_of(file_name: str) -> str | None:
    """The file a temporary file of ours would have replaced, or None if ``file_name`` is not one of ours."""
    found = _TEMPORARY.match(file_name)
    return None if found is None else (found.group("a") or found.group("b"))


def clear_temporary(folder: Path, record: str | None = None, older_than: float = 0.0) -> int:
    """Remove temporary files of ours in ``folder`` left by killed saves: those of ``record`` (a file name),
    or of any record when None, at least ``older_than`` seconds old. Nothing else is touched: only regular
    files whose names match our pattern. Returns how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        target = temporary_of(entry.name)
        if target is None or (record is not None and target != record):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed
