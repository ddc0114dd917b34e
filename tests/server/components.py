"""Real Redis and nginx for the server tests, each started by the test on its own loopback port, with its
own temporary configuration and data folder (never a system-wide service)."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.conftest import needs
from tests.net.helpers import ROOT
from tests.ports import free_port

SITE = ROOT / "deploy" / "nginx" / "companion.conf"
MAIN = ROOT / "deploy" / "nginx" / "main.conf"  # the main-context lines the steps put in nginx.conf
REDIS_PIDS: dict[int, int] = {}  # port -> process id of each redis-server started here
REDIS_PROCS: dict[int, subprocess.Popen[bytes]] = {}


def wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


@contextmanager
def redis_server(folder: Path) -> Iterator[int]:
    """redis-server on a free loopback port, every write on disk before it is answered (appendfsync always).
    The test may stop it and start it again on the same port (stop_redis, start_redis); whichever runs at
    the end is stopped."""
    needs("redis-server", shutil.which("redis-server") is not None)
    port = free_port()
    start_redis(folder, port)
    try:
        yield port
    finally:
        stop_redis(port)


def start_redis(folder: Path, port: int) -> None:
    """redis-server on ``port`` with its files in ``folder`` (started again there, it has what it had)."""
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "",
         "--appendonly", "yes", "--appendfsync", "always", "--daemonize", "no", "--protected-mode", "yes"],
        stdout=(folder / "redis.out").open("ab"), stderr=subprocess.STDOUT)
    REDIS_PROCS[port] = proc
    REDIS_PIDS[port] = proc.pid
    wait_port(port)


def stop_redis(port: int) -> None:
    """Stop the redis-server started here on ``port`` (SIGTERM: it writes what it holds, then ends)."""
    REDIS_PIDS.pop(port, None)
    proc = REDIS_PROCS.pop(port, None)
    if proc is None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


KEYS = {"ecdsa": ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], "rsa": ["-newkey", "rsa:2048"]}


def certificate(folder: Path, key_kind: str = "ecdsa") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1: ECDSA P-256 as Let's Encrypt issues by default (certbot 2.0
    and later), whose handshakes cost nginx far less than RSA 2048's; or "rsa" for the older kind."""
    needs("openssl", shutil.which("openssl") is not None)
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", *KEYS[key_kind], "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "1", "-subj", "/CN=127.0.0.1"], check=True, capture_output=True)
    return cert, key


def site_for_test(port: int, servers: list[int], cert: Path, key: Path, site: Path = SITE,
                  plain_port: int | None = None) -> str:
    """deploy/nginx/companion.conf, with only its addresses changed: loopback ports and a test certificate.
    ``plain_port``: the same site answers there without TLS too (a benchmark's comparison, never deployed)."""
    text = site.read_text()
    plain = free_port()
    text = text.replace("listen 80;", f"listen 127.0.0.1:{plain};").replace("listen [::]:80;\n", "")
    also = f"listen 127.0.0.1:{plain_port} backlog=4096;\n    " if plain_port else ""
    text = text.replace("listen 443 ssl backlog=4096;", f"{also}listen 127.0.0.1:{port} ssl backlog=4096;")
    text = text.replace("listen [::]:443 ssl backlog=4096;\n", "")
    text = text.replace("/etc/letsencrypt/live/play.example.org/fullchain.pem", str(cert))
    text = text.replace("/etc/letsencrypt/live/play.example.org/privkey.pem", str(key))
    text = text.replace("root /var/www/html;", f"root {cert.parent};")
    for default, real in zip((8651, 8652), servers):
        text = text.replace(f"127.0.0.1:{default} ", f"127.0.0.1:{real} ")
    assert ":8651 " not in text and ":8652 " not in text
    return text


@contextmanager
def nginx(folder: Path, servers: list[int], connections: int | None = None, workers: int = 1, site: Path = SITE,
          key: str = "ecdsa", plain_port: int | None = None) -> Iterator[int]:
    """nginx on a free loopback port in front of ``servers``, running the deploy site (or ``site``, another
    tree's) with the main-context values of deploy/nginx/main.conf (``connections``: another
    worker_connections); yields its TLS port. ``key``: the certificate's kind; ``plain_port``: also without
    TLS there."""
    binary = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    needs("nginx", binary is not None)
    assert binary is not None
    folder.mkdir(parents=True, exist_ok=True)
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "logs"):
        (folder / sub).mkdir(exist_ok=True)
        (folder / sub).chmod(0o777)
    cert, key_file = certificate(folder / "tls", key)
    port = free_port()
    main = MAIN.read_text()
    rlimit = int(re.search(r"^worker_rlimit_nofile (\d+);", main, re.M).group(1))  # type: ignore[union-attr]
    main_connections = int(re.search(r"^\s*worker_connections (\d+);", main, re.M).group(1))  # type: ignore[union-attr]
    (folder / "site.conf").write_text(site_for_test(port, servers, cert, key_file, site, plain_port))
    (folder / "nginx.conf").write_text(f"""
daemon off;
worker_processes {workers};
pid {folder}/nginx.pid;
error_log {folder}/logs/error.log warn;
worker_rlimit_nofile {rlimit if connections is None else connections * 2 + 100};
events {{ worker_connections {main_connections if connections is None else connections}; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
""")
    check = subprocess.run([binary, "-t", "-p", str(folder), "-c", str(folder / "nginx.conf")],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([binary, "-p", str(folder), "-c", str(folder / "nginx.conf")],
                            stdout=(folder / "nginx.out").open("wb"), stderr=subprocess.STDOUT)
    try:
        wait_port(port)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
