"""The community's records in the one-process server's database (companion.server.database): the Redis-like
calls of ``community_store.Kv`` on a table for each kind of record, so a rating is a row of its account's, an
arrival's bookkeeping a row or two, and each change a transaction of its own on the database's writer.

A row is a key's text value (field ""), one field of a hash, or one item of a list (its field its place,
newest highest). Every value read is text as written; what it says is checked by its reader.
"""

from __future__ import annotations

import sqlite3
import time


from companion.server.community_store import FOREVER, Compute, Kv
from companion.server.database import Database

# The table each key's kind is kept in, by the key's first part.
KINDS = {"account": "accounts", "reset": "accounts", "pass": "accounts", "seen": "accounts", "holder": "accounts",
         "device": "devices", "devices": "devices",
         "moderators": "moderation", "ban": "moderation", "mute": "moderation", "ignore": "moderation",
         "said": "moderation", "wrong": "moderation",
         "reports": "reports", "ratings": "ratings", "history": "histories", "log": "kept_logs",
         "done": "game_ends", "ending": "game_ends", "unrated": "game_ends", "seated": "game_ends", "removed": "game_ends"}
LIVE = "(expires = 0 OR expires > ?)"


def table(key: str) -> str:
    return KINDS.get(key.split(":", 1)[0], "records")


def _expiry(ttl: float | None) -> float:
    return time.time() + ttl if ttl else 0.0


def _fresh(con: sqlite3.Connection, key: str) -> float:
    """Drop the key's rows if it expired: the expiry its live rows keep (0: never), or -1 when it has none."""
    t = table(key)
    now = time.time()
    con.execute(f"DELETE FROM {t} WHERE key = ? AND expires > 0 AND expires <= ?", (key, now))
    row = con.execute(f"SELECT max(expires) FROM {t} WHERE key = ?", (key,)).fetchone()
    return -1.0 if row is None or row[0] is None else float(row[0])


# ---- changes, each run in a transaction on the writer thread ----
def put(con: sqlite3.Connection, key: str, value: str, ttl: float | None) -> None:
    t = table(key)
    con.execute(f"DELETE FROM {t} WHERE key = ?", (key,))
    con.execute(f"INSERT INTO {t} (key, field, value, expires) VALUES (?, '', ?, ?)", (key, value, _expiry(ttl)))


def drop(con: sqlite3.Connection, keys: tuple[str, ...]) -> None:
    for key in keys:
        con.execute(f"DELETE FROM {table(key)} WHERE key = ?", (key,))


def incr(con: sqlite3.Connection, key: str, ttl: float) -> int:
    t = table(key)
    kept = _fresh(con, key)
    row = con.execute(f"SELECT value FROM {t} WHERE key = ? AND field = ''", (key,)).fetchone()
    old = row[0] if row else None
    n = (int(old) if isinstance(old, str) and old.isdigit() else 0) + 1
    expires = time.time() + ttl if kept < 0 else kept
    con.execute(f"INSERT OR REPLACE INTO {t} (key, field, value, expires) VALUES (?, '', ?, ?)",
                (key, str(n), expires))
    return n


def uncount(con: sqlite3.Connection, key: str) -> None:
    t = table(key)
    _fresh(con, key)
    con.execute(f"UPDATE {t} SET value = CAST(CAST(value AS INTEGER) - 1 AS TEXT) WHERE key = ? AND field = '' "
                "AND CAST(value AS INTEGER) > 0", (key,))


def hset(con: sqlite3.Connection, name: str, field: str, value: str) -> None:
    kept = _fresh(con, name)
    con.execute(f"INSERT OR REPLACE INTO {table(name)} (key, field, value, expires) VALUES (?, ?, ?, ?)",
                (name, field, value, max(kept, 0.0)))


def hdel(con: sqlite3.Connection, name: str, field: str) -> None:
    con.execute(f"DELETE FROM {table(name)} WHERE key = ? AND field = ?", (name, field))


def push(con: sqlite3.Connection, key: str, value: str, keep: int, ttl: float | None) -> None:
    t = table(key)
    kept = _fresh(con, key)
    row = con.execute(f"SELECT max(field) FROM {t} WHERE key = ?", (key,)).fetchone()
    last = row[0] if row and isinstance(row[0], str) and row[0].isdigit() else "0"
    expires = _expiry(ttl) if ttl else max(kept, 0.0)
    con.execute(f"INSERT INTO {t} (key, field, value, expires) VALUES (?, ?, ?, ?)",
                (key, f"{int(last) + 1:016d}", value, expires))
    con.execute(f"DELETE FROM {t} WHERE key = ? AND field NOT IN (SELECT field FROM {t} WHERE key = ? "
                "ORDER BY field DESC LIMIT ?)", (key, key, max(keep, 0)))
    if ttl:
        con.execute(f"UPDATE {t} SET expires = ? WHERE key = ?", (expires, key))


