"""What a stranger on the network may spend at a host, in numbers, and the counters that keep it so.

Every server in ``companion`` that takes connections from a network uses these: the limits on wrong
guesses (join codes and seat tokens), on connections, and on how long a request's headers may take.
An address is counted by ``address_key``: an IPv4 address alone, an IPv6 address by its /64 prefix (one
home or one server is given a whole /64, so its addresses are one neighbour, not 2**64 of them).

Guesses are counted per address and per scope: the scope of a wrong join code is the host ("" here), the
scope of a wrong seat token is its game, so a flood of wrong tokens against one game closes nothing
of another. Nobody is refused for anyone else's guesses, with one exception that locks no one out:
while the whole host takes more than ``CROWD_GUESSES`` wrong codes a minute, an address that has
guessed wrong at all in that minute gets no more tries until its minute is over. An address that never
guessed wrong is never refused, and a valid seat token is checked before any limit, so it is never refused.
"""

from __future__ import annotations

import ipaddress
import sys
import time
from collections import defaultdict, deque
from typing import Callable

WINDOW = 60.0  # seconds over which guesses are counted
PER_ADDRESS_GUESSES = 5  # wrong codes (or wrong tokens for one game) a minute from one address
CROWD_GUESSES = 20  # wrong codes a minute from everyone, past which an address that guessed wrong waits
HEADER_DEADLINE = 10.0  # seconds a connection has to send a whole request's headers (the ceiling: 30)
HELLO_WAIT = 10.0  # seconds a new WebSocket has to say hello
CONNECTIONS_PER_ADDRESS = 32  # open connections from one address (a page uses a few; a household shares one)
MAX_CONNECTIONS = 4000  # open connections in all, lowered to fit the process's file limit (below)
FILE_RESERVE = 64  # file descriptors never given to connections: for saves, logs, and the host's own seat
ACCEPT_BURST = 32  # connections taken from the listening socket at once (its backlog), before any is counted


def address_key(address: str | None) -> str:
    """The key an address is counted under: an IPv4 address itself, an IPv6 address its /64 prefix."""
    if not address:
        return "?"
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Guesses:
    """Wrong guesses in the last ``window`` seconds, per (scope, address key), and wrong codes in all."""

    def __init__(self, per_address: int = PER_ADDRESS_GUESSES, crowd: int = CROWD_GUESSES,
                 window: float = WINDOW) -> None:
        self.per_address, self.crowd, self.window = per_address, crowd, window
        self._all: deque[float] = deque()  # wrong codes from everyone (scope "")
        self._by: dict[tuple[str, str], deque[float]] = defaultdict(deque)

    def _trim(self, now: float) -> None:
        while self._all and now - self._all[0] > self.window:
            self._all.popleft()
        for key in list(self._by):
            q = self._by[key]
            while q and now - q[0] > self.window:
                q.popleft()
            if not q:
                del self._by[key]

    def blocked(self, address: str | None, scope: str = "") -> bool:
        """Whether this address may not guess again in this scope now."""
        now = time.monotonic()
        self._trim(now)
        mine = len(self._by.get((scope, address_key(address)), ()))
        if mine >= self.per_address:
            return True
        return scope == "" and mine > 0 and len(self._all) >= self.crowd

    def wrong(self, address: str | None, scope: str = "") -> None:
        now = time.monotonic()
        if scope == "":
            self._all.append(now)
        self._by[(scope, address_key(address))].append(now)


def connection_cap(wanted: int = MAX_CONNECTIONS, reserve: int = FILE_RESERVE + ACCEPT_BURST) -> int:
    """How many connections may be open at once: ``wanted``, or fewer so that ``reserve`` file descriptors
    (and those open now) stay free under the process's file limit. A burst of new connections is accepted
    before the first is counted, so the reserve holds a burst as well as the files for saves."""
    if sys.platform == "win32":  # sockets are not counted against a file limit there
        return wanted
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return wanted
    return max(1, min(wanted, soft - reserve - _open_now()))


def file_limit() -> int | None:
    """The process's soft limit on open files; None where there is none to speak of (Windows, unlimited)."""
    if sys.platform == "win32":
        return None
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return None
    return int(soft)


def raise_file_limit() -> int | None:
    """Raise the soft limit on open files to the hard limit, as nginx's ``worker_rlimit_nofile`` does (a
    login shell's default soft limit, 1,024 on Debian, holds a few hundred people); the soft limit got, or
    None where there is none. Where the hard limit is unlimited (macOS), as many as the system allows."""
    if sys.platform == "win32":
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        tries = [hard] if hard != resource.RLIM_INFINITY else []
        tries += [n for n in (1_048_576, 65_536, 10_240) if hard == resource.RLIM_INFINITY or n < hard]
        for wanted in tries:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                break
            except (ValueError, OSError):
                continue
    return file_limit()


def _open_now() -> int:
    import os

    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 32  # a guess: what a starting program has open


class Connections:
    """Open connections, per address key and in all, against their caps."""

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS, cap: int | None = None,
                 also_open: Callable[[], int] = lambda: 0) -> None:
        self.per_address = per_address
        self.cap = connection_cap() if cap is None else cap
        self.also_open = also_open  # files the server opens later and keeps open (a game's lock): off the cap
        self.total = 0
        self._by: dict[str, int] = defaultdict(int)

    def admit(self, address: str | None) -> bool:
        """Count a new connection from ``address``; False (and nothing counted) if a cap is reached."""
        key = address_key(address)
        if self.total + self.also_open() >= self.cap or self._by[key] >= self.per_address:
            if not self._by[key]:
                del self._by[key]
            return False
        self.total += 1
        self._by[key] += 1
        return True

    def full(self) -> bool:
        """Every connection the cap allows is open."""
        return self.total + self.also_open() >= self.cap

    def crowded(self, address: str | None) -> bool:
        """This address has every connection its cap allows open."""
        return self._by.get(address_key(address), 0) >= self.per_address

    def gone(self, address: str | None) -> None:
        key = address_key(address)
        self.total = max(0, self.total - 1)
        left = self._by.get(key, 0) - 1
        if left > 0:
            self._by[key] = left
        else:
            self._by.pop(key, None)
