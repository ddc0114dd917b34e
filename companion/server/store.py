"""Where a server keeps its games' records, the lobby's list of games, and who owns each game.

A game is changed by one process at a time: the one holding its lease. ``claim`` takes the lease (when
nobody holds it) and returns a fencing token, a number that grows with every claim; a save is stored only
if no later claim was made, so a process that was paused past its lease cannot overwrite what the new
owner wrote. Every change of a game also carries a version, one more than the change before it, and the
store refuses a version not newer than the one it holds, so an older save that arrives late never lands.
A change is one journal entry (``companion.server.journal``); the whole record (a snapshot) is written
now and then, and a record is read as its snapshot with the entries since. ``FileStore``
(``companion.server.sqlite_store.SqliteStore``) is the embedded default: one process, its data folder's
SQLite database. ``companion.server.redis_store.RedisStore``
shares all of this between processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.server.sqlite_store import SqliteStore

from companion.server.listing import Listing

# A lease (and a process's word that it is alive) lasts this long unless renewed, every third of it: a dead
# process's games are claimed this long after its last renewal. Shorter is safe (every write is fenced);
# what it risks is a live process losing its games because its thread that says it is alive could not run
# for two renewals in a row, which costs its players a reconnection, never a line.
LEASE_MS = 3000
PERSON_FOR = 3600  # seconds a lobby person's last answer is kept, to say again if its line comes again
PEOPLE = 10_000  # lobby people a file store keeps in memory (the oldest is forgotten first)


class StoreError(Exception):
    """The store cannot be used at all (at start): ``str()`` is one sentence naming it."""


class StoreDown(Exception):
    """The store did not answer now (it may come back); ``reason``, when known, says why as a person hears
    it ("the server's disk is full", "Redis is full", "the server's store is slow to answer")."""

    def __init__(self, text: str = "", reason: str = "") -> None:
        super().__init__(text)
        self.reason = reason


def refused(e: StoreDown) -> str:
    """What a person hears when the store refused their change: one sentence, never a path."""
    why = e.reason or "the server's store is not answering"
    return f"Error, {why}, so that cannot be done now. Try again in a minute."


@dataclass
class Saved:
    """A game's record as the store holds it: the text (its snapshot with the journal's entries applied),
    the version of its newest change, how many entries followed the snapshot, and what was skipped."""

    text: str
    version: int
    entries: int = 0
    problems: list[str] = field(default_factory=list)


def said_problems(game_id: str, problems: list[str]) -> None:
    """Tell the operator what of a game's journal could not be read (never a crash)."""
    if problems:
        from companion.server.events import emit

        emit("store_error", game=game_id, problem="; ".join(problems)[:500])


