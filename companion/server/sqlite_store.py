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
from typing import Any

from companion.server import journal
from companion.server.database import FULL, NAME, Database
from companion.server.listing import Listing
from companion.server.store import PEOPLE, Saved, Store, StoreDown, StoreError, said_problems

FREE_AT_LEAST = 1 << 20  # bytes free on the data folder's disk below which /health says it is full


def _list(con: sqlite3.Connection, game_id: str, summary: dict[str, Any] | None) -> None:
    if summary is None:
        con.execute("DELETE FROM listing WHERE id = ?", (game_id,))
    else:
        con.execute("INSERT OR REPLACE INTO listing (id, summary) VALUES (?, ?)",
                    (game_id, json.dumps(summary, separators=(",", ":"))))


def _version(con: sqlite3.Connection, game_id: str) -> int | None:
    row = con.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else int(row[0])


def _snapshot(con: sqlite3.Connection, game_id: str, text: str, version: int) -> None:
    con.execute("INSERT OR REPLACE INTO games (id, snapshot, snap_version, version) VALUES (?, ?, ?, ?)",
                (game_id, text, version, version))
    con.execute("DELETE FROM game_entries WHERE id = ?", (game_id,))


def write_new(con: sqlite3.Connection, game_id: str, token: int, text: str, summary: dict[str, Any] | None) -> bool:
    stored = _version(con, game_id)
    if token == 0 and stored is not None:  # a new game's id is never written twice
        return False
    _snapshot(con, game_id, text, (stored or 0) + 1 if token else 1)
    _list(con, game_id, summary)
    return True


def save_one(con: sqlite3.Connection, game_id: str, version: int, record: str | None, entry: str | None,
             summary: dict[str, Any] | None, listed: bool) -> bool:
    stored = _version(con, game_id)
    if stored is None or version <= stored:
        return False  # no such game, or an older change, late: the store has a newer one
    if record is not None:
        _snapshot(con, game_id, record, version)
    elif entry is not None:
        con.execute("INSERT OR REPLACE INTO game_entries (id, version, entry) VALUES (?, ?, ?)",
                    (game_id, version, entry))
        con.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))
    else:
        return False
    if listed:
        _list(con, game_id, summary)
    return True


def handed(con: sqlite3.Connection, game_id: str, version: int, text: str, summary: dict[str, Any] | None) -> bool:
    stored = _version(con, game_id)
    if stored is None or version <= stored:
        return False
    _snapshot(con, game_id, text, version)
    _list(con, game_id, summary)
    return True


def read_game(con: sqlite3.Connection, game_id: str) -> Saved | None:
    row = con.execute("SELECT snapshot, snap_version FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    entries = [e for (e,) in con.execute("SELECT entry FROM game_entries WHERE id = ? ORDER BY version", (game_id,))]
    rebuilt = journal.rebuild(str(row[0]), entries, int(row[1]))
    return Saved(rebuilt.text, rebuilt.version, rebuilt.entries, rebuilt.problems)


def has_game(con: sqlite3.Connection, game_id: str) -> bool:
    return con.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None


def read_listing(con: sqlite3.Connection) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Every listed game's line; the ids of lines that are not well formed (skipped)."""
    lines: dict[str, dict[str, Any]] = {}
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
        self.known: set[str] = set()  # games known to be stored (a game is never removed)
        self.people: list[str] = []
        self.persons: dict[str, dict[str, Any]] = {}
        self.held: Any = None

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

    async def _exists(self, game_id: str) -> bool:
        if game_id not in self.known and await self.db.read(has_game, game_id):
            self.known.add(game_id)
        return game_id in self.known

    async def claim(self, game_id: str) -> int | None:
        if not await self._exists(game_id):
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

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, Any] | None) -> bool:
        if self.fences.get(game_id, 0) != token:
            return False
        if not await self.db.write(write_new, game_id, token, text, summary):
            return False
        self.known.add(game_id)
        self.wrote[game_id] = token
        self.index.put(game_id, summary)
        return True

    async def save(self, game_id: str, token: int, version: int, *, record: str | None = None,
                   entry: str | None = None, summary: dict[str, Any] | None = None, listed: bool = False) -> bool:
        if self.fences.get(game_id, 0) != token or not token:
            return False
        if not await self.db.write(save_one, game_id, version, record, entry, summary, listed):
            return False
        self.wrote[game_id] = token
        if listed:
            self.index.put(game_id, summary)
        return True

    async def hand_over(self, game_id: str, token: int, version: int, text: str, summary: dict[str, Any] | None,
                        holder: int = 0) -> bool:
        if self.wrote.get(game_id, 0) > token:
            return False
        if not await self.db.write(handed, game_id, version, text, summary):
            return False
        self.wrote[game_id] = token
        self.index.put(game_id, summary)
        newest = self.fences.get(game_id, 0)
        if not (holder and holder == newest):  # every owner after it read an older record: fenced out
            self.fences[game_id] = newest + 1
            self.leases.pop(game_id, None)
        return True

    async def load(self, game_id: str) -> Saved | None:
        saved: Saved | None = await self.db.read(read_game, game_id)
        if saved is not None:
            self.known.add(game_id)
            said_problems(game_id, saved.problems)
        return saved

    async def unlist(self, game_id: str) -> None:
        if game_id in self.index.lines:
            await self.db.write(_list, game_id, None)
            self.index.put(game_id, None)

    async def listing(self) -> Listing:
        return self.index

    async def summary(self, game_id: str) -> dict[str, Any] | None:
        return self.index.lines.get(game_id)

    async def set_here(self, names: list[str]) -> None:
        self.people = list(names)

    async def here(self) -> list[str]:
        return list(self.people)

    async def chat(self, text: str) -> None:
        self.on_chat(text)

    async def person(self, key: str) -> dict[str, Any] | None:
        state = self.persons.get(key)
        return dict(state) if state is not None else None

    async def keep_person(self, key: str, state: dict[str, Any]) -> None:
        self.persons.pop(key, None)
        self.persons[key] = dict(state)
        while len(self.persons) > PEOPLE:
            self.persons.pop(next(iter(self.persons)))
