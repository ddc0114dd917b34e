"""Saves made while the store was away, kept on this machine until the store takes them.

Each server process keeps its own folder (``spool-PORT`` in the server's data folder), one file a game:
the record as it was said to its players, and the fencing token it was made under. When the store is
back, the process that made them gives them over; if it died first, whichever process on this machine
claims the game next gives them over from its folder before reading the record. The store takes such a
save only if no later owner has written the game since (``Store.hand_over``), so it never undoes a newer
owner's lines. Files are hostile like every file: one that cannot be read is left alone.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.paths import atomic_write

FORMAT = 1


class Spool:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def keep(self, game_id: str, token: int, text: str) -> None:
        """OSError if it cannot be written."""
        self.folder.mkdir(parents=True, exist_ok=True)
        body = json.dumps({"spool": FORMAT, "id": game_id, "fence": token, "record": text}, separators=(",", ":"))
        atomic_write(self.folder / f"{game_id}.json", body)

    def drop(self, game_id: str) -> None:
        try:
            (self.folder / f"{game_id}.json").unlink()
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
                ids.update(p.stem for p in folder.glob("*.json"))
            except OSError:
                continue
        return ids

    def found(self, game_id: str) -> list[tuple[Path, int, str]]:
        """Every save of this game waiting on this machine: (its file, its token, the record)."""
        out: list[tuple[Path, int, str]] = []
        for folder in self.folders():
            path = folder / f"{game_id}.json"
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if (isinstance(raw, dict) and raw.get("spool") == FORMAT and raw.get("id") == game_id
                    and isinstance(raw.get("fence"), int) and not isinstance(raw.get("fence"), bool)
                    and isinstance(raw.get("record"), str)):
                out.append((path, raw["fence"], raw["record"]))
        return sorted(out, key=lambda t: t[1])
