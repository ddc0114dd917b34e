"""Where a server keeps its games' records, the lobby's list of games, and who owns each game.

A game is changed by one process at a time: the one holding its lease. ``claim`` takes the lease (when
nobody holds it) and returns a fencing token, a number that grows with every claim; ``write`` stores a
record only if no later claim was made, so a process that was paused past its lease cannot overwrite
what the new owner wrote. ``FileStore`` is the embedded default: one process, records in the data folder.
``companion.server.redis_store.RedisStore`` shares all of this between processes.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.paths import atomic_write

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
        """Store the record and its line in the lobby's list (None: drop it from the list) if ``token`` is
        still the newest claim (0: a new game nobody claimed yet). False when fenced out."""
        raise NotImplementedError

    async def hand_over(self, game_id: str, token: int, text: str, summary: dict[str, Any] | None) -> bool:
        """Store a record saved while the store was away, under ``token``, if no owner wrote the game under
        a later token since (a later owner that only claimed it has changed nothing). False otherwise."""
        return await self.write(game_id, token, text, summary)

    async def read(self, game_id: str) -> str | None:
        raise NotImplementedError

    async def summaries(self) -> dict[str, dict[str, Any]]:
        """Every game in the lobby's list, by id."""
        raise NotImplementedError

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
    """One process: records in ``folder`` (one file a game), the lobby's list in ``lobby.json`` beside them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = str(folder)
        self.leases: dict[str, int] = {}
        self.fences: dict[str, int] = {}
        self.list: dict[str, dict[str, Any]] = {}
        self.people: list[str] = []
        self.persons: dict[str, dict[str, Any]] = {}
        self.held: Any = None

    async def start(self, owner: str) -> None:
        from companion.locks import hold_file

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"The data folder {self.folder} cannot be made ({e.strerror or e}).") from None
        self.held = hold_file(self.folder, "server")
        if self.held is None:
            raise StoreError(f"Another companion server uses the data folder {self.folder}. Stop it first, "
                             "or give this one --store redis://... to share games with it.")
        try:
            raw = json.loads((self.folder / "lobby.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raw = {}
        if isinstance(raw, dict):  # hostile like every file: only well-formed entries are kept
            self.list = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, dict)}

    async def close(self) -> None:
        if self.held is not None:
            self.held.release()

    async def check(self) -> str:
        if not os.access(self.folder, os.W_OK):
            return f"The data folder {self.folder} cannot be written."
        return ""

    async def claim(self, game_id: str) -> int | None:
        if not (self.folder / f"{game_id}.json").is_file():
            return 0
        if game_id in self.leases:
            return None
        token = self.fences.get(game_id, 0) + 1
        self.fences[game_id] = self.leases[game_id] = token
        return token

    async def renew(self, game_id: str, token: int) -> bool:
        return self.leases.get(game_id) == token

    async def release(self, game_id: str, token: int) -> None:
        if self.leases.get(game_id) == token:
            del self.leases[game_id]

    async def write(self, game_id: str, token: int, text: str, summary: dict[str, Any] | None) -> bool:
        if self.fences.get(game_id, 0) != token:
            return False
        if token == 0 and (self.folder / f"{game_id}.json").exists():  # a new game's id is never written twice
            return False
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, atomic_write, self.folder / f"{game_id}.json", text)
        except OSError as e:
            raise StoreDown(f"the game could not be saved: {e.strerror or e}") from None
        before = self.list.get(game_id)
        if summary is None:
            self.list.pop(game_id, None)
        else:
            self.list[game_id] = summary
        if self.list.get(game_id) != before:
            text = json.dumps(self.list, separators=(",", ":"))
            try:
                await loop.run_in_executor(None, atomic_write, self.folder / "lobby.json", text)
            except OSError:
                pass  # the list is rebuilt from the games' own lines on the next change
        return True

    async def read(self, game_id: str) -> str | None:
        try:
            return (self.folder / f"{game_id}.json").read_text(encoding="utf-8")
        except OSError:
            return None

    async def summaries(self) -> dict[str, dict[str, Any]]:
        return dict(self.list)

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
