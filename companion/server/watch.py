"""What the operator sees of a running server: ``/health``, ``/metrics`` and the service manager's watchdog.

``/health`` answers 200 "ok" while the store answers and the lease loop runs, else 503 with the reason in a
sentence (a load balancer or a person with ``curl`` reads it). ``/metrics`` answers Prometheus's text format
(``prometheus_client``): the games and seats held, lines answered (``rate()`` gives lines a second), the
time from a line to its answer, store errors, takeovers, connections, refusals by limit. It answers only
loopback and the networks the operator lists with ``--metrics-from``, judged by the person's own address
(behind a trusted proxy, the forwarded one), so a proxy in front never opens it to the world.

Under systemd with ``Type=notify`` the server says READY=1 once it serves, and WATCHDOG=1 every third of
``WatchdogSec`` while ``/health`` would say 200: a server whose store or lease loop is wedged is restarted.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import time
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from companion.server import events

if TYPE_CHECKING:
    from companion.server.proxy import Network
    from companion.server.games import ServerHost

STORE_WAIT = 2.0  # seconds the store has to answer a health check
LOOP_LATE = 3.0  # the lease loop is stalled when it has not come round in this many of its periods
ANSWER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
REFUSALS = ("refused", "limit")  # events counted as refusals, by their "why"


class Watch:
    """One server process's health and metrics."""

    def __init__(self, host: ServerHost, allowed: list[Network] | None = None, lease_period: float = 5.0) -> None:
        """``allowed``: networks besides loopback that may read /metrics; ``lease_period``: seconds between leases' renewals."""
        self.host = host
        self.allowed = [ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"), *(allowed or [])]
        self.lease_period = lease_period
        self.loop_at = time.monotonic()  # when the lease loop last came round
        self.leases: asyncio.Task[object] | None = None
        r = self.registry = CollectorRegistry(auto_describe=True)
        Gauge("companion_games", "Games this process holds.", registry=r).set_function(lambda: len(host.by_id))
        Gauge("companion_seats", "Seats connected to games this process holds.",
              registry=r).set_function(lambda: len(host.conns))
        Gauge("companion_lobby_people", "People in this process's lobby.",
              registry=r).set_function(lambda: len(host.lobby.people) if host.lobby is not None else 0)
        Gauge("companion_connections", "Open connections this process counts.",
              registry=r).set_function(host.open_sockets)
        self.lines = Counter("companion_lines", "Typed lines answered.", registry=r)
        self.answer = Histogram("companion_answer_seconds", "Seconds from a typed line to its answer, saved.",
                                buckets=ANSWER_BUCKETS, registry=r)
        self.store_errors = Counter("companion_store_errors", "Times the store did not answer.", registry=r)
        self.takeovers = Counter("companion_takeovers", "Games taken over from another process.", registry=r)
        self.refusals = Counter("companion_refusals", "Requests refused by a limit.", ["why"], registry=r)
        self.counted: dict[str, Counter] = {"store_error": self.store_errors, "takeover": self.takeovers}

    # ---- what is counted ----
    def answered(self, seconds: float) -> None:
        self.lines.inc()
        self.answer.observe(seconds)

    def heard(self, event: str, fields: dict[str, object]) -> None:
        """An event from companion.server.events: count the ones the metrics keep."""
        counter = self.counted.get(event)
        if counter is not None:
            counter.inc()
        elif event == "refused":
            self.refusals.labels(why=str(fields.get("why", "limit"))[:40]).inc()

    def came_round(self) -> None:
        self.loop_at = time.monotonic()

    def begin(self, leases: asyncio.Task[object]) -> None:
        """The server serves: watch its lease loop and count its events."""
        self.leases = leases
        self.loop_at = time.monotonic()
        events.listen(self.heard)

    def end(self) -> None:
        events.unlisten(self.heard)

    # ---- health ----
    async def problem(self) -> str:
        """"" while the server is well, else why not, in a sentence."""
        if self.leases is not None and self.leases.done():
            return "The lease loop has stopped."
        if time.monotonic() - self.loop_at > LOOP_LATE * self.lease_period:
            return "The lease loop has stalled."
        try:
            said = await asyncio.wait_for(self.host.store.check(), STORE_WAIT)
        except asyncio.TimeoutError:
            return "The store does not answer."
        return said

    async def health(self, request: web.Request) -> web.StreamResponse:
        said = await self.problem()
        return web.Response(status=503 if said else 200, text=(said or "ok") + "\n",
                            headers={"Cache-Control": "no-store"})

    def may_see(self, address: str | None) -> bool:
        try:
            ip = ipaddress.ip_address((address or "").split("%", 1)[0])
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in net for net in self.allowed)

    async def metrics(self, request: web.Request) -> web.StreamResponse:
        if not self.may_see(request.remote):
            return web.Response(status=403, text="Metrics are for the operator: list your address with --metrics-from.\n")
        return web.Response(body=generate_latest(self.registry), headers={"Content-Type": CONTENT_TYPE_LATEST})

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/health", self.health)
        app.router.add_get("/metrics", self.metrics)

    # ---- the service manager ----
    async def watchdog(self) -> None:
        """Tell systemd READY=1 now, then WATCHDOG=1 while healthy (when it asked for a watchdog)."""
        notify("READY=1")
        usec = os.environ.get("WATCHDOG_USEC", "")
        if not usec.isdigit() or int(usec) <= 0 or os.environ.get("WATCHDOG_PID", str(os.getpid())) != str(os.getpid()):
            return
        every = int(usec) / 3_000_000
        while True:
            if not await self.problem():
                notify("WATCHDOG=1")
            await asyncio.sleep(every)


def notify(state: str) -> bool:
    """Send ``state`` to systemd's notify socket, if it gave one; True if sent."""
    address = os.environ.get("NOTIFY_SOCKET", "")
    if not address or not hasattr(socket, "AF_UNIX"):
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
            s.connect(address)
            s.sendall(state.encode("ascii"))
        return True
    except OSError as e:
        events.emit("notify_failed", why=e.strerror or str(e))
        return False

