"""The one-process server's data folder as one SQLite database (``companion.sqlite3``, in WAL mode).

Every change is a transaction on one writer thread of the database's own, never on the event loop: a
game's line, an arrival's bookkeeping and a rating wait for the disk there, while the loop goes on with
every other game. Changes that come while the writer is busy go in one transaction together, each in a
savepoint of its own (one that fails is undone alone), so a burst costs one flush to the disk, not one a
change; each caller hears only once its change is committed. Reads have a thread and a connection of
their own (WAL: a read never waits for a write). Another process (``companion server moderator add``)
opens the same file: SQLite's lock serialises it with the server's writer, waiting up to ``BUSY_MS``.

A full disk is said as full and a lock held too long as slow (``StoreDown``, with a ``store_error``
event), never as a path of the machine.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple, TypeVar, TypeVarTuple, cast

from companion.server.store import StoreDown

NAME = "companion.sqlite3"
BUSY_MS = 5000  # another process's transaction waited for at most this long
BATCH = 200  # changes in one transaction at most

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
SqlValue = str | int | float | bytes | None
Row = tuple[str, tuple[SqlValue, ...]]  # (its kind, its values): merged with its kind's rows (MERGERS)

FULL = "The server's disk is full."
SLOW = "The server's disk is too slow to answer now."

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, snapshot TEXT NOT NULL, snap_version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS game_entries (id TEXT NOT NULL, version INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (id, version)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS listing (id TEXT PRIMARY KEY, summary TEXT NOT NULL);
"""
# The community's records (companion.server.sqlite_kv), a table for each kind. A row is a text value (field
# ""), a hash's field, or a list's item (its field its place, newest highest); ``expires`` 0 is never.
COMMUNITY = ("accounts", "devices", "moderation", "reports", "ratings", "histories", "kept_logs", "game_ends",
             "records")
SCHEMA += "".join(f"""CREATE TABLE IF NOT EXISTS {t} (key TEXT NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL,
    expires REAL NOT NULL DEFAULT 0, PRIMARY KEY (key, field)) WITHOUT ROWID;
""" for t in COMMUNITY)


# How the rows of each kind in a batch are written, in one statement or two (companion.server.sqlite_store),
# and in which order the kinds go.
MERGERS: dict[str, Callable[[sqlite3.Connection, list[tuple[SqlValue, ...]]], None]] = {}
ORDER = ["snapshot", "entry", "listing"]


class Queued(NamedTuple):
    """One item for the writer thread: a change and its arguments, or (``change`` None) rows; where its
    answer goes."""

    change: Callable[..., object] | None
    args: tuple[object, ...]
    rows: list[Row]
    loop: asyncio.AbstractEventLoop
    done: asyncio.Future[object]


def said(e: BaseException) -> str:
    """A database error as one sentence for a person: full, slow, or not answering (never a path)."""
    text = str(e).lower()
    if isinstance(e, sqlite3.Error) and ("full" in text or getattr(e, "sqlite_errorcode", 0) == 13):
        return FULL
    if isinstance(e, OSError) and e.errno == 28:
        return FULL
    if "locked" in text or "busy" in text:
        return SLOW
    return "The server's data folder cannot be used now."


def down(e: BaseException) -> StoreDown:
    """StoreDown naming what is wrong, told to the operator as a ``store_error`` event."""
    from companion.server.events import emit

    sentence = said(e)
    emit("store_error", store="sqlite", problem=sentence, detail=str(e)[:200])
    reason = {FULL: "the server's disk is full", SLOW: "the server's disk is slow to answer"}.get(sentence, "")
    return StoreDown(sentence, reason)


