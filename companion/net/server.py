"""The host's server: the games it holds, and one WebSocket per connected seat.

Everything that changes a game happens on the server's one event loop, so lines from different seats
are applied one at a time. Each connection first says ``hello`` with the join code (and, to come back,
its seat and token); after that it may only send lines for its own seat. A message that breaks the
protocol, a flood, or a wrong code closes that connection with the reason and changes nothing.

The parts: ``transport`` (the web side, no game), ``claiming`` (which seat a hello takes, or why not),
``room`` (a game changed one step at a time); here they are put together, and every change is saved
(``persist``) before any word of it is sent.
"""

from __future__ import annotations

import asyncio
import secrets
import ssl
import time
from pathlib import Path
from typing import Callable

from aiohttp import web

from companion.locks import Held
from companion.narrow import to_int
from companion.net.tasks import keep
from companion.net import claiming, codes, limits, room
from companion.net.analysing import Analyst
from companion.net.claiming import Claim, Refusal
from companion.net.guard import Guard, GuardedSite
from companion.net.hosted import HostedGame, Options, Wiring, load_game
from companion.net.protocol import ClientMessage, ProtocolError
from companion.net.transport import (BURST, PAGE, PAGE_HEADERS, RATE, Bucket, Moved, Transport, bound_port, close,
                                     frame, receive_frame, send_text, tls_context)
from companion.paths import atomic_write

__all__ = ["BURST", "PAGE", "PAGE_HEADERS", "RATE", "Bucket", "Host", "Moved", "bound_port", "close",
           "receive_frame", "send_text", "serve", "tls_context"]

Seat = tuple[HostedGame, int]


STOPPED = "The host stopped. Your seat is kept. Trying again until it is back."

