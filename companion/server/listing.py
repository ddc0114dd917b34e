"""The lobby's index of games: every listed game's line, kept up to date as games change (never read from
every game again), with the open games (a seat free) in the order the lobby says them, by name."""

from __future__ import annotations

import bisect


class Listing:
    """Each listed game's line by id; ``open()`` is the games with a free seat, sorted by name."""

    def __init__(self) -> None:
        self.lines: dict[str, dict[str, object]] = {}
        self._keys: list[tuple[str, str]] = []  # (name folded, id) of each open game, in order

    @staticmethod
    def _key(game_id: str, line: dict[str, object]) -> tuple[str, str] | None:
        return (str(line.get("name", "")).casefold(), game_id) if line.get("free") else None

    def put(self, game_id: str, line: dict[str, object] | None) -> None:
        """A game's line changed (None: it left the list)."""
        old = self.lines.get(game_id)
        if old is not None:
            key = self._key(game_id, old)
            if key is not None:
                i = bisect.bisect_left(self._keys, key)
                if i < len(self._keys) and self._keys[i] == key:
                    del self._keys[i]
        if line is None:
            self.lines.pop(game_id, None)
            return
        self.lines[game_id] = line
        key = self._key(game_id, line)
        if key is not None:
            bisect.insort(self._keys, key)

    def replace(self, lines: dict[str, dict[str, object]]) -> None:
        """Every game's line at once (read whole from the store)."""
        self.lines = dict(lines)
        self._keys = sorted(k for k in (self._key(i, s) for i, s in self.lines.items()) if k is not None)

    def open(self, start: int = 0, count: int | None = None) -> list[tuple[str, dict[str, object]]]:
        """The open games (id and line), by name; ``start`` and ``count`` pick a page of them."""
        keys = self._keys[start:] if count is None else self._keys[start:start + count]
        return [(game_id, self.lines[game_id]) for _, game_id in keys]

    def counts(self) -> tuple[int, int]:
        """How many games are open, and how many are being played (listed, with no seat free)."""
        return len(self._keys), len(self.lines) - len(self._keys)
