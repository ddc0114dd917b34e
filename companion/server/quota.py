"""What one person may do in the lobby, counted in the store so every server process counts the same.

Each limit is a token bucket: ``burst`` at once, then ``rate`` a second. A person is counted under
:func:`person_key`, their address's key today (an IPv6 address by its /64); accounts will name them by
account instead, by changing that one function. With Redis the buckets are Redis keys, changed by one Lua
script each time (Redis's own clock, so processes on different machines agree); with the file store (one
process) they are kept in memory. A store that does not answer refuses nothing: a game cannot be made then
anyway, and chat is passed on only while it answers.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.net import limits
from companion.server.store import Store

if TYPE_CHECKING:
    from redis.commands.core import AsyncScript

PREFIX = "companion:quota:"


@dataclass(frozen=True)
class Limit:
    kind: str
    rate: float  # tokens back a second
    burst: int  # tokens at most


CREATES = Limit("create", 5 / 60, 5)  # 5 games made a minute
SAYS = Limit("say", 1.0, 5)  # a line a second, 5 at once
WRONG_CODES = Limit("code", limits.PER_ADDRESS_GUESSES / limits.WINDOW, limits.PER_ADDRESS_GUESSES)  # 5 a minute
OPEN_GAMES = 3  # games not yet started one person may have made and still listed
MAX_BUCKETS = 50_000  # buckets the file store keeps (the fullest are forgotten last)

# KEYS[1]: the bucket; ARGV: rate a second, burst, cost (0: only look). Returns the seconds to wait, as text
# ("0": allowed, and the cost taken).
BUCKET = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local rate, burst, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = tonumber(v[1]) or burst
local at = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local need = math.max(cost, 1)
if tokens < need then
  redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
  return tostring((need - tokens) / rate)
end
redis.call('HSET', KEYS[1], 't', tostring(tokens - cost), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return '0'
"""


def person_key(address: str | None) -> str:
    """Whom a limit counts: a person's address key now (one home's IPv6 /64 is one person), their account
    once there are accounts."""
    return limits.address_key(address)


def maker(key: str) -> str:
    """What a game's line in the lobby's list keeps of its maker: a digest, never the address itself."""
    return hashlib.sha256(f"companion-maker:{key}".encode()).hexdigest()[:16]


def wait_words(seconds: float) -> str:
    """A wait as said: "in 1 second", "in 40 seconds", "in 2 minutes"."""
    s = max(1, math.ceil(seconds))
    if s < 90:
        return f"in {s} {'second' if s == 1 else 'seconds'}"
    m = math.ceil(s / 60)
    return f"in {m} minutes"


class Quota:
    """The buckets of every person, in the store when it is Redis, else in this process."""

    def __init__(self, store: Store, on: bool = True) -> None:
        self.store = store
        self.on = on  # off (but for wrong codes) only for a load test on the operator's own machine
        self.here: dict[str, tuple[float, float]] = {}  # the file store's buckets: tokens, when
        self._script: AsyncScript | None = None

    def _redis(self) -> AsyncScript | None:
        try:
            from companion.server.redis_store import RedisStore
        except ImportError:
            return None
        if not isinstance(self.store, RedisStore) or self.store.r is None:
            return None
        if self._script is None:
            self._script = self.store.r.register_script(BUCKET)
        return self._script

    async def take(self, limit: Limit, key: str, cost: int = 1) -> float:
        """Take ``cost`` tokens (0: only look whether one is there): 0 when allowed, else the seconds until it
        would be (and nothing is taken)."""
        if not self.on and limit is not WRONG_CODES:  # wrong codes are counted always: a guesser's limit
            return 0.0
        script = self._redis()
        if script is None:
            return self.take_here(limit, key, cost)
        from redis.exceptions import RedisError

        try:
            waited = await script(keys=[f"{PREFIX}{limit.kind}:{key}"], args=[limit.rate, limit.burst, cost])
            return float(waited)
        except (RedisError, OSError, TimeoutError, ValueError, TypeError):  # the store away, or no number
            if limit is WRONG_CODES:  # a guesser is never let through for it: counted here meanwhile
                return self.take_here(limit, key, cost)
            return 0.0

    def take_here(self, limit: Limit, key: str, cost: int = 1) -> float:
        """``take`` counted in this process alone (a game's seat is held by one process)."""
        if not self.on and limit is not WRONG_CODES:
            return 0.0
        name = f"{limit.kind}:{key}"
        now = time.monotonic()
        tokens, at = self.here.pop(name, (float(limit.burst), now))
        tokens = min(float(limit.burst), tokens + max(0.0, now - at) * limit.rate)
        need = max(cost, 1)
        wait = 0.0
        if tokens < need:
            wait = (need - tokens) / limit.rate
        else:
            tokens -= cost
        self.here[name] = (tokens, now)  # the newest last: the oldest are forgotten first
        while len(self.here) > MAX_BUCKETS:
            self.here.pop(next(iter(self.here)))
        return wait

    async def may_make(self, who: str) -> tuple[str, str]:
        """Why the person ``who`` may not make a game now, and the limit's name (("", "") when they may): too
        many of theirs wait to start, or too many made lately. StoreDown."""
        if not self.on:
            return "", ""
        mine = maker(who)
        waiting = sum(1 for s in (await self.store.summaries()).values()
                      if s.get("by") == mine and not s.get("started"))
        if waiting >= OPEN_GAMES:
            return (f"Error, {waiting} games you made have not started yet, the most one person may have. Sit at "
                    "one of them, or make another when one starts or 30 minutes after everyone has left it."), \
                "open games"
        wait = await self.take(CREATES, who)
        if wait:
            return f"Error, you have made {CREATES.burst} games in a short time. Make another {wait_words(wait)}.", \
                "creates"
        return "", ""
