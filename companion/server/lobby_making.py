"""Making games and tables from the lobby: ``create`` typed whole or answered question by question,
``create --table``, the name a new game is listed by, and the id a person's line gives the game it makes
(so the same line sent again finds that game instead of making another).
"""

from __future__ import annotations

import hashlib
import itertools
from typing import TYPE_CHECKING

from companion.narrow import each, size, to_int
from companion.net import codes
from companion.net.clean import clean
from companion.server import events
from companion.server.lobby_words import made_words, server_seed, store_trouble, table_words
from companion.server.quota import maker
from companion.server.store import StoreDown

if TYPE_CHECKING:
    import argparse
    from companion.net.hosted import Options
    from companion.server.lobby import Lobby, Person


async def questions(lobby: Lobby, person: Person, text: str) -> tuple[str, dict[str, str] | None]:
    """An answer to create's questions: the next question, or the game made once the last is answered."""
    q = person.asking
    assert q is not None
    if text.strip().lower() in ("cancel", "stop"):
        person.asking = None
        return "Cancelled. No game was made.", None
    problem = q.answer(text)
    if problem:  # the error says what to type; the question is not said again
        return problem, None
    if not q.done():
        return q.question(), None
    person.asking = None
    return await make(lobby, person, q.options(), None, bool(q.private))


async def create_now(lobby: Lobby, person: Person, args: str) -> tuple[str, dict[str, str] | None]:
    """``create`` with its options typed after it: the game (or table) made at once."""
    from companion.commands.net import player_name, host_options
    from companion.commands.registry import ArgumentParser, words_option
    from companion.refusal import CommandError
    from companion.game.starting import SetupError, bool_or_random
    from companion.numbers import whole

    p = ArgumentParser("create")
    p.add_argument("--players", type=whole)
    words_option(p, "--bots")
    words_option(p, "--kingdom", "First Game")
    p.add_argument("--seed", type=whole)
    p.add_argument("--colony", default="random")
    words_option(p, "--name")
    p.add_argument("--private", action="store_true")
    p.add_argument("--table")
    p.add_argument("--unrated", action="store_true")
    try:
        ns = p.parse(args)
        if ns.unrated:  # before it is made: never rated, even if its answer is lost and the line comes again
            await lobby.community.standing.unrate(made_id(person.key, person.line))
        if ns.table is not None:
            return await make_table(lobby, person, ns)
        colony = bool_or_random(ns.colony)
        options = host_options(ns.players, ns.bots, ns.kingdom, server_seed() if ns.seed is None else ns.seed, colony)
        name = player_name(ns.name) if ns.name is not None else None
        note = ""
        if ns.seed is not None:  # shuffles a player chose: never rated, and said so
            await lobby.community.standing.unrate(made_id(person.key, person.line))
            if not ns.unrated and not options.bots and getattr(person.member, "account", None):
                note = " It is not rated, as --seed chose its shuffles."
    except (CommandError, SetupError) as e:
        return f"Error, {e}", None
    except StoreDown:
        return "Error, the server's store is not answering. Try again in a minute.", None
    return await make(lobby, person, options, name, ns.private, note)


async def make_table(lobby: Lobby, person: Person, ns: argparse.Namespace) -> tuple[str, dict[str, str] | None]:
    """``create --table Ana,Ben``: a table of real cards for those players (the maker among them)."""
    from companion.commands.net import player_name

    if ns.players is not None or ns.bots is not None:
        return ("Error, a table of real cards has its players by name, and no bots. Type create --table "
                "and the names with commas, such as create --table Ana,Ben."), None
    names = _table_players(person, ns.table)
    name = player_name(ns.name) if ns.name is not None else None
    game_id = made_id(person.key, person.line)
    try:
        made = await lobby.store.summary(game_id) if game_id else None
        if made is None:
            refused = await may_make(lobby, person)
            if refused:
                return refused, None
            name = await free_name(lobby, name or f"{person.name}'s table"[:20])
            try:
                game = await lobby.host.create_table(names, ns.kingdom, ns.seed, name, ns.private, game_id,
                                                     by=maker(person.who))
            except ValueError as e:
                return str(e), None
            made = await lobby.store.summary(game_id) if game is None else None
            if game is not None:
                return table_words(name, [st.name for st in game.seats], game.options.kingdom, ns.private,
                                   game.code), \
                    {"game": game.id, "code": codes.normal_code(game.code), "name": name}
    except StoreDown as e:
        why = e.reason or f"the server's store {store_trouble(e)}"  # never its address: a player's words
        return f"Error, no new table can be made now, as {why}. Games in play go on. Try again in a minute.", None
    if made is None:
        return "Error, that table was made and is gone now. Type games to hear the open games.", None
    return _made_before(game_id, made)


