"""Positions in the shell: ``position`` says the game's position as text, ``position save NAME`` keeps
it in a file, and ``new --position NAME`` (in game_new) starts a game from one. The format is in
docs/positions.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cards.names import and_list, quote
from companion.commands.game import TOOLS, need_game, game_command, fitted
from companion.refusal import CommandError
from companion.engine.position import Position, PositionError, parse_position, position_of
from companion.game.words import possessive
from companion.paths import atomic_write, data_dir

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")
MAX_BYTES = 200_000  # a position of 6 players with every card is far smaller


def positions_dir() -> Path:
    return data_dir() / "positions"


def _path(typed: str) -> Path:
    name = typed.strip()
    if not _NAME.match(name):
        raise CommandError(f"{quote(typed)} cannot be a position name. Use letters, digits, spaces or dashes.")
    return positions_dir() / f"{name.lower()}.txt"


def read_position(typed: str) -> Position:
    """The position saved under a name, or in a file given by its path; CommandError if it cannot be read."""
    text = typed.strip()
    path = Path(text).expanduser() if ("/" in text or "\\" in text or text.endswith(".txt")) else _path(text)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError:
        raise CommandError(f"no position {quote(typed)}. Type position save NAME in a game to keep one.") from None
    if len(data) > MAX_BYTES:
        raise CommandError(f"{quote(typed)} is too large to be a position. Check the file's name.")
    try:
        return parse_position(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CommandError(f"{quote(typed)} is not text. Type the name of a position, or new alone.") from None
    except PositionError as e:
        message = f"{quote(typed)} is not a position. {e} Fix it, or type new alone."
        if len(message.split()) > 24:  # errors stay under 25 words: the reason goes first
            message = f"{quote(typed)} is not a position. Type new alone, or fix the file, as the positions page of the docs says."
        raise CommandError(message) from None


def _current(session: "Session") -> Position:
    act = need_game(session)
    if not act.solo:  # a position holds every hand and the order of every deck
        raise CommandError(f"{quote('position')} tells every player's hidden cards, so it works only in a game "
                           "with one person. Type status instead.")
    try:
        return position_of(act.game)
    except PositionError as e:
        raise CommandError(f"{quote('position')}, {str(e)[0].lower()}{str(e)[1:]}") from None


@game_command(name="position", summary="says the game's position as text, or saves it.",
              usage="position, or position save NAME", example="position save puzzle", topic=TOOLS,
              details="A position is the whole game as text, for a bug report or a puzzle. new --position NAME "
                      "starts a game from one. The format is in the positions page of the docs.")
def position_command(session: "Session", args: str) -> "Response":
    words = args.split(None, 1)
    if not words:  # never spoil a game by accident: say what it tells first
        _current(session)  # refused at once where it could never be said
        others = [p.name for i, p in enumerate(need_game(session).game.players) if i != need_game(session).holder]
        return fitted(session, f"Position shows hidden cards.\nIt tells {and_list([possessive(n) for n in others])} "
                          f"{'hand' if len(others) == 1 else 'hands'}, the order of every deck and the shuffle "
                          "seed. Type position show to hear it, or position save NAME to keep it in a file "
                          "unheard.")
    if words[0].lower() == "show" and len(words) == 1:
        text = _current(session).text()
        lines = text.rstrip("\n").split("\n")
        return fitted(session, f"Position, {len(lines)} lines.\n{text.rstrip()}")
    if words[0].lower() != "save":
        raise CommandError(f"{quote('position ' + args)}, type position show, or position save NAME.")
    if len(words) < 2:
        raise CommandError(f"{quote('position save')} needs a name. Type position save puzzle, for example.")
    path = _path(words[1])
    position = _current(session)
    try:
        atomic_write(path, position.text())
    except OSError as e:
        raise CommandError(f"could not save {quote(words[1])}, {e.strerror}. Type another name.") from None
    name = path.stem
    where = f"\nThe file is {path}." if session.verbosity == "full" else ""
    return fitted(session, f"Position saved as {name}.\nType new --position {name} to play from it.{where}")


__all__ = ["position_command", "positions_dir", "read_position"]
