"""What the operator sees of a running server process: one JSON line an event on standard error,
/health (200 while the store and the lease loop are well, 503 with the reason), /metrics in Prometheus's
format for loopback and the listed networks only, and systemd's READY=1 and WATCHDOG=1."""

from __future__ import annotations

import json
import os
import signal
import socket
import time
from pathlib import Path

import pytest
import redis

from tests.server.components import free_port, redis_server
from tests.server.helpers import server_process, wait_serving

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)


def get(port: int, path: str, forwarded_for: str = "") -> tuple[int, str]:
    """A GET on loopback; ``forwarded_for``: as a trusted proxy would say, for a person far away."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    extra = f"X-Forwarded-For: {forwarded_for}\r\n" if forwarded_for else ""
    try:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}Connection: close\r\n\r\n".encode())
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    finally:
        conn.close()
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode("utf-8", "replace")


def events(home: Path) -> list[dict[str, object]]:
    lines = (home / "server.err").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.startswith("{")]


def wait_until(check, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError("not within the time given")


def test_health_metrics_events_and_the_watchdog(tmp_path: Path) -> None:
    notify = tmp_path / "notify.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(notify))
    listener.settimeout(30)
    port = free_port()
    os.environ["NOTIFY_SOCKET"], os.environ["WATCHDOG_USEC"] = str(notify), "300000"
    try:
        proc = server_process(tmp_path, port, "--trust-proxy", "127.0.0.1", "--metrics-from", "198.51.100.0/24")
    finally:
        del os.environ["NOTIFY_SOCKET"], os.environ["WATCHDOG_USEC"]
    try:
        wait_serving(tmp_path, proc)
        said = [listener.recv(100).decode(), listener.recv(100).decode()]
        assert said == ["READY=1", "WATCHDOG=1"]
        assert get(port, "/health") == (200, "ok\n")
        status, body = get(port, "/metrics")
        assert status == 200
        assert "companion_games 0.0" in body and "companion_lines_total 0.0" in body
        assert "companion_answer_seconds_bucket" in body and "companion_store_errors_total" in body
        status, body = get(port, "/metrics", forwarded_for="203.0.113.9")  # a stranger, through the proxy
        assert status == 403 and "companion_games" not in body and "--metrics-from" in body
        assert get(port, "/metrics", forwarded_for="198.51.100.7")[0] == 200  # a network the operator listed
        assert get(port, "/health", forwarded_for="203.0.113.9") == (200, "ok\n")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
        listener.close()
    kinds = [e["event"] for e in events(tmp_path)]
    assert kinds[0] == "start" and kinds[-1] == "stop"
    assert "Traceback" not in (tmp_path / "server.err").read_text()


def test_health_says_when_redis_is_away_or_full(tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as rport:
        port = free_port()
        proc = server_process(tmp_path, port, "--store", f"redis://127.0.0.1:{rport}/0")
        try:
            wait_serving(tmp_path, proc)
            assert get(port, "/health") == (200, "ok\n")
            r = redis.Redis(port=rport)
            r.config_set("maxmemory-policy", "noeviction")
            r.config_set("maxmemory", "1")
            try:
                status, body = get(port, "/health")
            finally:
                r.config_set("maxmemory", "0")
            assert (status, body) == (503, "Redis is full (its maxmemory is reached): raise maxmemory or free memory.\n")
            assert get(port, "/health") == (200, "ok\n")
            r.shutdown(nosave=True)
            status, body = get(port, "/health")
            assert status == 503 and (body.startswith("Redis does not answer") or "lease loop" in body), body
            wait_until(lambda: any(e["event"] == "store_error" for e in events(tmp_path)))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    assert "Traceback" not in (tmp_path / "server.err").read_text()
