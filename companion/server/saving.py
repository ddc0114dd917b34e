"""A server process's saves of the games it holds: each change under its game's lock, to the store with the
lease's fencing token and the change's version, as a journal entry or now and then the whole record; to the
spool folder while the store is away, and the whole record given to the store when it is back; and the
saves other processes on this machine left in their spool folders, given over before a game is read."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, TypedDict

from companion.net.hosted import HostedGame, game_from_text
from companion.net.transport import Moved
from companion.server import journal, tables
from companion.server.store import StoreDown

if TYPE_CHECKING:
    from companion.server.standing import Standing
    from companion.server.spool import Spool
    from companion.server.store import Store

MOVED = "This game moved to another server process. Joining again."


class Saver:
    """The saves of the games a server process holds (``companion.server.games.ServerHost`` has one): given
    the store, the spool folder, the host's games by id with their fencing tokens and lobby facts, and the
    host's lock of a game and its letting a game go. It keeps what each game's saves hold (``trackers``),
    the games kept in the spool while the store was away (``dirty``) and each game's line as last listed.
    ``standing``: the community's record of finished games, once a lobby is made on the host."""

    def __init__(self, store: Store, spool: Spool, folder: Path, by_id: dict[str, HostedGame],
                 fences: dict[str, int], meta: dict[str, Meta], lock_of: Callable[[HostedGame], asyncio.Lock],
                 let_go: Callable[[HostedGame], Coroutine[object, object, None]]) -> None:
        self.store = store
        self.spool = spool
        self.folder = folder
        self.by_id = by_id
        self.fences = fences
        self.meta = meta
        self.lock_of = lock_of
        self.let_go = let_go
        # Games whose changes went to the spool folder while the store was away: the store is given the whole
        # record when it is back. Each held game's journal (what the store, or the spool, holds of it), and
        # its line in the lobby's list as last written (written again only when it changes).
        self.dirty: set[str] = set()
        self.trackers: dict[str, journal.Tracker] = {}
        self.listed: dict[str, dict[str, object] | None] = {}
        self.standing: Standing | None = None

    def spooled(self) -> list[str]:
        """The games kept in the spool folder while the store was away."""
        return list(self.dirty)

    def loaded(self, game_id: str, line: dict[str, object] | None) -> None:
        """A game just read from the store: its first save is whole (it may have moved on load), and its
        line in the list is as the store has it."""
        self.trackers[game_id] = journal.Tracker()
        self.listed[game_id] = line

    def whole_next(self) -> None:
        """Stopping: each held game's next save is its whole record (its journal starts again from it)."""
        for tracker in self.trackers.values():
            tracker.fresh = False

    async def forget(self, game: HostedGame, token: int) -> None:
        """The host lets the game go: what its saves held is forgotten, and a game saved while the store was
        away is given over to the store, unless a later owner wrote it."""
        self.trackers.pop(game.id, None)
        self.listed.pop(game.id, None)
        if game.id not in self.dirty:
            return
        self.dirty.discard(game.id)
        game.version += 1
        text = tables.with_table(game.record(), game)
        try:
            await self.store.hand_over(game.id, token, game.version, text, summary(game, self.meta.get(game.id, {})))
            self.spool.drop(game.id)
        except StoreDown:
            pass  # left in the spool folder, for whichever process on this machine reads the game next

    async def hand_over_found(self, game_id: str, holder: int = 0) -> None:
        """Give the store the saves of this game that a process on this machine made while the store was
        away (it may have died since); each is taken unless a later owner has written the game. ``holder``:
        this process's claim, made to read the game after them (not fenced out by them)."""
        loop = asyncio.get_running_loop()
        for path, token, version, text in await loop.run_in_executor(None, self.spool.found, game_id):
            try:
                tables.put_back(text, game_id)
                game = game_from_text(text, self.folder)
                tables.let_go(game)
            except Exception as e:  # noqa: BLE001 - a damaged save is left where it is, never a crash
                from companion.server.events import emit

                emit("store_error", game=game_id, problem=f"a save in the spool cannot be read: {type(e).__name__}")
                continue
            if game.id != game_id:
                continue
            meta = read_meta(await self.store.summary(game_id) or {}, game_id)
            taken = await self.store.hand_over(game_id, token, version, text, summary(game, meta), holder)
            if taken and game.over() and self.standing is not None:  # it ended while the store was away
                self.standing.finished(game)
            try:  # taken, or older than what the store has: either way done with
                path.unlink()
            except OSError:
                pass

    # ---- saving ----
    async def persist(self, game: HostedGame) -> str:
        """Save the game's change (made under its lock) to the store, with this process's fencing token and
        the change's version: a journal entry, or now and then the whole record. Fenced out: Moved (nothing
        is said; the player joins again where the game is). The store away: kept in the spool folder, and
        the store given the whole record when it is back, so nothing said is lost."""
        if not game.changed:
            return ""
        if game.id not in self.by_id:
            raise Moved(MOVED)
        game.changed = False
        game.version += 1
        version, token = game.version, self.fences[game.id]
        tracker = self.trackers.setdefault(game.id, journal.Tracker())
        made = tracker.entry(game, version)
        state = made[1] if made is not None else tracker.state(game)
        record = tables.with_table(game.record(), game) if made is None else None
        game.line_at_save = None
        if game.id in self.dirty:  # the store is away: the spool folder has this game's changes since
            return await self._spool(game, token, version, tracker, made, record, state)
        line = summary(game, self.meta.get(game.id, {}))
        listed = game.id not in self.listed or self.listed[game.id] != line
        try:
            if game.over() and self.standing is not None:  # any process records it if this one dies first
                await self.standing.ending(game.id)
            ok = await self.store.save(game.id, token, version, record=record,
                                       entry=made[0] if made is not None else None, summary=line, listed=listed)
        except StoreDown as e:
            from companion.server.events import emit

            emit("store_error", game=game.id, problem=f"{e}; kept in the spool folder until the store is back")
            tracker.fresh = False  # the spool starts with the whole record
            self.dirty.add(game.id)
            return await self._spool(game, token, version, tracker, None, None, None)
        if not ok:
            from companion.net.tasks import keep

            keep(self.let_go(game), "let a game go")
            raise Moved(MOVED)
        if made is not None:
            tracker.wrote_entry(state)
        else:
            tracker.wrote_snapshot(state)
        if listed:
            self.listed[game.id] = line
        if game.over() and self.standing is not None:  # kept in the history, and rated (companion.server.standing)
            self.standing.finished(game)
        return ""

    async def _spool(self, game: HostedGame, token: int, version: int, tracker: journal.Tracker,
                     made: tuple[str, journal.Written] | None, record: str | None,
                     state: journal.Written | None) -> str:
        """Keep a change in the spool folder: the whole record first, then journal entries."""
        if made is None and record is None:
            state = tracker.state(game)
            record = tables.with_table(game.record(), game)
        loop = asyncio.get_running_loop()
        try:
            if made is not None:
                await loop.run_in_executor(None, self.spool.add, game.id, token, version, made[0])
            else:
                assert record is not None
                await loop.run_in_executor(None, self.spool.start, game.id, token, version, record)
        except OSError as e:
            tracker.fresh = False
            from companion.server.events import emit

            emit("store_error", game=game.id, problem=f"the spool folder cannot be written: {e.strerror or e}")
            full = "the server's disk is full" if e.errno == 28 else "the server's disk cannot be written"
            return f"The game could not be saved, as {full}. It goes on; the lines since may be undone."
        assert state is not None
        if made is not None:
            tracker.wrote_entry(state)
        else:
            tracker.wrote_snapshot(state)
        return ""

    async def give_back(self, game: HostedGame) -> bool:
        """The store is back: give it the whole record of a game kept in the spool folder meanwhile (under
        the game's lock, as a change of its own). False when fenced out; StoreDown."""
        async with self.lock_of(game):
            token = self.fences.get(game.id)
            if game.id not in self.dirty or token is None:
                return True
            game.version += 1
            tracker = self.trackers.setdefault(game.id, journal.Tracker())
            state = tracker.state(game)
            line = summary(game, self.meta.get(game.id, {}))
            record = tables.with_table(game.record(), game)
            if not await self.store.save(game.id, token, game.version, record=record, summary=line, listed=True):
                return False
            tracker.wrote_snapshot(state)
            self.listed[game.id] = line
            self.dirty.discard(game.id)
            self.spool.drop(game.id)
            return True


