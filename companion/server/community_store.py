"""Where the community's records live: accounts, device tokens, moderators, bans, mutes, reports, ratings and
finished games. Beside the games' own store, in the same place: Redis (every process of the server shares
it, so a ban or a moderator named there counts on every process at once) or, for one process, the data
folder's database (companion.server.sqlite_kv).

The interface is a few Redis-like calls (values are text; hashes of text; short lists; counters with an
expiry), so the accounts, moderation, ratings and history modules read the same on both.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from companion.narrow import to_int

T = TypeVar("T")


PREFIX = "companion:c:"
# A counter taken back by one, in one step (DECR keeps its expiry), only while it is above zero.
UNCOUNT = "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end return 0"
FOREVER = 3650 * 86400.0


@dataclass
class GameEnd:
    """What a finished game changes, all at once: ratings by account key (hash ``ratings``), its kept log,
    the histories it goes first in (keeping ``keep``), and what the caller gets back when it is written."""

    ratings: dict[str, str] = field(default_factory=dict)
    log: str = ""
    histories: list[str] = field(default_factory=list)
    keep: int = 100
    result: dict[int, str] = field(default_factory=dict)  # what each seat is told, by seat


# ``compute(ratings before, by account key: text or None) -> GameEnd``: pure, and run again if they changed.
Compute = Callable[[dict[str, str | None]], GameEnd]


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

    async def uncount(self, key: str) -> None:
        """Take one back from a counter, keeping its expiry: never below zero, never making one."""
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

    async def create(self, absent: str, sets: dict[str, str], hsets: list[tuple[str, str, str]]) -> bool:
        """Write ``sets`` (key: value) and ``hsets`` (hash, field, value) as one step, only if the key
        ``absent`` has no value then: False, with nothing written, when it has one (any process wrote it)."""
        raise NotImplementedError

    async def finish_game(self, game_id: str, keys: list[str], compute: Compute) -> tuple[bool, dict[int, str]]:
        """A finished game's ratings, kept log and histories, written as one step with its mark
        ``done:ID`` (and its ``ending`` field dropped), from the ratings of ``keys`` as they are then: (True,
        the GameEnd's result), or (False, None) when the game was recorded already (by any process)."""
        raise NotImplementedError


class RedisKv(Kv):
    """The community's records in the Redis the server's processes share."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        from companion.server.redis_store import CONNECT_WAIT, REPLY_WAIT  # as the store's own connections

        self.r = aioredis.from_url(url, socket_timeout=REPLY_WAIT, socket_connect_timeout=CONNECT_WAIT,
                                   decode_responses=True)

    async def _do(self, call: Awaitable[T]) -> T:
        from redis.exceptions import RedisError

        try:
            return await call
        except (RedisError, OSError, TimeoutError) as e:
            from companion.server.redis_store import down

            raise down(e) from None

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
        async def both() -> list[object]:
            async with self.r.pipeline(transaction=True) as p:
                p.incr(PREFIX + key)
                p.pexpire(PREFIX + key, int(ttl * 1000), nx=True)
                return await p.execute()

        return to_int((await self._do(both()))[0])

    async def uncount(self, key: str) -> None:
        await self._do(self.r.eval(UNCOUNT, 1, PREFIX + key))

    async def hget(self, name: str, field: str) -> str | None:
        value = await self._do(self.r.hget(PREFIX + name, field))
        return value if isinstance(value, str) else None

    async def hset(self, name: str, field: str, value: str) -> None:
        await self._do(self.r.hset(PREFIX + name, field, value))

    async def hdel(self, name: str, field: str) -> None:
        await self._do(self.r.hdel(PREFIX + name, field))

    async def hgetall(self, name: str) -> dict[str, str]:
        got = await self._do(self.r.hgetall(PREFIX + name))  # text: the client decodes every reply
        return {k: v for k, v in got.items() if isinstance(k, str) and isinstance(v, str)}

    async def push(self, key: str, value: str, keep: int, ttl: float | None = None) -> None:
        async def all_() -> list[object]:
            async with self.r.pipeline(transaction=True) as p:
                p.lpush(PREFIX + key, value)
                p.ltrim(PREFIX + key, 0, keep - 1)
                if ttl:
                    p.pexpire(PREFIX + key, int(ttl * 1000))
                return await p.execute()

        await self._do(all_())

    async def items(self, key: str) -> list[str]:
        got = await self._do(self.r.lrange(PREFIX + key, 0, -1))  # text: the client decodes every reply
        return [v for v in got if isinstance(v, str)]

    async def create(self, absent: str, sets: dict[str, str], hsets: list[tuple[str, str, str]]) -> bool:
        """WATCH ``absent``; if it has no value, MULTI/EXEC every write (a WatchError: another process wrote
        it meanwhile, so it has one now)."""
        from redis.exceptions import WatchError

        async def attempt() -> bool:
            async with self.r.pipeline(transaction=True) as p:
                for _ in range(100):
                    try:
                        await p.watch(PREFIX + absent)
                        if await p.exists(PREFIX + absent):
                            await p.unwatch()  # type: ignore[no-untyped-call]
                            return False
                        p.multi()  # type: ignore[no-untyped-call]
                        for k, v in sets.items():
                            p.set(PREFIX + k, v)
                        for name, f, v in hsets:
                            p.hset(PREFIX + name, f, v)
                        await p.execute()
                        return True
                    except WatchError:
                        continue
            raise TimeoutError(f"{absent} changed on every try")

        made: bool = await self._do(attempt())
        return made

    async def finish_game(self, game_id: str, keys: list[str], compute: Compute) -> tuple[bool, dict[int, str]]:
        """WATCH the game's mark and the ratings, read, compute, then MULTI/EXEC; again if another game's
        ratings landed between (the mark makes a second process's attempt change nothing)."""
        from redis.exceptions import WatchError

        done, ratings = PREFIX + f"done:{game_id}", PREFIX + "ratings"

        async def attempt() -> tuple[bool, dict[int, str]]:
            async with self.r.pipeline(transaction=True) as p:
                for _ in range(100):
                    try:
                        await p.watch(done, ratings)
                        if await p.exists(done):
                            await p.unwatch()  # type: ignore[no-untyped-call]
                            await self.r.hdel(PREFIX + "ending", game_id)  # (the pipeline would only queue it)
                            return False, {}
                        raw = await p.hmget(ratings, keys) if keys else []
                        end = compute({k: v if isinstance(v, str) else None for k, v in zip(keys, raw)})
                        p.multi()  # type: ignore[no-untyped-call]
                        for k, v in end.ratings.items():
                            p.hset(ratings, k, v)
                        p.set(PREFIX + f"log:game:{game_id}", end.log)
                        for h in end.histories:
                            p.lpush(PREFIX + h, game_id)
                            p.ltrim(PREFIX + h, 0, end.keep - 1)
                        p.set(done, "1", px=int(FOREVER * 1000))
                        p.hdel(PREFIX + "ending", game_id)
                        await p.execute()
                        return True, end.result
                    except WatchError:
                        continue
            raise TimeoutError("the ratings changed on every try")

        got: tuple[bool, dict[int, str]] = await self._do(attempt())
        return got


def FileKv(folder: Path) -> Kv:  # noqa: N802 - the name callers know, for the data folder's kind
    """One process's community records in a database of their own in ``folder`` (an earlier version's
    ``community.json`` there is moved in on first use). The server shares its games' database instead
    (companion.server.running.community_kv)."""
    from companion.server.database import NAME, Database
    from companion.server.sqlite_kv import SqliteKv

    return SqliteKv(Database(folder / NAME, old_community=folder), owned=True)


def community_kv(store_url: str | None, folder: Path) -> Kv:
    """The community's records beside the games': in the Redis the store names, else in ``folder``."""
    if store_url and store_url.lower().startswith(("redis://", "rediss://", "unix://")):
        return RedisKv(store_url)
    return FileKv(folder)
