"""A pickle of the checked card data, so that a one-shot lookup need not parse YAML (about 30 ms) each time.

The cache lives in the state folder (companion.paths) and is keyed by the size and modification time of
each YAML file, the Python version and CACHE_VERSION; any mismatch or damage means the YAML is read and
checked again, as if there were no cache. Only the package's own data folder is cached.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
CACHE_VERSION = 1


def _key(folder: Path, files: Sequence[str]) -> tuple[object, ...]:
    stats = []
    for name in files:
        st = (folder / name).stat()
        stats.append((name, st.st_size, st.st_mtime_ns))
    # The code that builds and holds the cards is part of the key too: a changed Card class must not be
    # handed objects pickled from the old one.
    here = Path(__file__).resolve().parent
    code = tuple((p.name, p.stat().st_mtime_ns) for p in sorted(here.glob("*.py")))
    return (CACHE_VERSION, sys.version_info[:2], str(folder.resolve()), tuple(stats), code)


def cached(name: str, folder: Path, files: Sequence[str], build: Callable[[], T]) -> T:
    """``build()``, or its result saved by an earlier run when the files have not changed."""
    if os.environ.get("COMPANION_NO_CACHE"):
        return build()
    try:
        from companion.paths import state_dir

        path = state_dir() / "cache" / f"{name}.pickle"
        key = _key(folder, files)
    except OSError:
        return build()
    try:
        with path.open("rb") as f:
            saved_key, value = pickle.load(f)
        if saved_key == key:
            return value  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001 - no cache, an old one or a damaged one: build afresh
        pass
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump((key, value), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass
    return value
