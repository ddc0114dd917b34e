"""The file store's journals, kept open between lines: a line's entry is written and flushed to the disk
without opening and closing its game's journal each time (a third of the entry's own processor time).
At most ``KEEP`` are open at once (the least recently written is closed first), so a server holding many
games keeps its open files for its players' connections. Called on the store's worker threads: a journal
is taken out while one thread writes it, and a snapshot closes it before the journal is removed."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import IO

KEEP = 256  # journals kept open at most


class JournalFiles:
    def __init__(self) -> None:
        self.open: dict[str, IO[str]] = {}  # game id: its journal, the least recently written first
        self.lock = threading.Lock()
        self.generation: dict[str, int] = {}  # bumped when a game's journal is removed (a snapshot)

    def append(self, game_id: str, path: Path, entry: str) -> None:
        """Add the entry as a line of its own (even after a line a crash cut short), flushed to the disk."""
        with self.lock:
            f = self.open.pop(game_id, None)
            generation = self.generation.get(game_id, 0)
        if f is None:
            f = path.open("a", encoding="utf-8")
        try:
            f.write("\n" + entry)
            f.flush()
            os.fsync(f.fileno())
        except BaseException:
            f.close()
            raise
        with self.lock:
            if self.generation.get(game_id, 0) != generation:  # its journal was removed meanwhile
                f.close()
                return
            self.open[game_id] = f
            while len(self.open) > KEEP:
                self.open.pop(next(iter(self.open))).close()

    def forget(self, game_id: str) -> None:
        """The game's journal is about to be removed (or the store is closing): close it if it is open."""
        with self.lock:
            self.generation[game_id] = self.generation.get(game_id, 0) + 1
            f = self.open.pop(game_id, None)
        if f is not None:
            f.close()

    def close_all(self) -> None:
        with self.lock:
            files, self.open = list(self.open.values()), {}
        for f in files:
            f.close()
