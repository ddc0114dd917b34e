"""Where a server keeps its games' records, the lobby's list of games, and who owns each game.

A game is changed by one process at a time: the one holding its lease. ``claim`` takes the lease (when
nobody holds it) and returns a fencing token, a number that grows with every claim; a save is stored only
if no later claim was made, so a process that was paused past its lease cannot overwrite what the new
owner wrote. Every change of a game also carries a version, one more than the change before it, and the
store refuses a version not newer than the one it holds, so an older save that arrives late never lands.
A change is one journal entry (``companion.server.journal``); the whole record (a snapshot) is written
now and then, and a record is read as its snapshot with the entries since. ``FileStore`` is the embedded
default: one process, records and journals in the data folder. ``companion.server.redis_store.RedisStore``
shares all of this between processes.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.paths import atomic_write
from companion.server import journal, list_file
from companion.server.journal_files import JournalFiles
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
    """The store did not answer now (it may come back)."""


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

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, Any] | None) -> bool:
        """Store a whole record, as the next version, and its line in the lobby's list (None: drop it from
        the list) if ``token`` is still the newest claim (0: a new game nobody claimed yet, whose id is
        never written twice). False when fenced out."""
        raise NotImplementedError

    async def save(self, game_id: str, token: int, version: int, *, record: str | None = None,
                   entry: str | None = None, summary: dict[str, Any] | None = None, listed: bool = False) -> bool:
        """One change of a held game: a whole ``record`` (a snapshot; its journal starts again) or a journal
        ``entry``, stored if ``token`` is still the newest claim and ``version`` is newer than the store's;
        with ``listed``, ``summary`` is its new line in the lobby's list. False when refused."""
        raise NotImplementedError

    async def hand_over(self, game_id: str, token: int, version: int, text: str, summary: dict[str, Any] | None,
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

    async def summaries(self) -> dict[str, dict[str, Any]]:
        """Every game in the lobby's list, by id (the index's own: read only)."""
        return (await self.listing()).lines

    async def summary(self, game_id: str) -> dict[str, Any] | None:
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

    async def person(self, key: str) -> dict[str, Any] | None:
        """A lobby person's lines so far (the last line's id, the last message's number, the last answer),
        by their token's digest; None if unknown or forgotten (after PERSON_FOR seconds)."""
        raise NotImplementedError

    async def keep_person(self, key: str, state: dict[str, Any]) -> None:
        raise NotImplementedError


class FileStore(Store):
    """One process: in ``folder``, each game's snapshot (``ID.json``, the store's version first in it) and
    its journal (``ID.journal``, one entry a line, appended and flushed to the disk once a change); the
    lobby's list beside them, kept the same way (``companion.server.list_file``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = str(folder)
        self.leases: dict[str, int] = {}
        self.fences: dict[str, int] = {}
        self.wrote: dict[str, int] = {}  # the token each game was last written under
        self.versions: dict[str, int] = {}  # the version each game's newest change has (read once)
        self.index = Listing()
        self.list_file = list_file.ListFile(folder)
        self.snapshots: set[str] = set()  # games whose snapshot is known to be on the disk
        self.journals = JournalFiles()
        self.people: list[str] = []
        self.persons: dict[str, dict[str, Any]] = {}
        self.held: Any = None

    async def start(self, owner: str) -> None:
        from companion.locks import hold_file

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"The data folder {self.folder} cannot be made, {e.strerror or e}.") from None
        self.held = hold_file(self.folder, "server")
        if self.held is None:
            raise StoreError(f"Another companion server uses the data folder {self.folder}. Stop it first, "
                             "or give this one --store redis://... to share games with it.")
        lines, self.list_file.changes = list_file.read(self.folder)
        self.index.replace(lines)

    async def close(self) -> None:
        self.journals.close_all()
        if self.held is not None:
            self.held.release()

    async def check(self) -> str:
        if not os.access(self.folder, os.W_OK):
            return f"The data folder {self.folder} cannot be written."
        return ""

    def _snapshot_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def _journal_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.journal"

    async def claim(self, game_id: str) -> int | None:
        if not self._snapshot_path(game_id).is_file():
            return 0
        if game_id in self.leases:
            return None
        token = self.fences.get(game_id, 0) + 1
        self.fences[game_id] = self.leases[game_id] = token
        return token

    async def renew(self, game_id: str, token: int) -> bool:
        return self.leases.get(game_id) == token and self.fences.get(game_id) == token

    async def release(self, game_id: str, token: int) -> None:
        if self.leases.get(game_id) == token:
            del self.leases[game_id]

    # ---- records: snapshots and journals ----
    def _read(self, game_id: str) -> Saved | None:
        """The snapshot and its journal, read (on a worker thread). StoreDown if the disk cannot be read."""
        from companion import filecheck

        try:
            text = filecheck.read_text(self._snapshot_path(game_id))
        except FileNotFoundError:
            return None
        except (OSError, filecheck.Damaged) as e:
            raise StoreDown(f"the game could not be read: {getattr(e, 'strerror', None) or e}") from None
        try:
            lines = [x for x in self._journal_path(game_id).read_text(encoding="utf-8",
                                                                      errors="replace").split("\n") if x]
        except FileNotFoundError:
            lines = []
        except OSError as e:
            raise StoreDown(f"the game's journal could not be read: {e.strerror or e}") from None
        rebuilt = journal.rebuild(text, lines, journal.version_of(text))
        self.versions[game_id] = max(rebuilt.version, self.versions.get(game_id, 0))
        return Saved(rebuilt.text, rebuilt.version, rebuilt.entries, rebuilt.problems)

    def _stored_version(self, game_id: str) -> int:
        if game_id not in self.versions:
            self._read(game_id)
        return self.versions.get(game_id, 0)

    def _put_snapshot(self, game_id: str, text: str, version: int) -> None:
        atomic_write(self._snapshot_path(game_id), journal.with_version(text, version))
        self.snapshots.add(game_id)
        self.journals.forget(game_id)
        try:  # its entries are in the snapshot now (left by a crash here, they are skipped by their version)
            self._journal_path(game_id).unlink()
        except FileNotFoundError:
            pass

    def _has_snapshot(self, game_id: str) -> bool:
        """Whether the game's snapshot is on the disk: looked for once (snapshots are never removed), not
        on every line, since a look at the disk in the event loop waits behind the saves being flushed."""
        if game_id not in self.snapshots and self._snapshot_path(game_id).exists():
            self.snapshots.add(game_id)
        return game_id in self.snapshots

    def _append(self, game_id: str, entry: str) -> None:
        self.journals.append(game_id, self._journal_path(game_id), entry)

    async def _on_disk(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await asyncio.get_running_loop().run_in_executor(None, fn, *args)
        except OSError as e:
            raise StoreDown(f"the game could not be saved: {e.strerror or e}") from None

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, Any] | None) -> bool:
        if self.fences.get(game_id, 0) != token:
            return False
        if token == 0 and self._snapshot_path(game_id).exists():  # a new game's id is never written twice
            return False
        version = (await self._on_disk(self._stored_version, game_id) if token else 0) + 1
        await self._on_disk(self._put_snapshot, game_id, text, version)
        self.versions[game_id], self.wrote[game_id] = version, token
        await self._list(game_id, summary)
        return True

    async def save(self, game_id: str, token: int, version: int, *, record: str | None = None,
                   entry: str | None = None, summary: dict[str, Any] | None = None, listed: bool = False) -> bool:
        if self.fences.get(game_id, 0) != token or not token:
            return False
        stored = self.versions[game_id] if game_id in self.versions else \
            await self._on_disk(self._stored_version, game_id)
        if version <= stored:
            return False  # an older change, late: the store has a newer one
        if record is not None:
            await self._on_disk(self._put_snapshot, game_id, record, version)
        elif entry is not None and self._has_snapshot(game_id):
            await self._on_disk(self._append, game_id, entry)
        else:
            return False
        self.versions[game_id], self.wrote[game_id] = version, token
        if listed:
            await self._list(game_id, summary)
        return True

    async def hand_over(self, game_id: str, token: int, version: int, text: str, summary: dict[str, Any] | None,
                        holder: int = 0) -> bool:
        if self.wrote.get(game_id, 0) > token or not self._snapshot_path(game_id).exists():
            return False
        if version <= await self._on_disk(self._stored_version, game_id):
            return False
        await self._on_disk(self._put_snapshot, game_id, text, version)
        self.versions[game_id], self.wrote[game_id] = version, token
        await self._list(game_id, summary)
        newest = self.fences.get(game_id, 0)
        if not (holder and holder == newest):  # every owner after it read an older record: fenced out
            self.fences[game_id] = newest + 1
            self.leases.pop(game_id, None)
        return True

    async def load(self, game_id: str) -> Saved | None:
        saved: Saved | None = await self._on_disk(self._read, game_id)
        if saved is not None:
            said_problems(game_id, saved.problems)
        return saved

    async def unlist(self, game_id: str) -> None:
        await self._list(game_id, None)

    async def _list(self, game_id: str, summary: dict[str, Any] | None) -> None:
        if self.index.lines.get(game_id) == summary:
            return
        self.index.put(game_id, summary)
        try:
            await self.list_file.change(game_id, summary, self.index.lines)
        except OSError:
            pass  # the list is written whole again on its next change

    async def listing(self) -> Listing:
        return self.index

    async def summary(self, game_id: str) -> dict[str, Any] | None:
        return self.index.lines.get(game_id)

    async def set_here(self, names: list[str]) -> None:
        self.people = list(names)

    async def here(self) -> list[str]:
        return list(self.people)

    async def chat(self, text: str) -> None:
        self.on_chat(text)

    async def person(self, key: str) -> dict[str, Any] | None:
        state = self.persons.get(key)
        return dict(state) if state is not None else None

    async def keep_person(self, key: str, state: dict[str, Any]) -> None:
        self.persons.pop(key, None)
        self.persons[key] = dict(state)
        while len(self.persons) > PEOPLE:
            self.persons.pop(next(iter(self.persons)))
