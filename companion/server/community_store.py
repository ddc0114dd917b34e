"""Where the community's records live: accounts, device tokens, moderators, bans, mutes, reports, ratings and
finished games. Beside the games' own store, in the same place: Redis (every process of the server shares
it, so a ban or a moderator named there counts on every process at once) or, for one process, a file in
the data folder (``community.json``, with each finished game's log in a file of its own).

The interface is a few Redis-like calls (values are text; hashes of text; short lists; counters with an
expiry), so the accounts, moderation, ratings and history modules read the same on both.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from companion.server.store import StoreDown

PREFIX = "companion:c:"


class Kv:
    """The calls the community needs of a store. Every one may raise StoreDown."""

    async def close(self) -> None:
        pass

    async def get(self, key: str) -> str | None:
        raise NotImplementedError

    async def set(self, key: str, value: str, ttl: float | None = None) -> None:
        raise NotImplementedError

    async def delete(self, *keys: str) -> None:
        raise NotImplementedError

    async def ttl(self, key: str) -> float:
        """Seconds until the key expires (0 when it has no expiry or does not exist)."""
        raise NotImplementedError

    async def incr(self, key: str, ttl: float) -> int:
        """Add one to a counter; a new counter lives ``ttl`` seconds."""
        raise NotImplementedError

    async def hget(self, name: str, field: str) -> str | None:
        raise NotImplementedError

    async def hset(self, name: str, field: str, value: str) -> None:
        raise NotImplementedError

    async def hdel(self, name: str, field: str) -> None:
        raise NotImplementedError

    async def hgetall(self, name: str) -> dict[str, str]:
        raise NotImplementedError

    async def push(self, key: str, value: str, keep: int, ttl: float | None = None) -> None:
        """Put ``value`` first in a list that keeps its newest ``keep``."""
        raise NotImplementedError

    async def items(self, key: str) -> list[str]:
        """A list, newest first."""
        raise NotImplementedError


class RedisKv(Kv):
    """The community's records in the Redis the server's processes share."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        from companion.server.redis_store import CONNECT_WAIT, REPLY_WAIT  # as the store's own connections

        self.r = aioredis.from_url(url, socket_timeout=REPLY_WAIT, socket_connect_timeout=CONNECT_WAIT,
                                   decode_responses=True)

    async def _do(self, call: Any) -> Any:
        from redis.exceptions import RedisError

        try:
            return await call
        except (RedisError, OSError, TimeoutError) as e:
            raise StoreDown(str(e) or type(e).__name__) from None

    async def close(self) -> None:
        await self.r.aclose()

    async def get(self, key: str) -> str | None:
        value = await self._do(self.r.get(PREFIX + key))
        return value if isinstance(value, str) else None

    async def set(self, key: str, value: str, ttl: float | None = None) -> None:
        await self._do(self.r.set(PREFIX + key, value, px=int(ttl * 1000) if ttl else None))

    async def delete(self, *keys: str) -> None:
        if keys:
            await self._do(self.r.delete(*(PREFIX + k for k in keys)))

    async def ttl(self, key: str) -> float:
        ms = await self._do(self.r.pttl(PREFIX + key))
        return max(0.0, int(ms) / 1000) if isinstance(ms, int) else 0.0

    async def incr(self, key: str, ttl: float) -> int:
        async def both() -> Any:
            async with self.r.pipeline(transaction=True) as p:
                p.incr(PREFIX + key)
                p.pexpire(PREFIX + key, int(ttl * 1000), nx=True)
                return await p.execute()

        return int((await self._do(both()))[0])

    async def hget(self, name: str, field: str) -> str | None:
        value = await self._do(self.r.hget(PREFIX + name, field))
        return value if isinstance(value, str) else None

    async def hset(self, name: str, field: str, value: str) -> None:
        await self._do(self.r.hset(PREFIX + name, field, value))

    async def hdel(self, name: str, field: str) -> None:
        await self._do(self.r.hdel(PREFIX + name, field))

    async def hgetall(self, name: str) -> dict[str, str]:
        return dict(await self._do(self.r.hgetall(PREFIX + name)))

    async def push(self, key: str, value: str, keep: int, ttl: float | None = None) -> None:
        async def all_() -> Any:
            async with self.r.pipeline(transaction=True) as p:
                p.lpush(PREFIX + key, value)
                p.ltrim(PREFIX + key, 0, keep - 1)
                if ttl:
                    p.pexpire(PREFIX + key, int(ttl * 1000))
                return await p.execute()

        await self._do(all_())

    async def items(self, key: str) -> list[str]:
        return list(await self._do(self.r.lrange(PREFIX + key, 0, -1)))


