"""The door of an aiohttp server: connections counted and capped per address and in all, and a deadline
for each request's headers.

``GuardedSite`` listens like ``aiohttp.web.TCPSite`` but wraps each new connection before aiohttp sees
it: one over its address's cap, or over the cap that keeps file descriptors in reserve, is answered with
HTTP 503 and a sentence saying why (in its body and its X-Companion-Reason header, which `companion join`
and the page say) and closed: within two seconds, and only a few at once (past them, closed at once), so it
never holds a descriptor for long. The operator hears of each through ``Guard.on_refused``.
``Guard.middleware`` marks a connection busy while a request is handled (a WebSocket is one long request); a
connection that is not busy must send a whole request's headers within the deadline of being opened or of
its last answer, or it is closed. The limits are in ``companion.net.limits``.
"""

from __future__ import annotations

import asyncio
import os
import ssl
import time
from typing import Awaitable, Callable

from aiohttp import web

from companion.net import limits

FULL = "The server is full just now, with every place taken. Try again in a few minutes."
CROWDED = ("Too many connections come from your address just now. Close some of its pages or programs, then try "
           "again.")
ANSWERING = 16  # refused connections answered at once; more are closed with no answer
ANSWER_WITHIN = 2.0  # seconds a refused connection has to send its request before it is closed


def unavailable(reason: str) -> bytes:
    """An HTTP 503 response saying ``reason``."""
    body = (reason + "\n").encode("utf-8")
    return (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"X-Companion-Reason: {reason}\r\nRetry-After: 60\r\nCache-Control: no-store\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("ascii") + body


def header_deadline() -> float:
    """``limits.HEADER_DEADLINE``; tests may shorten it with COMPANION_HEADER_DEADLINE (0.5 to 30 seconds)."""
    try:
        wanted = float(os.environ.get("COMPANION_HEADER_DEADLINE", limits.HEADER_DEADLINE))
    except ValueError:
        wanted = limits.HEADER_DEADLINE
    return min(30.0, max(0.5, wanted))


class _Door(asyncio.Protocol):
    """One connection, between the transport and aiohttp's own protocol."""

    def __init__(self, guard: "Guard", inner: asyncio.Protocol) -> None:
        self.guard, self.inner = guard, inner
        self.transport: asyncio.BaseTransport | None = None
        self.address: str | None = None
        self.admitted = False
        self.busy = 0
        self.idle_since = time.monotonic()
        self.timer: asyncio.TimerHandle | None = None
        self.refusing = ""  # over a cap: the sentence its request is answered with
        self.head = b""  # what came of its request (answered once the headers are whole)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if isinstance(peer, tuple) and peer else None
        self.transport = transport
        if not self.guard.connections.admit(self.address):
            self.guard.refused += 1
            full = self.guard.connections.full()
            if self.guard.on_refused is not None:
                self.guard.on_refused(self.address, "connections" if full else "connections per address")
            if self.guard.answering >= ANSWERING:
                self._abort()  # at once: it holds a descriptor for no time
                return
            self.guard.answering += 1
            self.refusing = FULL if full else CROWDED
            self.timer = asyncio.get_running_loop().call_later(ANSWER_WITHIN, self._abort)
            return
        self.admitted = True
        self.guard.doors[transport] = self
        self._watch(self.guard.deadline)
        self.inner.connection_made(transport)

    def _abort(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            abort = getattr(self.transport, "abort", None)
            (abort or self.transport.close)()

    def _watch(self, after: float) -> None:
        self.timer = asyncio.get_running_loop().call_later(after, self._check)

    def _check(self) -> None:
        self.timer = None
        if self.transport is None or self.transport.is_closing():
            return
        if self.busy:
            self._watch(self.guard.deadline)
            return
        left = self.idle_since + self.guard.deadline - time.monotonic()
        if left > 0:
            self._watch(left)
            return
        self.guard.timed_out += 1
        abort = getattr(self.transport, "abort", None)
        (abort or self.transport.close)()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.refusing:
            self.refusing = ""
            self.guard.answering -= 1
        if not self.admitted:
            return
        self.admitted = False
        self.guard.doors.pop(self.transport, None)
        self.guard.connections.gone(self.address)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.inner.data_received(data)
        elif self.refusing and self.transport is not None and not self.transport.is_closing():
            self.head = (self.head + data)[-8192:]
            if b"\r\n\r\n" not in self.head:
                return
            write = getattr(self.transport, "write", None)
            if write is not None:
                write(unavailable(self.refusing))
            self.transport.close()  # once the answer is written

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()


class Guard:
    """The counts and the deadline shared by a server's sites, and the middleware that marks requests."""

    def __init__(self, connections: limits.Connections | None = None, deadline: float | None = None) -> None:
        self.connections = connections or limits.Connections()
        self.deadline = header_deadline() if deadline is None else deadline
        self.doors: dict[object, _Door] = {}  # by transport
        self.refused = 0  # connections refused, over a cap
        self.answering = 0  # refused connections waiting for their answer
        self.timed_out = 0  # connections closed for headers that did not come in time
        # told of each refused connection (its address, and which cap): the server's event log
        self.on_refused: Callable[[str | None, str], None] | None = None

    def why_not(self, address: str | None) -> str:
        """Why a new connection from ``address`` would be refused now, or "" (the page asks, at /full, when its
        socket was refused: a WebSocket cannot read the 503's sentence)."""
        if self.connections.full():
            return FULL
        return CROWDED if self.connections.crowded(address) else ""

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: _Door(self, factory())

    @web.middleware
    async def middleware(self, request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        door = self.doors.get(request.transport)
        if door is None:
            return await handler(request)
        door.busy += 1
        try:
            return await handler(request)
        finally:
            door.busy -= 1
            door.idle_since = time.monotonic()


class GuardedSite(web.TCPSite):
    """``web.TCPSite`` with every connection passed through ``guard``."""

    def __init__(self, runner: web.BaseRunner, host: str | None, port: int, guard: Guard,
                 backlog: int = limits.ACCEPT_BURST, ssl_context: ssl.SSLContext | None = None,
                 reuse_address: bool | None = None) -> None:
        super().__init__(runner, host, port, ssl_context=ssl_context, reuse_address=reuse_address)
        self.guard = guard
        self.backlog = backlog  # connections the listening socket holds before they are taken

    async def start(self) -> None:
        await web.BaseSite.start(self)  # registers the site with its runner
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert server is not None
        self._server = await loop.create_server(
            self.guard.wrap(server), self._host, self._port, ssl=self._ssl_context, backlog=self.backlog,
            reuse_address=self._reuse_address, reuse_port=self._reuse_port)
        if self._server.sockets:
            self._bound_port = self._server.sockets[0].getsockname()[1]
