"""The one-process server's games in its database (companion.server.database): each game's snapshot and
version (``games``), the journal entries since its snapshot (``game_entries``), and the lobby's list
(``listing``). A change of a game is one transaction: its version is checked against the stored one and its
entry (or snapshot), its version and its line in the list are written together, or nothing is.

Leases and fencing tokens live in this process's memory (one process owns the data folder; the folder's
lock keeps a second away): a change is refused under a token no longer the newest, as in Redis.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import TypeVar

from companion.server import journal
from companion.locks import Held
from companion.server.database import FULL, MERGERS, NAME, Database, Row, SqlValue
from companion.server.listing import Listing
from companion.server.store import PEOPLE, Saved, Store, StoreDown, StoreError, said_problems

FREE_AT_LEAST = 1 << 20  # bytes free on the data folder's disk below which /health says it is full


T = TypeVar("T")
CHUNK = 300  # rows in one statement at most (SQLite's older limit of 999 values)


def _chunks(rows: list[T]) -> list[list[T]]:
    return [rows[k:k + CHUNK] for k in range(0, len(rows), CHUNK)]


def _snapshots(con: sqlite3.Connection, rows: list[tuple[SqlValue, ...]]) -> None:
    """Whole records: each game's row replaced, and its journal entries up to the record's version dropped
    (in one statement each, whatever their order with the entries of the same batch)."""
    for part in _chunks(rows):
        marks = ",".join("(?, ?, ?)" for _ in part)
        con.execute(f"INSERT OR REPLACE INTO games (id, snapshot, snap_version) VALUES {marks}",
                    [x for row in part for x in row])
        pairs = ",".join("(?, ?)" for _ in part)
        con.execute(f"WITH s(id, v) AS (VALUES {pairs}) DELETE FROM game_entries WHERE EXISTS "
                    "(SELECT 1 FROM s WHERE s.id = game_entries.id AND game_entries.version <= s.v)",
                    [x for game_id, _, version in part for x in (game_id, version)])


def _entries(con: sqlite3.Connection, rows: list[tuple[SqlValue, ...]]) -> None:
    for part in _chunks(rows):
        marks = ",".join("(?, ?, ?)" for _ in part)
        con.execute(f"INSERT OR REPLACE INTO game_entries (id, version, entry) VALUES {marks}",
                    [x for row in part for x in row])


def _listing(con: sqlite3.Connection, rows: list[tuple[SqlValue, ...]]) -> None:
    last = {game_id: line for game_id, line in rows}  # each game's newest line in the batch
    puts = [(k, v) for k, v in last.items() if v is not None]
    drops = [k for k, v in last.items() if v is None]
    for part in _chunks(puts):
        marks = ",".join("(?, ?)" for _ in part)
        con.execute(f"INSERT OR REPLACE INTO listing (id, summary) VALUES {marks}", [x for row in part for x in row])
    for ids in _chunks(drops):
        con.execute(f"DELETE FROM listing WHERE id IN ({','.join('?' for _ in ids)})", ids)


MERGERS.update(snapshot=_snapshots, entry=_entries, listing=_listing)


def line_row(game_id: str, summary: dict[str, object] | None) -> Row:
    return "listing", (game_id, None if summary is None else json.dumps(summary, separators=(",", ":")))


def stored_version(con: sqlite3.Connection, game_id: str) -> int | None:
    """The version of the game's newest change (its record's, or a later entry's); None if no such game."""
    row = con.execute("SELECT snap_version, (SELECT max(version) FROM game_entries WHERE id = ?) FROM games "
                      "WHERE id = ?", (game_id, game_id)).fetchone()
    return None if row is None else max(int(row[0]), int(row[1] or 0))


