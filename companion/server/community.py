"""The community's part of the lobby: who may come in under which name, signing in, and the words of accounts.

The lobby (companion.server.lobby) asks this module at three points: a hello (``admit``: the name's rules,
a ban, a registered name's password or device token), each typed line (``answer``: the words of accounts,
moderation, ratings and history, and the questions that ask for a password), and each message passed
between processes (``heard``: a moderator's kick, mute or announcement reaching every process).
A game's hello is asked too (``admit_game``): a registered name sits only with the pass its lobby gave.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from companion.net import codes
from companion.net.clean import clean
from companion.server import events, names
from companion.server.accounts import MIN_PASSWORD, Accounts, password_problem
from companion.server.guessing import BUSY, MISSING, Busy, Missing, missing
from companion.server.community_store import Kv
from companion.server.events import emit
from companion.net.transport import Moved
from companion.server.store import StoreDown, refused

if TYPE_CHECKING:
    from aiohttp import web

    from companion.net.protocol import ClientMessage
    from companion.net.hosted import HostedGame
    from companion.server.lobby import Lobby, Person

PASSWORD_PROMPT = "password. "
PASS_FOR = 86400.0  # seconds a pass to a game works
SEEN_FOR = 7 * 86400.0  # seconds a name's last address is kept (a guest's ban is by address)
ARRIVING_FOR = 10.0  # seconds a guest's claim on their name lasts at most while they are let in
DOWN = "Error, the server's store is not answering, so that cannot be done now. Try again in a minute."
AWAY = "The server's store is not answering, so no name can be checked now. Trying again until it is back."
# Words of the community typed at a game (its own say, who, bot and back are the game's)
COMMUNITY_WORDS = ("mute", "unmute", "kick", "ban", "unban", "remove", "announce", "reports", "report", "ignore",
                   "unignore", "rating", "top", "history")
GUEST_WORDS = ("register", "help", "?", "quit", "who")


@dataclass
class Member:
    """What the community knows of one person in the lobby."""

    key: str
    account: str | None = None  # the account this connection signed in to
    owner: str | None = None  # a registered name this person must sign in to first
    device: str = ""  # this connection's device token (logout ends it)
    asking: str = ""  # a question whose answer is a password: signin, register, password, delete
    said: list[str] = field(default_factory=list)  # the answers so far (passwords, kept only in memory)
    ignored: dict[str, str] = field(default_factory=dict)  # name key: name, of those this person ignores
    new_device: str = ""  # a device token to tell with the next answer
    claim: str = ""  # the store key of the name claimed while this guest is let in (``came_alone``)


class Community:
    def __init__(self, lobby: Lobby, kv: Kv, accounts_required: bool = False, unrated: bool = False) -> None:
        from companion.server.moderation import Moderation
        from companion.server.standing import Standing

        self.lobby = lobby
        self.kv = kv
        self.accounts = Accounts(kv)
        self.required = accounts_required
        self.moderation = Moderation(self, lobby)
        self.standing = Standing(self, unrated)

    def member(self, person: Person) -> Member:
        if person.member is None:
            person.member = Member(names.key(person.name))
        assert isinstance(person.member, Member)
        return person.member

    # ---- a hello ----
    async def admit(self, person: Person, hello: ClientMessage) -> str:
        """"" when the person may come in (perhaps still to sign in), else the sentence that refuses them."""
        person.name = names.tidy(person.name)
        refused = names.refusal(person.name)
        if refused:
            emit("refused", reason="name", name=person.name, address=person.address)
            return refused
        m = self.member(person)
        device = hello.get("device")
        devices = [person.key, *([codes.token_digest(device)] if isinstance(device, str) and device else [])]
        try:
            banned = await self.moderation.banned(m.key, person.address, devices)
            if banned:
                emit("refused", reason="ban", name=person.name, address=person.address)
                return banned
            owner = await self.accounts.owner(person.name)
            if owner is not None:
                person.name = owner
                device, password = hello.get("device"), hello.get("password")
                new = await self.accounts.device(owner, device) if isinstance(device, str) and device else None
                if new is None and isinstance(password, str) and password:
                    checked = await self.accounts.check(owner, password, person.address)
                    if checked.ok:
                        new = await self.accounts.new_device(owner)
                if new is not None:
                    await self._signed_in(person, owner, new)
                else:
                    m.owner, m.asking = owner, "signin"
            else:
                taken = names.taken(person.name, await self._others(person))
                if taken is not None:
                    return (f"Error, someone in the lobby is called {taken}, and {person.name} would be taken for "
                            "them. Join again with another name.")
            try:  # bookkeeping: a guest comes in without it when the store cannot take it (full, say)
                await self.kv.set(f"seen:{m.key}", person.address, SEEN_FOR)
                await self.moderation.seen(m.key, person.address, devices)
                await self.kv.set(f"holder:{person.key}", m.key, SEEN_FOR)  # its lobby token, coming back, is theirs
            except StoreDown as e:
                emit("store_error", during="arrival", problem=str(e))
        except StoreDown as e:  # no name can be checked: nobody comes in as anyone (a program tries again by itself)
            return f"{e.reason[:1].upper()}{e.reason[1:]}, so no name can be checked now. {AWAY.split('. ', 1)[1]}" \
                if e.reason else AWAY
        return ""

    async def _others(self, person: Person) -> list[str]:
        """The names of everyone else in the lobby (on every process); a returning person's own old
        connection (the same lobby token, under the same name) does not count."""
        try:
            here = await self.lobby.store.here()
        except StoreDown:
            here = [p.name for p in self.lobby.people.values()]
        if await self._own_old(person):
            same = [n for n in here if names.same(n, person.name)]
            return [n for n in here if n not in same[:1]]
        return here

    async def _own_old(self, person: Person) -> bool:
        """Back with their lobby token, under the name it was given with: their old connection may be listed."""
        return person.back and await self.kv.get(f"holder:{person.key}") == self.member(person).key

    async def came_alone(self, person: Person) -> str:
        """A guest's name, claimed for the moment of arrival, said among those here before the welcome, then
        looked for again. Of two guests of one name let in at the same moment (on two processes, each looked
        before either was counted), the claim lets exactly one on: the first to count it. The other is turned
        away without being said, so the first never finds it and is let in (before, both could find each other
        and both be turned away, again and again). "" when the name is theirs alone; ``arrived`` gives the claim
        back once the person is counted among those here (or has gone)."""
        m = self.member(person)
        if m.account or m.owner is not None:
            return ""
        claim = f"arriving:{names.key(person.name)}"
        try:
            first = await self.kv.incr(claim, ARRIVING_FOR) == 1
        except StoreDown:
            first, claim = True, ""
        m.claim = claim
        if first:
            self.lobby.arriving[person.id] = person.name
            try:
                await self.lobby.here_changed()
                here = await self.lobby.store.here()
            except StoreDown:
                return ""
            if sum(names.same(n, person.name) for n in here) <= 1 + await self._own_old(person):
                return ""
            self.lobby.arriving.pop(person.id, None)
            await self.lobby.here_changed()
        await self.arrived(person)
        emit("refused", reason="same name at once", name=person.name, address=person.address)
        return f"Error, someone else came in as {person.name} at the same moment. Join again with another name."

    async def arrived(self, person: Person) -> None:
        """Give back the person's claim on their name's arrival (none to give back: nothing is done)."""
        m = person.member
        if m is None:
            return
        claim, m.claim = m.claim, ""
        if claim:
            try:
                await self.kv.uncount(claim)
            except StoreDown:
                pass  # the claim ends by itself in ARRIVING_FOR seconds

    async def _signed_in(self, person: Person, account: str, device: str) -> None:
        m = self.member(person)
        m.account, m.owner, m.asking, m.said = account, None, "", []
        m.device = m.new_device = device
        person.name = account
        try:
            await self.accounts.guessing.signed_in(names.key(account), person.address, right_password=False)
            m.ignored = await self.kv.hgetall(f"ignore:{m.key}")
        except StoreDown:
            m.ignored = {}
        emit("sign_in", name=account, address=person.address)

    def listed(self, person: Person) -> bool:
        """Counted among those in the lobby: not while still to sign in to a registered name."""
        return person.member is None or self.member(person).owner is None

    def greeting(self, person: Person) -> str:
        m = self.member(person)
        if m.owner is not None:
            return (f"{m.owner} is a registered name. Type its password to sign in, or quit and join with "
                    "another name.")
        return ""

    def asks_password(self, person: Person) -> bool:
        return person.member is not None and bool(self.member(person).asking)

    def prompt(self, person: Person) -> str:
        return PASSWORD_PROMPT if person.member is not None and self.member(person).asking else ""

    def fields(self, person: Person) -> dict[str, object]:
        """What an answer to this person carries besides its words: a password is asked (never echoed), a
        device token to keep."""
        if person.member is None:
            return {}
        m = self.member(person)
        out: dict[str, object] = {}
        if m.asking:
            out["secret"] = True
        if m.new_device:
            out["device"], m.new_device = m.new_device, ""
        return out

    # ---- a typed line ----
    async def answer(self, person: Person, text: str) -> str | None:
        """The answer to a line that is the community's, or None for the lobby's own words."""
        m = self.member(person)
        try:
            if m.asking:
                return await self._asked(person, m, text)
            word, _, rest = text.strip().partition(" ")
            verb, rest = word.lower(), rest.strip()
            if self.required and m.account is None and verb not in GUEST_WORDS:
                return ("Error, this server needs an account to play. Type register to make one for "
                        f"{person.name}.")
            if verb == "register":
                return await self._register(person, m)
            if verb == "password":
                if m.account is None:
                    return "Error, you have no account to change the password of. Type register to make one."
                m.asking, m.said = "password", []
                return "Type your password now."
            if verb == "logout":
                return await self._logout(person, m, rest.lower())
            if verb == "delete" and rest.lower() == "account":
                if m.account is None:
                    return "Error, you are a guest, so there is no account to delete."
                m.asking, m.said = "delete", []
                return ("Deleting your account removes it, its rating and its history, for good. Type your "
                        "password to delete it, or cancel.")
            said = await self.moderation.answer(person, m, verb, rest)
            if said is None:
                said = await self.standing.answer(person, m, verb, rest)
            return said
        except StoreDown as e:
            if m.asking in ("register", "password", "delete"):  # the question ends: nothing was changed
                m.asking, m.said = "", []
            return refused(e)

    async def _register(self, person: Person, m: Member) -> str:
        if m.account is not None:
            return f"You are signed in as {m.account}. The account is made already."
        if await self.accounts.owner(person.name) is not None:
            return f"Error, {person.name} is registered already."
        lacking = missing()
        if lacking:
            emit("refused", reason="accounts not installed", name=person.name, address=person.address)
            return lacking
        m.asking, m.said = "register", []
        return f"Choose a password for {person.name}, 10 characters or more. It is not shown as you type."

    async def _logout(self, person: Person, m: Member, rest: str) -> str:
        if m.account is None:
            return "Error, you are a guest, so there is nothing to log out of."
        if rest == "everywhere":
            n = await self.accounts.logout_everywhere(m.account)
            emit("logout", name=m.account, everywhere=True, devices=n)
            return (f"Logged out on every device ({n}). Each asks for the password next time. You stay in the "
                    "lobby until you leave.")
        await self.accounts.logout(m.account, m.device)
        emit("logout", name=m.account, everywhere=False)
        m.device = ""
        return "Logged out on this device. It asks for the password next time. You stay in the lobby until you leave."

    async def _asked(self, person: Person, m: Member, text: str) -> str:
        try:
            return await self._asked_now(person, m, text)
        except Busy:
            return BUSY
        except Missing:
            m.asking, m.said = "", []
            return MISSING

    async def _asked_now(self, person: Person, m: Member, text: str) -> str:
        typed = text.strip()
        if typed.lower() in ("cancel", "stop") and m.asking != "signin":
            m.asking, m.said = "", []
            return "Cancelled. Nothing was changed."
        kind = m.asking
        if kind == "signin":
            return await self._signing_in(person, m, typed)
        if kind == "register":
            return await self._registering(person, m, typed)
        if kind == "delete":
            return await self._deleting(person, m, typed)
        return await self._changing_password(person, m, typed)

    async def _signing_in(self, person: Person, m: Member, typed: str) -> str:
        """The password of the registered name the person joined with."""
        assert m.owner is not None
        if typed.lower() in ("quit", "exit", "bye", "leave", "cancel", ""):
            return (f"To leave, close the page or press Control D. To stay, type the password of {m.owner}. "
                    "Nothing was counted.")
        if len(typed) < MIN_PASSWORD:  # no password is this short: a word typed here, not counted as a guess
            return (f"Error, that is shorter than any password, so it was not checked or counted. Type the password "
                    f"of {m.owner}, or quit and join with another name.")
        checked = await self.accounts.check(m.owner, typed, person.address)
        if not checked.ok:
            if checked.said.startswith("Error, that is not the password"):
                return f"{checked.said} Type the password of {m.owner} again, or quit and join with another name."
            return checked.said
        await self._signed_in(person, m.owner, await self.accounts.new_device(m.owner))
        await self.lobby.here_changed()
        if checked.reset:
            m.asking, m.said = "password", ["(reset)"]
            return ("Signed in with the operator's one-time code. Choose a new password now, 10 characters or "
                    "more.")
        return f"Signed in. Welcome to the lobby, {person.name}. {await self.lobby.count_sentence()}"

    async def _registering(self, person: Person, m: Member, typed: str) -> str:
        """A new account's password, typed twice."""
        if not m.said:
            problem = password_problem(typed)
            if problem:
                return problem
            m.said = [typed]
            return "Type it again."
        if typed != m.said[0]:
            m.said = []
            return "Error, the two were not the same. Choose a password again, 10 characters or more."
        device = None if await self.accounts.owner(person.name) else await self.accounts.register(person.name, typed)
        m.asking, m.said = "", []
        if device is None:
            return f"Error, {person.name} was registered meanwhile."
        m.account, m.device, m.new_device = names.tidy(person.name), device, device
        emit("register", name=m.account, address=person.address)
        return (f"Registered {m.account}. This device is kept signed in. Elsewhere, the password is asked "
                "once. Type logout to end that here.")

    async def _deleting(self, person: Person, m: Member, typed: str) -> str:
        """The account's password, to delete it."""
        assert m.account is not None
        checked = await self.accounts.check(m.account, typed, person.address)
        m.asking = ""
        if not checked.ok:
            return checked.said + " Your account was not deleted."
        await self.delete_account(m.account)
        emit("delete_account", name=m.account, address=person.address)
        m.account, m.device = None, ""
        return "Your account, its rating and its history are deleted. You are a guest now."

    async def _changing_password(self, person: Person, m: Member, typed: str) -> str:
        """The present password (unless signed in by a reset code), then the new one twice."""
        assert m.account is not None
        if not m.said:
            checked = await self.accounts.check(m.account, typed, person.address)
            if not checked.ok:
                m.asking = ""
                return checked.said + " The password was not changed."
            m.said = ["(checked)"]
            return "Type the new password, 10 characters or more."
        if len(m.said) == 1:
            problem = password_problem(typed)
            if problem:
                return problem
            m.said.append(typed)
            return "Type it again."
        if typed != m.said[1]:
            m.said = m.said[:1]
            return "Error, the two were not the same. Type the new password again."
        await self.accounts.set_password(m.account, typed)
        m.asking, m.said = "", []
        emit("password_changed", name=m.account, address=person.address)
        return "Your password is changed. Devices signed in stay signed in. Type logout everywhere to end that."

    async def delete_account(self, name: str) -> None:
        await self.standing.forget(name)
        await self.accounts.delete(name)
        await self.kv.hdel("moderators", names.key(name))

    # ---- sending a person to a game ----
    async def go(self, person: Person, go: dict[str, str]) -> dict[str, str]:
        """A signed-in person's way into the game they are sent to carries a pass: a registered name sits there
        only with it, and a game whose every seat came with one is rated."""
        m = self.member(person)
        if m.account is None:
            return go
        ticket = secrets.token_urlsafe(18)
        try:
            await self.kv.set(f"pass:{codes.token_digest(ticket)}",
                              json.dumps({"account": m.account, "game": go["game"]}), PASS_FOR)
        except StoreDown:
            return go
        return {**go, "pass": ticket}

    async def admit_game(self, game_id: str, hello: ClientMessage, address: str, token_fits: bool) -> str:
        """"" when a game's hello may go on, else the sentence that refuses it. ``token_fits``: it came back
        with its seat's token (it was admitted before)."""
        name = str(hello.get("name", ""))
        refused = names.refusal(name)
        if refused:
            return refused
        try:
            banned = await self.moderation.banned(names.key(name), address)
            if banned:
                return banned
            if await self.kv.get(f"removed:{game_id}"):
                return "Error, a moderator removed this game. Type games in the lobby to hear the others."
            ticket = hello.get("pass")
            if isinstance(ticket, str) and ticket:
                raw = await self.kv.get(f"pass:{codes.token_digest(ticket)}")
                rec = json.loads(raw) if raw else {}
                if isinstance(rec, dict) and rec.get("game") == game_id and names.same(str(rec.get("account")), name):
                    await self.kv.hset(f"seated:{game_id}", names.key(name), str(rec["account"]))
                    hello["name"] = str(rec["account"])  # seated as the account is spelt, however it was typed
                    return ""
            if token_fits:
                return ""
            owner = await self.accounts.owner(name)
            if owner is not None:
                emit("refused", reason="registered name", name=name, address=address, game=game_id)
                return (f"Error, {owner} is a registered name. Join the lobby with it and its password, then sit "
                        "at the game from there.")
            if self.required:
                return "Error, this server needs an account to play. Join the lobby and type register."
        except StoreDown:
            return AWAY
        except ValueError:  # a pass record that is not JSON: as if none came
            return ""
        return ""

    async def in_game(self, game: HostedGame, seat: int, text: str) -> None:
        """A community word typed at a game: answered as in the lobby, as the account that sat there (a moderator
        acts from a game too), and the answer told to that seat."""
        from companion.server.lobby import Person

        name = game.seats[seat].name
        person = Person(cast("web.WebSocketResponse", None), name, "")  # no connection: answered in the game
        m = self.member(person)
        try:
            m.account = await self.kv.hget(f"seated:{game.id}", m.key)
            said = await self.answer(person, text)
        except StoreDown as e:
            said = refused(e)
        except Exception:  # noqa: BLE001 - a fault of ours: one sentence to that seat, and logged
            said = events.failed("community words in a game", game=game.id)
        host = self.lobby.host
        async with game.lock:
            if host.by_id.get(game.id) is not game:
                return
            game.push(seat, said or "Done.")
            game.save()
            try:
                await host.persist(game)
            except Moved:  # the game moved meanwhile: the act is done, only its answer unsaid
                pass

    # ---- what passes between processes ----
    async def tell_all(self, act: dict[str, object]) -> None:
        await self.lobby.store.chat(json.dumps({"act": act}))

    def heard(self, msg: dict[str, object]) -> bool:
        """A moderator's act from any process (True), applied to the people and games here."""
        act = msg.get("act")
        if not isinstance(act, dict):
            return False
        self.moderation.apply(act)
        return True

    def ignores(self, person: Person, who: object) -> bool:
        return person.member is not None and isinstance(who, str) and who in self.member(person).ignored

    async def said(self, person: Person, text: str) -> str | None:
        """Before a lobby ``say``: a refusal while muted, else None (the line is kept for reports)."""
        m = self.member(person)
        until = await self.moderation.muted(m.key)
        if until:
            return f"Error, a moderator muted you until {time.strftime('%H %M UTC', time.gmtime(until))}."
        await self.kv.push(f"said:{m.key}", clean(f"At {time.strftime('%H %M', time.gmtime())}, {text}", limit=320),
                           20, SEEN_FOR)
        return None
