"""``companion host``: start the server on its own thread, hold the games, and play the host's own seat.

The host player's seat is joined over loopback exactly as a friend's is, so the host hears only what
their own seat may know, and their commands take the same path as everyone's. Games this host held
before it stopped (even killed) are held again, with the same codes, when it starts again.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion.net import codes
from companion.net.hosted import HostedGame, Options

DEFAULT_PORT = 8650
LOOPBACK = "127.0.0.1"


def host_folder() -> Path:
    from companion.paths import data_dir

    return data_dir() / "hosted"


@dataclass
class Running:
    host: Any
    port: int
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    runner: Any

    def stop(self) -> None:
        async def down() -> None:
            await self.host.close_all()
            await self.runner.shutdown()
            await self.runner.cleanup()
            self.host.release()

        try:
            asyncio.run_coroutine_threadsafe(down(), self.loop).result(timeout=15)
        except Exception:  # noqa: BLE001 - stopping anyway
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


def start_server(address: str, port: int, tls: Any = None, folder: Path | None = None,
                 names: tuple[str, ...] = ()) -> Running:
    """The server, listening, on a thread of its own; OSError if the port cannot be had. ``names``: names
    (not addresses) friends reach it by, such as a domain of its own."""
    from companion.net.server import Host, bound_port, serve

    host = Host(folder or host_folder(), names, tls is not None)
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            box["runner"] = loop.run_until_complete(serve(host, address, port, tls))
        except BaseException as e:  # noqa: BLE001 - handed to the caller
            box["error"] = e
            ready.set()
            return
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True, name="companion-host")
    thread.start()
    ready.wait(10)
    if "error" in box:
        raise box["error"]
    return Running(host, bound_port(box["runner"]), loop, thread, box["runner"])


def on_loop(running: Running, fn: Any, *args: Any) -> Any:
    """Run ``fn(*args)`` on the server's loop (where every game is changed) and return its result."""
    async def call() -> Any:
        return fn(*args)

    return asyncio.run_coroutine_threadsafe(call(), running.loop).result(timeout=30)


def ask(stdin: TextIO, stdout: TextIO) -> Options | None:
    """The same short questions as ``new``, read as plain lines. None when cancelled."""
    from companion.kingdom import KingdomError, choose_kingdom

    def question(text: str, check: Any) -> Any:
        while True:
            stdout.write(text + "\n")
            stdout.flush()
            line = stdin.readline()
            if not line:
                return None
            typed = line.strip()
            if typed.lower() in ("cancel", "stop"):
                return None
            try:
                return check(typed)
            except ValueError as e:
                stdout.write(f"Error: {e}\n")

    def players(t: str) -> int:
        t = t or "2"
        count = _number(t)
        if count is None or not 2 <= count <= 6:
            raise ValueError(f'"{t}" is not 2 to 6 players. Type a number from 2 to 6.')
        return count

    n = question("New hosted game. How many players, 2 to 6? Enter for 2.", players)
    if n is None:
        return None

    def people(t: str) -> int:
        t = t or str(n)
        count = _number(t)
        if count is None or not 1 <= count <= n:
            raise ValueError(f'"{t}" is not 1 to {n} people. Type a number from 1 to {n}.')
        return count

    p = question(f"People, you included? Enter for {n}. The rest are bots.", people)
    if p is None:
        return None

    def kingdom(t: str) -> str:
        t = t or "First Game"
        try:
            choose_kingdom(t, seed=1)
        except KingdomError as e:
            raise ValueError(str(e)) from None
        return t

    k = question("Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random.", kingdom)
    if k is None:
        return None
    import random

    return Options(n, ["bigmoney"] * (n - p), k, random.SystemRandom().randrange(1, 1_000_000))


def announce(game: HostedGame, address: str, port: int, tls: bool) -> str:
    where = f"{'https' if tls else 'http'}://{address}:{port}"
    people = len(game.seats)
    who = f"{people} people play; you are one." if game.options.table is None else \
        f"Table {game.options.table}: each joins with their name, one of {', '.join(st.name for st in game.seats)}."
    return (f"Hosting. Join code {codes.said_code(game.code)}.\n"
            f"Friends type: companion join {address}:{port} --code {codes.normal_code(game.code)} --name NAME\n"
            f"Or open {where} in a browser. {who}")


def run_host(options: Options | None, *, name: str, listen: str, port: int, code: str | None,
             cert: str | None = None, key: str | None = None, stdin: TextIO | None = None,
             stdout: TextIO | None = None, speech: bool = False,
             table: tuple[str, str, int | None] | None = None) -> int:
    """Host a game (``options``, or asked), or a table record (``table``: names, kingdom, seed)."""
    from companion.net.join import HOST_GOODBYE, run_join
    from companion.net.server import tls_context

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    try:
        tls = tls_context(cert, key)
    except (OSError, ValueError) as e:
        say(f"Error: the certificate {cert} could not be used ({e}). Name a PEM certificate and its key.")
        return 1
    try:
        running = start_server(listen, port, tls)
    except OSError as e:
        say(f"Error: could not listen on {listen} port {port} ({e.strerror or e}). Type another --port.")
        return 1
    try:
        resumed = on_loop(running, running.host.resume_all)
        mine: HostedGame | None = None
        for g in resumed:
            if code is not None and codes.normal_code(g.code) == codes.normal_code(code):
                mine = g
        if resumed:
            said = ", ".join(codes.said_code(g.code) for g in resumed)
            say(f"Resumed {len(resumed)} {'game' if len(resumed) == 1 else 'games'} this host held: codes {said}.")
        if mine is None and options is None and resumed and code is None:
            mine = resumed[0]
        if mine is None and table is not None:
            try:
                mine = on_loop(running, running.host.add_table, *table, code)
            except ValueError as e:
                say(str(e))
                return 1
            if name.lower() not in [st.name.lower() for st in mine.seats]:
                name = mine.seats[0].name  # the host plays the first seat unless --name says which
        if mine is None:
            if options is None:
                options = ask(stdin, stdout)
                if options is None:
                    say("Cancelled. Nothing was started.")
                    return 0
            try:
                mine = on_loop(running, running.host.add_game, options, code)
            except ValueError:
                say(f'Error: the code "{code}" is in use by a game this host holds. Type another --code.')
                return 1
        say(announce(mine, listen, running.port, tls is not None))
        client_tls = None
        if tls is not None:
            import ssl

            client_tls = ssl.create_default_context()
            client_tls.check_hostname = False  # the host's own seat talks to itself over loopback
            client_tls.verify_mode = ssl.CERT_NONE
        return run_join(f"{LOOPBACK}:{running.port}", mine.code, name, tls=client_tls, stdin=stdin,
                        stdout=stdout, token_key=f"host:{mine.id}", speech=speech, goodbye=HOST_GOODBYE)
    finally:
        running.stop()


def _number(typed: str) -> int | None:
    """The number typed (companion.numbers), with a superscript or circled one refused as a ValueError."""
    from companion.numbers import NumberError, as_number

    try:
        return as_number(typed)
    except NumberError as e:
        raise ValueError(str(e)) from None
