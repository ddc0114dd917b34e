"""The server's games: the host's machinery (seats, tokens, privacy, exactly-once lines, bots standing in),
with each game's record kept in the store and changed only by the process that holds its lease.

A game is held by the process its players' connections reach (a proxy sends every connection of a game,
``/g/ID/ws``, to the same process): the first connection claims the game's lease and loads its record.
Every save goes to the store with the lease's fencing token; a save refused there means another process
owns the game now, so this one lets it go and its players join again, through the proxy, where it is.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from pathlib import Path
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Callable

from aiohttp import web

from companion.net import codes, limits
from companion.net.hosted import HostedGame, Options, Wiring, game_from_text
from companion.net.server import Host
from companion.net.transport import close
from companion.server import events, tables
from companion.server.saving import MOVED, Meta, Saver, made_meta, read_meta, summary
from companion.server.spool import Spool
from companion.server.store import LEASE_MS, Store, StoreDown

if TYPE_CHECKING:
    from companion.server.proxy import Network
    from companion.net.protocol import ClientMessage
    from companion.server.lobby import Lobby

GAME_ID = re.compile(r"^[0-9a-f]{6,40}$")
MOVING = "This game is moving between server processes. Joining again."
NO_GAME = "Error, there is no such game on this server. Type games in the lobby to hear them."
HOLD_WAIT = 9.0  # seconds a connection waits for a game's lease (a dead owner's runs out in LEASE_MS)
CONNECTIONS = 20_000  # seats' connections a server process may hold (its file limit permitting)
BACKLOG = 1024  # connections its listening socket holds before they are taken: a takeover's burst
SWEEP_EVERY = 1.0  # seconds between looks for games whose owner died
SWEEP_WAIT = 0.25  # seconds between sweeps while a player here waits for a game


class ServerHost(Host):
    """Every game this process holds, claimed from the store on a player's first connection."""

    def __init__(self, store: Store, spool: Path, names: tuple[str, ...] = (), tls: bool = False,
                 trusted: list[Network] | None = None) -> None:
        super().__init__(spool, names, tls)  # the folder only keeps saves the store could not take (it was away)
        self.trusted: list[Network] = trusted or []  # proxies whose X-Forwarded-For is believed (companion.server.proxy)
        # A trusted proxy carries many people's connections: its own address is not capped (the proxy caps
        # each person's, as deploy/nginx/companion.conf does); every other address is, as at a host.
        self.guard.connections = ProxiedConnections(self.trusted, also_open=lambda: len(self.held))
        # A server takes over another process's games at once: room for every seat of both, and a backlog
        # for a burst of hundreds of connections, within the process's file limit less that backlog and the
        # store's own connections. Under a small limit (1,024, a login shell's) the backlog is a quarter of it.
        self.backlog, self.guard.connections.cap = sized(store)
        self.max_sockets = CONNECTIONS
        self.store = store
        self.by_id: dict[str, HostedGame] = {}
        self.fences: dict[str, int] = {}
        self.meta: dict[str, Meta] = {}  # each held game's name and privacy, from its lobby line
        self.spool = Spool(spool)
        self.saver = Saver(store, self.spool, self.folder, self.by_id, self.fences, self.meta, self.lock_of,
                           self.let_go)
        # A lock for each game a connection is claiming now, with how many wait on it: gone when none does.
        self.claiming: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        # Games whose lease this process took in a sweep but whose record is read only when a player comes.
        self.claimed: dict[str, int] = {}
        self.wanted: set[str] = set()  # games a player here waits for, claimed by the next sweep
        self.kick = asyncio.Event()  # sweep now
        self._swept: asyncio.Future[None] | None = None  # done after the next sweep
        self.lobby: Lobby | None = None  # set by the lobby made on this host
        from companion.server.watch import Watch

        self.watch = Watch(self, lease_period=LEASE_MS / 3000)  # /health, /metrics, the watchdog
        self.on_answer = self.watch.answered

    async def persist(self, game: HostedGame) -> str:
        """The game's change saved to the store (companion.server.saving.Saver.persist)."""
        return await self.saver.persist(game)

    # ---- making and holding games ----
    async def create(self, options: Options, name: str, private: bool, game_id: str = "",
                     by: str = "") -> HostedGame | None:
        """A new game in the store, held by nobody yet: its first player's connection claims it. None when
        a game of that id was made already. StoreDown if the store is away (no new game is made then).
        ``by``: its maker, as companion.server.quota.maker says them (their limit of games counts it)."""
        game = HostedGame(game_id or secrets.token_hex(6), codes.new_code(), options, self.folder)
        text = game.record()
        meta = made_meta(name, private, by)
        if not await self.store.write(game.id, 0, text, summary(game, meta)):
            return None
        return game

    async def create_table(self, players: list[str], kingdom: str, seed: int | None, name: str, private: bool,
                           game_id: str = "", by: str = "") -> HostedGame | None:
        """A new table of real cards in the store, as ``create`` makes a game: None when a game of that id was
        made already; ValueError (the table assistant's sentence) if the table cannot be made; StoreDown."""
        from companion.server import tables

        game_id = game_id or secrets.token_hex(6)
        if await self.store.summary(game_id) is not None:
            return None
        game = tables.new_table_game(game_id, codes.new_code(), players, kingdom, seed, self.folder, name)
        try:
            text = game.record()
            meta = made_meta(name, private, by)
            if not await self.store.write(game.id, 0, tables.with_table(text, game), summary(game, meta)):
                return None
            return game
        finally:
            tables.let_go(game)  # held by the process its first player's connection reaches

    async def hold(self, game_id: str) -> str:
        """Make sure this process holds the game: "" when it does, else a sentence (starting "Error," when
        the game does not exist; otherwise it is moving, and joining again will find it)."""
        if game_id in self.by_id:
            return ""
        lock, waiting = self.claiming.setdefault(game_id, (asyncio.Lock(), [0]))
        waiting[0] += 1
        try:
            async with lock:
                return await self._claim_and_load(game_id)
        finally:
            waiting[0] -= 1
            if not waiting[0]:
                del self.claiming[game_id]

    async def _claim_and_load(self, game_id: str) -> str:
        if game_id in self.by_id:
            return ""
        try:
            token = self.claimed.pop(game_id, None)  # claimed already by a sweep: only the record to read
            if token is None:
                token = await self.store.claim(game_id)
            if token == 0:
                return NO_GAME
            if token is None:
                token = await self._wait_for(game_id)
            if token is None:
                return MOVING
            return await self._load(game_id, token)
        except StoreDown:
            return MOVING

    async def hold_if_free(self, game_id: str) -> str | None:
        """Hold and read the game if nobody holds it (never waiting, as ``hold`` does): "" when held here,
        NO_GAME when no store has it, None while another process holds it."""
        if game_id in self.by_id or game_id in self.claiming:
            return ""
        token = self.claimed.pop(game_id, None)
        if token is None:
            token = await self.store.claim(game_id)
        if token is None:
            return None
        return NO_GAME if token == 0 else await self._load(game_id, token)

    async def _wait_for(self, game_id: str) -> int | None:
        """Another process holds the game (the proxy now sends its players here, or its owner died and its
        lease has not run out yet): ask it to let go, and wait for this process's sweeps to claim it."""
        give_up = time.monotonic() + HOLD_WAIT
        asked = 0.0
        self.wanted.add(game_id)
        try:
            while time.monotonic() < give_up:
                if time.monotonic() - asked > 1.0:  # asked again: the owner may have been applying a line
                    asked = time.monotonic()
                    await self.store.ask_release(game_id)
                    self.kick.set()
                swept = self.next_sweep()
                try:
                    await asyncio.wait_for(asyncio.shield(swept), max(0.05, give_up - time.monotonic()))
                except asyncio.TimeoutError:
                    pass
                token = self.claimed.pop(game_id, None)
                if token is not None:
                    return token
            return None
        finally:
            self.wanted.discard(game_id)

    async def sweeping(self) -> None:
        """Claim, in one call to the store each time, the games a player here waits for and every game whose
        owner died (its lease ran out): a second after a lease runs out, with nobody having to reconnect
        first; at once when a player waits, then every SWEEP_WAIT while any does."""
        while True:
            try:
                await asyncio.wait_for(self.kick.wait(), SWEEP_EVERY)
            except asyncio.TimeoutError:
                pass
            self.kick.clear()
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - a fault of ours is logged; sweeping goes on
                from companion.dispatch import log_exception

                log_exception("server sweep")
            if self.wanted:
                await asyncio.sleep(SWEEP_WAIT)
                self.kick.set()

    def next_sweep(self) -> asyncio.Future[None]:
        if self._swept is None:
            self._swept = asyncio.get_running_loop().create_future()
        return self._swept

    async def sweep(self) -> None:
        swept, self._swept = self._swept, None
        try:
            await self._sweep()
        finally:  # the players waiting look again, whatever happened
            if swept is not None and not swept.done():
                swept.set_result(None)

    async def _sweep(self) -> None:
        try:
            got = await self.store.sweep(sorted(self.wanted))
        except StoreDown:
            events.emit("store_error", during="sweep")
            got = {}
        waiting = await asyncio.get_running_loop().run_in_executor(None, self.spool.waiting) if got else set()
        if got:
            from companion.server.events import emit

            emit("takeover", games=len(got), asked=len([g for g in got if g in self.wanted]))
        for game_id, token in got.items():
            if game_id in self.by_id:  # the store never sweeps a process's own game; were it to, the next
                if token == self.fences.get(game_id, 0) + 1:  # number is taken, nobody wrote between
                    self.fences[game_id] = token
                continue
            self.claimed[game_id] = token
            events.emit("takeover", game=game_id)
            if game_id in waiting:  # saves its dead owner made on this machine while the store was away
                try:
                    await self.saver.hand_over_found(game_id, token)
                except StoreDown:
                    pass  # given over when the game is read
        if self.saver.standing is not None:  # games whose end was saved but never recorded (their process died)
            try:
                await self.saver.standing.sweep_ended()
            except StoreDown:
                events.emit("store_error", during="sweep of ended games")

    async def _load(self, game_id: str, token: int) -> str:
        await self.saver.hand_over_found(game_id, token)
        saved = await self.store.load(game_id)
        text = saved.text if saved is not None else None
        line = await self.store.summary(game_id)
        game = None
        if text is not None:
            try:
                await asyncio.get_running_loop().run_in_executor(None, tables.put_back, text, game_id)
                # held here: each change written once, by persist (a journal entry, or now and then whole)
                wiring = Wiring(self.send_to_seat, held=True, lazy=True, words=self._words,
                                version=saved.version if saved is not None else 0)
                game = game_from_text(text, self.folder, wiring)
            except Exception:  # noqa: BLE001 - a damaged record is refused, never a crash
                game = None
        if game is None or game.id != game_id:
            if game is not None:
                tables.let_go(game)
            await self.store.release(game_id, token)
            return NO_GAME
        self.meta[game_id] = read_meta(line or {}, game_id)
        tables.name_it(game, self.meta[game_id]["name"])  # said by the game's name, not the file's
        self.saver.loaded(game_id, line)
        self.games[codes.code_key(game.code)] = game
        self.by_id[game_id] = game
        self.fences[game_id] = token
        if game.over() and self.saver.standing is not None:  # recorded once, whoever holds it (its owner may have died)
            self.saver.standing.finished(game)
        return ""

    def _words(self, game: HostedGame, seat: int, text: str) -> dict[int, str] | None:
        """Called as each line is applied: the record is saved with the line's number even if the line
        changes nothing (a view, a refused move), so the process that takes the game over knows every line
        that was answered and a line sent again is answered, not refused as skipped; then the lobby's words
        typed in a game are answered here."""
        game.save()  # kept with the line's number (the save waits for the line's own, written before it is said)
        return self.lobby.in_game(game, seat, text) if self.lobby is not None else None

    async def let_go(self, game: HostedGame, reason: str = MOVED) -> None:
        """This process no longer holds the game: its players are told to join again (where it is now)."""
        if self.by_id.get(game.id) is not game:
            return
        async with self.lock_of(game):  # after the change being made, if any
            if self.by_id.get(game.id) is not game:
                return
            del self.by_id[game.id]
            self.games.pop(codes.code_key(game.code), None)
            token = self.fences.pop(game.id, 0)
            await self.saver.forget(game, token)
            tables.let_go(game)
        for (gid, seat), ws in list(self.conns.items()):
            if gid == game.id:
                del self.conns[(gid, seat)]
                await close(ws, reason)
        try:
            await self.store.release(game.id, token)
        except StoreDown:
            pass

    async def release_asked(self, game_id: str) -> None:
        """Another process was sent this game's players (the proxy's choice changed): hand it over, unless a
        line is being applied now (then the other process asks again)."""
        if game_id in self.wanted:  # a player here waits for it too: the proxy changes its mind; it stays
            return
        token = self.claimed.pop(game_id, None)
        if token is not None:  # claimed by a sweep, never loaded: nothing to save
            try:
                await self.store.release(game_id, token)
            except StoreDown:
                self.claimed[game_id] = token
            return
        game = self.by_id.get(game_id)
        if game is not None and not game.lock.locked():
            await self.let_go(game)

    async def admit(self, hello: ClientMessage, address: str) -> str:
        """The community's word on a game's hello: bans, names, a registered name's pass (companion.server.community)."""
        if self.lobby is None:
            return ""
        game = self.games.get(codes.code_key(codes.normal_code(hello["code"]) or ""))
        seat, token = hello.get("seat"), hello.get("token")
        fits = game is not None and isinstance(seat, int) and isinstance(token, str) and 0 <= seat < len(game.seats) \
            and game.token_fits(seat, token)
        said: str = await self.lobby.community.admit_game(game.id if game else "", hello, address, fits)
        return said

    async def keep_leases(self) -> None:
        """Renew every lease, a third of the way through it; give back what the store kept while away; let go
        of games another process has taken."""
        while True:
            await asyncio.sleep(LEASE_MS / 3000)
            await self.renew_all()
            self.watch.came_round()

    async def renew_all(self) -> None:
        held = {**self.claimed, **self.fences}
        try:
            lost = await self.store.renew_many(held) if held else set()
        except StoreDown:
            events.emit("store_error", during="renew")
            return  # the games go on here; their saves wait in the spool folder
        for game_id in lost:
            if self.claimed.get(game_id) == held[game_id]:
                del self.claimed[game_id]
            game = self.by_id.get(game_id)
            if game is not None and self.fences.get(game_id) == held[game_id]:
                await self.let_go(game)
        for game_id in self.saver.spooled():
            game = self.by_id.get(game_id)
            if game is None:
                continue
            try:
                if not await self.saver.give_back(game):
                    await self.let_go(game)  # claimed by another meanwhile: given over there, if still newest
            except StoreDown:
                return
        for game_id, game in list(self.by_id.items()):  # a finished game nobody is connected to is let go
            if game.over() and not any(gid == game_id for gid, _ in self.conns) and game_id not in self.saver.spooled():
                await self.let_go(game)

    async def close_all(self) -> None:
        """Stopping: each held game's whole record is written (its journal starts again from it)."""
        self.saver.whole_next()
        await super().close_all()

    # ---- routes ----
    async def give_up(self) -> None:
        """Stopping, once the games are closed: every lease this process holds let go, so other processes may
        take the games at once, and the store closed."""
        for game_id, token in [*self.fences.items(), *self.claimed.items()]:
            try:
                await self.store.release(game_id, token)
            except StoreDown:  # stopping anyway; the lease runs out by itself
                pass
        await self.store.close()

    def app(self) -> web.Application:
        from companion.server.proxy import middleware

        app = super().app()
        app.router.add_get("/g/{id}/ws", self.game_socket)
        self.watch.add_routes(app)
        if self.lobby is not None:
            app.router.add_get("/lobby/ws", self.lobby.socket)
        app.middlewares.append(middleware(self.trusted))
        return app

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The host's page, starting in the lobby: it asks for a name, not a code."""
        from companion.net.transport import PAGE, PAGE_HEADERS

        text = (PAGE / "index.html").read_text(encoding="utf-8")
        text = text.replace("<body>", '<body data-lobby="1">', 1).replace('id="prompt">Join code<',
                                                                         'id="prompt">Your name<', 1)
        return web.Response(text=text, content_type="text/html", headers=PAGE_HEADERS)

    @web.middleware
    async def check(self, request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """The host's checks (its own address; a WebSocket only from its own page or a program), on every
        socket of the server; behind a trusted proxy the page's scheme is the one the proxy says it served."""
        from companion.net import origins
        from companion.server.proxy import trusted_peer

        host = request.headers.get("Host")
        if not origins.host_allowed(host, self.names):
            raise web.HTTPForbidden(text="This server answers only at its own address. Type --server-name and the "
                                         "name people use to reach it.\n")
        tls = self.tls
        if trusted_peer(request.remote, self.trusted):
            tls = request.headers.get("X-Forwarded-Proto", "").strip().lower() == "https" or tls
        if request.path.endswith("/ws") and not origins.origin_allowed(request.headers.get("Origin"), host, tls):
            raise web.HTTPForbidden(text="Only this server's own page may join its games. Open the server's "
                                         "address.\n")
        response: web.StreamResponse = await handler(request)
        return response

    async def game_socket(self, request: web.Request) -> web.StreamResponse:
        game_id = request.match_info["id"]
        said = "Error, that is not a game's address. Type games in the lobby to hear them."
        if GAME_ID.match(game_id):
            said = await self.hold(game_id)
        if said:
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            await close(ws, said)
            return ws
        return await self.socket(request)


def sized(store: Store) -> tuple[int, int]:
    """The listening socket's backlog and the cap on open connections, from the process's file limit: a
    burst of ``backlog`` connections is taken before the first is counted, so that many files are kept."""
    soft = limits.file_limit()
    backlog = BACKLOG if soft is None else max(limits.ACCEPT_BURST, min(BACKLOG, soft // 4))
    return backlog, limits.connection_cap(CONNECTIONS, limits.FILE_RESERVE + backlog + store_files(store))


def store_files(store: Store) -> int:
    """Files the store keeps open at most: Redis's pool of connections and its listening connection."""
    try:
        from companion.server.redis_store import POOL, RedisStore
    except ImportError:  # no redis library: the file store
        return 0
    return POOL + 2 if isinstance(store, RedisStore) else 0


class ProxiedConnections(limits.Connections):
    """The host's connection counter, with a trusted proxy's own address counted in the total only."""

    def __init__(self, trusted: list[Network], also_open: Callable[[], int]) -> None:
        super().__init__(also_open=also_open)
        self.trusted = trusted

    def admit(self, address: str | None) -> bool:
        from companion.server.proxy import trusted_peer

        if not trusted_peer(address, self.trusted):
            return super().admit(address)
        if self.total + self.also_open() >= self.cap:
            return False
        self.total += 1
        return True

    def gone(self, address: str | None) -> None:
        from companion.server.proxy import trusted_peer

        if trusted_peer(address, self.trusted):
            self.total = max(0, self.total - 1)
        else:
            super().gone(address)
