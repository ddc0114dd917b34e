"""A TCP relay on loopback between a page (or program) and the host, that can hold what one side sends
and then drop every connection, as a network that fails mid-game does."""

from __future__ import annotations

import socket
import threading
import time
from typing import Callable


class Relay:
    """Relays 127.0.0.1:``port`` to the host's port. ``hold_up`` swallows what the page sends from now on
    (so the host never gets it), ``hold_down`` what the host sends, on the WebSocket connections open when
    it was set (plain HTTP, and a connection opened while it is set, such as a reloaded page's, are relayed
    in full); ``cut`` closes every connection and relays new ones in full again."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.server.getsockname()[1]
        self.lock = threading.Lock()
        self.hold_up = False
        self.hold_down = False
        self.held_up = 0  # bytes from the page swallowed so far
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        threading.Thread(target=self._accept, daemon=True, name="relay").start()

    def _accept(self) -> None:
        while True:
            try:
                page, _ = self.server.accept()
            except OSError:
                return
            try:
                host = socket.create_connection(("127.0.0.1", self.target), timeout=5)
                host.settimeout(None)
            except OSError:
                page.close()
                continue
            with self.lock:
                self.pairs.append((page, host))
                late = self.hold_up or self.hold_down  # opened after a hold was set: never held
            kind = {"ws": False, "late": late}  # shared by both directions: a WebSocket, opened late
            threading.Thread(target=self._pump, args=(page, host, True, kind), daemon=True).start()
            threading.Thread(target=self._pump, args=(host, page, False, kind), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, up: bool, kind: dict[str, bool]) -> None:
        held = False  # once held, a connection's direction stays held: it is cut next
        first = up
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                break
            if not data:
                break
            with self.lock:
                if first:  # the page's first bytes: a WebSocket upgrade, or a plain request
                    kind["ws"], first = b"upgrade: websocket" in data.lower(), False
                holds = kind["ws"] and not kind["late"]
                held = held or (holds and (self.hold_up if up else self.hold_down))
                if held and up:
                    self.held_up += len(data)
            if held:
                continue
            try:
                dst.sendall(data)
            except OSError:
                break
        _shut(src, dst)

    def cut(self) -> None:
        with self.lock:
            pairs, self.pairs = self.pairs, []
            self.hold_up = self.hold_down = False
        for page, host in pairs:
            _shut(page, host)

    def close(self) -> None:
        self.server.close()
        self.cut()


def _shut(*socks: socket.socket) -> None:
    for s in socks:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()


def until(what: Callable[[], bool], timeout: float, why: str) -> None:
    """Wait (polling) for ``what``; AssertionError naming ``why`` if it is not so within ``timeout``."""
    deadline = time.monotonic() + timeout
    while not what():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} seconds: {why}")
        time.sleep(0.02)
