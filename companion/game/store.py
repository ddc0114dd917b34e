"""Saved games on disk: the autosave and named saves, under the data folder's ``games/``.

The file is the engine's versioned JSON save (setup, seed, answers, checksum) with one more key,
``companion``: what the shell remembers (which answers began a command, for undo, and the name the game
is saved under), and ``companion_checksum``, which binds that block to the game's checksum, so an edit
to either is refused. Writes are atomic, so a kill leaves the old file or the new one.

Names: a user's save ``friday`` is ``friday.json``. The program's own files start with an underscore,
which no save name can: ``_autosave.json`` (the game being played) and ``_previous.json`` (where earlier
versions kept the game a new one replaced; an unfinished game is now kept under its players' names and
the date, see ``keep_unfinished`` in companion/commands/game.py). ``load previous`` and ``load autosave``
read those; no save may take their names, and a
name already used is refused unless it is the game's own. Version 1's ``autosave.json`` is moved to
``_autosave.json`` the first time it is read.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime, timezone
from pathlib import Path

from companion import filecheck
from companion.cards.names import quote
from companion.engine import Answer, Game, SaveError
from companion.engine.record import FORMAT, encode_answer, loads, record_body, version_of
from companion.filecheck import Damaged
from companion.locks import Held, hold_file
from companion.paths import atomic_write, data_dir, is_device_name

AUTOSAVE = "autosave"
PREVIOUS = "previous"
INTERNAL = (AUTOSAVE, PREVIOUS)  # the program's own files, in their own namespace
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")


def games_dir() -> Path:
    return data_dir() / "games"


def path_for(name: str) -> Path:
    """The file of a save: the program's own (autosave, previous) start with an underscore."""
    key = name.lower()
    if key in INTERNAL:
        own = games_dir() / f"_{key}.json"
        legacy = games_dir() / f"{key}.json"
        if key == AUTOSAVE and not own.exists() and legacy.exists():
            try:
                legacy.replace(own)  # version 1 kept it where a user's save "autosave" would go
            except OSError:
                return legacy
        if key == PREVIOUS and not own.exists() and legacy.exists():
            return legacy  # a save a user named previous before the name was reserved
        return own
    return games_dir() / f"{key}.json"


def check_name(typed: str) -> str:
    name = typed.strip()
    if not _NAME.match(name):
        raise SaveError(f"{quote(typed)} cannot be a save name. Use letters, digits, spaces or dashes, up to 40.")
    return name.lower()


def check_new_name(typed: str, own: str | None = None) -> str:
    """A name to save a game under: not the program's own, and not one already used (unless ``own``)."""
    name = check_name(typed)
    if name in INTERNAL:
        what = "the automatic save" if name == AUTOSAVE else "a name the program keeps for earlier versions' games"
        raise SaveError(f"{quote(typed)} is {what}. Type another name, such as save friday.")
    if is_device_name(name):
        raise SaveError(f"{quote(typed)} is a name Windows keeps for a device. Type another name, such as save friday.")
    if name != (own or "").lower() and (games_dir() / f"{name}.json").exists():
        raise SaveError(f"a game is already saved as {quote(name)}. Type save and another name, or load {name}.")
    return name


