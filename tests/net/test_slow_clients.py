"""Slow clients cannot exhaust the host: a host run with a low file limit (200) takes a few hundred
half-sent requests from strangers on other loopback addresses, and still serves its page, lets a player
join, saves every line, and closes the strangers' connections at the header deadline (2 seconds here)."""

from __future__ import annotations

import select
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.conftest import needs
from tests.net.helpers import ROOT, env, finish, join_process
from tests.net.test_restart import _free_port

CODE = "246813579"
LIMIT = 200
DEADLINE = 2.0


def _host(home: Path, port: int) -> subprocess.Popen[bytes]:
    import resource

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    home.mkdir(parents=True, exist_ok=True)
    e = env(home)
    e["COMPANION_HEADER_DEADLINE"] = str(DEADLINE)
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "host", "--players", "3", "--bots", "bigmoney", "--seed", "3",
         "--port", str(port), "--code", CODE, "--name", "Ana"],
        stdin=subprocess.PIPE, stdout=(home / "out").open("wb"), stderr=(home / "err").open("wb"),
        env=e, cwd=str(ROOT), preexec_fn=low_limit)


def _half_sent(port: int, sources: list[str], each: int) -> list[socket.socket]:
    """``each`` connections from every source address, each with a request's headers begun, never ended."""
    socks = []
    for source in sources:
        for _ in range(each):
            s = socket.socket()
            s.bind((source, 0))
            s.settimeout(5)
            s.connect(("127.0.0.1", port))
            try:
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            except OSError:
                pass  # closed by the host at once: over a cap
            socks.append(s)
    return socks


def _closed_by_host(socks: list[socket.socket], within: float) -> int:
    """How many of ``socks`` the host closes within ``within`` seconds."""
    open_ = list(socks)
    end = time.monotonic() + within
    while open_ and time.monotonic() < end:
        ready, _, _ = select.select(open_, [], [], 0.2)
        for s in ready:
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if not data:
                open_.remove(s)
    for s in socks:
        s.close()
    return len(socks) - len(open_)


def _wait_for(path: Path, text: str, proc: subprocess.Popen[bytes], seconds: float) -> None:
    end = time.monotonic() + seconds
    while text not in (path.read_text() if path.exists() else ""):
        assert time.monotonic() < end and proc.poll() is None, path.read_text() if path.exists() else ""
        time.sleep(0.1)


def test_half_sent_requests_under_a_low_file_limit_stop_nobody(tmp_path):
    needs("a POSIX file limit", sys.platform != "win32")
    port = _free_port()
    home = tmp_path / "host"
    host = _host(home, port)
    try:
        _wait_for(home / "out", "Join code", host, 30)
        # one stranger opens 300 half-sent requests: more than the host's whole file limit
        socks = _half_sent(port, ["127.0.0.2"], 300)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:  # the page still loads
            assert r.status == 200
        ben = join_process(tmp_path / "ben", port, CODE, "Ben", "", more_to_come=True)  # and a friend joins
        _wait_for(home / "out", "The game starts", host, 30)
        assert _closed_by_host(socks, DEADLINE + 5) == len(socks)

        # ten strangers, 30 each: every connection the host will take; meanwhile both players play and save
        socks = _half_sent(port, [f"127.0.0.{i}" for i in range(10, 20)], 30)
        assert host.stdin is not None and ben.stdin is not None
        host.stdin.write(b"end\n" * 3)
        host.stdin.flush()
        ben.stdin.write(b"end\n" * 3)
        ben.stdin.close()
        ben.stdin = None
        rc, ben_out, ben_err = finish(ben, tmp_path / "ben", 60)
        assert rc == 0, (ben_out, ben_err)
        assert _closed_by_host(socks, DEADLINE + 5) == len(socks)
        host.stdin.write(b"quit\n")
        host.stdin.close()
        host.stdin = None
        host_rc, host_out, host_err = finish(host, home, 30)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    assert "Too many open files" not in host_err, host_err[-2000:]
    assert not host_err.strip(), host_err[-2000:]
    assert "could not be saved" not in host_out + ben_out
    assert ben_out.count("Turn ") >= 3 and host_out.count("Turn ") >= 3, (ben_out, host_out)
