"""One way for a test to pick a loopback port for a server it starts.

A port the kernel hands out for port 0 comes from the ephemeral range (32768 to 60999 on Linux), the same range
it draws from for every outgoing connection and for every other test worker's port 0. Between the moment a test
learns such a port and the moment its server binds it, another worker's server or an outgoing connection (nginx
to its upstream, a client to Redis) can take it, and the server fails with "address already in use". So each
pytest process takes ports from a slice of its own below the ephemeral range, in order, never the same one twice,
and still skips any port something else already holds.
"""

from __future__ import annotations

import itertools
import os
import random
import socket

LOW, HIGH = 10_000, 32_000  # below Linux's ephemeral range, above the well-known and registered servers' usual
SLICES = 16  # xdist workers gw0 to gw15 each get a slice; a machine with more shares slices, and the bind check holds
_WIDTH = (HIGH - LOW) // SLICES


def _slice() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    return int(worker) % SLICES if worker.isdigit() else 0


# Two pytest runs at once (one person's two terminals) start at different places within a slice.
_next = itertools.count(random.randrange(_WIDTH))


def _bindable(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A loopback port nothing holds now and that no other test of this run will be given."""
    start = LOW + _slice() * _WIDTH
    for _ in range(_WIDTH):
        port = start + next(_next) % _WIDTH
        if _bindable(port):
            return port
    raise AssertionError("no free loopback port in this test process's slice")