class Store:
    """What the server needs of a store. Every method may raise StoreDown except where said."""

    url = ""
    ok = True  # answered the last time it was asked
    on_chat: Callable[[str], None] = staticmethod(lambda text: None)  # a lobby line from any process
    on_release: Callable[[str], None] = staticmethod(lambda game_id: None)  # another process wants this game

    async def start(self, owner: str) -> None:
        """Connect; StoreError with a sentence if it cannot be used."""

    async def close(self) -> None:
        pass

    async def unlist(self, game_id: str) -> None:
        """Take a game off the lobby's list (its record stays); every process's copy of the list follows."""

    async def check(self) -> str:
        """"" while the store takes writes, else why not in a sentence (for /health); never raises."""
        return ""

    async def claim(self, game_id: str) -> int | None:
        """Take the game's lease: its fencing token, None while another process holds it, or 0 when there is
        no such game (nothing is kept for an id nobody made)."""
        raise NotImplementedError

    async def renew(self, game_id: str, token: int) -> bool:
        """Keep the lease; False when it is no longer this process's (another claimed the game)."""
        raise NotImplementedError

    async def release(self, game_id: str, token: int) -> None:
        raise NotImplementedError

    async def renew_many(self, held: dict[str, int]) -> set[str]:
        """Keep every lease in ``held`` (game id: token) at once: the ids that are no longer this process's."""
        return {game_id for game_id, token in held.items() if not await self.renew(game_id, token)}

    async def sweep(self, wanted: list[str]) -> dict[str, int]:
        """Claim, at once, the games in ``wanted`` nobody holds, and every listed game whose owner's lease ran
        out (it died): their tokens, by id. Their records are read only when a player comes (``read``)."""
        got: dict[str, int] = {}
        for game_id in wanted:
            token = await self.claim(game_id)
            if token:
                got[game_id] = token
        return got

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, object] | None) -> bool:
        """Store a whole record, as the next version, and its line in the lobby's list (None: drop it from
        the list) if ``token`` is still the newest claim (0: a new game nobody claimed yet, whose id is
        never written twice). False when fenced out."""
        raise NotImplementedError

    async def save(self, game_id: str, token: int, version: int, *, record: str | None = None,
                   entry: str | None = None, summary: dict[str, object] | None = None, listed: bool = False) -> bool:
        """One change of a held game: a whole ``record`` (a snapshot; its journal starts again) or a journal
        ``entry``, stored if ``token`` is still the newest claim and ``version`` is newer than the store's;
        with ``listed``, ``summary`` is its new line in the lobby's list. False when refused."""
        raise NotImplementedError

    async def hand_over(self, game_id: str, token: int, version: int, text: str, summary: dict[str, object] | None,
                        holder: int = 0) -> bool:
        """Store a record saved while the store was away, under ``token``, if no owner wrote the game under
        a later token since (a later owner that only claimed it has changed nothing) and ``version`` is
        newer than the store's. Taken, it fences out every owner after ``token``, readers included (their
        copies are older), unless ``holder`` is the newest claim: the caller's own, not read yet. False
        when not taken."""
        raise NotImplementedError

    async def load(self, game_id: str) -> Saved | None:
        """The game's record (snapshot and journal), or None if there is no such game."""
        raise NotImplementedError

    async def read(self, game_id: str) -> str | None:
        saved = await self.load(game_id)
        return None if saved is None else saved.text

    async def listing(self) -> Listing:
        """The lobby's index of games, brought up to date with the changes since it was last asked (not
        read again whole): ``Listing.open()``, ``Listing.counts()``, ``Listing.lines``. Read only."""
        raise NotImplementedError

    async def summaries(self) -> dict[str, dict[str, object]]:
        """Every game in the lobby's list, by id (the index's own: read only)."""
        return (await self.listing()).lines

    async def summary(self, game_id: str) -> dict[str, object] | None:
        """One game's line in the lobby's list, or None."""
        return (await self.summaries()).get(game_id)

    async def set_here(self, names: list[str]) -> None:
        """The people in this process's lobby."""
        raise NotImplementedError

    async def here(self) -> list[str]:
        """The people in the lobby, from every process."""
        raise NotImplementedError

    async def chat(self, text: str) -> None:
        """Say a line to everyone in the lobby, on every process (on_chat is called for each)."""
        raise NotImplementedError

    async def ask_release(self, game_id: str) -> None:
        """Ask the process holding the game to let it go (the proxy now sends its players here)."""

    async def person(self, key: str) -> dict[str, object] | None:
        """A lobby person's lines so far (the last line's id, the last message's number, the last answer),
        by their token's digest; None if unknown or forgotten (after PERSON_FOR seconds)."""
        raise NotImplementedError

    async def keep_person(self, key: str, state: dict[str, object]) -> None:
        raise NotImplementedError


def __getattr__(name: str) -> type[SqliteStore]:
    """``FileStore``: the one-process store, now in the data folder's database (companion.server.sqlite_store)."""
    if name == "FileStore":
        from companion.server.sqlite_store import SqliteStore

        return SqliteStore
    raise AttributeError(name)
