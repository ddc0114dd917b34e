"""The host's server: the accessible page, and one WebSocket per connected seat (aiohttp).

Everything that changes a game happens on the server's one event loop, so lines from different seats
are applied one at a time. Each connection first says ``hello`` with the join code (and, to come back,
its seat and token); after that it may only send lines for its own seat. A message that breaks the
protocol, a flood, or a wrong code closes that connection with the reason and changes nothing.
"""

from __future__ import annotations

import asyncio
import secrets
import ssl
import time
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from companion.net import codes, limits, origins, protocol
from companion.net.guard import Guard, GuardedSite
from companion.net.hosted import GameFull, HostedGame, Message, Options, load_game
from companion.net.protocol import ProtocolError, encode
from companion.paths import atomic_write

RATE = 20.0  # lines a second a connection may keep up
BURST = 40  # lines it may send at once
PAGE = Path(__file__).with_name("page")


class Moved(Exception):
    """The game is no longer this process's to change (a server's lease on it ran out): the connection
    closes with ``str()`` as its reason, which is not an error, so the program joins again by itself."""


class Bucket:
    """A token bucket: ``take()`` is False when a connection sends faster than ``RATE`` for long."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True



async def receive_frame(ws: web.WebSocketResponse, timeout: float | None = None) -> dict[str, Any] | None:
    """The next message from a client, checked (ProtocolError when it is not one), or None once it closed."""
    msg = await ws.receive(timeout=timeout)
    if msg.type == WSMsgType.TEXT:
        return protocol.decode_client(msg.data)
    if msg.type == WSMsgType.BINARY:
        raise ProtocolError("messages must be text frames, not binary.")
    if msg.type == WSMsgType.ERROR:
        raise ProtocolError(f"a frame was broken or bigger than {protocol.MAX_FRAME} bytes.")
    return None  # closed


class Host:
    """Every game this host holds, the server's routes, and the connections to seats."""

    def __init__(self, folder: Path, names: tuple[str, ...] = (), tls: bool = False) -> None:
        self.folder = folder
        self.names = names  # names (not addresses) this host is reached by, besides localhost
        self.tls = tls
        self.games: dict[str, HostedGame] = {}  # by codes.code_key(code)
        self.guesses = limits.Guesses()
        self.conns: dict[tuple[str, int], web.WebSocketResponse] = {}
        # Seats whose token was sent but whose device has not yet spoken since: the page or program may have
        # gone (a reload, a drop) before it kept the token, so the seat may be taken again by its name.
        self.unclaimed: set[tuple[str, int]] = set()
        self.problems: list[str] = []
        self.timings: list[float] = []  # seconds per applied line, kept when measuring
        self.measure = False
        self.held: list[Any] = []  # the locks on the games' files
        self.tap: Any = None  # tests: called with (game id, seat, frame text) for every frame sent to a seat
        self.guard = Guard(limits.Connections(also_open=lambda: len(self.held)))

    # ---- games ----
    def add_game(self, options: Options, code: str | None = None) -> HostedGame:
        code = codes.said_code(code) if code else codes.new_code()
        key = codes.code_key(code)
        if key in self.games:
            raise ValueError("that code is in use")
        game = HostedGame(secrets.token_hex(6), code, options, self.folder)
        self._hold(game)
        self._wire(game)
        self.games[key] = game
        game.save()
        return game

    def add_table(self, names: str, kingdom: str, seed: int | None, code: str | None = None) -> HostedGame:
        """Host a new table record for the players ``names`` (commas between): ValueError saying why not."""
        from companion.net.table_seating import new_table

        args = f"--players {names} --kingdom {kingdom}" + (f" --seed {seed}" if seed is not None else "")
        seating, said = new_table(args)
        if seating is None:
            raise ValueError(said)
        code = codes.said_code(code) if code else codes.new_code()
        key = codes.code_key(code)
        if key in self.games:
            seating.held.release()
            raise ValueError(f'Error: the code "{code}" is in use by a game this host holds. Type another --code.')
        options = Options(len(seating.names), [], kingdom, seed or 0, None, seating.saved.name)
        game = HostedGame(secrets.token_hex(6), code, options, self.folder)
        for st, name in zip(game.seats, seating.names):
            st.name = name
        game.seating = seating
        self.held.append(seating.held)
        self._hold(game)
        self._wire(game)
        self.games[key] = game
        game.save()
        return game

    def resume_all(self) -> list[HostedGame]:
        """Every unfinished game saved by this host before it stopped, held again."""
        found: list[HostedGame] = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.json")):
            try:
                game = load_game(path)
            except Exception:  # noqa: BLE001 - a damaged file is skipped and named, never a crash
                self.problems.append(path.name)
                continue
            key = codes.code_key(game.code)
            if game.over() or key in self.games or not self._hold(game):
                continue  # over, already held here, or held by another host process
            self._wire(game)
            self.games[key] = game
            found.append(game)
        return found

    def _hold(self, game: HostedGame) -> bool:
        """Lock the game's file for this process (the one writer), for as long as the host runs."""
        from companion.locks import hold_file

        held = hold_file(self.folder, game.path().name)
        if held is None:
            return False
        self.held.append(held)
        return True

    def release(self) -> None:
        for held in self.held:
            held.release()
        self.held = []

    def _wire(self, game: HostedGame) -> None:
        def send(seat: int, msg: dict[str, Any]) -> None:
            ws = self.conns.get((game.id, seat))
            if ws is not None and not ws.closed:
                self.deliver(ws, game, seat, msg)

        game.send = send

    def deliver(self, ws: web.WebSocketResponse, game: HostedGame, seat: int, msg: dict[str, Any]) -> None:
        """Send one message to a seat's connection (every message to a seat goes through here)."""
        kind = msg.get("type", "say")
        text = encode(kind, **{k: v for k, v in msg.items() if k != "type"})
        if self.tap is not None:
            self.tap(game.id, seat, text)
        asyncio.ensure_future(_send_text(ws, text))

    # ---- the web app ----
    def app(self) -> web.Application:
        app = web.Application(client_max_size=protocol.MAX_FRAME, middlewares=[self.guard.middleware, self.check])
        app.router.add_get("/", self.page)
        app.router.add_get("/play.js", self.script)
        app.router.add_get("/ws", self.socket)
        return app

    @web.middleware
    async def check(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Only requests for this host's own address, and a WebSocket only from its own page (or a program)."""
        host = request.headers.get("Host")
        if not origins.host_allowed(host, self.names):
            raise web.HTTPForbidden(text="This host answers only at its own address. Open the address the host "
                                         "said.\n")
        if request.path == "/ws" and not origins.origin_allowed(request.headers.get("Origin"), host, self.tls):
            raise web.HTTPForbidden(text="Only this host's own page may join its games. Open the address the "
                                         "host said.\n")
        return await handler(request)

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "index.html", headers=_PAGE_HEADERS)

    async def script(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "play.js", headers=_PAGE_HEADERS)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        # Frames up to 16 times the limit are read and refused with a reason; bigger ones are cut off by
        # aiohttp itself, which closes with code 1009 (message too big).
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_FRAME * 16, heartbeat=20.0)
        if len(self.conns) >= limits.MAX_CONNECTIONS:
            raise web.HTTPServiceUnavailable(text="This host is full.")
        await ws.prepare(request)
        address = request.remote or "?"
        seat: tuple[HostedGame, int] | None = None
        try:
            seat = await self._hello(ws, address)
            if seat is None:
                return ws
            await self._serve(ws, *seat)
        except ProtocolError as e:
            await _close(ws, f"Error: {e} The connection was closed; nothing was changed.")
        except Moved as e:
            await _close(ws, str(e))
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a fault of ours: logged to the file, a sentence to the player
            from companion.dispatch import log_exception

            log_exception(f"host connection from {address}")
            await _close(ws, "Error: the host could not handle that message. The connection was closed; "
                             "join again.")
        finally:
            if seat is not None:
                game, i = seat
                if self.conns.get((game.id, i)) is ws:
                    del self.conns[(game.id, i)]
                    if game.seats[i].digest and game.started and not game.over():
                        game.to_all(f"{game.seats[i].name} left; the game keeps their seat.", but=i)
        return ws

    async def _hello(self, ws: web.WebSocketResponse, address: str) -> tuple[HostedGame, int] | None:
        try:
            msg = await receive_frame(ws, limits.HELLO_WAIT)
        except asyncio.TimeoutError:
            await _close(ws, "Error: no hello came in time. Join again.")
            return None
        if msg is None:
            return None
        if msg["type"] != "hello":
            raise ProtocolError("the first message must be hello.")
        # A valid seat token is checked first and never refused for anyone's guesses; the right code from an
        # address that has not guessed wrong is never refused either (companion.net.limits).
        typed = codes.normal_code(msg["code"])
        game = self.games.get(codes.code_key(typed)) if typed else None
        right = game is not None and codes.same(codes.normal_code(game.code), typed)
        name = msg["name"].strip()
        token = msg.get("token")
        again: int | None = None  # a seat taken again by its name: its token never reached its device
        renewed = ""  # a returning seat's new token
        claimed: int | None = msg.get("seat")
        fits = (game is not None and right and token is not None and claimed is not None
                and game.token_fits(claimed, token))
        if not fits:
            if self.guesses.blocked(address) or (game is not None and self.guesses.blocked(address, game.id)):
                await _close(ws, TOO_MANY)
                return None
            if not right:
                self.guesses.wrong(address)
                await _close(ws, "Error: that join code is not right. Check the code with the host and join again.")
                return None
        assert game is not None
        if token is not None:
            if not fits:
                self.guesses.wrong(address, game.id)
                await _close(ws, "Error: that seat token is not right. Join again without it, with a new name.")
                return None
            assert claimed is not None
            seat, fresh = claimed, None
            game.write_later = True
            try:
                renewed = game.renew_token(seat)  # a token seen on the way is good once at most
            finally:
                game.write_later = False
            await self.persist(game)  # the new token is on disk before it is told
        elif (again := self._unclaimed_named(game, name)) is not None:
            seat, fresh = again, game.new_token(again)  # the first device never kept its token: this one may
            await self.persist(game)  # the new token is on disk before it is told; the old one fits no more
        else:
            if game.seat_named(name) is not None or (
                    game.options.table is not None and name.lower() not in [st.name.lower() for st in game.seats]):
                if game.options.table is not None and game.seat_named(name) is None:
                    names = ", ".join(st.name for st in game.seats)
                    await _close(ws, f'Error: "{name}" does not play at this table. Join with one of {names}.')
                    return None
                # no one can type a token: a program or a page keeps it, on the device that took the seat
                await _close(ws, f'Error: "{name}" is taken in this game. Join with another name; to come back '
                                 "to that seat, join from the device that took it.")
                return None
            try:
                game.write_later = True
                seat, fresh = game.take_seat(name)
            except GameFull:
                await _close(ws, "Error: every seat in this game is taken. Ask the host to start another.")
                return None
            finally:
                game.write_later = False
            await self.persist(game)  # the seat is on disk before its token is told
        if fresh is not None:
            self.unclaimed.add((game.id, seat))
        else:
            self.unclaimed.discard((game.id, seat))  # it came back with its token: kept
        # Started before the welcome: its number counts the opening news (the bot's first turn too), which
        # the seat hears first, so a program shows its first prompt after the news, not above it.
        game.write_later = True
        try:
            started = game.start_if_full()
        finally:
            game.write_later = False
        await self.persist(game)
        old = self.conns.get((game.id, seat))
        self.conns[(game.id, seat)] = ws
        if old is not None and not old.closed:
            asyncio.ensure_future(_close(old, "This seat was opened from another place, so this connection closed."))
        st = game.seats[seat]
        self.deliver(ws, game, seat, {
            "type": "welcome", "seat": seat, "name": st.name, "token": fresh or "", "renewed": renewed,
            "game": game.id,
            "prompt": game.seating.prompt(seat) if game.seating is not None else "waiting> ",
            "last_line": st.last_line, "n": st.n})
        seen = msg.get("seen")
        if token is None:
            seen = 0  # a new seat: whatever was said to it while it was being seated
        missed = game.missed(seat, seen) if seen is not None else []
        if token is not None and again is None and not started and game.started:
            return self._welcome_back(ws, game, seat, missed)
        for m in missed:
            self.deliver(ws, game, seat, m)
        if started:
            return game, seat
        if again is not None:  # the others heard this seat join already
            if game.started:
                game.push(seat, game.seating.catch_up(seat))  # type: ignore[union-attr]
            return game, seat
        if not game.started:
            wanted = game.free_seats()
            game.to_all(f"{st.name} joined. Waiting for {wanted} more {'player' if wanted == 1 else 'players'}.")
        else:  # a player joins a table (or a game) that is already on
            game.to_all(f"{st.name} joined.", but=seat)
            game.push(seat, game.seating.catch_up(seat))  # type: ignore[union-attr]
        return game, seat

    def _welcome_back(self, ws: web.WebSocketResponse, game: HostedGame, seat: int,
                      missed: list[dict[str, Any]]) -> tuple[HostedGame, int]:
        """A returning seat hears "Welcome back" first, then only what it missed; its hand again only when it
        missed nothing (it heard the hand before it left, and the news it missed says any new turn)."""
        st = game.seats[seat]
        seating: Any = game.seating
        head = f"Welcome back, {st.name}."
        was_away = seat in getattr(seating, "away_bots", {})
        if was_away:
            seating.take_back(seat)
            head += " You have your seat back from the bot."
        game.to_all(f"{st.name} is back.", but=seat)
        if not missed:
            game.push(seat, head + "\n" + seating.catch_up(seat))
            return game, seat
        game.push(seat, head)  # first; then what was missed, told again with new numbers so it comes after
        kept = game.seats[seat].outbox
        for m in [x for x in kept if missed[0]["n"] <= x.n <= missed[-1]["n"]]:
            game.push(seat, m.text, m.reply)
        if was_away:  # what the bot did for the seat, and its hand now
            game.push(seat, seating.catch_up(seat))
        return game, seat

    def _unclaimed_named(self, game: HostedGame, name: str) -> int | None:
        """The seat of this name if its token may never have reached its device (it has said nothing since its
        welcome) and no connection to it is open: joining by that name takes it, with a new token."""
        seat = game.seat_named(name)
        if seat is None or (game.id, seat) not in self.unclaimed:
            return None
        ws = self.conns.get((game.id, seat))
        return seat if ws is None or ws.closed else None

    async def _serve(self, ws: web.WebSocketResponse, game: HostedGame, seat: int) -> None:
        bucket = Bucket()
        while not ws.closed:
            msg = await receive_frame(ws)
            if msg is None:
                return
            if not bucket.take():
                raise ProtocolError("messages came too fast.")
            self.unclaimed.discard((game.id, seat))  # it heard its welcome, so it kept its token
            if game.seats[seat].old_digest:  # and its renewed one: the old token fits no more
                game.write_later = True
                try:
                    game.token_kept(seat)
                finally:
                    game.write_later = False
                await self.persist(game)
            if msg["type"] == "ping":
                await _send(ws, {"type": "pong"})
            elif msg["type"] == "hello":
                raise ProtocolError("hello was said twice.")
            else:
                await self.line(game, seat, msg["id"], msg["text"])

    # ---- one typed line ----
    async def line(self, game: HostedGame, seat: int, line_id: int, text: str) -> None:
        """Apply a seat's line once, save, then send each seat what it should hear."""
        if game.lock is None:
            game.lock = asyncio.Lock()
        async with game.lock:
            await self._line(game, seat, line_id, text)

    async def _line(self, game: HostedGame, seat: int, line_id: int, text: str) -> None:
        st = game.seats[seat]
        if line_id <= st.last_line:
            if line_id == st.last_line and st.reply is not None:
                self.send_again(game, seat, st.reply)
            elif line_id == st.last_line:
                game.push(seat, "That was done before the connection dropped.", reply=line_id)
            return
        if line_id > st.last_line + 1:
            raise ProtocolError("a line id was skipped.")
        started = time.perf_counter()
        from companion.net.chat import run_line

        try:
            game.inflight = (seat, line_id)
            game.write_later = True
            said = run_line(self, game, seat, text)
            # The line's id and its answer are saved even when nothing else changed (an error, hand): a host
            # restarted from this file says the answer again for that id, and takes the next id as next.
            st.kept_reply = Message(st.n + 1, said.get(seat) or "Done.", line_id)
            game.save()
        finally:
            game.inflight = None
            game.write_later = False
        problem = await self.persist(game)  # on disk before anyone hears it, without holding up other games
        if problem:
            said[seat] = (said.get(seat) or "Done.") + f"\n{problem}"
        st.last_line = line_id
        for other, words in said.items():
            if other == seat:
                continue
            if words:
                game.push(other, words)
        st.reply = game.push(seat, said.get(seat) or "Done.", reply=line_id)
        if self.measure:
            self.timings.append(time.perf_counter() - started)

    async def persist(self, game: HostedGame) -> str:
        """Write the game's file if it changed, on a worker thread; "" or a sentence saying why not."""
        unsaved, game.unsaved = game.unsaved, None
        if unsaved is None:
            return ""
        try:
            await asyncio.get_running_loop().run_in_executor(None, atomic_write, game.path(), unsaved)
        except OSError as e:
            return f"The game could not be saved: {e.strerror or e}."
        return ""

    async def close_all(self) -> None:
        """Save every game (with what each seat was told) and say goodbye to every connection: stopping."""
        for game in self.games.values():
            try:
                game.save()
            except OSError:
                pass  # each change was saved as it was made; only the newest news may be missing
        for ws in list(self.conns.values()):
            await _close(ws, "The host stopped. Your seat is kept.")  # the program joins again by itself

    def send_again(self, game: HostedGame, seat: int, msg: dict[str, Any]) -> None:
        ws = self.conns.get((game.id, seat))
        if ws is not None:
            self.deliver(ws, game, seat, msg)

    def connected(self, game: HostedGame, seat: int) -> bool:
        ws = self.conns.get((game.id, seat))
        return ws is not None and not ws.closed


