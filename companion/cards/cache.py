"""A JSON copy of the card data as read from YAML, so that a one-shot lookup need not parse YAML each time.

The cache lives in the state folder (companion.paths) and is keyed by the size and modification time of
each YAML file, the Python version, the card code and CACHE_VERSION; any mismatch or damage means the
YAML is read again, as if there were no cache. Only the package's own data folder is cached.

The file is hostile like every file in the state folder: it is JSON, which holds only data and cannot run
code when read (the cache was a pickle once, and a crafted pickle ran code at the next ``card`` lookup),
it is read only up to MAX_BYTES, and what it holds goes through the same field-by-field checks as the
YAML (``check``), so a hand-made cache can at worst hold cards the YAML itself could have held.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Callable, Sequence, TypeVar


T = TypeVar("T")
CACHE_VERSION = 2  # 1 was a pickle: its files (cards.pickle) are never read again
MAX_BYTES = 4 * 1024 * 1024  # the card data is about 100 kB


def _key(folder: Path, files: Sequence[str]) -> list[object]:
    stats = []
    for name in files:
        st = (folder / name).stat()
        stats.append([name, st.st_size, st.st_mtime_ns])
    # The checking code is part of the key too: a changed loader must check the data afresh.
    here = Path(__file__).resolve().parent
    code = [[p.name, p.stat().st_mtime_ns] for p in sorted(here.glob("*.py"))]
    return [CACHE_VERSION, list(sys.version_info[:2]), str(folder.resolve()), stats, code]


def cached(name: str, folder: Path, files: Sequence[str], read: Callable[[], object], check: Callable[[object], T]) -> T:
    """``check(read())``: ``read`` gives plain data (the parsed YAML), ``check`` turns it into values or
    raises. The plain data is kept as JSON and, while the files are unchanged, read from there instead."""
    if os.environ.get("COMPANION_NO_CACHE"):
        return check(read())
    try:
        from companion.paths import state_dir

        path = state_dir() / "cache" / f"{name}.json"
        key = _key(folder, files)
    except OSError:
        return check(read())
    saved = _load(path, key)
    if saved is not None:
        try:
            return check(saved)
        except Exception:  # noqa: BLE001, S110 - a cache that fails the checks is ignored; the YAML decides
            pass
    data = read()
    value = check(data)  # the YAML's own errors (file, card, field) reach the caller
    _store(path, key, data)
    return value


def _load(path: Path, key: list[object]) -> object:
    """The data saved under ``key``, or None (no cache, an old or damaged one, one too big or too deep)."""
    return read_cache(str(path), key)


def _store(path: Path, key: list[object], data: object) -> None:
    try:
        text = json.dumps({"key": key, "data": data}, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return  # data JSON cannot hold (a YAML date, say): no cache, the YAML is read each time
    try:
        from companion.paths import atomic_write

        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    except OSError:
        pass


def read_cache(path: str, key: list[object]) -> object:
    """The data a cache file keeps under ``key``, or None (no cache, an old or damaged one, one too big or
    too deep)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        doc = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("key") != key:
        return None
    return doc.get("data")
