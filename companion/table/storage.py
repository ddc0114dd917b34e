"""Tables on disk: one JSON file per named table, written atomically, before any entry is said.

The storage API (also what a host sharing a table uses): ``save(saved)`` writes one table's file, which
is the whole record; ``load(name)`` reads and checks it (``StorageError`` with a sentence if it is missing
or damaged); ``last_name()`` is the table saved most recently, derived from the stamp in every file, so
there is no separate pointer to fall out of step with it; ``saved_names()``, ``exists(name)``, ``free_name()``,
``file_name(name)`` and ``remove(name)`` manage names; ``hold(name)`` locks a table for one writer.

Files live in ``<data dir>/tables/``, the data dir being ``companion.paths.data_dir()``. A file holds
``version``, ``name``, ``saved`` (when it was written, in nanoseconds), ``setup``, ``low``, ``entries`` and
``checksum`` (SHA-256 of the rest, as sorted compact JSON). Version 1 files (no checksum, no stamp) still
load; the ``last.json`` pointer they kept is ignored.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path

from companion import filecheck, paths
from companion.filecheck import Damaged
from companion.locks import Held, hold_file
from companion.table.model import VERBS, Entry, Setup, Table

FORMAT_VERSION = 2
_SAFE = re.compile(r"[^a-z0-9]+")
LEGACY_POINTER = "last.json"  # version 1 kept the last table's name here; now derived from the files


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


def write_atomic(path: Path, data: dict[str, object]) -> None:
    """Write JSON so that a crash leaves either the old file or the new one, never half of one."""
    paths.atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


@dataclass
class Saved:
    """A table with the name it is saved under."""

    name: str
    table: Table


def checksum(body: dict[str, object]) -> str:
    """SHA-256 of a table file's fields other than the checksum, as sorted compact JSON."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def to_json(saved: Saved, stamp: int | None = None) -> dict[str, object]:
    t = saved.table
    body: dict[str, object] = {"version": FORMAT_VERSION, "name": saved.name,
                            "saved": time.time_ns() if stamp is None else stamp,
                            "setup": t.setup.to_json(), "low": t.low, "entries": [e.to_json() for e in t.entries]}
    return {**body, "checksum": checksum(body)}


def _setup(raw: object) -> Setup:
    raw = filecheck.mapping(raw, "its setup")
    players = filecheck.listed(filecheck.field(raw, "players", "its setup"), "its players", 2, 6)
    names = tuple(filecheck.text(p, "a player's name", 40) for p in players)
    if len({n.lower() for n in names}) != len(names):
        raise Damaged("a player is named twice")
    kingdom = filecheck.kingdom(filecheck.field(raw, "kingdom", "its setup"))
    return Setup(names, tuple(c.name for c in kingdom),
                 filecheck.flag(filecheck.field(raw, "platinum_colony", "its setup"), "platinum_colony"),
                 filecheck.maybe_text(raw.get("kingdom_name"), "the kingdom's name", 80),
                 filecheck.whole(filecheck.field(raw, "first", "its setup"), "the first player", 0, len(names) - 1),
                 filecheck.maybe_whole(raw.get("seed"), "the seed", -2**63, 2**63 - 1))


def _entry(raw: object, n: int, setup: Setup, supply: set[str]) -> Entry:
    where = f"entry {n}"
    raw = filecheck.mapping(raw, where)
    verb = filecheck.field(raw, "verb", where)
    if verb not in VERBS:
        raise Damaged(f"{where} is not something a table records")
    unknown = set(raw) - {"verb", "players", "cards", "amount", "others"}
    if unknown:
        raise Damaged(f"{where} has a field this version does not know, {sorted(unknown)[0][:20]}")
    players = tuple(filecheck.whole(p, f"{where}'s player", 0, len(setup.players) - 1)
                    for p in filecheck.listed(raw.get("players", []), f"{where}'s players", 0, 6))
    cards = []
    for name in filecheck.listed(raw.get("cards", []), f"{where}'s cards", 0, 100):
        card = filecheck.card(name, where)
        if card.name not in supply:
            raise Damaged(f"{where} names {card.name}, not in this game")
        cards.append(card.name)
    amount = filecheck.whole(raw.get("amount", 0), f"{where}'s number", -10_000, 10_000)
    others = filecheck.flag(raw.get("others", False), f"{where}'s others")
    one_player = verb in ("buy", "trash", "vp", "count")
    if (one_player and len(players) != 1) or (verb == "gain" and not players) \
            or (verb in ("buy", "gain", "trash", "play") and not cards) or (verb in ("count", "pile") and len(cards) != 1):
        raise Damaged(f"{where} does not say who or what")
    return Entry(verb, players, tuple(cards), amount, others)


