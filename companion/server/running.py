"""Starting, serving and stopping ``companion server``: one process of a server, on its own event loop."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from companion.net.tasks import keep
from companion.server import events
from companion.server.expiry import Expiry
from companion.server.games import ServerHost
from companion.server.lobby import Lobby
from companion.server.sqlite_store import SqliteStore
from companion.server.store import Store, StoreError

if TYPE_CHECKING:
    from aiohttp import web

    from companion.server.community_store import Kv
    import ssl

    from companion.server.proxy import Network

DEFAULT_PORT = 8650


def server_folder() -> Path:
    from companion.paths import data_dir

    return data_dir() / "server"


def make_store(url: str | None) -> Store:
    """The store a URL names: none is the data folder; ``redis://`` or ``rediss://`` is Redis."""
    if not url:
        return SqliteStore(server_folder() / "games")
    if url.lower().startswith(("redis://", "rediss://", "unix://")):
        try:
            from companion.server.redis_store import RedisStore
        except ImportError:
            raise StoreError("--store redis:// needs the redis library. Type pip install "
                             "\"dominion-companion[server]\" (installed with pipx: pipx inject dominion-companion "
                             "redis), or leave --store out to keep games in the data folder.") from None
        return RedisStore(url)
    raise StoreError(f"The store '{url[:60]}' is not a Redis address. Type --store redis://127.0.0.1:6379/0, "
                     "or leave --store out to keep games in the data folder.")


@dataclass
class Serving:
    host: ServerHost
    lobby: Lobby
    runner: web.AppRunner
    port: int
    tasks: list[asyncio.Task[object]]
    expiry: Expiry | None = None

    async def stop(self) -> None:
        self.host.watch.end()
        for task in self.tasks:
            task.cancel()
        await self.host.close_all()
        await self.lobby.close_all()  # else each open lobby socket holds the stop up for a minute
        await self.runner.shutdown()
        await self.runner.cleanup()
        await self.host.give_up()
        await self.lobby.community.kv.close()


def community_kv(store: Store) -> Kv:
    """Where the accounts, moderation, ratings and history are kept: beside the games (companion.server.community_store)."""
    from companion.server.community_store import RedisKv
    from companion.server.sqlite_kv import SqliteKv

    if isinstance(store, SqliteStore):
        return SqliteKv(store.db)  # the same database: one file, one writer
    return RedisKv(store.url)


async def start(store: Store, listen: str, port: int, trusted: list[Network], spool: Path | None = None,
                tls: ssl.SSLContext | None = None, names: tuple[str, ...] = (), metrics_from: list[Network] | None = None,
                limits: bool = True, accounts_required: bool = False, unrated: bool = False) -> Serving:
    """Connect to the store and listen: StoreError (a sentence) or OSError if either cannot be had."""
    from companion.net.server import bound_port, serve

    owner = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
    await store.start(owner)
    host = ServerHost(store, spool or server_folder() / f"spool-{port}", names, tls is not None, trusted)
    host.watch.allowed.extend(metrics_from or [])
    lobby = Lobby(host, owner, limits)
    from companion.server.community import Community

    lobby.community = Community(lobby, community_kv(store), accounts_required, unrated)

    def release(game_id: str) -> None:
        keep(host.release_asked(game_id), "release a game")

    store.on_release = release
    try:
        runner = await serve(host, listen, port, tls, backlog=host.backlog)
    except BaseException:
        await store.close()
        raise
    leases = keep(host.keep_leases(), "leases")
    host.watch.begin(leases)
    expiry = Expiry(host)
    return Serving(host, lobby, runner, bound_port(runner), [leases, keep(host.sweeping(), "sweeping"),
                                                             keep(host.watch.watchdog(), "watchdog"),
                                                             keep(expiry.run(), "expiry")], expiry)


LOW_FILES = 8192  # an open-file limit under this is said at start: it holds fewer people than a community


