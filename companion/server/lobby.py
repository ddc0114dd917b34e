"""The lobby: where a person who connects with no code hears the open games, makes one, or sits at one.

The lobby's socket (``/lobby/ws``) speaks the host's protocol: ``hello`` with a name and no code, then
numbered lines, each answered once. An answer that seats the person carries ``go``: the game's id and its
join code; the program (or page) then opens that game's own socket (``/g/ID/ws``) as any hosted game's,
and comes back to the lobby when the person leaves. The list of games, who is here and what is said are
in the store, so every server process has the same lobby.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from companion.cards.names import and_list, quote
from companion.net import codes, protocol
from companion.net.protocol import ProtocolError, encode
from companion.net.limits import HELLO_WAIT
from companion.net.transport import Bucket, close, receive_frame, send_text
from companion.server.store import StoreDown

if TYPE_CHECKING:
    from companion.net.hosted import HostedGame, Options
    from companion.server.games import ServerHost

PROMPT = "lobby> "
ASKING = "create> "
WORDS = ("games", "create", "sit", "who", "say", "help")
HELP = ("In the lobby: games lists the open games. create makes a game and seats you; with no options it asks "
        "how many players, people and which kingdom (or type create --players 3 --bots strong --kingdom "
        "\"First Game\" --name Friday --private). sit and a game's name sits you there; a private game also "
        "needs its code, as in sit Friday 482193765. who says who is in the lobby; say TEXT says a line to "
        "them. quit leaves the server. In a game, quit brings you back here.")
CODE_AT_END = re.compile(r"^(?P<name>.*?)[\s,]*(?P<code>(?:\d[\s-]*){9})$")
_ids = itertools.count(1)


@dataclass
class Person:
    ws: web.WebSocketResponse
    name: str
    address: str
    id: int = field(default_factory=lambda: next(_ids))
    n: int = 0
    asking: Questions | None = None


class Questions:
    """The questions ``new`` asks, one answer a line: players, people, kingdom, and whether it is private."""

    def __init__(self) -> None:
        self.answers: list[Any] = []

    def question(self) -> str:
        n = len(self.answers)
        if n == 0:
            return "New game. How many players, 2 to 6? Enter for 2. Type cancel to stop."
        if n == 1:
            return f"People, you included? Enter for {self.answers[0]}. The rest are bots."
        if n == 2:
            return "Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random."
        return "Private, so only those you tell its code can sit? Type yes or no. Enter for no."

    def answer(self, typed: str) -> str | None:
        """Take one answer: an error sentence if it cannot be taken (the question is asked again)."""
        from companion.kingdom import KingdomError, choose_kingdom
        from companion.numbers import NumberError, as_number

        n = len(self.answers)
        t = typed.strip()
        if n in (0, 1):
            low, high = (2, 6) if n == 0 else (1, self.answers[0])
            t = t or str(high if n == 1 else 2)
            try:
                count = as_number(t)
            except NumberError as e:
                return f"Error: {e}"
            if count is None or not low <= count <= high:
                what = "players" if n == 0 else "people"
                return f"Error: {quote(t)} is not {low} to {high} {what}. Type a number from {low} to {high}."
            self.answers.append(count)
        elif n == 2:
            t = t or "First Game"
            try:
                choose_kingdom(t, seed=1)
            except KingdomError as e:
                return f"Error: {e}"
            self.answers.append(t)
        else:
            t = (t or "no").lower()
            if t not in ("yes", "no", "y", "n"):
                return f"Error: {quote(t)} is not yes or no. Type yes or no."
            self.answers.append(t.startswith("y"))
        return None

    def done(self) -> bool:
        return len(self.answers) == 4

    def options(self) -> Options:
        import random

        from companion.net.hosted import Options

        players, people, kingdom, _ = self.answers
        return Options(players, ["bigmoney"] * (players - people), kingdom, random.SystemRandom().randrange(1, 10**6))


class Lobby:
    """The lobby of one server process; what it lists and who is in it come from the store."""

    def __init__(self, host: ServerHost, owner: str) -> None:
        self.host = host
        self.owner = owner
        self.people: dict[int, Person] = {}
        host.lobby = self
        host.store.on_chat = self._heard

    # ---- the socket ----
    async def socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_FRAME * 16, heartbeat=20.0)
        await ws.prepare(request)
        person: Person | None = None
        try:
            msg = await receive_frame(ws, HELLO_WAIT)
            if msg is None:
                return ws
            if msg["type"] != "hello":
                raise ProtocolError("the first message must be hello.")
            person = Person(ws, msg["name"].strip(), request.remote or "?")
            self.people[person.id] = person
            await self._here_changed()
            self._send(person, "welcome", seat=0, name=person.name, token="", game="lobby", prompt=PROMPT,
                       last_line=0, n=0)
            self.tell(person, f"Welcome to the lobby, {person.name}. {await self._count()} Type games to hear "
                              "them, create to start one, or help.")
            bucket = Bucket()
            last = 0
            while not ws.closed:
                msg = await receive_frame(ws)
                if msg is None:
                    break
                if not bucket.take():
                    raise ProtocolError("messages came too fast.")
                if msg["type"] == "ping":
                    self._send(person, "pong")
                elif msg["type"] == "hello":
                    raise ProtocolError("hello was said twice.")
                elif msg["id"] > last:
                    last = msg["id"]
                    words, go = await self.answer(person, msg["text"])
                    self.tell(person, words, reply=msg["id"], go=go)
        except TimeoutError:
            await close(ws, "Error: no hello came in time. Join again.")
        except ProtocolError as e:
            await close(ws, f"Error: {e} The connection was closed; nothing was changed.")
        finally:
            if person is not None:
                self.people.pop(person.id, None)
                await self._here_changed()
        return ws

    def _send(self, person: Person, kind: str, **fields: Any) -> None:
        asyncio.ensure_future(send_text(person.ws, encode(kind, **fields)))

    def tell(self, person: Person, text: str, reply: int = 0, go: dict[str, str] | None = None) -> None:
        person.n += 1
        more = {"go": go} if go else {}
        prompt = ASKING if person.asking is not None else PROMPT
        self._send(person, "say", n=person.n, text=text, prompt=prompt, yours=True, over=False, reply=reply, **more)

    async def _here_changed(self) -> None:
        try:
            await self.host.store.set_here([p.name for p in self.people.values()])
        except StoreDown:
            pass

    # ---- what is said ----
    async def answer(self, person: Person, text: str) -> tuple[str, dict[str, str] | None]:
        """The lobby's answer to one line, and where it sends the person (a game), if anywhere."""
        if person.asking is not None:
            return await self._questions(person, text)
        line = text.strip()
        word, _, rest = line.partition(" ")
        verb = word.lower()
        rest = rest.strip()
        if not verb:
            return "Type games, create, sit and a game's name, who, say, or help.", None
        if verb == "help":
            return HELP, None
        if verb == "games":
            return await self._games(), None
        if verb == "who":
            try:
                names = sorted(await self.host.store.here(), key=str.lower)
            except StoreDown:
                names = [p.name for p in self.people.values()]
            return f"In the lobby: {and_list(names)}.", None
        if verb == "say":
            said = " ".join(rest.split())
            if not said:
                return "Error: say needs words after it. Type say hello, for example.", None
            if len(said) > 300:
                return f"Error: that message is {len(said)} characters, more than 300. Shorten it.", None
            try:
                await self.host.store.chat(json.dumps({"by": f"{self.owner}/{person.id}",
                                                       "text": f"{person.name} says: {said}"}))
            except StoreDown:
                return "Error: the lobby cannot pass messages on now. Try again in a minute.", None
            return f"You said: {said}", None
        if verb == "create":
            if rest:
                return await self._create_now(person, rest)
            person.asking = Questions()
            return person.asking.question(), None
        if verb == "sit":
            return await self._sit(person, rest)
        return _elsewhere(verb), None

    async def _questions(self, person: Person, text: str) -> tuple[str, dict[str, str] | None]:
        q = person.asking
        assert q is not None
        if text.strip().lower() in ("cancel", "stop"):
            person.asking = None
            return "Cancelled. No game was made.", None
        problem = q.answer(text)
        if problem:
            return f"{problem}\n{q.question()}", None
        if not q.done():
            return q.question(), None
        person.asking = None
        return await self._make(person, q.options(), None, q.answers[3])

    async def _create_now(self, person: Person, args: str) -> tuple[str, dict[str, str] | None]:
        from companion.commands.net import player_name, host_options
        from companion.commands.registry import ArgumentParser
        from companion.refusal import CommandError
        from companion.game.starting import SetupError, bool_or_random
        from companion.numbers import whole

        p = ArgumentParser("create")
        p.add_argument("--players", type=whole)
        p.add_argument("--bots")
        p.add_argument("--kingdom", default="First Game")
        p.add_argument("--seed", type=whole)
        p.add_argument("--colony", default="random")
        p.add_argument("--name")
        p.add_argument("--private", action="store_true")
        try:
            ns = p.parse(args)
            colony = bool_or_random(ns.colony)
            options = host_options(ns.players, ns.bots, ns.kingdom, ns.seed, colony)
            name = player_name(ns.name) if ns.name is not None else None
        except (CommandError, SetupError) as e:
            return f"Error: {e}", None
        return await self._make(person, options, name, ns.private)

    async def _make(self, person: Person, options: Options, name: str | None,
                    private: bool) -> tuple[str, dict[str, str] | None]:
        try:
            lines = await self.host.store.summaries()
            taken = {str(s.get("name", "")).lower() for s in lines.values()}
            name = name or f"{person.name}'s game"[:20]
            if name.lower() in taken:
                base = name[:17]
                name = next(f"{base} {i}" for i in itertools.count(2) if f"{base} {i}".lower() not in taken)
            game = await self.host.create(options, name, private)
        except StoreDown:
            return (f"Error: no new game can be made now: the server's store at {self.host.store.url} is not "
                    "answering. Games in play go on. Try again in a minute."), None
        people = options.players - len(options.bots)
        said = (f"Made the game {name}: {options.players} players, {people} of them people, "
                f"{_kingdom(options.kingdom)}. Taking your seat.")
        if private:
            said += (f" It is private: its code is {codes.said_code(game.code)}. Those you invite type sit "
                     f"{name} {codes.normal_code(game.code)}.")
        return said, {"game": game.id, "code": codes.normal_code(game.code)}

    async def _sit(self, person: Person, rest: str) -> tuple[str, dict[str, str] | None]:
        if not rest:
            return "Error: sit needs a game's name. Type games to hear them, then sit and a name.", None
        typed_code = None
        m = CODE_AT_END.match(rest)
        if m:
            rest, typed_code = m.group("name").strip(), codes.normal_code(m.group("code"))
        try:
            lines = await self.host.store.summaries()
        except StoreDown:
            return (f"Error: the list of games cannot be read now: the server's store at {self.host.store.url} "
                    "is not answering. Try again in a minute."), None
        if not rest and typed_code:  # the code alone names its game
            found = [(i, s) for i, s in lines.items() if codes.same(codes.normal_code(str(s.get("code"))),
                                                                   typed_code)]
        else:
            found = _named(lines, rest)
        if self.host.guesses.blocked(person.address):
            return "Error: too many wrong codes. Wait a minute, then try again.", None
        if not found:
            if not rest and typed_code:
                self.host.guesses.wrong(person.address)
                return "Error: no game has that code. Check it with the person who made the game.", None
            return f"Error: no game is named {quote(rest)}. Type games to hear the open games.", None
        if len(found) > 1:
            names = and_list(sorted(str(s.get("name")) for _, s in found))
            return f"Error: {quote(rest)} could be {names}. Type more of the name.", None
        game_id, line = found[0]
        code = codes.normal_code(str(line.get("code")))
        if line.get("private") and not (typed_code and codes.same(code, typed_code)):
            if typed_code:
                self.host.guesses.wrong(person.address)
                return f"Error: that is not the code of {line.get('name')}. Check it with its maker.", None
            return (f"Error: {line.get('name')} is private. Type sit {line.get('name')} and its code, which its "
                    "maker can tell you."), None
        return f"Going to {line.get('name')}. Type quit there to come back to the lobby.", \
            {"game": game_id, "code": code}

    async def _count(self) -> str:
        try:
            lines = await self.host.store.summaries()
        except StoreDown:
            return "The list of games cannot be read now."
        n = sum(1 for s in lines.values() if s.get("free"))
        return f"{n} open {'game' if n == 1 else 'games'}." if n else "No open games yet."

    async def _games(self) -> str:
        try:
            lines = await self.host.store.summaries()
        except StoreDown:
            return (f"Error: the list of games cannot be read now: the server's store at {self.host.store.url} "
                    "is not answering. Try again in a minute.")
        open_ = sorted((s for s in lines.values() if s.get("free")), key=lambda s: str(s.get("name")).lower())
        playing = sum(1 for s in lines.values() if not s.get("free"))
        more = f" {playing} more {'is' if playing == 1 else 'are'} being played." if playing else ""
        if not open_:
            return f"No open games.{more} Type create to start one."
        head = f"{len(open_)} open {'game' if len(open_) == 1 else 'games'}:{more}"
        return "\n".join([head, *(describe(s) for s in open_)])

    # ---- messages from every process ----
    def _heard(self, raw: str) -> None:
        try:
            msg = json.loads(raw)
            by, text = str(msg["by"]), str(msg["text"])[:400]
        except (ValueError, KeyError, TypeError):
            return
        for person in list(self.people.values()):
            if f"{self.owner}/{person.id}" != by and not person.ws.closed:
                self.tell(person, text)

    # ---- lobby words typed in a game ----
    def in_game(self, game: HostedGame, seat: int, text: str) -> dict[int, str] | None:
        verb = text.strip().split(" ", 1)[0].lower()
        if verb not in ("games", "create", "sit", "lobby", "leave"):
            return None
        name = self.host.meta.get(game.id, {}).get("name", "this game")
        return {seat: f"You are at the game {name}, not in the lobby. {quote(verb)} works in the lobby: type "
                      "quit to leave this game and go back there; your seat is kept."}