class FileKv(Kv):
    """One process's community records in ``folder/community.json`` and its journal (companion.server.kv_file;
    a game's log in ``folder/logs``).

    Read again where it changed (``companion server moderator add`` writes it while the server runs); each
    change is a line of the journal, written under a lock.
    """

    def __init__(self, folder: Path) -> None:
        from companion.server.kv_file import KvFile

        self.folder = folder
        self.file = KvFile(folder)

    @property
    def data(self) -> dict[str, list[Any]]:
        return self.file.data

    def _lock(self) -> Any:
        from filelock import FileLock

        self.folder.mkdir(parents=True, exist_ok=True)
        return FileLock(str(self.folder / ".community.lock"), timeout=10)

    def _value(self, key: str, *, loaded: bool = False) -> Any:
        if not loaded:
            self.file.load()
        entry = self.file.data.get(key)
        if entry is None or (entry[1] and entry[1] <= time.time()):
            return None
        return entry[0]

    def _change(self, key: str, change: Any) -> Any:
        """Apply ``change(old value) -> (new value or None to drop, expiry or None to keep, result)``."""
        try:
            with self._lock():
                self.file.load()
                old = self._value(key, loaded=True)
                new, expiry, result = change(old)
                if new is None:
                    entry = None
                else:
                    kept = self.file.data.get(key, [None, 0])[1] if old is not None else 0
                    entry = [new, kept if expiry is None else expiry]
                self.file.write(key, entry)
                return result
        except OSError as e:
            raise StoreDown(f"the data folder could not be used: {e.strerror or e}") from None

    def _blob(self, key: str) -> Path | None:
        if not key.startswith("log:"):
            return None
        import hashlib

        return self.folder / "logs" / f"{hashlib.sha256(key.encode()).hexdigest()[:24]}.json"

    async def get(self, key: str) -> str | None:
        blob = self._blob(key)
        if blob is not None:
            try:
                return blob.read_text(encoding="utf-8")
            except OSError:
                return None
        value = self._value(key)
        return value if isinstance(value, str) else None

    async def set(self, key: str, value: str, ttl: float | None = None) -> None:
        blob = self._blob(key)
        if blob is not None:
            from companion.paths import atomic_write

            blob.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(blob, value)
            return
        self._change(key, lambda old: (value, time.time() + ttl if ttl else 0, None))

    async def delete(self, *keys: str) -> None:
        for key in keys:
            blob = self._blob(key)
            if blob is not None:
                blob.unlink(missing_ok=True)
            else:
                self._change(key, lambda old: (None, None, None))

    async def ttl(self, key: str) -> float:
        self._value(key)
        entry = self.file.data.get(key)
        return max(0.0, entry[1] - time.time()) if entry and entry[1] else 0.0

    async def incr(self, key: str, ttl: float) -> int:
        def change(old: Any) -> tuple[Any, Any, int]:
            n = (int(old) if isinstance(old, str) and old.isdigit() else 0) + 1
            return str(n), (time.time() + ttl) if old is None else None, n

        return int(self._change(key, change))

    async def hget(self, name: str, field: str) -> str | None:
        value = self._value(name)
        got = value.get(field) if isinstance(value, dict) else None
        return got if isinstance(got, str) else None

    async def hset(self, name: str, field: str, value: str) -> None:
        self._change(name, lambda old: ({**(old if isinstance(old, dict) else {}), field: value}, None, None))

    async def hdel(self, name: str, field: str) -> None:
        def change(old: Any) -> tuple[Any, Any, None]:
            left = {k: v for k, v in (old if isinstance(old, dict) else {}).items() if k != field}
            return left or None, None, None

        self._change(name, change)

    async def hgetall(self, name: str) -> dict[str, str]:
        value = self._value(name)
        return {k: v for k, v in value.items() if isinstance(v, str)} if isinstance(value, dict) else {}

    async def push(self, key: str, value: str, keep: int, ttl: float | None = None) -> None:
        self._change(key, lambda old: ([value, *(old if isinstance(old, list) else [])][:keep],
                                       time.time() + ttl if ttl else None, None))

    async def items(self, key: str) -> list[str]:
        value = self._value(key)
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def community_kv(store_url: str | None, folder: Path) -> Kv:
    """The community's records beside the games': in the Redis the store names, else in ``folder``."""
    if store_url and store_url.lower().startswith(("redis://", "rediss://", "unix://")):
        return RedisKv(store_url)
    return FileKv(folder)
