"""Tables of real cards on a server: the table assistant's record, hosted from the lobby like a game.

A hosted table keeps its entries in the table assistant's own file (companion.table.storage), which is on
one machine. On a server the game's record in the store carries that file's contents too, so whichever
process holds the table next (after a takeover, on any machine) writes it back into its own tables folder
before opening it. The table's file is named from the game's id ("server" and the id), so it never meets a
table someone keeps by hand; aloud, the table is called by its game's name (``name_it``).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.net.hosted import HostedGame, Options

RECORD = "table_record"  # the key, in a server game's record, of the table file's contents


def table_name(game_id: str) -> str:
    return f"server {game_id}"


def new_table_game(game_id: str, code: str, players: list[str], kingdom: str, seed: int | None,
                   folder: Path, name: str = "") -> HostedGame:
    """A new table of these players, saved in this machine's tables folder and let go (the first player's
    connection holds it): ValueError with the table assistant's own sentence if it cannot be made."""
    from companion.net.table_seating import new_table

    args = f"--players {','.join(players)} --kingdom {kingdom} --name {table_name(game_id)}"
    seating, said = new_table(args + (f" --seed {seed}" if seed is not None else ""))
    if seating is None:
        raise ValueError(said)
    options = Options(len(seating.names), [], kingdom, seed or 0, None, seating.saved.name)
    game = HostedGame(game_id, code, options, folder)
    for st, name in zip(game.seats, seating.names):
        st.name = name
    game.seating = seating
    name_it(game, name)
    return game


def name_it(game: HostedGame, name: str) -> None:
    """Call a table by its game's name aloud ("Table Friday, 2 players."), never by its file's name, which
    holds the game's id. A game that is not a table: nothing to do."""
    service = getattr(game.seating, "service", None) if game.options.table is not None else None
    if service is not None and name:
        service.title = name


def with_table(text: str, game: HostedGame) -> str:
    """The game's record with its table file's contents in it (a game that is not a table: as it is)."""
    if game.options.table is None or game.seating is None:
        return text
    from companion.table import storage

    raw = json.loads(text)
    raw[RECORD] = storage.to_json(game.seating.saved)  # type: ignore[attr-defined]
    return json.dumps(raw, separators=(",", ":"))


def put_back(text: str, game_id: str) -> None:
    """Before a table game's record is opened here: its table file, from the record, into this machine's
    tables folder. ValueError when the record's table is damaged or not this game's."""
    raw = json.loads(text)
    if not isinstance(raw, dict) or RECORD not in raw:
        return
    from companion.table import storage

    saved = storage.from_json(raw[RECORD])  # hostile like every record: checked field by field
    if saved.name != table_name(game_id):
        raise ValueError("the table is not this game's")
    storage.tables_dir().mkdir(parents=True, exist_ok=True)
    storage.write_atomic(storage.tables_dir() / storage.file_name(saved.name), storage.to_json(saved))


def let_go(game: HostedGame) -> None:
    """This process no longer holds the table: its lock on the file goes."""
    held = getattr(game.seating, "held", None) if game.options.table is not None else None
    if held is not None:
        held.release()
