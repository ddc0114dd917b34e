"""Limits on guessing an account's password that slow a stranger and never lock its owner out.

Wrong passwords are counted in the store (so every server process counts the same), under three counters:
the account from this address, this address for every account, and the account from every address. Each
allows a few at once, then one more as time goes on, each wait longer than the one before (the n-th try
past the free ones needs ``step * n * n`` seconds since the first); a counter is forgotten ``WINDOW`` after
it began. Nobody is ever locked out: the owner at another address is not slowed by a stranger's tries at
all (the first two counters are the stranger's own), and the third counter, which a crowd of addresses
could fill, passes over the addresses the owner signed in from before. A device token is no password and
is never slowed. A guess is counted before it is checked, so a burst of guesses sent at once gets only the
free ones checked; a right password's try is taken back once it is found right.

Checking a password (argon2id) takes 64 MiB for a moment. ``Hashing`` runs at most ``AT_ONCE`` of them at
once, with at most ``QUEUE`` more waiting; beyond that a guess is refused in a sentence and not counted.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from companion.net.limits import address_key
from companion.server.community_store import Kv

WINDOW = 3600.0  # seconds a counter of wrong passwords lasts from its first
USUAL_FOR = 60 * 86400.0  # seconds an address the owner signed in from counts as theirs
USUAL_KEPT = 10  # the addresses kept per account
HASH_MEMORY = 64  # MiB one argon2id hash holds (RFC 9106's low-memory profile, argon2-cffi's default)
MEMORY_FOR_HASHES = 128  # MiB the server lets password checks hold at once
AT_ONCE = max(1, MEMORY_FOR_HASHES // HASH_MEMORY)
QUEUE = 16  # checks waiting for their turn, beyond which one is refused
T = TypeVar("T")


@dataclass(frozen=True)
class Counter:
    kind: str
    free: int  # wrong passwords allowed at once
    step: float  # seconds: the n-th past the free ones waits step * n * n from the counter's start


PAIR = Counter("pair", 5, 10.0)  # one account from one address: 5, then at 10 s, 40 s, 90 s... (23 in an hour)
ADDRESS = Counter("address", 20, 5.0)  # every account from one address
ACCOUNT = Counter("account", 50, 5.0)  # one account from every address but its owner's usual ones


class Busy(Exception):
    """Too many password checks wait already."""


class Missing(Exception):
    """argon2-cffi is not installed."""


MISSING = ("Error, this server cannot make or check accounts, as the argon2-cffi package is not installed on it. "
           "Ask its operator to install it with pip install argon2-cffi.")
BUSY = "Error, the server is checking many passwords just now, so that was not checked. Try again in a minute."


def missing() -> str:
    """The sentence refusing accounts when a package they need is not installed, else ""."""
    try:
        import argon2  # noqa: F401 - only whether it is there
    except ImportError:
        return MISSING
    try:
        import openskill  # noqa: F401
    except ImportError:
        return ("Error, this server cannot make accounts, as the openskill package its ratings need is not "
                "installed on it. Ask its operator to install it with pip install openskill.")
    return ""


class Hashing:
    """argon2 run off the event loop, a few at once, with a queue of limited length."""

    def __init__(self, at_once: int = AT_ONCE, queue: int = QUEUE) -> None:
        self.at_once, self.queue = at_once, queue
        self.sem: asyncio.Semaphore | None = None
        self.waiting = 0  # checks running or waiting

    def full(self) -> bool:
        return self.waiting >= self.at_once + self.queue

    async def run(self, work: Callable[..., T], *args: object) -> T:
        if self.full():
            raise Busy
        if self.sem is None:
            self.sem = asyncio.Semaphore(self.at_once)
        self.waiting += 1
        try:
            async with self.sem:
                return await asyncio.get_running_loop().run_in_executor(None, work, *args)
        finally:
            self.waiting -= 1


def allowance(counter: Counter, elapsed: float) -> int:
    """How many wrong passwords the counter allows ``elapsed`` seconds after its first."""
    return counter.free + int(math.sqrt(max(0.0, elapsed) / counter.step))


def wait_for(counter: Counter, count: int, elapsed: float, left: float) -> float:
    """Seconds until one more try is allowed, ``count`` counted so far (at most ``left``: the counter ends)."""
    past = count + 1 - counter.free
    return max(1.0, min(left, counter.step * past * past - elapsed))


class Guessing:
    """The three counters of wrong passwords, kept in the community's store."""

    def __init__(self, kv: Kv) -> None:
        self.kv = kv

    def _names(self, account: str, address: str) -> list[tuple[Counter, str]]:
        a = address_key(address)
        return [(PAIR, f"wrong:pair:{account}:{a}"), (ADDRESS, f"wrong:address:{a}"), (ACCOUNT, f"wrong:account:{account}")]

    async def usual(self, account: str, address: str) -> bool:
        """The owner signed in from this address (its key) lately."""
        seen = await self.kv.hget(f"usual:{account}", address_key(address))
        try:
            return seen is not None and time.time() - float(seen) < USUAL_FOR
        except ValueError:
            return False

    async def signed_in(self, account: str, address: str, right_password: bool = True) -> None:
        """The owner is in: this address is one of theirs; with the right password, its own counter for the
        account starts again (a device token does not: a stranger sharing the address keeps their wait)."""
        a = address_key(address)
        if right_password:  # its try, counted before it was checked, was no guess: taken back (a household
            # or a school behind one address signs in as often as it likes)
            if not await self.usual(account, address):
                await self.kv.uncount(f"wrong:account:{account}")
            await self.kv.uncount(f"wrong:address:{a}")
        await self.kv.hset(f"usual:{account}", a, str(int(time.time())))
        kept = await self.kv.hgetall(f"usual:{account}")
        for old in sorted(kept, key=lambda k: kept[k])[:-USUAL_KEPT]:
            await self.kv.hdel(f"usual:{account}", old)
        if right_password:
            await self.kv.delete(f"wrong:pair:{account}:{a}")

    async def _state(self, name: str) -> tuple[int, float, float]:
        """A counter's count, seconds since its first, seconds it has left."""
        raw = await self.kv.get(name)
        count = int(raw) if raw is not None and raw.isdigit() else 0
        left = await self.kv.ttl(name) if count else WINDOW
        return count, WINDOW - left if count else 0.0, left

    async def slowed(self, account: str, address: str, count: bool) -> float:
        """Seconds this address must wait before a password for ``account`` is checked (0: now). With
        ``count``, the try is counted first, so of a burst only the allowed ones pass."""
        usual = await self.usual(account, address)
        waits = []
        for counter, name in self._names(account, address):
            if counter is ACCOUNT and usual:
                continue
            if count:
                n = await self.kv.incr(name, WINDOW)
                _, elapsed, left = await self._state(name)
                if n > allowance(counter, elapsed):
                    waits.append(wait_for(counter, n, elapsed, left))
            else:
                n, elapsed, left = await self._state(name)
                if n + 1 > allowance(counter, elapsed):
                    waits.append(wait_for(counter, n, elapsed, left))
        return max(waits, default=0.0)

    async def forget(self, account: str) -> None:
        await self.kv.delete(f"usual:{account}", f"wrong:account:{account}")
