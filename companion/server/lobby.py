"""The lobby: where a person who connects with no code hears the open games, makes one, or sits at one.

The lobby's socket (``/lobby/ws``) speaks the host's protocol: ``hello`` with a name and no code, then
numbered lines, each answered once. An answer that seats the person carries ``go``: the game's id and its
join code; the program (or page) then opens that game's own socket (``/g/ID/ws``) as any hosted game's,
and comes back to the lobby when the person leaves. The list of games, who is here and what is said are
in the store, so every server process has the same lobby. Making a game (``create``) is
companion.server.lobby_making.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

from companion.narrow import each
from companion.net.tasks import keep
from companion.cards.names import and_list, quote
from companion.net import codes, protocol
from companion.net.clean import clean
from companion.net.protocol import ClientMessage, ProtocolError, encode
from companion.net.limits import HELLO_WAIT
from companion.net.transport import Bucket, close, receive_frame, send_text
from companion.server import coaching, events, lobby_making
from companion.server.lobby_words import (HELP, HELP_ON, Questions, called, code_words, codes_words, elsewhere,
                                          games_page, named, not_named, who_said)
from companion.server.quota import SAYS, WRONG_CODES, Quota, person_key, wait_words
from companion.server.community import COMMUNITY_WORDS, Community, Member
from companion.server.community_store import FileKv
from companion.server.names import key
from companion.server.store import StoreDown

if TYPE_CHECKING:
    from companion.net.hosted import HostedGame
    from companion.server.games import ServerHost

PROMPT = "lobby. "
ASKING = "create. "
STOPPED = "The server stopped. Trying again until it is back."
SECRET_LATE = ("Error, that line was typed at a password question that is no longer asked, so it was not used. Type "
               "what you meant again.")
MIN_TOKEN = 20  # characters in a lobby token this server takes back (it gives out 32)
MAX_BEEN = 20  # the games a person's lobby token remembers sending them to
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
    key: str = ""  # the digest of the person's lobby token: where their lines are kept in the store
    token: str = ""  # a new person's token, told in the welcome (the program sends it back when it reconnects)
    last: int = 0  # the id of the last line answered
    kept: dict[str, object] | None = None  # that answer, said again if its line comes again
    line: int = 0  # the id of the line being answered
    back: bool = False  # came with a lobby token: back from a game, or after a lost connection
    been: list[str] = field(default_factory=list)  # the games this person was sent to (a private one's code kept)
    who: str = ""  # whom the lobby's limits count: companion.server.quota.person_key
    member: Member | None = None  # their account, questions, what they ignore


class Lobby:
    """The lobby of one server process; what it lists and who is in it come from the store."""

    def __init__(self, host: ServerHost, owner: str, limits: bool = True) -> None:
        self.host = host
        self.store = host.store  # the games' lines, the people's lines and the lobby's chat
        self.meta = host.meta  # each held game's lobby facts
        self.owner = owner
        self.people: dict[int, Person] = {}
        self.arriving: dict[int, str] = {}  # guests' names said among those here before their welcome
        host.lobby = self
        host.stopped = "The server stopped. Your seat is kept. Trying again until it is back."
        self.store.on_chat = self._heard
        self.quota = Quota(self.store, limits)
        host.guard.on_refused = self._door_refused
        self.door_said, self.door_count = -60.0, 0  # when a refused connection was last logged, and how many since
        self.community = Community(self, FileKv(host.folder / "community"))  # running.start gives the real one

    @property
    def community(self) -> Community:
        return self._community

    @community.setter
    def community(self, community: Community) -> None:
        """The lobby's community; its standing records the games the host saves as they finish."""
        self._community = community
        self.host.saver.standing = community.standing

    # ---- the socket ----
    async def socket(self, request: web.Request) -> web.StreamResponse:
        # autoclose off: a person closing is answered only once they have left (below), so a name is free again in
        # every process's lobby by the time its connection's close is answered (the same name may join at once)
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_FRAME * 16, heartbeat=20.0, autoclose=False)
        await ws.prepare(request)
        person: Person | None = None
        try:
            msg = await receive_frame(ws, HELLO_WAIT)
            if msg is None:
                return ws
            if msg["type"] != "hello":
                raise ProtocolError("the first message must be hello.")
            person = await self._person(ws, msg, request.remote or "?")
            refused = await self.community.admit(person, msg) or await self.community.came_alone(person)
            if refused:
                await close(ws, refused)
                return ws
            await self._welcome(person)
            await self._listen(ws, person)
        except TimeoutError:
            await close(ws, "Error, no hello came in time. Join again.")
        except ProtocolError as e:
            await close(ws, f"Error, {e} The connection was closed, and nothing was changed.")
        finally:
            if person is not None:
                events.emit("leave", name=person.name, address=person.address)
                self.people.pop(person.id, None)
                self.arriving.pop(person.id, None)
                await self.here_changed()
                await self.community.arrived(person)
            await ws.close()  # answers the person's own close only now that they have left
        return ws

    async def _welcome(self, person: Person) -> None:
        """Welcome an admitted person: the welcome, the greeting, and only then among those here."""
        if person.member is not None and person.member.account:  # the limits count the account, not the address
            person.who = f"account:{person.member.account}"
        events.emit("lobby", name=person.name, address=person.address, back=person.back,
                    account=bool(person.member is not None and person.member.account))
        greeting = "Back in the lobby" if person.back else "Welcome to the lobby"
        greeting = self.community.greeting(person) or f"{greeting}, {person.name}. {await self.count_sentence()}"
        self._send(person, "welcome", seat=0, name=person.name, token=person.token, game="lobby",
                   secret_lines=True, prompt=self.community.prompt(person) or PROMPT, last_line=person.last, n=person.n,
                   **self.community.fields(person))
        self.tell(person, greeting)
        self.people[person.id] = person  # only now: what others say comes after the welcome, never before
        self.arriving.pop(person.id, None)
        await self.here_changed()
        await self.community.arrived(person)  # counted among those here now: the name's claim is given back

    async def _listen(self, ws: web.WebSocketResponse, person: Person) -> None:
        """The person's messages until they close: pings, and lines each answered once (ProtocolError)."""
        bucket = Bucket()
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
            elif msg["id"] <= person.last:  # sent again after a lost connection: answered, never done twice
                if msg["id"] == person.last and person.kept is not None:
                    self._send(person, "say", **person.kept)
            else:
                await self._line(person, msg)

    async def _line(self, person: Person, msg: ClientMessage) -> None:
        """A new line: answered, and its answer kept before it is said."""
        person.last = msg["id"]
        if msg.get("secret") and not self.community.asks_password(person):  # a password, never a word
            events.emit("refused", reason="password line with no question", name=person.name,
                        address=person.address)
            words, go = SECRET_LATE, None
        else:
            try:
                words, go = await self.answer(person, msg["text"], msg["id"])
            except Exception:  # noqa: BLE001 - a fault of ours: one sentence to this person, and logged
                words, go = events.failed("lobby answer", person=person.name), None
        await self.answer_line(person, words, msg["id"], go)

    async def _person(self, ws: web.WebSocketResponse, hello: ClientMessage, address: str) -> Person:
        """The person saying hello: coming back with their lobby token, their lines so far; else new."""
        person = Person(ws, clean(hello["name"], limit=protocol.MAX_NAME), address, who=person_key(address))
        token = hello.get("token")
        if not token or len(token) < MIN_TOKEN:
            person.token = codes.new_token()
            person.key = codes.token_digest(person.token)
            return person
        person.back = True
        # A token this store does not know (forgotten, or kept by a store that was away) still names the
        # person's lines: a game their line made is found by the id that line gives it.
        person.key = codes.token_digest(token)
        try:
            state = await self.store.person(person.key)
        except StoreDown:
            state = None
        if state is None:
            return person
        last, n, kept, been = state.get("last"), state.get("n"), state.get("kept"), state.get("been")
        if isinstance(last, int) and isinstance(n, int) and 0 <= last <= protocol.MAX_ID and 0 <= n:
            person.last, person.n = last, n
            person.kept = kept if isinstance(kept, dict) and kept.get("reply") == last else None
        if isinstance(been, list):  # read like any record: ids only, a few
            person.been = [g for g in been if isinstance(g, str) and g.isalnum() and len(g) <= 40][-MAX_BEEN:]
        return person

    async def answer_line(self, person: Person, words: str, line_id: int, go: dict[str, str] | None) -> None:
        """Answer a line: kept in the store (its id and answer) before it is said, so the same line sent
        again, to this process or another, is answered again and not done twice."""
        person.n += 1
        if go:
            go = await self.community.go(person, go)
        more = {"go": go, **self.community.fields(person)} if go else self.community.fields(person)
        if go and go["game"] not in person.been:  # sent there: back with sit alone, even to a private game
            person.been = [*person.been, go["game"]][-MAX_BEEN:]
        prompt = self.community.prompt(person) or (ASKING if person.asking is not None else PROMPT)
        person.kept = {"n": person.n, "text": words, "prompt": prompt, "yours": True, "over": False,
                       "reply": line_id, **more}
        try:
            await self.store.keep_person(person.key, {"last": person.last, "n": person.n, "kept": person.kept,
                                                           "been": person.been})
        except StoreDown:
            pass  # a game is made only with the store; other answers are said again only while it answers
        self._send(person, "say", **person.kept)

    def _send(self, person: Person, kind: str, **fields: object) -> None:
        keep(send_text(person.ws, encode(kind, **fields)), "send to the lobby")

    def tell(self, person: Person, text: str, reply: int = 0, go: dict[str, str] | None = None) -> None:
        person.n += 1
        more: dict[str, object] = {"go": go} if go else {}
        prompt = self.community.prompt(person) or (ASKING if person.asking is not None else PROMPT)
        more.update(self.community.fields(person))
        self._send(person, "say", n=person.n, text=text, prompt=prompt, yours=True, over=False, reply=reply, **more)

    async def here_changed(self) -> None:
        try:
            await self.store.set_here([p.name for p in self.people.values() if self.community.listed(p)]
                                      + list(self.arriving.values()))
        except StoreDown:
            pass

    # ---- what is said ----
    async def answer(self, person: Person, text: str, line_id: int = 0) -> tuple[str, dict[str, str] | None]:
        """The lobby's answer to one line, and where it sends the person (a game), if anywhere. A game made
        by line ``line_id`` has an id made from it and the person's token, so the same line sent again
        (after a lost answer, even to another process) finds that game instead of making another."""
        person.line = line_id
        said = await self.community.answer(person, text)
        if said is not None:
            return said, None
        if person.asking is not None:
            return await lobby_making.questions(self, person, text)
        line = text.strip()
        word, _, rest = line.partition(" ")
        verb = word.lower()
        rest = rest.strip()
        if not verb:
            return "Type games, create, sit and a game's name, who, say, or help.", None
        if verb in ("help", "?"):
            return HELP_ON.get(rest.lower().split(" ", 1)[0], HELP), None
        if verb == "games":
            return await self._games(rest), None
        if verb == "who":
            try:
                names = sorted(await self.store.here(), key=str.lower)
            except StoreDown:
                names = [p.name for p in self.people.values()]
            return who_said(names, person.name, rest), None
        if verb == "say":
            said = clean(rest)  # no control, bidi override or pile of marks reaches anyone's terminal
            if not said:
                return "Error, say needs words after it. Type say hello, for example.", None
            if len(said) > 300:
                return f"Error, that message is {len(said)} characters, more than 300. Shorten it.", None
            wait = await self.quota.take(SAYS, person.who)
            if wait:
                self.refused(person, "say")
                return f"Error, you have said a lot at once, so that was not passed on. Say it again {wait_words(wait)}.", \
                    None
            try:
                said = clean(said)
                muted = await self.community.said(person, said)
                if muted:
                    return muted, None
                await self.store.chat(json.dumps({"by": f"{self.owner}/{person.id}", "who": self.community.member(person).key,
                                                       "text": f"{person.name} says, {said}"}))
            except StoreDown:
                return "Error, the lobby cannot pass messages on now. Try again in a minute.", None
            return f"You said, {said}", None
        if verb == "create":
            if rest:
                return await lobby_making.create_now(self, person, rest)
            person.asking = Questions()
            return person.asking.question(), None
        if verb == "sit":
            return await self._sit(person, rest)
        if verb == "code":
            return await self._codes(person), None
        if verb == "analysis":
            return await coaching.answer(self, person, rest), None
        return elsewhere(verb), None

    async def _codes(self, person: Person) -> str:
        """The codes of the private games this person was sent to (made, or sat at), that are still listed."""
        try:
            lines = await self.store.summaries()
        except StoreDown:
            return ("Error, the list of games cannot be read now, as the server's store "
                    "is not answering. Try again in a minute.")
        mine = [(str(lines[g].get("name")), str(lines[g].get("code"))) for g in person.been
                if g in lines and lines[g].get("private")]
        return codes_words(mine)

    async def _sit(self, person: Person, rest: str) -> tuple[str, dict[str, str] | None]:
        """``sit`` and a game's name, its code, or both: where the person is sent, or why not."""
        if not rest:
            return "Error, sit needs a game's name. Type games to hear them, then sit and a name.", None
        typed_code = None
        m = CODE_AT_END.match(rest)
        if m:
            rest, typed_code = m.group("name").strip(), codes.normal_code(m.group("code"))
        try:
            lines = await self.store.summaries()
        except StoreDown:
            return ("Error, the list of games cannot be read now, as the server's store "
                    "is not answering. Try again in a minute."), None
        refused, found = await self._found(person, lines, rest, typed_code)
        if found is None:
            return refused, None
        game_id, line = found
        name = str(line.get("name"))
        code = codes.normal_code(str(line.get("code")))
        refused = await self._may_sit(person, game_id, line, typed_code)
        if refused:
            return refused, None
        events.emit("sit", game=game_id, name=person.name, address=person.address)
        return f"Going to {name}. Type quit there to come back to the lobby.", \
            {"game": game_id, "code": code, "name": name}

    async def _found(self, person: Person, lines: dict[str, dict[str, object]], rest: str,
                     typed_code: str | None) -> tuple[str, tuple[str, dict[str, object]] | None]:
        """The one listed game the words name (by name, or by its code alone), or why none is."""
        if not rest and typed_code:  # the code alone names its game
            found = [(i, s) for i, s in lines.items() if codes.same(codes.normal_code(str(s.get("code"))),
                                                                   typed_code)]
        else:
            found = named(lines, rest)
        blocked = await self.quota.take(WRONG_CODES, person.who, cost=0) if typed_code else 0.0
        if blocked:
            self.refused(person, "wrong codes")
            return f"Error, too many wrong codes, so no code is tried now. Try again {wait_words(blocked)}.", None
        if not found:
            if not rest and typed_code:
                await self._wrong(person, "")
                return "Error, no game has that code. Check it with the person who made the game.", None
            return not_named(lines, rest), None
        if len(found) > 1:
            names = and_list(sorted(str(s.get("name")) for _, s in found))
            return f"Error, {quote(rest)} could be {names}. Type more of the name.", None
        return "", found[0]

    async def _may_sit(self, person: Person, game_id: str, line: dict[str, object], typed_code: str | None) -> str:
        """Why the person may not sit at this game ("" when they may): private without its code, a table of
        real cards for other names, or full."""
        name = str(line.get("name"))
        code = codes.normal_code(str(line.get("code")))
        been = game_id in person.been  # sent there before: the seat is theirs, private or not
        if line.get("private") and not been and not (typed_code and codes.same(code, typed_code)):
            if typed_code:
                await self._wrong(person, game_id)
                return f"Error, that is not the code of {name}. Check it with its maker."
            return f"Error, {name} is private. Type sit {name} and its code, which its maker can tell you."
        players = [str(n) for n in each(line.get("names") or [])]
        if line.get("table") and person.name.lower() not in [n.lower() for n in players]:
            return (f"Error, {name} is a table of real cards for {and_list(players)}, and you are in the "
                    f"lobby as {person.name}. Join the lobby with one of those names to sit there.")
        seated = [str(n) for n in each(line.get("seats") or [])]
        if not been and not line.get("free") and person.name.lower() not in [n.lower() for n in seated]:
            return f"Error, {name} is full. Type games to hear the open games, or create to start one."
        return ""

    async def _wrong(self, person: Person, game_id: str) -> None:
        """A wrong code: counted in the store, so every process of the server refuses the sixth in a minute."""
        events.emit("wrong_code", game=game_id or None, name=person.name, address=person.address)
        await self.quota.take(WRONG_CODES, person.who)

    async def count_sentence(self) -> str:
        """How many games are open, and what to type: the welcome's second sentence."""
        try:
            n, playing = (await self.store.listing()).counts()
        except StoreDown:
            return "The list of games cannot be read now. Type create to start a game, or help."
        if n:
            return f"{n} open {'game' if n == 1 else 'games'}. Type games to hear {'it' if n == 1 else 'them'}, " \
                   "create to start one, or help."
        if playing:
            return f"No open games, and {playing} {'is' if playing == 1 else 'are'} being played. Type create to " \
                   "start one, or help."
        return "No games yet. Type create to start one, or help."

    async def _games(self, typed: str = "") -> str:
        try:
            listing = await self.store.listing()  # the index, kept up to date: never every game read
        except StoreDown:
            return ("Error, the list of games cannot be read now, as the server's store "
                    "is not answering. Try again in a minute.")
        open_ = [s for _, s in listing.open()]
        return games_page(open_, listing.counts()[1], typed)

    def _door_refused(self, address: str | None, cap: str) -> None:
        """A connection the server could not take (full, or too many from one address): logged at once, then at
        most once in 10 seconds with how many came meanwhile, so a flood does not flood the log."""
        import time

        self.door_count += 1
        now = time.monotonic()
        if now - self.door_said >= 10.0:
            events.emit("refused", limit=cap, address=address, connections=self.door_count)
            self.door_said, self.door_count = now, 0

    def refused(self, person: Person, limit: str) -> None:
        """Says in the operator's log that one of the lobby's limits (``limit``) refused this person."""
        events.emit("refused", limit=limit, name=person.name, address=person.address)

    async def close_all(self) -> None:
        """Stopping: every person in the lobby is told so, and their program (or page) tries again by itself."""
        for person in list(self.people.values()):
            await close(person.ws, STOPPED)

    # ---- messages from every process ----
    def _heard(self, raw: str) -> None:
        try:
            msg = json.loads(raw)
            if self.community.heard(msg):
                return
            by, text = str(msg["by"]), clean(str(msg["text"]), limit=400)  # from another process: cleaned too
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        for person in list(self.people.values()):
            if f"{self.owner}/{person.id}" != by and not person.ws.closed and self.listed_to(person, msg):
                self.tell(person, text)

    def listed_to(self, person: Person, msg: dict[str, object]) -> bool:
        """A lobby line is said to this person: signed in (or a guest), and not ignoring its speaker."""
        return self.community.listed(person) and not self.community.ignores(person, msg.get("who"))

    # ---- lobby words typed in a game ----
    def in_game(self, game: HostedGame, seat: int, text: str) -> dict[int, str] | None:
        verb = text.strip().split(" ", 1)[0].lower()
        if verb in ("say", "chat") and self.community.moderation.muted_here(key(game.seats[seat].name)):
            return {seat: "Error, a moderator muted you, so what you say is not passed on."}
        if verb in ("say", "chat") and text.strip()[len(verb):].strip():  # a seat's own bucket, in this process
            wait = self.quota.take_here(SAYS, f"{game.id}/{seat}")
            if wait:
                return {seat: f"Error, you have said a lot at once, so that was not passed on. Say it again "
                              f"{wait_words(wait)}."}
            return None
        if verb in COMMUNITY_WORDS:  # answered once the store is read: the answer follows as news
            keep(self.community.in_game(game, seat, text), "community words in a game")
            return {seat: f"Asked the server, {verb}. Its answer follows."}
        if verb == "code":  # everyone seated there came with it: said again, for those they invite
            meta = self.meta.get(game.id, {})
            return {seat: code_words(str(meta.get("name") or "this game"), game.code, bool(meta.get("private")))}
        if verb not in ("games", "create", "sit", "lobby", "leave"):
            return None
        at = called(str(self.meta.get(game.id, {}).get("name", "")))
        then = "" if verb in ("lobby", "leave") else f", then {verb}"
        return {seat: f"You are at {at}, not in the lobby. Type quit to go back to the lobby{then}. Your seat "
                      "is kept."}
