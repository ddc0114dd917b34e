"""Saved games on disk: the autosave and named saves, under the data folder's ``games/``.

The file is the engine's versioned JSON save (setup, seed, answers, checksum) with one more key,
``companion``, for what the shell remembers: which answers began a command (for undo) and the name
the game is saved under. Writes are atomic, so a kill leaves the old file or the new one.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.cards.names import quote
from companion.engine import Game, SaveError
from companion.engine.record import loads, to_dict
from companion.paths import atomic_write, data_dir

AUTOSAVE = "autosave"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")


def games_dir() -> Path:
    return data_dir() / "games"


def path_for(name: str) -> Path:
    return games_dir() / f"{name.lower()}.json"


def check_name(typed: str) -> str:
    name = typed.strip()
    if not _NAME.match(name):
        raise SaveError(f"{quote(typed)} cannot be a save name. Use letters, digits, spaces or dashes, up to 40.")
    return name.lower()


def dump(game: Game, extra: dict[str, Any]) -> str:
    data = to_dict(game)
    data["companion"] = extra
    return json.dumps(data, separators=(",", ":"))


def write(name: str, game: Game, extra: dict[str, Any]) -> Path:
    path = path_for(name)
    atomic_write(path, dump(game, extra))
    return path


def read(name: str) -> tuple[Game, dict[str, Any]]:
    """The game saved as ``name`` and its extra data; SaveError if missing, damaged or too new."""
    path = path_for(name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no saved game named {quote(name)}. Type games for the list.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"the saved game {quote(name)} cannot be read: {getattr(e, 'strerror', None) or e}.") from None
    game = loads(text)
    extra: dict[str, Any] = {}
    try:
        raw = json.loads(text).get("companion")
        if isinstance(raw, dict):
            extra = raw
    except (ValueError, AttributeError):
        pass
    return game, extra


def set_aside_damaged(name: str) -> Path | None:
    """Rename a damaged save so a new autosave cannot overwrite it; the new name, or None."""
    path = path_for(name)
    if not path.exists():
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}-damaged-{stamp}.json")
    try:
        path.replace(target)
    except OSError:
        return None
    return target


def saved_names() -> list[str]:
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json") if not p.name.startswith("."))


def delete(name: str) -> None:
    try:
        path_for(name).unlink()
    except OSError:
        pass
