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
from typing import Any, Callable

from aiohttp import web

from companion.net import codes, limits
from companion.net.hosted import HostedGame, Options, game_from_text
from companion.net.server import Host
from companion.net.transport import Moved, close
from companion.paths import atomic_write
from companion.server.store import LEASE_MS, Store, StoreDown

GAME_ID = re.compile(r"^[0-9a-f]{6,40}$")
MOVED = "This game moved to another server process. Joining again."
MOVING = "This game is moving between server processes. Joining again."
HOLD_WAIT = 9.0  # seconds a connection waits for a game's lease (a dead owner's runs out in LEASE_MS)


class ServerHost(Host):
    """Every game this process holds, claimed from the store on a player's first connection."""

    def __init__(self, store: Store, spool: Path, names: tuple[str, ...] = (), tls: bool = False,
                 trusted: list[Any] | None = None) -> None:
        super().__init__(spool, names, tls)  # the folder only keeps saves the store could not take (it was away)
        self.trusted: list[Any] = trusted or []  # proxies whose X-Forwarded-For is believed (companion.server.proxy)
        # A trusted proxy carries many people's connections: its own address is not capped (the proxy caps
        # each person's, as deploy/nginx/companion.conf does); every other address is, as at a host.
        self.guard.connections = ProxiedConnections(self.trusted, also_open=lambda: len(self.held))
        self.store = store
        self.by_id: dict[str, HostedGame] = {}
        self.fences: dict[str, int] = {}
        self.meta: dict[str, dict[str, Any]] = {}  # each held game's name and privacy, from its lobby line
        self.dirty: dict[str, str] = {}  # records saved while the store was away, to give it when it is back
        self.claiming: dict[str, asyncio.Lock] = {}
        self.lobby: Any = None  # companion.server.lobby.Lobby

    # ---- making and holding games ----
    async def create(self, options: Options, name: str, private: bool) -> HostedGame:
        """A new game in the store, held by nobody yet: its first player's connection claims it.
        StoreDown if the store is away (no new game is made then)."""
        game = HostedGame(secrets.token_hex(6), codes.new_code(), options, self.folder)
        text = game.record()
        meta = {"name": name, "private": private}
        if not await self.store.write(game.id, 0, text, summary(game, meta)):
            raise StoreDown("the new game's id was taken")
        return game

    async def hold(self, game_id: str) -> str:
        """Make sure this process holds the game: "" when it does, else a sentence (starting "Error:" when
        the game does not exist; otherwise it is moving, and joining again will find it)."""
        if game_id in self.by_id:
            return ""
        lock = self.claiming.setdefault(game_id, asyncio.Lock())
        async with lock:
            if game_id in self.by_id:
                return ""
            asked = False
            give_up = time.monotonic() + HOLD_WAIT
            while True:
                try:
                    token = await self.store.claim(game_id)
                    if token is not None:
                        return await self._load(game_id, token)
                    if not asked:
                        asked = True
                        await self.store.ask_release(game_id)  # the proxy sends its players here now
                except StoreDown:
                    return MOVING
                if time.monotonic() > give_up:
                    return MOVING
                await asyncio.sleep(0.25)

    async def _load(self, game_id: str, token: int) -> str:
        text = await self.store.read(game_id)
        lines = await self.store.summaries()
        game = None
        if text is not None:
            try:
                game = game_from_text(text, self.folder)
            except Exception:  # noqa: BLE001 - a damaged record is refused, never a crash
                game = None
        if game is None or game.id != game_id:
            await self.store.release(game_id, token)
            return "Error: there is no such game on this server. Type games in the lobby to hear them."
        line = lines.get(game_id) or {}
        self.meta[game_id] = {"name": str(line.get("name") or game_id), "private": bool(line.get("private"))}
        game.extra_words = lambda seat, text, g=game: self._words(g, seat, text)
        self._wire(game)
        self.games[codes.code_key(game.code)] = game
        self.by_id[game_id] = game
        self.fences[game_id] = token
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
        del self.by_id[game.id]
        self.games.pop(codes.code_key(game.code), None)
        token = self.fences.pop(game.id, 0)
        self.dirty.pop(game.id, None)
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
        game = self.by_id.get(game_id)
        if game is not None and not (game.lock is not None and game.lock.locked()):
            await self.let_go(game)

    # ---- saving ----
    async def persist(self, game: HostedGame) -> str:
        """Save to the store with this process's fencing token. Fenced out: Moved (nothing is said; the
        player joins again where the game is). The store away: kept in the spool folder and given to the
        store when it is back, so nothing said is lost."""
        unsaved, game.unsaved = game.unsaved, None
        if unsaved is None:
            return ""
        if game.id not in self.by_id:
            raise Moved(MOVED)
        token = self.fences[game.id]
        try:
            ok = await self.store.write(game.id, token, unsaved, summary(game, self.meta.get(game.id, {})))
        except StoreDown:
            try:
                await asyncio.get_running_loop().run_in_executor(None, atomic_write, game.path(), unsaved)
            except OSError as e:
                return f"The game could not be saved: {e.strerror or e}."
            self.dirty[game.id] = unsaved
            return ""
        if not ok:
            asyncio.ensure_future(self.let_go(game))
            raise Moved(MOVED)
        self.dirty.pop(game.id, None)
        return ""

    async def keep_leases(self) -> None:
        """Renew every lease, a third of the way through it; give back what the store kept while away; let go
        of games another process has taken."""
        while True:
            await asyncio.sleep(LEASE_MS / 3000)
            await self.renew_all()

    async def renew_all(self) -> None:
        for game_id, game in list(self.by_id.items()):
            token = self.fences.get(game_id)
            if token is None:
                continue
            try:
                if not await self.store.renew(game_id, token):
                    await self.let_go(game)
                    continue
                text = self.dirty.get(game_id)
                if text is not None:
                    if await self.store.write(game_id, token, text, summary(game, self.meta.get(game_id, {}))):
                        if self.dirty.get(game_id) is text:
                            del self.dirty[game_id]
                    else:
                        await self.let_go(game)
            except StoreDown:
                continue  # the game goes on here; its saves wait in the spool folder
        for game_id, game in list(self.by_id.items()):  # a finished game nobody is connected to is let go
            if game.over() and not any(gid == game_id for gid, _ in self.conns) and game_id not in self.dirty:
                await self.let_go(game)

    # ---- routes ----
    def app(self) -> web.Application:
        from companion.server.proxy import middleware

        app = super().app()
        app.router.add_get("/g/{id}/ws", self.game_socket)
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
    async def check(self, request: web.Request, handler: Any) -> web.StreamResponse:
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
        return await handler(request)

    async def game_socket(self, request: web.Request) -> web.StreamResponse:
        game_id = request.match_info["id"]
        said = "Error: that is not a game's address. Type games in the lobby to hear them."
        if GAME_ID.match(game_id):
            said = await self.hold(game_id)
        if said:
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            await close(ws, said)
            return ws
        return await self.socket(request)


class ProxiedConnections(limits.Connections):
    """The host's connection counter, with a trusted proxy's own address counted in the total only."""

    def __init__(self, trusted: list[Any], also_open: Callable[[], int]) -> None:
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


def summary(game: HostedGame, meta: dict[str, Any]) -> dict[str, Any] | None:
    """The game's line in the lobby's list (None once it is over: it leaves the list)."""
    if game.over():
        return None
    o = game.options
    return {"name": meta.get("name", game.id), "private": bool(meta.get("private")), "code": game.code,
            "players": o.players, "bots": list(o.bots), "kingdom": o.kingdom,
            "seats": [st.name for st in game.seats if st.digest], "free": game.free_seats(),
            "started": game.started}
