"""Tables on disk: one JSON file per named table, written atomically after every entry.

Files live in ``<data dir>/tables/``, the data dir being ``companion.paths.data_dir()``. ``last.json`` names
the table used most recently, for ``table resume``.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import paths
from companion.table.model import DEFAULT_LOW, Entry, Setup, Table

FORMAT_VERSION = 1
_SAFE = re.compile(r"[^a-z0-9]+")


class StorageError(Exception):
    """A table file that cannot be read or written; ``str()`` is a speakable sentence."""


def data_dir() -> Path:
    """Where the user's saved files go: ``companion.paths.data_dir()`` (COMPANION_DATA_DIR, COMPANION_HOME, or
    the platform's user data folder)."""
    return paths.data_dir()


def tables_dir() -> Path:
    return data_dir() / "tables"


def file_name(name: str) -> str:
    """A table's name as a safe file name: "Game 1" becomes game-1.json."""
    slug = _SAFE.sub("-", name.lower()).strip("-")
    return (slug or "table") + ".json"


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write JSON so that a crash leaves either the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@dataclass
class Saved:
    """A table with the name it is saved under."""

    name: str
    table: Table


def to_json(saved: Saved) -> dict[str, Any]:
    t = saved.table
    return {"version": FORMAT_VERSION, "name": saved.name, "setup": t.setup.to_json(), "low": t.low,
            "entries": [e.to_json() for e in t.entries]}


def from_json(raw: dict[str, Any]) -> Saved:
    if raw.get("version") != FORMAT_VERSION:
        raise StorageError(f"this table file is version {raw.get('version')}, not {FORMAT_VERSION}.")
    setup = Setup.from_json(raw["setup"])
    table = Table(setup, [Entry.from_json(e) for e in raw["entries"]], int(raw.get("low", DEFAULT_LOW)))
    return Saved(str(raw["name"]), table)


def save(saved: Saved) -> Path:
    """Write the table and remember it as the last one used."""
    folder = tables_dir()
    path = folder / file_name(saved.name)
    try:
        write_atomic(path, to_json(saved))
        if last_name() != saved.name:
            write_atomic(folder / "last.json", {"version": FORMAT_VERSION, "name": saved.name})
    except OSError as e:
        raise StorageError(f"the table could not be saved in {folder}: {e.strerror}.") from e
    return path


def remove(name: str) -> None:
    """Delete a table's file (after it was saved under a new name)."""
    try:
        (tables_dir() / file_name(name)).unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise StorageError(f"the old file of {name} could not be removed: {e.strerror}.") from e


def load(name: str) -> Saved:
    path = tables_dir() / file_name(name)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StorageError(f"no saved table named {name}.") from None
    except (OSError, ValueError) as e:
        raise StorageError(f"the table {name} could not be read.") from e
    try:
        return from_json(raw)
    except StorageError:
        raise
    except Exception as e:  # a damaged file: say so, never a traceback
        raise StorageError(f"the table {name} is damaged and could not be read.") from e


def last_name() -> str | None:
    """The name of the table used most recently, if its file still exists."""
    try:
        raw = json.loads((tables_dir() / "last.json").read_text(encoding="utf-8"))
        name = str(raw["name"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return name if (tables_dir() / file_name(name)).exists() else None


def saved_names() -> list[str]:
    """Every saved table's name, most recently changed first."""
    folder = tables_dir()
    if not folder.is_dir():
        return []
    names = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True):
        if path.name == "last.json":
            continue
        try:
            names.append(str(json.loads(path.read_text(encoding="utf-8"))["name"]))
        except (OSError, ValueError, KeyError, TypeError):
            names.append(path.stem.replace("-", " "))  # listed, so that loading it can say what is wrong
    return names


def free_name() -> str:
    """The first of "game 1", "game 2"... that is not saved yet."""
    taken = {file_name(n) for n in saved_names()}
    n = 1
    while file_name(f"game {n}") in taken:
        n += 1
    return f"game {n}"
