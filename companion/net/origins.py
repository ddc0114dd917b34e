"""Which requests a host answers: the ``Host`` header it is reached by, and the ``Origin`` of a page that
opens its WebSocket.

A web page from anywhere can make the browser of someone at the host open a WebSocket to it, and a
name the attacker owns can be made to point at it (DNS rebinding). So a host answers a request only if
its ``Host`` names an address (an IP literal, which a rebound name never is), ``localhost``, or one of
the names the host was told it serves; and it opens a WebSocket only for no ``Origin`` at all (a program,
not a page) or the page's own: the same scheme, name and port as the ``Host`` the request came to.
"""

from __future__ import annotations

import ipaddress
from typing import Collection
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def split_host(value: str) -> tuple[str, int | None] | None:
    """A ``Host`` header (``name``, ``name:port``, ``[v6]:port``) as (lower-case name, port or None)."""
    value = value.strip().lower()
    if not value or any(c.isspace() or c in "/?#@" for c in value):
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1:]
    elif value.count(":") > 1:
        return None  # an IPv6 address must be in brackets
    else:
        name, _, port_text = value.partition(":")
        rest = ":" + port_text if port_text or value.endswith(":") else ""
    port: int | None = None
    if rest:
        if not rest.startswith(":") or not rest[1:].isdigit() or not 0 < int(rest[1:]) < 65536:
            return None
        port = int(rest[1:])
    return name.rstrip("."), port


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(host_header: str | None, names: Collection[str] = ()) -> bool:
    """Whether a request that names ``host_header`` is for this host (see the module's note)."""
    if host_header is None:
        return False
    split = split_host(host_header)
    if split is None:
        return False
    name = split[0]
    return is_address(name) or name == "localhost" or name in {n.lower().rstrip(".") for n in names}


def origin_allowed(origin: str | None, host_header: str | None, tls: bool) -> bool:
    """Whether a WebSocket with this ``Origin`` may open: none (a program), or the page's own."""
    if origin is None:
        return True
    if host_header is None:
        return False
    try:
        parts = urlsplit(origin.strip().lower())
        origin_port = parts.port
    except ValueError:
        return False
    scheme = "https" if tls else "http"
    if parts.scheme != scheme or not parts.hostname or parts.path not in ("", "/"):
        return False
    host = split_host(host_header)
    if host is None:
        return False
    name, port = host
    return (parts.hostname.rstrip(".") == name
            and (origin_port or DEFAULT_PORTS[scheme]) == (port or DEFAULT_PORTS[scheme]))
