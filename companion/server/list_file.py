"""The file store's lobby list on the disk: ``lobby.json`` (every listed game's line, written whole now and
then) and ``lobby.journal`` after it (one line a change: the game's id and its new line, or null when it
left the list). A change costs its own line, not the whole list: at 1,000 games the list is about 200 KiB,
which every seat taken used to serialise and write again. Changes are appended in order by one writer,
and those that come while it writes go together, with one flush to the disk for all of them."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

from companion.paths import atomic_write

COMPACT_AT = 1000  # changes in the journal before the list is written whole (or more, at more games)


def read(folder: Path) -> tuple[dict[str, dict[str, Any]], int]:
    """Every listed game's line: the whole list, then each change in the journal (hostile like every
    file: only well-formed entries are kept; a line a crash cut short is skipped); and how many changes
    the journal holds."""
    try:
        raw = json.loads((folder / "lobby.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raw = {}
    lines: dict[str, dict[str, Any]] = {}
    if isinstance(raw, dict):
        lines = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, dict)}
    try:
        changes = (folder / "lobby.journal").read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        changes = []
    count = 0
    for change in changes:
        try:
            game_id, line = json.loads(change)
        except (ValueError, TypeError):
            continue
        if not isinstance(game_id, str):
            continue
        count += 1
        if isinstance(line, dict):
            lines[game_id] = line
        elif line is None:
            lines.pop(game_id, None)
    return lines, count


class ListFile:
    """Writes the list's changes to the disk in the order they were made, a batch at a time."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pending: list[tuple[str, asyncio.Future[None]]] = []  # journal lines, or "" for the whole list
        self.whole = ""  # the whole list to write before the next journal lines ("" when none)
        self.changes = 0  # journal lines since the list was written whole
        self.writer: asyncio.Task[None] | None = None

    async def change(self, game_id: str, line: dict[str, Any] | None, lines: dict[str, dict[str, Any]]) -> None:
        """One game's line changed (``lines``: the whole list, with it): on the disk when this returns.
        OSError if it could not be written (the list is written whole at its next change)."""
        self.changes += 1
        if self.changes > max(COMPACT_AT, len(lines)):  # whole again: as dear as the changes since, at most
            self.changes = 0
            self.whole = json.dumps(lines, separators=(",", ":"))
            self.pending = [("", fut) for _, fut in self.pending]  # not written yet: in the whole list
            entry = ""
        else:
            entry = json.dumps([game_id, line], separators=(",", ":"))
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((entry, fut))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.ensure_future(self._write())
        try:
            await fut
        except OSError:
            self.changes = COMPACT_AT + len(lines)  # the next change writes the list whole
            raise

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending:
            batch, self.pending = self.pending, []
            whole, self.whole = self.whole, ""
            entries = [text for text, _ in batch if text]
            try:
                await loop.run_in_executor(None, self._put, whole, entries)
            except OSError as e:
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(e)
                continue
            for _, fut in batch:
                if not fut.done():
                    fut.set_result(None)

    def _put(self, whole: str, entries: list[str]) -> None:
        """On a worker thread: the whole list (if any) replaces list and journal, then the entries after it."""
        journal_path = self.folder / "lobby.journal"
        if whole:
            atomic_write(self.folder / "lobby.json", whole)
            try:
                journal_path.unlink()
            except FileNotFoundError:
                pass
        if entries:
            with journal_path.open("a", encoding="utf-8") as f:
                f.write("\n" + "\n".join(entries))  # lines of their own, even after one a crash cut short
                f.flush()
                os.fsync(f.fileno())
