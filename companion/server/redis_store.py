"""The store in Redis (``--store redis://HOST:PORT/DB``), shared by every server process that names it.

Each game's lease is a key taken with ``SET NX PX`` and renewed while its process lives; each claim also
takes the next number of the game's fencing counter, and a change is written only by a Lua script that
first checks that counter is still the writer's number and that the change's version is newer than the
one stored, so a process paused past its lease (and so overtaken by another) can no longer write, and an
older change arriving late never lands. A game is its snapshot (``game:ID``), the journal of changes since
(a list, ``journal:ID``) and the version of its newest change (``ver:ID``). The lobby's list of games is a
hash, beside the records, and each change of it is also added to a stream, from which each process keeps
its own index up to date; who is in the lobby is a hash of each process's people with the time it last
said so; what is said in the lobby, and a request to hand a game over, go by publish and subscribe.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError as NoConnection
from redis.exceptions import RedisError

from companion.net.tasks import keep
from companion.server import events, journal
from companion.server.listing import Listing
from companion.server.redis_scripts import CLAIM, HAND_OVER, LOAD, RELEASE, RENEW, RENEW_MANY, SAVE, SWEEP, UNLIST, WRITE
from companion.server.store import LEASE_MS, PERSON_FOR, Saved, Store, StoreDown, StoreError, said_problems

T = TypeVar("T")
PREFIX = "companion:"
HERE_FOR = 10.0  # seconds a process's list of lobby people counts without being said again

# Connections to Redis a process keeps at most. A call holds one from its request until its coroutine has read
# the answer, which on a busy event loop (a takeover's burst of seats) is a turn of the loop or two: with 32,
# a thousand seats' calls queued past POOL_WAIT, were taken for the store being away, and their players were
# told the game was moving (14 to 166 seats in a takeover of 1,000 games). 256 a process stays well inside
# Redis's own limit of clients (10,000 by default) for the 34 processes of 10,000 games.
POOL = 256
POOL_WAIT = 5.0  # a call waiting for one counts the store as away once, over this, some failed and none answered
# Seconds a new connection to Redis may take before the store counts as away. It is measured on the event loop,
# so a loop that is only slow to come round counts against it: a takeover's burst of 2,000 reads on a loaded
# machine (load 6 to 9, two programs busy on its two cores ahead of it) spent 2.4 to 4.6 seconds in its first
# turn, and at 2 seconds 90 to 300 of the reads were taken for the store being away. On a working network a
# connection is made at once or refused (Redis stopped), even to a Redis that hangs until its backlog is full;
# this waits for a machine that is gone, or that backlog, so it may be long.
CONNECT_WAIT = 20.0
# Seconds a reply may take. Short: while Redis hangs, a game's line waits this long for its save before it is
# answered from the spool folder (tests/server/test_redis.py), and a lobby's words for the store being away.
REPLY_WAIT = 2.0
BATCH = 500  # games in one call of RENEW_MANY or one stretch of SWEEP


class Pool(aioredis.BlockingConnectionPool):
    """The process's connections to Redis. A call waits for one while the calls holding them are under way or
    answered, however long a burst of them takes on a busy event loop (whose one slow turn may outlast POOL_WAIT
    before any could come back); the store counts as away once, over POOL_WAIT, calls came back failed (Redis
    hangs: each holder gives up after REPLY_WAIT, or CONNECT_WAIT) and none answered."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.answered = self.failed = 0  # connections given back after an answer, and after a failure

    async def get_connection(self, *args: object, **options: object) -> AbstractConnection:
        while True:
            answered, failed = self.answered, self.failed
            try:
                got: AbstractConnection = await super().get_connection()  # type: ignore[no-untyped-call]
                return got
            except NoConnection as e:  # none came free in POOL_WAIT
                if not isinstance(e.__cause__, asyncio.TimeoutError) or (
                        self.answered == answered and self.failed != failed):
                    raise

    async def release(self, connection: AbstractConnection) -> None:
        if connection.is_connected:  # one whose reply did not come in time, or never connected, is not
            self.answered += 1
        else:
            self.failed += 1
        await super().release(connection)