class Meta(TypedDict, total=False):
    """A held game's lobby facts: its name and privacy, who made it and when (a whole second)."""

    name: str
    private: bool
    by: str
    made: int


def made_meta(name: str, private: bool, by: str) -> Meta:
    """A new game's lobby facts: its name, privacy, maker and when it was made (an unstarted game nobody
    holds expires 30 minutes after, companion.server.expiry)."""
    return {"name": name, "private": private, "by": by, "made": int(time.time())}


def read_meta(line: dict[str, object], game_id: str) -> Meta:
    """The lobby facts of a game, from its line in the store (hostile: only the well-formed kept)."""
    meta: Meta = {"name": str(line.get("name") or game_id), "private": bool(line.get("private"))}
    by = line.get("by")
    if isinstance(by, str):
        meta["by"] = by[:40]
    made = line.get("made")
    if isinstance(made, int) and not isinstance(made, bool):
        meta["made"] = made
    return meta


def summary(game: HostedGame, meta: Meta) -> dict[str, object] | None:
    """The game's line in the lobby's list (None once it is over: it leaves the list)."""
    if game.over():
        return None
    o = game.options
    line: dict[str, object] = {"name": meta.get("name", game.id), "private": bool(meta.get("private")), "code": game.code,
            "players": o.players, "bots": list(o.bots), "kingdom": o.kingdom,
            "seats": [st.name for st in game.seats if st.digest], "free": game.free_seats(),
            "started": game.started}
    if meta.get("by"):  # whose limit of open games it counts in
        line["by"] = meta.get("by")
    if meta.get("made"):  # when an unstarted one expires
        line["made"] = meta.get("made")
    if o.table is not None:  # a table of real cards: its players, by name (only they may sit)
        line.update(table=True, names=[st.name for st in game.seats])
    return line