def describe(line: dict[str, Any]) -> str:
    """One game's line in the list: its name, who sits, seats free, kingdom, bots, private or not."""
    seats = [str(s) for s in line.get("seats", [])]
    who = f"{and_list(seats)} {'sits' if len(seats) == 1 else 'sit'}" if seats else "nobody sits yet"
    free = int(line.get("free", 0))
    from companion.bots import display_name

    bots = [str(b) for b in line.get("bots", [])]
    try:
        named = [display_name(b) for b in bots]
    except Exception:  # noqa: BLE001 - a name from the store that is no bot's: said as it is
        named = bots
    bots_said = f"{len(bots)} {'bot' if len(bots) == 1 else 'bots'}: {and_list(named)}" if bots else "no bots"
    return (f"{line.get('name')}: {who}, {free} {'seat' if free == 1 else 'seats'} free, "
            f"{_kingdom(str(line.get('kingdom')))}, {bots_said}, {'private' if line.get('private') else 'open'}.")


def _kingdom(kingdom: str) -> str:
    return "random kingdom" if kingdom.strip().lower() == "random" else kingdom


def _named(lines: dict[str, dict[str, Any]], typed: str) -> list[tuple[str, dict[str, Any]]]:
    """The games of that name: exactly, else the only ones it begins."""
    t = " ".join(typed.split()).lower()
    exact = [(i, s) for i, s in lines.items() if str(s.get("name", "")).lower() == t]
    return exact or [(i, s) for i, s in lines.items() if str(s.get("name", "")).lower().startswith(t)]


def _elsewhere(verb: str) -> str:
    from companion.commands import registry

    known = any(verb in words for words in registry.AREAS.values())
    if known or verb in ("quit", "leave"):
        return (f"You are in the lobby, not at a game, so {quote(verb)} does nothing here. Type games to hear "
                "the open games, sit and a game's name to sit at one, or create to start one.")
    return f"Error: {quote(verb)} is not a lobby word. Type help to hear what works here."