def from_json(raw: object) -> Saved:
    """The table a file holds, every field checked; StorageError saying what is wrong if it is damaged."""
    try:
        raw = filecheck.mapping(raw, "the file")
        version = raw.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            raise StorageError(f"this table file is version {version}, from a newer version of this program.")
        if version not in (1, FORMAT_VERSION) or isinstance(version, bool):
            raise Damaged("it has no version this program knows")
        if version >= 2:
            body = {k: v for k, v in raw.items() if k != "checksum"}
            if raw.get("checksum") != checksum(body):
                raise Damaged("its checksum does not match")
            filecheck.whole(filecheck.field(raw, "saved", "the file"), "its time", 0, 2**63 - 1)
        name = filecheck.text(filecheck.field(raw, "name", "the file"), "its name", 40)
        setup = _setup(filecheck.field(raw, "setup", "the file"))
        low = filecheck.whole(raw.get("low", 3), "its low pile number", 0, 20)
        supply = {c.name for c in setup.supply}
        entries = [_entry(e, i + 1, setup, supply)
                   for i, e in enumerate(filecheck.listed(filecheck.field(raw, "entries", "the file"), "its entries"))]
    except Damaged as e:
        raise StorageError(f"is damaged, {e}.") from None
    try:
        table = Table(setup, entries, low)
    except Exception as e:  # noqa: BLE001 - an entry the rules refuse: the file was edited
        raise StorageError(f"is damaged, an entry does not fit the game, {str(e)[:60]}.") from None
    return Saved(name, table)


def save(saved: Saved) -> Path:
    """Write the table; it becomes the last one used. StorageError (a sentence) if it cannot be written."""
    folder = tables_dir()
    path = folder / file_name(saved.name)
    try:
        write_atomic(path, to_json(saved))
    except OSError as e:
        raise StorageError(f"the table could not be saved in {folder}, {e.strerror or e}.") from e
    return path


def remove(name: str) -> None:
    """Delete a table's file (after it was saved under a new name)."""
    try:
        (tables_dir() / file_name(name)).unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise StorageError(f"the old file of {name} could not be removed, {e.strerror}.") from e


def load(name: str) -> Saved:
    """The table saved as ``name``, checked; StorageError with a sentence naming the table otherwise."""
    path = tables_dir() / file_name(name)
    try:
        raw = filecheck.read(path)
    except FileNotFoundError:
        raise StorageError(f"no saved table named {name}.") from None
    except OSError as e:
        raise StorageError(f"the table {name} could not be read, {e.strerror or e}.") from None
    except Damaged as e:
        raise StorageError(f"the table {name} is damaged, {e}.") from None
    try:
        return from_json(raw)
    except StorageError as e:
        raise StorageError(f"the table {name} {e}" if str(e).startswith("is ") else str(e)) from None


def _is_pointer(raw: object) -> bool:
    """Version 1's ``last.json``: only a version and a name."""
    return isinstance(raw, dict) and set(raw) == {"version", "name"}


def _scan() -> list[tuple[int, str, Path]]:
    """(stamp, name, path) of every table file, newest first; a damaged file is listed by its file name."""
    folder = tables_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        if path.name.startswith("."):
            continue
        try:
            stamp = path.stat().st_mtime_ns
            raw = filecheck.read(path)
        except (OSError, Damaged):
            found.append((0, path.stem.replace("-", " "), path))  # listed, so loading it can say what is wrong
            continue
        if path.name == LEGACY_POINTER and _is_pointer(raw):
            continue
        name = raw.get("name") if isinstance(raw, dict) else None
        saved = raw.get("saved") if isinstance(raw, dict) else None
        if isinstance(saved, int) and not isinstance(saved, bool):
            stamp = saved
        if not isinstance(name, str) or file_name(name) != path.name:
            name = path.stem.replace("-", " ")
        found.append((stamp, name, path))
    found.sort(key=lambda f: (f[0], f[1]), reverse=True)
    return found


def exists(name: str) -> bool:
    """True if a table is saved under ``name`` (version 1's ``last.json`` pointer is not a table)."""
    path = tables_dir() / file_name(name)
    if not path.exists():
        return False
    if path.name != LEGACY_POINTER:
        return True
    try:
        return not _is_pointer(filecheck.read(path))
    except (OSError, Damaged):
        return True


def last_name() -> str | None:
    """The name of the table saved most recently (the newest stamp inside the files), or None."""
    found = _scan()
    return found[0][1] if found and found[0][0] else None


def saved_names() -> list[str]:
    """Every saved table's name, most recently saved first."""
    return [name for _, name, _ in _scan()]


def free_name() -> str:
    """The first of "game 1", "game 2"... that is not saved yet."""
    taken = {file_name(n) for n in saved_names()}
    n = 1
    while file_name(f"game {n}") in taken:
        n += 1
    return f"game {n}"


def hold(name: str) -> Held | None:
    """Lock the table ``name`` for this process, the one writer; None if another process holds it.

    The lock goes when ``release()`` is called or the process ends, however it ends, so a table left by a
    window that was closed or killed can be taken at once.
    """
    return hold_file(tables_dir(), file_name(name))
