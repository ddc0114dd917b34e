"""The address of the person, not of the proxy: ``X-Forwarded-For`` is believed only from trusted proxies.

Behind a proxy every connection comes from the proxy's address, so limits kept per address (wrong codes,
connections) would be shared by everyone. A proxy the server is told to trust (``--trust-proxy``) adds the
address it was reached from to ``X-Forwarded-For``; the server takes, from the right, the first address
that is not itself a trusted proxy. From anyone else the header is ignored, so it cannot be forged.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(typed: Iterable[str], option: str = "--trust-proxy") -> list[Network]:
    """The networks typed (an address, or a network such as 10.0.0.0/8) after ``option``: ValueError naming a
    bad one."""
    out: list[Network] = []
    for t in typed:
        try:
            out.append(ipaddress.ip_network(t.strip(), strict=False))
        except ValueError:
            raise ValueError(f"'{t[:40]}' is not an address. Type {option} 127.0.0.1, for example.") from None
    return out


def _trusted(address: str, trusted: list[Network]) -> bool:
    if not trusted:
        return False
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def real_address(peer: str, forwarded: str | None, trusted: list[Network]) -> str:
    """The person's address: ``peer`` unless it is a trusted proxy that says whom it forwards."""
    if not forwarded or not _trusted(peer, trusted):
        return peer
    hops = [h.strip() for h in forwarded.split(",") if h.strip()][-20:]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop.strip("[]"))
        except ValueError:
            return peer  # a header that is not a list of addresses names nobody
        if not _trusted(hop, trusted):
            return hop.strip("[]")
    return hops[0].strip("[]") if hops else peer


def trusted_peer(address: str | None, trusted: list[Network]) -> bool:
    """Whether the connection comes straight from a proxy this server trusts."""
    return address is not None and _trusted(address, trusted)


def middleware(trusted: list[Network]) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def forwarded(request: web.Request,
                        handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        peer = request.remote or "?"
        real = real_address(peer, request.headers.get("X-Forwarded-For"), trusted)
        if real != peer:
            request = request.clone(remote=real)
        return await handler(request)

    return forwarded