def create(con: sqlite3.Connection, absent: str, sets: dict[str, str], hsets: list[tuple[str, str, str]]) -> bool:
    """Every write, or none when ``absent`` has a value (companion.server.community_store.Kv.create)."""
    if get(con, absent) is not None:
        return False
    for key, value in sets.items():
        put(con, key, value, None)
    for name, f, value in hsets:
        hset(con, name, f, value)
    return True


def finish(con: sqlite3.Connection, game_id: str, keys: list[str], compute: Compute) -> tuple[bool, dict[int, str]]:
    """A game's end as one transaction (companion.server.community_store.Kv.finish_game)."""
    hdel(con, "ending", game_id)
    if get(con, f"done:{game_id}") is not None:
        return False, {}
    end = compute({k: fields(con, "ratings", k).get(k) for k in keys})
    for k, v in end.ratings.items():
        hset(con, "ratings", k, v)
    put(con, f"log:game:{game_id}", end.log, None)
    for h in end.histories:
        push(con, h, game_id, end.keep, None)
    put(con, f"done:{game_id}", "1", FOREVER)
    return True, end.result


# ---- reads, on the reader thread ----
def get(con: sqlite3.Connection, key: str) -> str | None:
    row = con.execute(f"SELECT value FROM {table(key)} WHERE key = ? AND field = '' AND {LIVE}",
                      (key, time.time())).fetchone()
    return row[0] if row else None


def ttl(con: sqlite3.Connection, key: str) -> float:
    row = con.execute(f"SELECT max(expires) FROM {table(key)} WHERE key = ? AND {LIVE}", (key, time.time())).fetchone()
    return max(0.0, float(row[0]) - time.time()) if row and row[0] else 0.0


def fields(con: sqlite3.Connection, name: str, field: str | None) -> dict[str, str]:
    if field is None:
        rows = con.execute(f"SELECT field, value FROM {table(name)} WHERE key = ? AND {LIVE}", (name, time.time()))
    else:
        rows = con.execute(f"SELECT field, value FROM {table(name)} WHERE key = ? AND field = ? AND {LIVE}",
                           (name, field, time.time()))
    return {f: v for f, v in rows.fetchall()}


def items(con: sqlite3.Connection, key: str) -> list[str]:
    rows = con.execute(f"SELECT value FROM {table(key)} WHERE key = ? AND field != '' AND {LIVE} ORDER BY field DESC",
                       (key, time.time()))
    return [v for (v,) in rows.fetchall()]


class SqliteKv(Kv):
    """The community's records in ``db`` (shared with the games' store, which closes it)."""

    def __init__(self, db: Database, owned: bool = False) -> None:
        self.db = db
        self.owned = owned

    async def close(self) -> None:
        if self.owned:
            await self.db.close()

    async def get(self, key: str) -> str | None:
        value: str | None = await self.db.read(get, key)
        return value

    async def set(self, key: str, value: str, ttl: float | None = None) -> None:
        await self.db.write(put, key, value, ttl)

    async def delete(self, *keys: str) -> None:
        if keys:
            await self.db.write(drop, keys)

    async def ttl(self, key: str) -> float:
        return float(await self.db.read(ttl, key))

    async def incr(self, key: str, ttl: float) -> int:
        return int(await self.db.write(incr, key, ttl))

    async def uncount(self, key: str) -> None:
        await self.db.write(uncount, key)

    async def hget(self, name: str, field: str) -> str | None:
        got: dict[str, str] = await self.db.read(fields, name, field)
        return got.get(field)

    async def hset(self, name: str, field: str, value: str) -> None:
        await self.db.write(hset, name, field, value)

    async def hdel(self, name: str, field: str) -> None:
        await self.db.write(hdel, name, field)

    async def hgetall(self, name: str) -> dict[str, str]:
        got: dict[str, str] = await self.db.read(fields, name, None)
        return got

    async def push(self, key: str, value: str, keep: int, ttl: float | None = None) -> None:
        await self.db.write(push, key, value, keep, ttl)

    async def items(self, key: str) -> list[str]:
        got: list[str] = await self.db.read(items, key)
        return got

    async def create(self, absent: str, sets: dict[str, str], hsets: list[tuple[str, str, str]]) -> bool:
        return bool(await self.db.write(create, absent, sets, hsets))

    async def finish_game(self, game_id: str, keys: list[str], compute: Compute) -> tuple[bool, dict[int, str]]:
        got: tuple[bool, dict[int, str]] = await self.db.write(finish, game_id, keys, compute)
        return got

    @property
    def data(self) -> list[str]:
        return list(self.all_keys())

    def all_keys(self) -> list[str]:
        """Every key held (tests and the operator's look): read synchronously, off any event loop."""
        self.db.ensure_open()
        con = self.db.connect()
        try:
            from companion.server.database import COMMUNITY

            return sorted({k for t in COMMUNITY for (k,) in con.execute(f"SELECT DISTINCT key FROM {t}")})
        finally:
            con.close()