class Database:
    """One database file, its writer thread and its reader thread; opened on first use (its tables made and
    an earlier data folder moved in, once), so an operator's command can share it without starting a server."""

    def __init__(self, path: Path, old_games: Path | None = None, old_community: Path | None = None) -> None:
        self.path = path
        self.old_games = old_games
        self.old_community = old_community
        self.opened = False
        self.open_lock = threading.Lock()
        self.changes: queue.SimpleQueue[Queued | None] = queue.SimpleQueue()
        self.writer: threading.Thread | None = None
        self.reader: ThreadPoolExecutor | None = None
        self.local = threading.local()

    # ---- opening ----
    def connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(str(self.path), timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        con.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        return con

    def ensure_open(self) -> None:
        """Make the tables and move an earlier data folder in (once, whichever process comes first)."""
        if self.opened:
            return
        with self.open_lock:
            if self.opened:
                return
            con = self.connect()
            try:
                con.executescript(SCHEMA)
                con.execute("BEGIN IMMEDIATE")
                try:
                    from companion.server import old_folder

                    old_folder.move_in(con, self.old_games, self.old_community)
                    con.execute("COMMIT")
                except BaseException:
                    con.execute("ROLLBACK")
                    raise
            finally:
                con.close()
            self.opened = True

    def _start(self) -> None:
        if self.writer is None or not self.writer.is_alive():
            self.writer = threading.Thread(target=self._write_all, name=f"db-writer-{self.path.name}", daemon=True)
            self.writer.start()
        if self.reader is None:
            self.reader = ThreadPoolExecutor(1, thread_name_prefix="db-reader")

    async def close(self) -> None:
        writer, reader = self.writer, self.reader
        self.writer = self.reader = None
        if writer is not None and writer.is_alive():
            self.changes.put(None)
            await asyncio.get_running_loop().run_in_executor(None, writer.join, 10)
        if reader is not None:
            reader.submit(self._close_reader)
            reader.shutdown(wait=False)

    def _close_reader(self) -> None:
        con = getattr(self.local, "con", None)
        if con is not None:
            con.close()
            self.local.con = None

    # ---- calls from the event loop ----
    async def write(self, change: Callable[[sqlite3.Connection, *Ts], T], *args: *Ts) -> T:
        """Run ``change(connection, *args)`` as a transaction of its own on the writer thread: its result once
        committed. StoreDown (said as full or slow) if the database refused it; nothing of it is kept then.
        Other exceptions of ``change`` come back as they are (the change is undone)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[object] = loop.create_future()
        self._start()
        self.changes.put(Queued(change, tuple(args), [], loop, done))
        return cast(T, await done)  # what change returned, given back by the writer thread

    async def put_rows(self, rows: list[Row]) -> None:
        """Rows, each ``(kind, values)``, merged with the other rows of their kind in the batch into one
        statement (``MERGERS[kind]``) and kept together in its transaction: a game's line costs the writer no
        statement of its own (each statement on the writer thread waits for the interpreter's lock while the
        event loop is busy, so the rows of a burst go in one). On the disk when this returns; StoreDown if
        refused (the whole batch is then undone: a merged statement fails for all its rows)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[object] = loop.create_future()
        self._start()
        self.changes.put(Queued(None, (), rows, loop, done))
        await done

    async def read(self, look: Callable[[sqlite3.Connection, *Ts], T], *args: *Ts) -> T:
        """Run ``look(connection, *args)`` on the reader thread (it sees every committed change)."""
        self._start()
        assert self.reader is not None
        try:
            return await asyncio.get_running_loop().run_in_executor(self.reader, self._read, look, args)
        except (sqlite3.Error, OSError) as e:
            raise down(e) from None

    def _read(self, look: Callable[[sqlite3.Connection, *Ts], T], args: tuple[*Ts]) -> T:
        self.ensure_open()
        con = getattr(self.local, "con", None)
        if con is None:
            con = self.local.con = self.connect()
        return look(con, *args)

    # ---- the writer thread ----
    def _write_all(self) -> None:
        con: sqlite3.Connection | None = None
        try:
            while True:
                first = self.changes.get()
                if first is None:
                    return
                batch: list[Queued] = [first]
                while len(batch) < BATCH:
                    try:
                        more = self.changes.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        self.changes.put(None)  # closing: after this batch
                        break
                    batch.append(more)
                try:
                    if con is None:
                        self.ensure_open()
                        con = self.connect()
                except (sqlite3.Error, OSError) as e:
                    self._deliver(batch, [(False, e)] * len(batch))
                    continue
                self._deliver(batch, self._commit(con, batch))
        finally:
            if con is not None:
                con.close()

    @staticmethod
    def _commit(con: sqlite3.Connection, batch: list[Queued]) -> list[tuple[bool, object]]:
        """The batch as one transaction, each change in a savepoint: each change's (ok, result or error)."""
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            return [(False, e)] * len(batch)
        outs: list[tuple[bool, object]] = []
        merged: dict[str, list[tuple[SqlValue, ...]]] = {}
        for change, args, rows, _loop, _done in batch:
            if change is None:  # rows, merged with their kind's, after the changes (none depends on their order)
                for kind, row in rows:
                    merged.setdefault(kind, []).append(row)
                outs.append((True, None))
                continue
            alone = len(batch) == 1  # the transaction is its own: no savepoint (two statements fewer)
            try:
                if not alone:
                    con.execute("SAVEPOINT one")
                result = change(con, *args)
                if not alone:
                    con.execute("RELEASE one")
                outs.append((True, result))
            except Exception as e:  # noqa: BLE001 - handed to its caller, whatever it is
                if alone or not con.in_transaction:  # undone whole (by the database itself on a full disk, say)
                    _undo(con)
                    return [(False, e)] * len(batch)
                try:
                    con.execute("ROLLBACK TO one")
                    con.execute("RELEASE one")
                except sqlite3.Error as again:
                    return [(False, again)] * len(batch)
                outs.append((False, e))
        try:
            for kind in sorted(merged, key=ORDER.index):
                MERGERS[kind](con, merged[kind])
        except Exception as e:  # noqa: BLE001 - the batch undone whole, so no change is kept in part
            _undo(con)
            return [(False, e)] * len(batch)
        try:
            con.execute("COMMIT")
        except sqlite3.Error as e:
            _undo(con)
            return [(False, e)] * len(batch)
        return outs

    @staticmethod
    def _deliver(batch: list[Queued], outs: list[tuple[bool, object]]) -> None:
        for item, (ok, value) in zip(batch, outs):
            loop, done = item.loop, item.done
            error = value if not ok and isinstance(value, BaseException) else None
            try:
                loop.call_soon_threadsafe(_settle, done, value if ok else None, error)
            except RuntimeError:  # its event loop is closed: nobody waits for the answer
                continue


def _undo(con: sqlite3.Connection) -> None:
    """The open transaction rolled back, if there is one."""
    if con.in_transaction:
        try:
            con.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the connection is rolled back when it is next used or closed


def _settle(done: asyncio.Future[object], value: object, error: BaseException | None) -> None:
    if done.done():
        return
    if error is not None:  # said (and told as an event) on the event loop
        done.set_exception(down(error) if isinstance(error, (sqlite3.Error, OSError)) else error)
    else:
        done.set_result(value)
