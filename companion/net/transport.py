"""The web side of a host, with no knowledge of games: its routes and checks, frames in and out, and the
life of one WebSocket.

A connection first says hello; what that leads to (a seat, or a sentence and the connection closed) is the
subclass's business (``greet``), as is serving it after (``attend``) and what its end means (``gone``).
Here: only this host's own address and its own page may connect (``companion.net.origins``), frames are
read and checked (``companion.net.protocol``), a connection that breaks the protocol or floods is closed
with the reason, and a fault of ours is logged and closed with a sentence, never a traceback.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from pathlib import Path
from typing import Awaitable, Callable, Generic, TypeVar

from aiohttp import WSMsgType, web

from companion.net import limits, origins, protocol
from companion.net.guard import Guard
from companion.net.protocol import ClientMessage, ProtocolError, encode

RATE = 20.0  # lines a second a connection may keep up
BURST = 40  # lines it may send at once
PAGE = Path(__file__).with_name("page")
PAGE_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Moved(Exception):
    """The game is no longer this process's to change (a server's lease on it ran out): the connection
    closes with ``str()`` as its reason, which is not an error, so the program joins again by itself."""


class Bucket:
    """A token bucket: ``take()`` is False when a connection sends faster than ``RATE`` for long."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def receive_frame(ws: web.WebSocketResponse, timeout: float | None = None) -> ClientMessage | None:
    """The next message from a client, checked (ProtocolError when it is not one), or None once it closed."""
    msg = await ws.receive(timeout=timeout)
    if msg.type == WSMsgType.TEXT:
        return protocol.decode_client(msg.data)
    if msg.type == WSMsgType.BINARY:
        raise ProtocolError("messages must be text frames, not binary.")
    if msg.type == WSMsgType.ERROR:
        raise ProtocolError(f"a frame was broken or bigger than {protocol.MAX_FRAME} bytes.")
    return None  # closed


def frame(msg: dict[str, object]) -> str:
    """A message to a client as its frame's text (``type`` names its kind; "say" when it has none)."""
    return encode(str(msg.get("type", "say")), **{k: v for k, v in msg.items() if k != "type"})


async def send_text(ws: web.WebSocketResponse, text: str) -> None:
    """Send one frame; a connection that has gone is not an error (its seat hears it on coming back)."""
    try:
        await ws.send_str(text)
    except (ConnectionError, RuntimeError):
        pass


async def close(ws: web.WebSocketResponse, reason: str) -> None:
    """Say ``bye`` with the reason, then close the connection."""
    try:
        await ws.send_str(encode("bye", reason=reason))
        await ws.close(message=b"closed")
    except (ConnectionError, RuntimeError):
        pass


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """A server TLS context from a certificate file the host names (and its key), or None."""
    if not cert:
        return None
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key or None)
    return ctx


def bound_port(runner: web.AppRunner) -> int:
    for site in runner.sites:
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            return int(server.sockets[0].getsockname()[1])
    return 0


S = TypeVar("S")  # what a connection's hello led to (a seat of a game)


class Transport(Generic[S]):
    """The page, its script and ``/ws``, behind the guard and the address and origin checks."""

    max_sockets = limits.MAX_CONNECTIONS  # seats' connections open at once; a new one past it is refused

    def __init__(self, names: tuple[str, ...], tls: bool, guard: Guard) -> None:
        self.names = names  # names (not addresses) this host is reached by, besides localhost
        self.tls = tls
        self.guard = guard

    # ---- what a subclass decides ----
    def open_sockets(self) -> int:
        """How many seats' connections are open now (a new one past ``limits.MAX_CONNECTIONS`` is refused)."""
        return 0

    async def greet(self, ws: web.WebSocketResponse, address: str) -> S | None:
        """Read the connection's hello and seat it; None when it was refused (and closed) or went."""
        raise NotImplementedError

    async def attend(self, ws: web.WebSocketResponse, seated: S) -> None:
        """Serve a seated connection until it closes."""
        raise NotImplementedError

    def gone(self, ws: web.WebSocketResponse, seated: S) -> None:
        """A seated connection ended."""

    # ---- the web app ----
    def app(self) -> web.Application:
        app = web.Application(client_max_size=protocol.MAX_FRAME, middlewares=[self.guard.middleware, self.check])
        app.router.add_get("/", self.page)
        app.router.add_get("/play.js", self.script)
        app.router.add_get("/ws", self.socket)
        app.router.add_get("/full", self.full)
        return app

    @web.middleware
    async def check(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Only requests for this host's own address, and a WebSocket only from its own page (or a program)."""
        host = request.headers.get("Host")
        if not origins.host_allowed(host, self.names):
            raise web.HTTPForbidden(text="This host answers only at its own address. Open the address the host "
                                         "said.\n")
        if request.path == "/ws" and not origins.origin_allowed(request.headers.get("Origin"), host, self.tls):
            raise web.HTTPForbidden(text="Only this host's own page may join its games. Open the address the "
                                         "host said.\n")
        return await handler(request)

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "index.html", headers=PAGE_HEADERS)

    async def full(self, request: web.Request) -> web.StreamResponse:
        """Whether this host would refuse a new connection from this address now, and why (HTTP 503 with the
        sentence): asked by the page when its socket was refused."""
        reason = self.guard.why_not(request.remote)
        headers = {"Cache-Control": "no-store", **({"X-Companion-Reason": reason} if reason else {})}
        return web.Response(status=503 if reason else 200, text=f"{reason}\n" if reason else "", headers=headers)

    async def script(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "play.js", headers=PAGE_HEADERS)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        # Frames up to 16 times the limit are read and refused with a reason; bigger ones are cut off by
        # aiohttp itself, which closes with code 1009 (message too big).
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_FRAME * 16, heartbeat=20.0)
        if self.open_sockets() >= self.max_sockets:
            raise web.HTTPServiceUnavailable(text="This host is full.")
        await ws.prepare(request)
        address = request.remote or "?"
        seated: S | None = None
        try:
            seated = await self.greet(ws, address)
            if seated is None:
                return ws
            await self.attend(ws, seated)
        except ProtocolError as e:
            await close(ws, f"Error, {e} The connection was closed, and nothing was changed.")
        except Moved as e:
            await close(ws, str(e))
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a fault of ours: logged to the file, a sentence to the player
            from companion.dispatch import log_exception

            log_exception(f"host connection from {address}")
            await close(ws, "Error, the host could not handle that message. The connection was closed. "
                            "Join again.")
        finally:
            if seated is not None:
                self.gone(ws, seated)
        return ws