def serving_words(listen: str, port: int, tls: bool, kept: str, cap: int, files: int | None,
                  machine: list[str] | None = None) -> list[str]:
    """What the server says when it serves: where people reach it (this computer's own addresses when it
    listens on all of them), that plain connections can be read, and a file limit that holds few people."""
    from companion.net.hosting import friend_addresses, is_loopback

    addresses = friend_addresses(listen, machine)
    address = addresses[0] if addresses else "ADDRESS"
    where = f"{'https' if tls else 'http'}://{address}:{port}"
    lines = [f"Serving on {where}, games kept in {kept}. People type companion join {address}:{port}"
             f"{' --tls' if tls else ''} --name NAME, or open {where} in a browser. Press Ctrl-C to stop."]
    if not addresses:
        lines.append("ADDRESS is this computer's address on your network, shown in its network settings.")
    elif len(addresses) > 1:
        lines.append(f"This computer's other addresses are {', '.join(addresses[1:])}.")
    if not tls and not is_loopback(listen):
        lines.append("The connection is not encrypted, so anyone on the network between you can read the games. "
                     "Give --cert and --key to encrypt it, or serve behind nginx as the server page of the docs says.")
    if files is not None and files < LOW_FILES:
        lines.append(f"This computer lets the server open only {files:,} files, so it holds at most {cap:,} "
                     "connections at once. To hold more, raise the open file limit with ulimit -n, or LimitNOFILE "
                     "in its service file.")
    return lines


class _BadRequest(logging.Filter):
    """A request that is not HTTP (a scanner, a mistyped client) is one line in the log, not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            reason = " ".join(str(exc.message).split(":")[0].split())[:80] or "not HTTP"
            address = str(record.getMessage()).rpartition(" from ")[2][:60]
            if events.LOGGER.isEnabledFor(logging.INFO):  # the operator's log of events has it: that line alone
                events.emit("bad_request", address=address, reason=reason)
                return False
            record.msg, record.args = "A request that is not HTTP came from %s (%s); it was answered 400.", \
                (address, reason)
            record.exc_info, record.exc_text = None, None
        return True


def quiet_bad_requests() -> None:
    logging.getLogger("aiohttp.server").addFilter(_BadRequest())


def run_server(listen: str, port: int, store_url: str | None, trust: list[str], *, cert: str | None = None,
               key: str | None = None, names: tuple[str, ...] = (), stdout: TextIO | None = None,
               metrics_from: list[str] | None = None, limits: bool = True, accounts_required: bool = False,
               unrated: bool = False) -> int:
    """Serve until stopped (Ctrl-C, or the service manager's SIGTERM). Returns the exit status."""
    from companion.net.server import tls_context
    from companion.server.proxy import networks

    out = stdout or sys.stdout
    from companion.server import events

    events.configure()  # one JSON line an event on standard error

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    events.configure()  # one JSON line an event on standard error: journald keeps them
    try:
        trusted = networks(trust)
        watchers = networks(metrics_from or [], "--metrics-from")
        store = make_store(store_url)
    except (ValueError, StoreError) as e:
        say(f"Error, {e}")
        return 1
    try:
        tls = tls_context(cert, key)
    except (OSError, ValueError) as e:
        say(f"Error, the certificate {cert} could not be used, {e}. Name a PEM certificate and its key.")
        return 1

    from companion.net.limits import raise_file_limit

    files = raise_file_limit()  # before anything is opened: the caps are sized from what it got
    quiet_bad_requests()

    async def main() -> int:
        # The handlers come first: a stop asked for while starting (the service manager stopping a server it has
        # just started) is honoured once the games are served, never by the signal's default, which would end
        # the process without releasing its games or saying so.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError, AttributeError):  # Windows: Ctrl-C is KeyboardInterrupt
                pass
        try:
            serving = await start(store, listen, port, trusted, tls=tls, names=names, metrics_from=watchers,
                                  limits=limits, accounts_required=accounts_required, unrated=unrated)
        except StoreError as e:
            events.emit("store_error", during="start", why=str(e))
            say(f"Error, {e}")
            return 1
        except OSError as e:
            say(f"Error, could not listen on {listen} port {port} ({e.strerror or e}). Type another --port.")
            return 1
        from companion.server.collector import Collector

        collector = Collector()
        collector.begin()  # everything start-up loaded is frozen: the collector's passes walk only the games
        serving.tasks.append(keep(collector.run(), "collector"))
        events.emit("start", listen=listen, port=serving.port, store="redis" if store_url else "folder",
                    pid=os.getpid())
        for line in serving_words(listen, serving.port, tls is not None, store_url or str(server_folder()),
                                  serving.host.guard.connections.cap, files):
            say(line)
        if not limits:
            say("The limits per person are off, so one person can fill the lobby. Use this only for a load test.")
        try:
            await stop.wait()
        finally:
            await serving.stop()
            collector.end()
            events.emit("stop", port=serving.port)
            say("Stopped. Every game is saved. Start the server again to go on.")
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 0
