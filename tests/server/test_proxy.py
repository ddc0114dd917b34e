"""Who a connection is, behind a proxy: X-Forwarded-For is believed only from a proxy the server trusts,
and a trusted proxy's own address is not held to one person's connection cap."""

from __future__ import annotations

import pytest

from companion.net import limits
from companion.server.games import ProxiedConnections
from companion.server.proxy import networks, real_address

TRUSTED = networks(["127.0.0.1", "10.0.0.0/8"])


def test_the_forwarded_address_is_believed_only_from_a_trusted_proxy():
    assert real_address("127.0.0.1", "203.0.113.7", TRUSTED) == "203.0.113.7"
    assert real_address("198.51.100.2", "203.0.113.7", TRUSTED) == "198.51.100.2"  # not a proxy: forged
    assert real_address("127.0.0.1", None, TRUSTED) == "127.0.0.1"
    # a chain: the rightmost address that is not a trusted proxy is the person (the left may be forged)
    assert real_address("127.0.0.1", "1.2.3.4, 203.0.113.7, 10.1.2.3", TRUSTED) == "203.0.113.7"
    assert real_address("127.0.0.1", "not an address", TRUSTED) == "127.0.0.1"
    assert real_address("127.0.0.1", "2001:db8::1", TRUSTED) == "2001:db8::1"
    assert real_address("127.0.0.1", "203.0.113.7", []) == "127.0.0.1"  # nobody trusted: never believed


def test_a_bad_proxy_address_is_a_sentence():
    with pytest.raises(ValueError, match="'nginx' is not an address. Type --trust-proxy 127.0.0.1"):
        networks(["nginx"])


def test_a_trusted_proxy_carries_more_connections_than_one_person_may_open():
    conns = ProxiedConnections(TRUSTED, also_open=lambda: 0)
    conns.cap = 100
    for _ in range(limits.CONNECTIONS_PER_ADDRESS + 10):
        assert conns.admit("127.0.0.1")
    for _ in range(limits.CONNECTIONS_PER_ADDRESS):
        assert conns.admit("198.51.100.2")
    assert not conns.admit("198.51.100.2")  # a person's own cap holds
    while conns.total < conns.cap:
        assert conns.admit("127.0.0.1")
    assert not conns.admit("127.0.0.1")  # and the whole server's
    conns.gone("127.0.0.1")
    assert conns.admit("127.0.0.1")
