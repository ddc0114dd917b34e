"""An earlier version's data folder, moved into the database once (companion.server.database).

Before the database, the one-process server kept, in its data folder, ``games/ID.json`` (a game's snapshot,
the store's version first in it) with ``games/ID.journal`` (one entry a line), ``games/lobby.json`` with
``games/lobby.journal`` (the lobby's list and its changes), and ``community/community.json`` with
``community/community.journal`` (every community record as ``key: [value, expires]``, then one change a
line: ``[key, value or null, expires]``) and ``community/logs/*.json`` (each finished game's kept log).

Each is read as hostile input (a line a crash cut short, or a record not well formed, is skipped and
counted); what is read goes in within the database's first transaction, with a mark so it is done once.
The files are left where they were: nothing reads them again.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from companion.server import journal


def _done(con: sqlite3.Connection, what: str) -> bool:
    return con.execute("SELECT 1 FROM meta WHERE key = ?", (f"moved_in:{what}",)).fetchone() is not None


def _mark(con: sqlite3.Connection, what: str, counts: dict[str, int]) -> None:
    con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"moved_in:{what}", json.dumps(counts)))
    if any(counts.values()):
        from companion.server.events import emit

        emit("store_moved_in", part=what, **counts)


def move_in(con: sqlite3.Connection, games: Path | None, community: Path | None) -> None:
    """Within the caller's transaction: each earlier folder's records, once."""
    if games is not None and not _done(con, "games"):
        _mark(con, "games", _games(con, games))
    if community is not None and not _done(con, "community"):
        _mark(con, "community", _community(con, community))


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _games(con: sqlite3.Connection, folder: Path) -> dict[str, int]:
    counts = {"games": 0, "skipped": 0, "listed": 0}
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        return counts
    for path in paths:
        game_id = path.stem
        if game_id == "lobby":
            continue
        text = _text(path)
        if text is None or not text.startswith("{"):
            counts["skipped"] += 1
            continue
        lines = [x for x in (_text(folder / f"{game_id}.journal") or "").split("\n") if x]
        rebuilt = journal.rebuild(text, lines, journal.version_of(text))
        con.execute("INSERT OR IGNORE INTO games (id, snapshot, snap_version) VALUES (?, ?, ?)",
                    (game_id, rebuilt.text, rebuilt.version))
        counts["games"] += 1
    for game_id, line in listing(folder).items():
        con.execute("INSERT OR IGNORE INTO listing (id, summary) VALUES (?, ?)",
                    (game_id, json.dumps(line, separators=(",", ":"))))
        counts["listed"] += 1
    return counts


def listing(folder: Path) -> dict[str, dict[str, object]]:
    """The lobby's list: ``lobby.json``, then each well-formed change of ``lobby.journal``."""
    try:
        raw = json.loads(_text(folder / "lobby.json") or "{}")
    except ValueError:
        raw = {}
    lines = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, dict)} if isinstance(raw, dict) else {}
    for change in (_text(folder / "lobby.journal") or "").split("\n"):
        try:
            game_id, line = json.loads(change)
        except (ValueError, TypeError):
            continue
        if isinstance(game_id, str) and isinstance(line, dict):
            lines[game_id] = line
        elif isinstance(game_id, str) and line is None:
            lines.pop(game_id, None)
    return lines


def records(folder: Path) -> dict[str, list[object]]:
    """The community's records: ``community.json``, then each well-formed change of its journal."""
    try:
        raw = json.loads(_text(folder / "community.json") or "{}")
    except ValueError:
        raw = {}
    data = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, list) and len(v) == 2} \
        if isinstance(raw, dict) else {}
    for line in (_text(folder / "community.journal") or "").split("\n"):
        try:
            change = json.loads(line)
        except ValueError:
            continue
        if not (isinstance(change, list) and len(change) == 3 and isinstance(change[0], str)):
            continue
        key, value, expiry = change
        if value is None:
            data.pop(key, None)
        elif isinstance(expiry, (int, float)) and not isinstance(expiry, bool):
            data[key] = [value, expiry]
    return data


def _community(con: sqlite3.Connection, folder: Path) -> dict[str, int]:
    from companion.server.sqlite_kv import table

    counts = {"records": 0, "skipped": 0, "logs": 0}
    now = time.time()
    for key, (value, expiry) in records(folder).items():
        expires = float(expiry) if isinstance(expiry, (int, float)) and expiry == expiry else 0.0
        if expires and expires <= now:
            continue
        t = table(key)
        if isinstance(value, str):
            rows = [("", value)]
        elif isinstance(value, dict):
            rows = [(f, v) for f, v in value.items() if isinstance(f, str) and f and isinstance(v, str)]
        elif isinstance(value, list):  # newest first: the newest gets the highest place
            kept = [v for v in value if isinstance(v, str)]
            rows = [(f"{len(kept) - i:016d}", v) for i, v in enumerate(kept)]
        else:
            counts["skipped"] += 1
            continue
        con.execute(f"DELETE FROM {t} WHERE key = ?", (key,))
        con.executemany(f"INSERT INTO {t} (key, field, value, expires) VALUES (?, ?, ?, ?)",
                        [(key, f, v, expires) for f, v in rows])
        counts["records"] += 1
    try:
        logs = sorted((folder / "logs").glob("*.json"))
    except OSError:
        logs = []
    for path in logs:
        try:
            rec = json.loads(_text(path) or "")
        except ValueError:
            rec = None
        if not (isinstance(rec, dict) and isinstance(rec.get("id"), str)):
            counts["skipped"] += 1
            continue
        con.execute("INSERT OR REPLACE INTO kept_logs (key, field, value, expires) VALUES (?, '', ?, 0)",
                    (f"log:game:{rec['id']}", json.dumps(rec)))
        counts["logs"] += 1
    return counts