class Host(Transport[Seat]):
    """Every game this host holds, and the connections to its seats."""

    def __init__(self, folder: Path, names: tuple[str, ...] = (), tls: bool = False) -> None:
        self.held: list[Held] = []  # the locks on the games' files
        super().__init__(names, tls, Guard(limits.Connections(also_open=lambda: len(self.held))))
        self.folder = folder
        self.games: dict[str, HostedGame] = {}  # by codes.code_key(code)
        self.guesses = limits.Guesses()
        self.conns: dict[tuple[str, int], web.WebSocketResponse] = {}
        # Seats whose token was sent but whose device has not yet spoken since: the page or program may have
        # gone (a reload, a drop) before it kept the token, so the seat may be taken again by its name.
        self.unclaimed: set[tuple[str, int]] = set()
        self.problems: list[str] = []
        self.timings: list[float] = []  # seconds per applied line, kept when measuring
        self.measure = False
        self.on_answer: Callable[[float], None] | None = None  # told each answered line's seconds (the metrics)
        self.stopped = STOPPED  # said to every seat when it stops (a server's lobby says "server")
        self.tap: Callable[[str, int, str], None] | None = None  # tests: called with (game id, seat, frame text) for every frame sent to a seat
        # Messages to a game's seats held back while a change of it is being saved, by game id, and how many
        # changes (hellos arriving together) are being saved.
        self.unsent: dict[str, list[tuple[web.WebSocketResponse, int, dict[str, object]]]] = {}
        self.saving: dict[str, int] = {}
        self.analyst = Analyst()  # the coach's analyses of finished games, each in a process of its own

    # ---- games ----
    def add_game(self, options: Options, code: str | None = None) -> HostedGame:
        code = codes.said_code(code) if code else codes.new_code()
        key = codes.code_key(code)
        if key in self.games:
            raise ValueError("that code is in use")
        game = HostedGame(secrets.token_hex(6), code, options, self.folder, self.wiring())
        self._hold(game)
        self.games[key] = game
        game.write()
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
            raise ValueError(f"Error, the code '{code}' is in use by a game this host holds. Type another --code.")
        options = Options(len(seating.names), [], kingdom, seed or 0, None, seating.saved.name)
        game = HostedGame(secrets.token_hex(6), code, options, self.folder, self.wiring())
        for st, name in zip(game.seats, seating.names):
            st.name = name
        game.seating = seating
        self.held.append(seating.held)
        self._hold(game)
        self.games[key] = game
        game.write()
        return game

    def resume_all(self) -> list[HostedGame]:
        """Every unfinished game saved by this host before it stopped, held again."""
        found: list[HostedGame] = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.json")):
            try:
                game = load_game(path, self.wiring())
            except Exception:  # noqa: BLE001 - a damaged file is skipped and named, never a crash
                self.problems.append(path.name)
                continue
            key = codes.code_key(game.code)
            if game.over() or key in self.games or not self._hold(game):
                continue  # over, already held here, or held by another host process
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

    def wiring(self) -> Wiring:
        """How this host holds a game: its saves are written by ``persist``, its messages sent to seats here."""
        return Wiring(self.send_to_seat, held=True)

    def send_to_seat(self, game: HostedGame, seat: int, msg: dict[str, object]) -> None:
        """A numbered message of a game held here, to its seat's connection if it has one: now, or once the
        change being saved is written (``unsent``)."""
        ws = self.conns.get((game.id, seat))
        if ws is None or ws.closed:
            return
        held = self.unsent.get(game.id)
        if held is not None:
            held.append((ws, seat, msg))
        else:
            self.deliver(ws, game, seat, msg)

    def deliver(self, ws: web.WebSocketResponse, game: HostedGame, seat: int, msg: dict[str, object]) -> None:
        """Send one message to a seat's connection (every message to a seat goes through here)."""
        text = frame(msg)
        if self.tap is not None:
            self.tap(game.id, seat, text)
        keep(send_text(ws, text), "send to a seat")

    def send_again(self, game: HostedGame, seat: int, msg: dict[str, object]) -> None:
        ws = self.conns.get((game.id, seat))
        if ws is not None:
            self.deliver(ws, game, seat, msg)

    def connected(self, game: HostedGame, seat: int) -> bool:
        ws = self.conns.get((game.id, seat))
        return ws is not None and not ws.closed

    def open_sockets(self) -> int:
        return len(self.conns)

    # ---- a connection's hello: which seat, saved, then welcomed ----
    async def greet(self, ws: web.WebSocketResponse, address: str) -> Seat | None:
        try:
            hello = await receive_frame(ws, limits.HELLO_WAIT)
        except asyncio.TimeoutError:
            await close(ws, "Error, no hello came in time. Join again.")
            return None
        if hello is None:
            return None
        if hello["type"] != "hello":
            raise ProtocolError("the first message must be hello.")
        refused = await self.admit(hello, address)
        if refused:
            await close(ws, refused)
            return None
        typed = codes.normal_code(hello["code"])
        game = self.games.get(codes.code_key(typed)) if typed else None
        if game is None:
            return await self._greet(ws, hello, address)
        async with self.lock_of(game):  # a hello changes the game (a seat, a token): one change at a time
            return await self._greet(ws, hello, address)

    def lock_of(self, game: HostedGame) -> asyncio.Lock:
        """The game's lock: every change of it (a line, a hello, a token kept) is made and saved under it,
        so its saves are made, and reach the store, in the order of the changes."""
        return game.lock

    async def _greet(self, ws: web.WebSocketResponse, hello: ClientMessage, address: str) -> Seat | None:
        name = hello["name"].strip()
        game, decided = self.claim(hello, address)
        if isinstance(decided, Refusal):
            await close(ws, decided.reason)
            return None
        assert game is not None
        seated = room.take(game, decided, name)
        await self.persist(game)  # the seat and its token are on disk before the token is told
        seat = seated.seat
        if seated.fresh is not None:
            self.unclaimed.add((game.id, seat))
        else:
            self.unclaimed.discard((game.id, seat))  # it came back with its token: kept
        # Started before the welcome: its number counts the opening news (the bot's first turn too), which
        # the seat hears first, so a program shows its first prompt after the news, not above it. The seats
        # already here hear the game start only once it is on disk.
        self._hold_messages(game)
        try:
            if decided.how not in ("token", "again") and not game.started and not game.free_seats() \
                    and game.options.table is None:  # the last seat: the others hear who, then the start
                game.to_all(f"{game.seats[seat].name} joined.", but=seat)
            started = game.start_if_full()
            await self.persist(game)
        finally:
            self._send_held(game)
        old = self.conns.get((game.id, seat))
        self.conns[(game.id, seat)] = ws
        if old is not None and not old.closed:
            keep(close(old, "This seat was opened from another place, so this connection closed."), "close")
        st = game.seats[seat]
        self.deliver(ws, game, seat, {
            "type": "welcome", "seat": seat, "name": st.name, "token": seated.fresh or "",
            "renewed": seated.renewed, "game": game.id,
            "prompt": game.seating.prompt(seat) if game.seating is not None else "waiting. ",
            "last_line": st.last_line, "n": st.n})
        seen = 0 if decided.how != "token" else hello.get("seen")  # a new seat: whatever it was told so far
        missed = game.missed(seat, seen) if seen is not None else []
        if decided.how == "token" and not started and game.started:
            was_away = room.take_back(game, seat)
            await self.persist(game)  # its seat back from the bot is on disk before it is told
            room.welcome_back(game, seat, was_away, [to_int(m["n"]) for m in missed])
            return game, seat
        for m in missed:
            self.deliver(ws, game, seat, m)
        if not started:
            room.joined(game, seat, decided.how)
        return game, seat

    async def admit(self, hello: ClientMessage, address: str) -> str:
        """A sentence refusing this hello before any seat is looked at ("" to go on): a server's bans and names."""
        return ""

    def _hold_messages(self, game: HostedGame) -> None:
        """Hold back every message to the game's seats until ``_send_held`` (its change is being saved)."""
        self.saving[game.id] = self.saving.get(game.id, 0) + 1
        self.unsent.setdefault(game.id, [])

    def _send_held(self, game: HostedGame) -> None:
        """The change is saved: once no other change of the game is being saved, send what was held, in order."""
        left = self.saving.pop(game.id, 1) - 1
        if left > 0:
            self.saving[game.id] = left
            return
        for ws, seat, msg in self.unsent.pop(game.id, []):
            if not ws.closed:
                self.deliver(ws, game, seat, msg)

    def claim(self, hello: ClientMessage, address: str) -> tuple[HostedGame | None, Claim | Refusal]:
        """The game a hello names and the seat it takes there (``companion.net.claiming``), or why not; a
        wrong code or token is counted against its address."""
        typed = codes.normal_code(hello["code"])
        game = self.games.get(codes.code_key(typed)) if typed else None
        blocked = self.guesses.blocked(address) or (game is not None and self.guesses.blocked(address, game.id))
        unclaimed = [] if game is None else [
            i for i in range(len(game.seats)) if (game.id, i) in self.unclaimed and not self.connected(game, i)]
        decided = claiming.claim(
            game.seats if game is not None else [], table=game is not None and game.options.table is not None,
            code_right=game is not None and claiming.code_fits(game.code, typed), blocked=blocked,
            name=hello["name"].strip(), token=hello.get("token"), seat=hello.get("seat"), unclaimed=unclaimed)
        if isinstance(decided, Refusal) and decided.wrong == "code":
            self.guesses.wrong(address)
        elif isinstance(decided, Refusal) and decided.wrong == "token" and game is not None:
            self.guesses.wrong(address, game.id)
        return game, decided

    # ---- a seated connection ----
    async def attend(self, ws: web.WebSocketResponse, seated: Seat) -> None:
        game, seat = seated
        bucket = Bucket()
        while not ws.closed:
            msg = await receive_frame(ws)
            if msg is None:
                return
            if not bucket.take():
                raise ProtocolError("messages came too fast.")
            self.unclaimed.discard((game.id, seat))  # it heard its welcome, so it kept its token
            if game.seats[seat].old_digest:  # and its renewed one: the old token fits no more
                async with self.lock_of(game):
                    if game.token_kept(seat):
                        await self.persist(game)
            if msg["type"] == "ping":
                await send_text(ws, frame({"type": "pong"}))
            elif msg["type"] == "hello":
                raise ProtocolError("hello was said twice.")
            else:
                await self.line(game, seat, msg["id"], msg["text"])

    def gone(self, ws: web.WebSocketResponse, seated: Seat) -> None:
        game, seat = seated
        if self.conns.get((game.id, seat)) is ws:
            del self.conns[(game.id, seat)]
            room.left(game, seat)

    # ---- one typed line ----
    async def line(self, game: HostedGame, seat: int, line_id: int, text: str) -> None:
        """Apply a seat's line once, save, then send each seat what it should hear."""
        async with self.lock_of(game):
            await self._line(game, seat, line_id, text)

    async def _line(self, game: HostedGame, seat: int, line_id: int, text: str) -> None:
        st = game.seats[seat]
        if line_id <= st.last_line:
            if line_id == st.last_line and st.reply is not None:
                self.send_again(game, seat, st.reply)
            elif line_id == st.last_line:
                game.push(seat, "That was done before the connection dropped.", reply=line_id)
            return
        if line_id > st.last_line + 1:  # lines answered but never kept (a full spool, then a takeover): undone
            undone = line_id - 1 - st.last_line
            st.last_line = line_id - 1
            game.push(seat, f"Error, your last {undone:,} {'line was' if undone == 1 else 'lines were'} undone, as the "
                            "server could not keep them. The game goes on from before them.")
        started = time.perf_counter()
        said = room.apply_line(self, game, seat, line_id, text)
        problem = await self.persist(game)  # on disk before anyone hears it, without holding up other games
        room.tell_line(game, seat, line_id, said, problem)
        took = time.perf_counter() - started
        if self.measure:
            self.timings.append(took)
        if self.on_answer is not None:
            self.on_answer(took)

    async def tell_later(self, game: HostedGame, told: dict[int, str]) -> None:
        """Words for seats that come after their line was answered (an analysis, a game's rating): each
        numbered and kept like any other message, under the game's lock, if the game is still held here."""
        async with self.lock_of(game):
            if self.games.get(codes.code_key(game.code)) is not game:
                return  # gone from this process: asked again where it is, it is said there
            for seat, text in told.items():
                game.push(seat, text)
            game.save()
            try:
                await self.persist(game)
            except Moved:  # the game moved meanwhile: said, only not kept
                pass

    # ---- saving: the one step that writes a held game's save ----
    async def persist(self, game: HostedGame) -> str:
        """Write the game's pending save, if any, on a worker thread; "" or a sentence saying why not."""
        unsaved, game.unsaved = game.unsaved, None
        if unsaved is None:
            return ""
        try:
            await asyncio.get_running_loop().run_in_executor(None, atomic_write, game.path(), unsaved)
        except OSError as e:
            return f"The game could not be saved, {e.strerror or e}."
        return ""

    async def close_all(self) -> None:
        """Save every game (with what each seat was told) and say goodbye to every connection: stopping."""
        for game in list(self.games.values()):
            async with self.lock_of(game):
                game.save()
                try:
                    await self.persist(game)
                except (Moved, OSError):
                    pass  # each change was saved as it was made; only the newest news may be missing
        await self.analyst.close()
        for ws in list(self.conns.values()):
            await close(ws, self.stopped)  # the program joins again by itself


async def serve(host: Host, address: str, port: int, tls: ssl.SSLContext | None = None,
                backlog: int = limits.ACCEPT_BURST) -> web.AppRunner:
    """Start listening; returns the runner (``await runner.cleanup()`` stops it). ``backlog``: connections
    the listening socket holds before they are taken (a server behind a proxy takes many at once)."""
    from companion.cards import catalogue
    from companion.commands import registry

    registry.load_all()  # every command's module now, so no player's first command waits for an import
    catalogue()
    runner = web.AppRunner(host.app(), access_log=None, handle_signals=False)
    await runner.setup()
    site = GuardedSite(runner, address, port, host.guard, ssl_context=tls, reuse_address=True, backlog=backlog)
    await site.start()
    return runner