class RedisStore(Store):
    def __init__(self, url: str) -> None:
        self.url = url
        self.owner = ""
        self.r: Any = None
        self.sub: Any = None
        self.names: list[str] = []
        self.saying_here = asyncio.Lock()  # who is in the lobby here is said to Redis one call at a time
        self.here_asked = self.here_tried = 0  # calls to say so made, and the last one a call covered
        self.tasks: list[asyncio.Task[object]] = []
        self.closing = False  # set by close: the background loops end even if a cancel reaches them as a store error
        self.alive: threading.Thread | None = None
        self.alive_stop = threading.Event()
        self.index = Listing()  # the lobby's list, kept up to date from the stream of its changes
        self.listed_at: str | None = None  # the id of the last change read from that stream
        self.listed_n = 0

    async def check(self) -> str:
        """A write that expires: Redis answers it while it is up and not full (maxmemory)."""
        if self.r is None:
            return "The store is not connected."
        try:
            await self.r.set(self._key("health", self.owner or "?"), "1", px=10_000)
        except (RedisError, OSError, asyncio.TimeoutError) as e:
            said = str(e)
            if "OOM" in said or "maxmemory" in said:
                return "Redis is full (its maxmemory is reached): raise maxmemory or free memory."
            return f"Redis does not answer, {said[:80] or type(e).__name__}."
        return ""

    def _key(self, kind: str, game_id: str = "") -> str:
        return f"{PREFIX}{kind}:{game_id}" if game_id else f"{PREFIX}{kind}"

    async def _do(self, call: Awaitable[T]) -> T:
        try:
            result = await call
        except (RedisError, OSError, asyncio.TimeoutError) as e:
            self.ok = False
            raise down(e) from None
        self.ok = True
        return result

    async def start(self, owner: str) -> None:
        self.owner = owner
        try:
            # At most POOL connections, a call waiting for a free one: hundreds of games claimed at once (a
            # takeover) would otherwise open hundreds of connections to Redis at once, past its backlog.
            pool = Pool.from_url(self.url, max_connections=POOL, timeout=POOL_WAIT, socket_timeout=REPLY_WAIT,
                                 socket_connect_timeout=CONNECT_WAIT, decode_responses=True)
            self.r = aioredis.Redis.from_pool(pool)  # closed with it
            self.sub = aioredis.from_url(self.url, socket_connect_timeout=CONNECT_WAIT, decode_responses=True,
                                         health_check_interval=5)
            await self.r.ping()
        except (RedisError, OSError, ValueError, asyncio.TimeoutError) as e:
            await self.close()
            raise StoreError(f"The store at {self.url} cannot be reached, {e}. Start Redis there, or type "
                             "another --store.") from None
        self._claim = self.r.register_script(CLAIM)
        self._unlist = self.r.register_script(UNLIST)
        self._renew = self.r.register_script(RENEW)
        self._renew_many = self.r.register_script(RENEW_MANY)
        self._sweep = self.r.register_script(SWEEP)
        self._release = self.r.register_script(RELEASE)
        self._write = self.r.register_script(WRITE)
        self._hand_over = self.r.register_script(HAND_OVER)
        self._save = self.r.register_script(SAVE)
        self._load = self.r.register_script(LOAD)
        self.tasks = [keep(self._listen(), "store listener"), keep(self._heartbeat(), "store heartbeat")]
        self.alive_stop = threading.Event()
        await self._do(self.r.set(self._key("alive", owner), "1", px=LEASE_MS))
        self.alive = threading.Thread(target=self._alive, daemon=True, name="companion-alive")
        self.alive.start()

    def _alive(self) -> None:
        """Say this process is alive, every third of a lease, from a thread of its own: a process whose
        event loop is only slow (a saturated machine) still says so, and keeps its games; one that died or
        was stopped does not, and its games are swept by the others once their leases run out."""
        import redis

        client = redis.Redis.from_url(self.url, socket_timeout=2, socket_connect_timeout=2)
        key = self._key("alive", self.owner)
        try:
            while not self.alive_stop.wait(LEASE_MS / 3000):
                try:
                    client.set(key, "1", px=LEASE_MS)
                except (RedisError, OSError):
                    pass  # the store is away: said again when it is back
            client.delete(key)
        except (RedisError, OSError):
            pass
        finally:
            client.close()

    async def close(self) -> None:
        if self.alive is not None:
            self.alive_stop.set()
            await asyncio.get_running_loop().run_in_executor(None, self.alive.join, 5)
        self.closing = True
        for task in self.tasks:
            task.cancel()
        if self.tasks:
            # Bounded: the client library may turn a cancel into a time-out error, which the loops took for the
            # store being away and went round again (a closing store once waited until its test's time ran out).
            await asyncio.wait(self.tasks, timeout=5)
        for client in (self.r, self.sub):
            if client is not None:
                try:
                    if client is self.r and self.owner:
                        await client.hdel(self._key("here"), self.owner)
                except (RedisError, OSError, asyncio.TimeoutError):
                    pass
                await client.aclose()

    # ---- leases and records ----
    def _lease_value(self, token: int) -> str:
        return f"{self.owner}:{token}"

    async def claim(self, game_id: str) -> int | None:
        t = int(await self._do(self._claim(keys=[self._key("lease", game_id), self._key("fence", game_id),
                                                 self._key("game", game_id), self._key("owner", game_id)],
                                           args=[self.owner, LEASE_MS])))
        return None if t < 0 else t

    async def renew_many(self, held: dict[str, int]) -> set[str]:
        lost: set[str] = set()
        items = list(held.items())
        for start in range(0, len(items), BATCH):
            part = items[start:start + BATCH]
            keys = [k for game_id, _ in part for k in (self._key("lease", game_id), self._key("fence", game_id))]
            gone = await self._do(self._renew_many(keys=keys, args=[self.owner, LEASE_MS, *(t for _, t in part)]))
            lost.update(part[int(i) - 1][0] for i in gone)
        return lost

    async def sweep(self, wanted: list[str]) -> dict[str, int]:
        got: dict[str, int] = {}
        cursor, asked = "0", wanted
        while True:
            out = await self._do(self._sweep(keys=[], args=[PREFIX, self.owner, LEASE_MS, cursor, BATCH, *asked]))
            got.update((str(out[i]), int(out[i + 1])) for i in range(1, len(out) - 1, 2))
            cursor, asked = str(out[0]), []
            if cursor == "0":
                return got

    async def renew(self, game_id: str, token: int) -> bool:
        ok = await self._do(self._renew(keys=[self._key("lease", game_id), self._key("fence", game_id)],
                                        args=[self._lease_value(token), LEASE_MS, token]))
        return bool(ok)

    async def release(self, game_id: str, token: int) -> None:
        await self._do(self._release(keys=[self._key("lease", game_id)], args=[self._lease_value(token)]))

    async def unlist(self, game_id: str) -> None:
        await self._do(self._unlist(keys=self._record_keys(game_id), args=[game_id]))

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, object] | None) -> bool:
        ok = await self._do(self._write(keys=self._record_keys(game_id), args=[token, text, game_id, _line(summary)]))
        return bool(ok)

    def _record_keys(self, game_id: str) -> list[str]:
        return [self._key("fence", game_id), self._key("game", game_id), self._key("games"),
                self._key("wrote", game_id), self._key("ver", game_id), self._key("journal", game_id),
                self._key("listing"), self._key("listing-n"), self._key("lease", game_id)]

    async def save(self, game_id: str, token: int, version: int, *, record: str | None = None,
                   entry: str | None = None, summary: dict[str, object] | None = None, listed: bool = False) -> bool:
        if record is None and entry is None:
            return False
        args = [token, version, record or "", entry or "", game_id, _line(summary) if listed else "-"]
        return bool(await self._do(self._save(keys=self._record_keys(game_id), args=args)))

    async def hand_over(self, game_id: str, token: int, version: int, text: str, summary: dict[str, object] | None,
                        holder: int = 0) -> bool:
        args = [token, version, text, game_id, _line(summary), holder]
        return bool(await self._do(self._hand_over(keys=self._record_keys(game_id), args=args)))

    async def load(self, game_id: str) -> Saved | None:
        keys = [self._key("game", game_id), self._key("ver", game_id), self._key("journal", game_id)]
        got = await self._do(self._load(keys=keys, args=[journal.MAX_ENTRIES]))
        if not got or not isinstance(got[0], str):
            return None
        try:
            version = int(got[1])
        except (TypeError, ValueError):
            version = 0
        rebuilt = journal.rebuild(got[0], [e for e in got[2:] if isinstance(e, str)], 0)
        said_problems(game_id, rebuilt.problems)
        return Saved(rebuilt.text, max(version, rebuilt.version), rebuilt.entries, rebuilt.problems)

    async def summary(self, game_id: str) -> dict[str, object] | None:
        text = await self._do(self.r.hget(self._key("games"), game_id))
        return _parsed(text)

    async def listing(self) -> Listing:
        if self.listed_at is None:
            await self._list_whole()
            return self.index
        while True:
            got = await self._do(self.r.xread({self._key("listing"): self.listed_at}, count=1000))
            changes = got[0][1] if got else []
            for at, fields in changes:
                try:
                    n = int(fields.get("n", ""))
                except ValueError:
                    n = -1
                if n != self.listed_n + 1:  # a change was missed (the stream was cut short): read it whole
                    await self._list_whole()
                    return self.index
                self.listed_n, self.listed_at = n, at
                self.index.put(str(fields.get("id", ""))[:40], _parsed(fields.get("line")))
            if len(changes) < 1000:
                return self.index

    async def _list_whole(self) -> None:
        async with self.r.pipeline(transaction=True) as pipe:
            pipe.get(self._key("listing-n"))
            pipe.xrevrange(self._key("listing"), count=1)
            pipe.hgetall(self._key("games"))
            n, last, raw = await self._do(pipe.execute())
        lines = {game_id: line for game_id, text in raw.items() if (line := _parsed(text)) is not None}
        self.index.replace(lines)
        try:
            self.listed_n = int(n or 0)
        except ValueError:
            self.listed_n = 0
        self.listed_at = last[0][0] if last else "0-0"

    # ---- the lobby's people and words ----
    async def set_here(self, names: list[str]) -> None:
        self.names = list(names)
        await self._say_here()

    async def _say_here(self) -> None:
        """Say who is in the lobby here, one call at a time with the names as they are when its turn comes: two
        calls under way at once (a departure and the heartbeat, or a join) could otherwise reach Redis in either
        order, and an older list landing last kept someone who had left in the lobby (their name taken) until
        the next heartbeat. A call that waited while a later one said the names returns at once, so a store
        that is away costs one wait, not one a person."""
        self.here_asked += 1
        asked = self.here_asked
        async with self.saying_here:
            if self.here_tried >= asked:
                return
            self.here_tried = self.here_asked
            value = json.dumps({"names": self.names, "at": time.time()})
            await self._do(self.r.hset(self._key("here"), self.owner, value))

    async def here(self) -> list[str]:
        raw = await self._do(self.r.hgetall(self._key("here")))
        now = time.time()
        names: list[str] = []
        for text in raw.values():
            try:
                entry = json.loads(text)
                if now - float(entry["at"]) < HERE_FOR:
                    names.extend(str(n) for n in entry["names"])
            except (ValueError, KeyError, TypeError):
                continue
        return names

    async def chat(self, text: str) -> None:
        await self._do(self.r.publish(self._key("lobby"), text))

    async def ask_release(self, game_id: str) -> None:
        await self._do(self.r.publish(self._key("release"), f"{game_id} {self.owner}"))

    async def person(self, key: str) -> dict[str, object] | None:
        text = await self._do(self.r.get(self._key("person", key)))
        try:
            state = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            return None
        return state if isinstance(state, dict) else None

    async def keep_person(self, key: str, state: dict[str, object]) -> None:
        await self._do(self.r.set(self._key("person", key), json.dumps(state, separators=(",", ":")),
                                  ex=PERSON_FOR))

    async def _heartbeat(self) -> None:
        while not self.closing:
            await asyncio.sleep(HERE_FOR / 3)
            try:
                await self._say_here()
            except StoreDown:
                pass

    async def _listen(self) -> None:
        """Relay what is published to this process, subscribing again after the store comes back."""
        while not self.closing:
            pubsub = self.sub.pubsub()
            try:
                await pubsub.subscribe(self._key("lobby"), self._key("release"))
                async for msg in pubsub.listen():
                    if msg.get("type") != "message" or not isinstance(msg.get("data"), str):
                        continue
                    if msg.get("channel") == self._key("lobby"):
                        self.on_chat(msg["data"])
                    else:  # a game's id and who asks: never this process itself
                        game_id, _, by = msg["data"].partition(" ")
                        if by != self.owner:
                            self.on_release(game_id[:40])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError, asyncio.TimeoutError):  # the store is away: listen again when it is back
                await asyncio.sleep(1.0)
            except Exception:  # noqa: BLE001 - a handler's bug, not an outage: logged, and listening goes on
                from companion.errorlog import log_exception

                log_exception("server store listener")
                events.emit("task_failed", task="store listener")
                await asyncio.sleep(1.0)
            finally:
                try:
                    await pubsub.aclose()
                except (RedisError, OSError, asyncio.TimeoutError):
                    pass  # closed already, with the connection that went away


def down(e: BaseException) -> StoreDown:
    """StoreDown saying what is wrong: Redis full (past its maxmemory), slow (no answer in time), or away;
    told to the operator as a ``store_error`` event."""
    text = str(e) or type(e).__name__
    if text.startswith("OOM") or "maxmemory" in text:
        reason = "Redis is full"
    elif isinstance(e, (asyncio.TimeoutError, TimeoutError)) or "Timeout" in type(e).__name__:
        reason = "Redis is slow to answer"
    else:
        reason = ""
    events.emit("store_error", store="redis", problem=reason or "Redis is not answering", detail=text[:200])
    return StoreDown(text, reason)


def _line(summary: dict[str, object] | None) -> str:
    return "" if summary is None else json.dumps(summary, separators=(",", ":"))


def _parsed(text: object) -> dict[str, object] | None:
    """A game's line in the lobby's list as the store holds it (hostile): a group of fields, or None."""
    try:
        line = json.loads(text) if isinstance(text, str) and len(text) < 100_000 else None
    except ValueError:
        return None
    return line if isinstance(line, dict) else None