def _table_players(person: Person, typed: str) -> list[str]:
    """The names typed with commas, cleaned, with the maker first when they did not name themselves."""
    names = [clean(n, limit=20) for n in typed.split(",") if clean(n)]
    if person.name.lower() not in [n.lower() for n in names]:
        names.insert(0, person.name)
    return names


def _made_before(game_id: str, made: dict[str, object]) -> tuple[str, dict[str, str]]:
    """A table this line made before (its answer lost), said again from its line in the list."""
    code = str(made.get("code", ""))
    return table_words(str(made.get("name")), [str(n) for n in each(made.get("names") or [])],
                       str(made.get("kingdom")), bool(made.get("private")), code), \
        {"game": game_id, "code": codes.normal_code(code), "name": str(made.get("name"))}


async def free_name(lobby: Lobby, name: str) -> str:
    """``name``, or with a number after it when a listed game has it. StoreDown."""
    lines = await lobby.store.summaries()
    taken = {str(s.get("name", "")).lower() for s in lines.values()}
    if name.lower() in taken:
        base = name[:17]
        name = next(f"{base} {i}" for i in itertools.count(2) if f"{base} {i}".lower() not in taken)
    return name


async def make(lobby: Lobby, person: Person, options: Options, name: str | None,
               private: bool, note: str = "") -> tuple[str, dict[str, str] | None]:
    """The game this line makes, or the one it made before (its answer lost); its words and where it sends.
    ``note``: said before "Taking your seat." (why it is not rated)."""
    game_id = made_id(person.key, person.line)
    try:
        made = await lobby.store.summary(game_id) if game_id else None
        if made is None:
            refused = await may_make(lobby, person)
            if refused:
                return refused, None
            name = await free_name(lobby, name or f"{person.name}'s game"[:20])
            game = await lobby.host.create(options, name, private, game_id, by=maker(person.who))
            if game is not None:
                events.emit("create", game=game.id, name=name, by=person.name, address=person.address)
            made = await lobby.store.summary(game_id) if game is None else None
            if game is not None:
                people = options.players - len(options.bots)
                words = made_words(name, options.players, people, options.kingdom, private, game.code)
                return words.removesuffix(" Taking your seat.") + note + " Taking your seat.", \
                    {"game": game.id, "code": codes.normal_code(game.code), "name": name}
    except StoreDown as e:
        why = e.reason or f"the server's store {store_trouble(e)}"  # never its address: a player's words
        return f"Error, no new game can be made now, as {why}. Games in play go on. Try again in a minute.", None
    if made is None:
        return "Error, that game was made and is over now. Type games to hear the open games.", None
    # this line was answered before, and its answer lost: the game it made, not another
    players = to_int(made.get("players", 2))
    code = str(made.get("code", ""))
    return made_words(str(made.get("name")), players, players - size(made.get("bots") or []),
                      str(made.get("kingdom")), bool(made.get("private")), code), \
        {"game": game_id, "code": codes.normal_code(code), "name": str(made.get("name"))}


async def may_make(lobby: Lobby, person: Person) -> str:
    """Why this person may not make a game now ("" if they may): the lobby's limits, counted in the store."""
    refused, limit = await lobby.quota.may_make(person.who)
    if limit:
        lobby.refused(person, limit)
    return refused


def made_id(key: str, line_id: int) -> str:
    """The id of the game a person's line makes: the same for the same line sent again ("" with no line)."""
    if not key or not line_id:
        return ""
    return hashlib.sha256(f"{key}:{line_id}".encode()).hexdigest()[:12]