def read_game(con: sqlite3.Connection, game_id: str) -> Saved | None:
    row = con.execute("SELECT snapshot, snap_version FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    entries = [e for (e,) in con.execute("SELECT entry FROM game_entries WHERE id = ? ORDER BY version", (game_id,))]
    rebuilt = journal.rebuild(str(row[0]), entries, int(row[1]))
    return Saved(rebuilt.text, rebuilt.version, rebuilt.entries, rebuilt.problems)


def read_listing(con: sqlite3.Connection) -> tuple[dict[str, dict[str, object]], list[str]]:
    """Every listed game's line; the ids of lines that are not well formed (skipped)."""
    lines: dict[str, dict[str, object]] = {}
    bad: list[str] = []
    for game_id, text in con.execute("SELECT id, summary FROM listing"):
        try:
            line = json.loads(text)
        except ValueError:
            line = None
        if isinstance(line, dict):
            lines[str(game_id)] = line
        else:
            bad.append(str(game_id))
    return lines, bad


class SqliteStore(Store):
    """One process's games in the database beside ``folder`` (the data folder's ``games``, whose files an
    earlier version kept there are moved in on first use)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db = Database(folder.parent / NAME, old_games=folder, old_community=folder.parent / "community")
        self.url = str(folder.parent / NAME)
        self.leases: dict[str, int] = {}
        self.fences: dict[str, int] = {}
        self.wrote: dict[str, int] = {}  # the token each game was last written under (this process)
        self.index = Listing()
        self.versions: dict[str, int] = {}  # each game's stored version, once read
        self.people: list[str] = []
        self.persons: dict[str, dict[str, object]] = {}
        self.held: Held | None = None

    async def start(self, owner: str) -> None:
        from companion.locks import hold_file

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"The data folder cannot be made, {e.strerror or e}.") from None
        self.held = hold_file(self.folder, "server")  # the lock an earlier version takes too
        if self.held is None:
            raise StoreError("Another companion server uses this data folder. Stop it first, "
                             "or give this one --store redis://... to share games with it.")
        try:
            lines, bad = await self.db.read(read_listing)
        except StoreDown as e:
            self.held.release()
            raise StoreError(f"The data folder's database cannot be opened: {e}") from None
        if bad:
            from companion.server.events import emit

            emit("store_error", store="sqlite", problem=f"{len(bad)} lobby lines skipped, not well formed")
        self.index.replace(lines)

    async def close(self) -> None:
        await self.db.close()
        if self.held is not None:
            self.held.release()
            self.held = None

    async def check(self) -> str:
        try:
            if shutil.disk_usage(self.folder.parent).free < FREE_AT_LEAST:
                return FULL
        except OSError:
            return "The data folder cannot be reached."
        if not os.access(self.folder.parent, os.W_OK):
            return "The data folder cannot be written."
        return ""

    async def _stored(self, game_id: str) -> int | None:
        """The game's stored version: kept in memory once read (only this process writes its games)."""
        if game_id not in self.versions:
            version = await self.db.read(stored_version, game_id)
            if version is None:
                return None
            self.versions[game_id] = version
        return self.versions[game_id]

    async def claim(self, game_id: str) -> int | None:
        if await self._stored(game_id) is None:
            return 0
        if game_id in self.leases:
            return None
        token = self.fences.get(game_id, 0) + 1
        self.fences[game_id] = self.leases[game_id] = token
        return token

    async def renew(self, game_id: str, token: int) -> bool:
        return self.leases.get(game_id) == token and self.fences.get(game_id) == token

    async def release(self, game_id: str, token: int) -> None:
        if self.leases.get(game_id) == token:
            del self.leases[game_id]

    async def _put(self, game_id: str, token: int, version: int, rows: list[Row],
                   summary: dict[str, object] | None, listed: bool) -> None:
        """The rows in one transaction; only then this process's memory of the game."""
        await self.db.put_rows([*rows, line_row(game_id, summary)] if listed else rows)
        self.versions[game_id], self.wrote[game_id] = version, token
        if listed:
            self.index.put(game_id, summary)

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, object] | None) -> bool:
        if self.fences.get(game_id, 0) != token:
            return False
        stored = await self._stored(game_id)
        if token == 0 and stored is not None:  # a new game's id is never written twice
            return False
        version = (stored or 0) + 1 if token else 1
        await self._put(game_id, token, version, [("snapshot", (game_id, text, version))], summary, True)
        return True

    async def save(self, game_id: str, token: int, version: int, *, record: str | None = None,
                   entry: str | None = None, summary: dict[str, object] | None = None, listed: bool = False) -> bool:
        if self.fences.get(game_id, 0) != token or not token:
            return False
        stored = await self._stored(game_id)
        if stored is None or version <= stored:
            return False  # no such game, or an older change, late: the store has a newer one
        if record is not None:
            rows: list[Row] = [("snapshot", (game_id, record, version))]
        elif entry is not None:
            rows = [("entry", (game_id, version, entry))]
        else:
            return False
        await self._put(game_id, token, version, rows, summary, listed)
        return True

    async def hand_over(self, game_id: str, token: int, version: int, text: str, summary: dict[str, object] | None,
                        holder: int = 0) -> bool:
        if self.wrote.get(game_id, 0) > token:
            return False
        stored = await self._stored(game_id)
        if stored is None or version <= stored:
            return False
        await self._put(game_id, token, version, [("snapshot", (game_id, text, version))], summary, True)
        newest = self.fences.get(game_id, 0)
        if not (holder and holder == newest):  # every owner after it read an older record: fenced out
            self.fences[game_id] = newest + 1
            self.leases.pop(game_id, None)
        return True

    async def load(self, game_id: str) -> Saved | None:
        saved: Saved | None = await self.db.read(read_game, game_id)
        if saved is not None:  # the version read is the one to follow (an entry skipped as damaged is written over)
            self.versions[game_id] = saved.version
            said_problems(game_id, saved.problems)
        return saved

    async def unlist(self, game_id: str) -> None:
        if game_id in self.index.lines:
            await self.db.put_rows([line_row(game_id, None)])
            self.index.put(game_id, None)

    async def listing(self) -> Listing:
        return self.index

    async def summary(self, game_id: str) -> dict[str, object] | None:
        return self.index.lines.get(game_id)

    async def set_here(self, names: list[str]) -> None:
        self.people = list(names)

    async def here(self) -> list[str]:
        return list(self.people)

    async def chat(self, text: str) -> None:
        self.on_chat(text)

    async def person(self, key: str) -> dict[str, object] | None:
        state = self.persons.get(key)
        return dict(state) if state is not None else None

    async def keep_person(self, key: str, state: dict[str, object]) -> None:
        self.persons.pop(key, None)
        self.persons[key] = dict(state)
        while len(self.persons) > PEOPLE:
            self.persons.pop(next(iter(self.persons)))
