"""Saves made while the store was away, kept on this machine until the store takes them.

Each server process keeps its own folder (``spool-PORT`` in the server's data folder), one file a game
(``ID.spool``), appended to and flushed to the disk once a change: a line with the whole record as it
was said to its players first, then a line for each change since (a journal entry,
``companion.server.journal``), each with the fencing token it was made under and its version. When the
store is back, the process that made them gives the store the whole record; if it died first, whichever
process on this machine claims the game next gives them over from its folder before reading the record.
The store takes such a save only if no later owner has written the game since (``Store.hand_over``), so it
never undoes a newer owner's lines. Files are hostile like every file: a line that cannot be read is
skipped (a crash part way through a line leaves one), a file whose first line cannot be read is left alone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.paths import atomic_write

FORMAT = 2
OLD = 1  # one whole record a file (``ID.json``), as the spool was kept before its journal


class Spool:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, folder: Path, game_id: str) -> Path:
        return folder / f"{game_id}.spool"

    def start(self, game_id: str, token: int, version: int, text: str) -> None:
        """The whole record, starting the game's file again. OSError if it cannot be written."""
        self.folder.mkdir(parents=True, exist_ok=True)
        head = {"spool": FORMAT, "id": game_id, "fence": token, "v": version, "record": text}
        atomic_write(self._path(self.folder, game_id), json.dumps(head, separators=(",", ":")) + "\n")

    def add(self, game_id: str, token: int, version: int, entry: str) -> None:
        """A change after the whole record (a journal entry's text): one line, flushed to the disk."""
        line = json.dumps({"fence": token, "v": version, "entry": entry}, separators=(",", ":"))
        with self._path(self.folder, game_id).open("a", encoding="utf-8") as f:
            f.write("\n" + line)  # a line of its own, even after one a crash cut short
            f.flush()
            os.fsync(f.fileno())

    def drop(self, game_id: str) -> None:
        for path in (self._path(self.folder, game_id), self.folder / f"{game_id}.json"):
            try:
                path.unlink()
            except OSError:
                pass

    def folders(self) -> list[Path]:
        """This process's folder and those of the other server processes on this machine."""
        try:
            found = [p for p in self.folder.parent.iterdir() if p.is_dir() and p.name.startswith("spool")]
        except OSError:
            found = []
        return sorted({self.folder, *found})

    def waiting(self) -> set[str]:
        """The ids of every game with a save waiting on this machine (one look at each folder)."""
        ids: set[str] = set()
        for folder in self.folders():
            try:
                ids.update(p.stem for p in folder.iterdir() if p.suffix in (".spool", ".json"))
            except OSError:
                continue
        return ids

    def found(self, game_id: str) -> list[tuple[Path, int, int, str]]:
        """Every save of this game waiting on this machine: (its file, its token, its version, the record
        with every change since applied), oldest token first."""
        out: list[tuple[Path, int, int, str]] = []
        for folder in self.folders():
            got = self._read(self._path(folder, game_id), game_id)
            if got is None:
                got = self._read_old(folder / f"{game_id}.json", game_id)
            if got is not None:
                out.append(got)
        return sorted(out, key=lambda t: (t[1], t[2]))

    def _read(self, path: Path, game_id: str) -> tuple[Path, int, int, str] | None:
        from companion.server import journal
        from companion.server.store import said_problems

        try:
            lines = [x for x in path.read_text(encoding="utf-8", errors="replace").split("\n") if x]
        except OSError:
            return None
        try:
            head = json.loads(lines[0]) if lines else None
        except ValueError:
            return None
        if not (isinstance(head, dict) and head.get("spool") == FORMAT and head.get("id") == game_id
                and _number(head.get("fence")) and _number(head.get("v")) is not None
                and isinstance(head.get("record"), str)):
            return None
        token, entries, problems = head["fence"], [], []
        for i, raw in enumerate(lines[1:]):
            try:
                line = json.loads(raw)
            except ValueError:
                line = None
            if not (isinstance(line, dict) and line.get("fence") == token and isinstance(line.get("entry"), str)):
                problems.append(f"spool line {i + 2} was skipped: it is not a change of this game")
                continue
            entries.append(line["entry"])
        rebuilt = journal.rebuild(head["record"], entries, head["v"])
        said_problems(game_id, problems + rebuilt.problems)
        return path, token, rebuilt.version, rebuilt.text

    def _read_old(self, path: Path, game_id: str) -> tuple[Path, int, int, str] | None:
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if (isinstance(raw, dict) and raw.get("spool") == OLD and raw.get("id") == game_id
                and _number(raw.get("fence")) and isinstance(raw.get("record"), str)):
            return path, raw["fence"], 2**52, raw["record"]  # no version: newer than any the store has seen
        return None


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
