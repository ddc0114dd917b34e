"""Starting, serving and stopping ``companion server``: one process of a server, on its own event loop."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion.server.games import BACKLOG, ServerHost
from companion.server.lobby import Lobby
from companion.server.store import FileStore, Store, StoreError

DEFAULT_PORT = 8650


def server_folder() -> Path:
    from companion.paths import data_dir

    return data_dir() / "server"


def make_store(url: str | None) -> Store:
    """The store a URL names: none is the data folder; ``redis://`` or ``rediss://`` is Redis."""
    if not url:
        return FileStore(server_folder() / "games")
    if url.lower().startswith(("redis://", "rediss://", "unix://")):
        try:
            from companion.server.redis_store import RedisStore
        except ImportError:
            raise StoreError("--store redis:// needs the redis library. Type pip install \"companion[server]\", "
                             "or leave --store out to keep games in the data folder.") from None
        return RedisStore(url)
    raise StoreError(f'The store "{url[:60]}" is not a Redis address. Type --store redis://127.0.0.1:6379/0, '
                     "or leave --store out to keep games in the data folder.")


@dataclass
class Serving:
    host: ServerHost
    lobby: Lobby
    runner: Any
    port: int
    tasks: list[asyncio.Task[Any]]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await self.host.close_all()
        await self.lobby.close_all()  # else each open lobby socket holds the stop up for a minute
        await self.runner.shutdown()
        await self.runner.cleanup()
        for game_id, token in [*self.host.fences.items(), *self.host.claimed.items()]:  # others may take them
            try:
                await self.host.store.release(game_id, token)
            except Exception:  # noqa: BLE001 - stopping anyway; the lease runs out by itself
                pass
        await self.host.store.close()


async def start(store: Store, listen: str, port: int, trusted: list[Any], spool: Path | None = None,
                tls: Any = None, names: tuple[str, ...] = ()) -> Serving:
    """Connect to the store and listen: StoreError (a sentence) or OSError if either cannot be had."""
    from companion.net.server import bound_port, serve

    owner = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
    await store.start(owner)
    host = ServerHost(store, spool or server_folder() / f"spool-{port}", names, tls is not None, trusted)
    lobby = Lobby(host, owner)

    def release(game_id: str) -> None:
        asyncio.ensure_future(host.release_asked(game_id))

    store.on_release = release
    try:
        runner = await serve(host, listen, port, tls, backlog=BACKLOG)
    except BaseException:
        await store.close()
        raise
    return Serving(host, lobby, runner, bound_port(runner), [asyncio.ensure_future(host.keep_leases()),
                                                        asyncio.ensure_future(host.sweeping())])


def run_server(listen: str, port: int, store_url: str | None, trust: list[str], *, cert: str | None = None,
               key: str | None = None, names: tuple[str, ...] = (), stdout: TextIO | None = None) -> int:
    """Serve until stopped (Ctrl-C, or the service manager's SIGTERM). Returns the exit status."""
    from companion.net.server import tls_context
    from companion.server.proxy import networks

    out = stdout or sys.stdout

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    try:
        trusted = networks(trust)
        store = make_store(store_url)
    except (ValueError, StoreError) as e:
        say(f"Error, {e}")
        return 1
    try:
        tls = tls_context(cert, key)
    except (OSError, ValueError) as e:
        say(f"Error, the certificate {cert} could not be used ({e}). Name a PEM certificate and its key.")
        return 1

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
            serving = await start(store, listen, port, trusted, tls=tls, names=names)
        except StoreError as e:
            say(f"Error, {e}")
            return 1
        except OSError as e:
            say(f"Error, could not listen on {listen} port {port} ({e.strerror or e}). Type another --port.")
            return 1
        where = f"{'https' if tls else 'http'}://{listen}:{serving.port}"
        kept = store_url or str(server_folder())
        say(f"Serving on {where}, games kept in {kept}. People type: companion join {listen}:{serving.port} "
            f"--name NAME, or open {where} in a browser. Press Ctrl-C to stop.")
        try:
            await stop.wait()
        finally:
            await serving.stop()
            say("Stopped. Every game is saved; start the server again to go on.")
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 0
