"""Helpers for the server tests: a server in this process (its frames can be recorded), server processes,
and `companion join ADDRESS --name N` processes that go through the lobby."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ContextManager

from tests.net.helpers import ROOT, env


class InThread:
    """A server on its own event loop thread, on a loopback port."""

    def __init__(self, serving: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.serving, self.loop = serving, loop
        self.host = serving.host
        self.port = serving.port

    def call(self, coro: Any, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=timeout)


@contextmanager
def server_in_thread(store: Any, spool: Path, trusted: list[str] | None = None) -> Iterator[InThread]:
    from companion.server.proxy import networks
    from companion.server.running import start

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    serving = asyncio.run_coroutine_threadsafe(
        start(store, "127.0.0.1", 0, networks(trusted or []), spool), loop).result(timeout=30)
    it = InThread(serving, loop)
    try:
        yield it
    finally:
        it.call(serving.stop())
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)


def file_server(folder: Path) -> ContextManager[InThread]:
    """The set-up most server tests share: a server in this process on a loopback port of its own, its
    games' records in a FileStore under ``folder``/games and its spool in ``folder``/spool."""
    from companion.server.store import FileStore

    return server_in_thread(FileStore(folder / "games"), folder / "spool")


def lobby_process(home: Path, address: str, name: str, script: str, more_to_come: bool = False,
                  *more: str) -> subprocess.Popen[bytes]:
    """`companion join ADDRESS --name N` (no code: the lobby) with ``script`` piped in; output to files in
    ``home`` (read them with tests.net.helpers.finish)."""
    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "join", address, "--name", name, *more],
                            stdin=subprocess.PIPE, stdout=(home / "out").open("wb"),
                            stderr=(home / "err").open("wb"), env=env(home), cwd=str(ROOT))
    assert proc.stdin is not None
    proc.stdin.write(script.encode())
    if more_to_come:
        proc.stdin.flush()
        return proc
    proc.stdin.close()
    proc.stdin = None
    return proc


def wait_for(path: Path, text: str, timeout: float = 60, proc: subprocess.Popen[bytes] | None = None) -> str:
    """Wait until the file ``path`` holds ``text``; what it holds then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = path.read_text() if path.exists() else ""
        if text in got:
            return got
        if proc is not None and proc.poll() is not None:
            break
        time.sleep(0.05)
    got = path.read_text() if path.exists() else ""
    raise AssertionError(f"{text!r} never came in {path}: {got[-2000:]}")


SERVING = re.compile(r"Serving on https?://[^:]+:(\d+)")


def server_process(home: Path, port: int, *more: str, data: Path | None = None) -> subprocess.Popen[bytes]:
    """`companion server` on loopback ``port`` with ``more`` options; its output in home/server.out. ``data``:
    its COMPANION_HOME when not ``home`` (processes of one machine share it, as under one service user)."""
    home.mkdir(parents=True, exist_ok=True)
    out = home / "server.out"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "server", "--listen", "127.0.0.1", "--port",
                             str(port), *more], stdin=subprocess.DEVNULL, stdout=out.open("wb"),
                            stderr=(home / "server.err").open("wb"), env=env(data or home), cwd=str(ROOT))
    return proc


def wait_serving(home: Path, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    wait_for(home / "server.out", "Serving on", timeout, proc)


@contextmanager
def one_server(tmp_path: Path, store: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A real server process on a loopback port, its records in its data folder (``store`` "folder") or in a real
    redis-server ("redis"): the process and its lobby's address. Its error output (tmp_path/s/server.err) holds
    no traceback at the end."""
    from contextlib import ExitStack

    from tests.server.components import free_port, redis_server

    port = free_port()
    with ExitStack() as stack:
        more: list[str] = []
        if store == "redis":
            more = ["--store", f"redis://127.0.0.1:{stack.enter_context(redis_server(tmp_path / 'redis'))}/0"]
        proc = server_process(tmp_path / "s", port, *more)
        try:
            wait_serving(tmp_path / "s", proc)
            yield proc, f"ws://127.0.0.1:{port}/lobby/ws"
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        err = (tmp_path / "s" / "server.err").read_text()
        assert "Traceback" not in err, err[-3000:]


async def record_in(r: Any, game_id: str) -> str | None:
    """A game's record as a Redis store holds it (``r``: a client of it): its snapshot with its journal."""
    from companion.server import journal

    text = await r.get(f"companion:game:{game_id}")
    if text is None:
        return None
    entries = await r.lrange(f"companion:journal:{game_id}", 0, -1)
    return journal.rebuild(text, list(entries), 0).text


def record_now(r: Any, game_id: str) -> str | None:
    """``record_in`` with a client that is not asynchronous."""
    from companion.server import journal

    text = r.get(f"companion:game:{game_id}")
    return None if text is None else journal.rebuild(text, list(r.lrange(f"companion:journal:{game_id}", 0, -1)), 0).text