def companion_checksum(game_checksum: object, extra: object) -> str:
    """SHA-256 binding the companion block to the game it belongs to (sorted compact JSON)."""
    text = json.dumps({"game": game_checksum, "companion": extra}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class Encoded:
    """A game's answers already in JSON, as the last save wrote them, so the next save of the same game
    encodes only the answers given since (a long game has hundreds; a command adds a few). An answer is
    reused only while it is the very same object at the same place: undo's replay makes new ones, which
    are then encoded again all at once."""

    __slots__ = ("answers", "parts")

    def __init__(self) -> None:
        self.answers: list[Answer] = []
        # Runs of answers encoded together: (how many answers up to its end, compact JSON, spaced JSON),
        # each the list's items without its brackets; compact as the file holds them, spaced as the
        # checksum reads them (json.dumps' own separators).
        self.parts: list[tuple[int, str, str]] = []

    def texts(self, answers: list[Answer]) -> tuple[str, str]:
        """The answers as one JSON list: compact, and spaced."""
        cached = self.answers
        same, most = 0, min(len(cached), len(answers))
        while same < most and cached[same] is answers[same]:
            same += 1
        parts = self.parts
        while parts and parts[-1][0] > same:
            parts.pop()
        done = parts[-1][0] if parts else 0
        del cached[done:]
        if len(answers) > done:
            rows = [encode_answer(a) for a in answers[done:]]
            parts.append((len(answers), json.dumps(rows, separators=_COMPACT)[1:-1], json.dumps(rows)[1:-1]))
            cached.extend(answers[done:])
        return f"[{','.join(p[1] for p in parts)}]", f"[{', '.join(p[2] for p in parts)}]"


_COMPACT = (",", ":")


def dump(game: Game, extra: dict[str, object], encoded: Encoded | None = None) -> str:
    """The save file's text: the engine's record (compact JSON) with the companion block.

    Written piece by piece, the answers from ``encoded`` (kept from the last save of this game), and the
    very text ``json.dumps`` would give: the record's keys in their order, its checksum over the sorted,
    spaced JSON of the ``game`` part as companion.engine.record computes it."""
    compact, spaced = (encoded or Encoded()).texts(game.answers)
    body = record_body(game, None)
    sorted_text = _object([(k, spaced if k == "answers" else json.dumps(body[k], sort_keys=True))
                           for k in sorted(body)])
    checksum = hashlib.sha256(sorted_text.encode()).hexdigest()
    game_text = _object([(k, compact if k == "answers" else json.dumps(v, separators=_COMPACT))
                         for k, v in body.items()], _COMPACT)
    return _object([("format", json.dumps(FORMAT)), ("version", str(version_of(game.setup))),
                    ("checksum", json.dumps(checksum)), ("game", game_text),
                    ("companion", json.dumps(extra, separators=_COMPACT)),
                    ("companion_checksum", json.dumps(companion_checksum(checksum, extra)))], _COMPACT)


def _object(items: list[tuple[str, str]], separators: tuple[str, str] = (", ", ": ")) -> str:
    """A JSON object from its keys and its values already in JSON, as json.dumps writes one."""
    item, key = separators
    return "{" + item.join(f"{json.dumps(k)}{key}{v}" for k, v in items) + "}"


def write(name: str, game: Game, extra: dict[str, object], encoded: Encoded | None = None) -> Path:
    path = path_for(name)
    atomic_write(path, dump(game, extra, encoded))
    return path


def _extra(data: object) -> dict[str, object]:
    """The companion block, checked against its own checksum (saves before it had one: fields only)."""
    if not isinstance(data, dict):
        return {}
    raw = data.get("companion")
    if raw is None:
        return {}
    if "companion_checksum" in data and data["companion_checksum"] != companion_checksum(data.get("checksum"), raw):
        raise Damaged("its checksum does not match")
    raw = filecheck.mapping(raw, "the companion part")
    marks = filecheck.listed(raw.get("marks", []), "the undo marks")
    for m in marks:
        filecheck.whole(m, "an undo mark", 0, 10_000_000)
    people = filecheck.listed(raw.get("mark_people", []), "the undo marks' seats")
    for p in people:
        filecheck.whole(p, "an undo mark's seat", -1, 5)
    name = raw.get("name", AUTOSAVE)
    if name not in INTERNAL:
        check_name(filecheck.text(name, "the save name", 40))
    extra: dict[str, object] = {"marks": marks, "mark_people": people, "name": name}
    if "lessons" in raw:  # the guided first game; companion.game.lessons checks what it holds
        extra["lessons"] = raw["lessons"]
    return extra


def read(name: str) -> tuple[Game, dict[str, object]]:
    """The game saved as ``name`` and its extra data; SaveError (a sentence) if missing, damaged or too new.

    Anything a damaged or crafted file raises becomes a SaveError, so a caller can set the file aside."""
    path = path_for(name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no saved game named {quote(name)}. Type games for the list.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"the saved game {quote(name)} cannot be read, {getattr(e, 'strerror', None) or e}.") from None
    from companion.bots import known_bot

    try:
        game = loads(text, known_bot=known_bot)  # parsed and checked there; read again here only for the companion block
        extra = _extra(json.loads(text))
    except SaveError:
        raise
    except Damaged as e:
        raise SaveError(f"The save file is damaged, {e}.") from None
    except Exception as e:  # noqa: BLE001 - an answer the engine cannot take: the file was edited
        raise SaveError(f"The save file is damaged, an answer does not fit the game, {type(e).__name__}.") from None
    return game, extra


def set_aside_damaged(name: str) -> Path | None:
    """Rename a damaged save so a new autosave cannot overwrite it; the new name, or None."""
    path = path_for(name)
    if not path.exists():
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem.lstrip('_')}-damaged-{stamp}.json")
    try:
        path.replace(target)
    except OSError:
        return None
    return target


def saved_names() -> list[str]:
    """The user's saves, and previous when a game was kept there (the autosave is not listed)."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    names = {p.stem for p in folder.glob("*.json") if not p.name.startswith((".", "_"))}
    if (folder / f"_{PREVIOUS}.json").exists():
        names.add(PREVIOUS)
    names.discard(AUTOSAVE)  # version 1's autosave, not yet moved
    return sorted(names)


def delete(name: str) -> None:
    try:
        path_for(name).unlink()
    except OSError:
        pass


def hold() -> Held | None:
    """Lock the game being played (the autosave) for this process, the one writer; None if another window
    holds it. The lock goes when released or when the process ends, however it ends."""
    return hold_file(games_dir(), f"_{AUTOSAVE}.json")