TOO_MANY = "Error: too many wrong join codes. Wait a minute, then try again."

_PAGE_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


async def _send(ws: web.WebSocketResponse, msg: dict[str, Any]) -> None:
    kind = msg.get("type", "say")
    fields = {k: v for k, v in msg.items() if k != "type"}
    try:
        await ws.send_str(encode(kind, **fields))
    except (ConnectionError, RuntimeError):
        pass


async def _send_text(ws: web.WebSocketResponse, text: str) -> None:
    try:
        await ws.send_str(text)
    except (ConnectionError, RuntimeError):
        pass


async def _close(ws: web.WebSocketResponse, reason: str) -> None:
    try:
        await ws.send_str(encode("bye", reason=reason))
        await ws.close(message=b"closed")
    except (ConnectionError, RuntimeError):
        pass


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """A server TLS context from a certificate file the host names (and its key), or None."""
    if not cert:
        return None
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key or None)
    return ctx


async def serve(host: Host, address: str, port: int, tls: ssl.SSLContext | None = None) -> web.AppRunner:
    """Start listening; returns the runner (``await runner.cleanup()`` stops it)."""
    from companion.cards import catalogue
    from companion.commands import registry

    registry.load_all()  # every command's module now, so no player's first command waits for an import
    catalogue()
    runner = web.AppRunner(host.app(), access_log=None, handle_signals=False)
    await runner.setup()
    site = GuardedSite(runner, address, port, host.guard, ssl_context=tls, reuse_address=True)
    await site.start()
    return runner


def bound_port(runner: web.AppRunner) -> int:
    for site in runner.sites:
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            return int(server.sockets[0].getsockname()[1])
    return 0
