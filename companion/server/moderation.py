"""Moderators and what they can do, and what everyone can do about another person: report and ignore.

Moderators are named by the operator (``companion server moderator add NAME``) in the store, and looked
up there each time one acts, so a change counts at once on every running process. Each act is kept in
the store where it must last (a mute, a ban), told to every process (so a kick closes the person's
connections wherever they are), said to the person it touches in one sentence, and written to the
server's event log.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from companion.narrow import each, to_float
from companion.net.tasks import keep
from companion.cards.names import quote
from companion.net.clean import clean
from companion.net.transport import Moved
from companion.numbers import NumberError, as_number
from companion.server import names
from companion.net.limits import address_key
from companion.server.events import emit

if TYPE_CHECKING:
    from companion.server.store import Store
    from companion.server.community import Community, Member
    from companion.server.lobby import Lobby, Person

MOD_WORDS = ("mute", "unmute", "kick", "ban", "unban", "remove", "announce", "reports")
MAX_REPORTS = 200
MAX_WHY = 200
REPORTS_AN_HOUR = 3  # reports one person may make in an hour
SEEN_FOR = 7 * 86400.0  # a ban covers the addresses and devices a person was seen with over this long
KEPT_SEEN = 20  # addresses (and devices) kept per name
ADDRESS_BAN_DAYS = 30  # an address is shared (a household, a campus): banned for at most this long


def _lines(n: int) -> str:
    return f"{n} {'line' if n == 1 else 'lines'}"


def when(at: float) -> str:
    """A moment as said: "3 May 2026 at 14 05 UTC" (a colon between the hour and the minutes is heard "colon")."""
    return time.strftime("%d %B %Y at %H %M UTC", time.gmtime(at)).lstrip("0")


class Moderation:
    def __init__(self, community: Community, lobby: Lobby) -> None:
        self.c = community
        self.kv = community.kv
        self.lobby = lobby  # its people, told what a moderator did
        self.host = lobby.host  # its games, let go or told
        self.store = lobby.store  # the games' list
        self.mutes: dict[str, float] = {}  # name key: until, as told by every process (for games' say)

    async def is_moderator(self, m: Member) -> bool:
        return m.account is not None and await self.kv.hget("moderators", m.key) is not None

    async def seen(self, key: str, address: str, devices: list[str]) -> None:
        """Keep, for a week, that the name ``key`` came from ``address`` with these device (or lobby) token digests:
        a ban covers them. Each is a small record that expires with its newest entry (no name's is kept forever)."""
        now = time.time()
        for name, items in ((f"addrs:{key}", [address_key(address)]), (f"tokens:{key}", devices)):
            kept = {k: at for k, at in (await self._kept(name)).items() if at >= now - SEEN_FOR}
            kept.update({item: now for item in items if item})
            newest = dict(sorted(kept.items(), key=lambda kv: kv[1])[-KEPT_SEEN:])
            await self.kv.set(name, json.dumps(newest), SEEN_FOR)

    async def _kept(self, name: str) -> dict[str, float]:
        raw = await self.kv.get(name)
        try:
            found = json.loads(raw) if raw else {}
        except ValueError:
            return {}
        if not isinstance(found, dict):
            return {}
        return {str(k): float(v) for k, v in found.items() if isinstance(v, (int, float))}

    async def _seen_with(self, key: str, name: str) -> list[str]:
        since = time.time() - SEEN_FOR
        return [k for k, at in (await self._kept(f"{name}:{key}")).items() if at >= since]

    async def banned(self, key: str, address: str, devices: list[str] | None = None) -> str:
        """The sentence that refuses a banned person (by name, or an address or a device they were seen with, under
        any name), or "". A moderator's name is refused only by its own ban (an address may be shared)."""
        by_name = [f"ban:{key}"]
        elsewhere = [f"ban:address:{address_key(address)}", *(f"ban:device:{d}" for d in devices or [] if d)]
        for k in by_name + elsewhere:
            raw = await self.kv.get(k)
            try:
                rec = json.loads(raw) if raw else None
            except ValueError:
                rec = None
            if isinstance(rec, dict) and float(rec.get("until", 0)) > time.time():
                if k in elsewhere and await self.kv.hget("moderators", key) is not None:
                    return ""
                why = f" The reason, {rec['why']}." if rec.get("why") else ""
                return f"Error, a moderator banned you until {when(float(rec['until']))}.{why}"
        return ""

    async def muted(self, key: str) -> float:
        raw = await self.kv.get(f"mute:{key}")
        until = float(raw) if raw and raw.replace(".", "", 1).isdigit() else 0.0
        return until if until > time.time() else 0.0

    def muted_here(self, key: str) -> bool:
        return self.mutes.get(key, 0) > time.time()

    # ---- typed ----
    async def answer(self, person: Person, m: Member, verb: str, rest: str) -> str | None:
        """The answer to a community word anyone may type (report, ignore, unignore) or a moderator's; None
        when the verb is neither."""
        if verb == "report":
            return await self._report(person, m, rest)
        if verb == "ignore":
            return await self._ignore(m, rest)
        if verb == "unignore":
            return await self._unignore(m, rest)
        if verb not in MOD_WORDS:
            return None
        if not await self.is_moderator(m):
            return f"Error, only a moderator can {verb}. Type report and a name and why, to tell the moderators."
        by = m.account or person.name
        if verb == "announce":
            return await self._announce(by, rest)
        if verb == "reports":
            return await self._reports(rest)
        if verb == "remove":
            return await self._remove(by, rest)
        return await self._on_person(verb, by, rest)

    async def _announce(self, by: str, rest: str) -> str:
        text = clean(rest, limit=300)
        if not text:
            return "Error, announce needs words after it."
        await self.c.tell_all({"do": "announce", "text": f"The moderators say, {text}"})
        emit("announce", by=by, text=text)
        return f"You announced, {text}"

    async def _on_person(self, verb: str, by: str, rest: str) -> str:
        """A moderator's word about one person, by name: unban, unmute, kick, or mute and ban for a while."""
        target, _, more = rest.partition(" ")
        if not target:
            return f"Error, {verb} needs a name. Type {verb} and the person's name."
        target = names.tidy(target)
        key = names.key(target)
        if verb == "unban":
            return await self._unban(by, target, key)
        if verb == "unmute":
            await self.kv.delete(f"mute:{key}")
            await self.c.tell_all({"do": "mute", "key": key, "until": 0, "say": "A moderator unmuted you."})
            emit("unmute", by=by, name=target)
            return f"{target} may speak again."
        if verb == "kick":
            why = clean(more, limit=MAX_WHY)
            said = f"Error, a moderator removed you from the server.{f' The reason, {why}.' if why else ''}"
            await self.c.tell_all({"do": "kick", "key": key, "say": said})
            emit("kick", by=by, name=target, why=why)
            return f"{target} is removed from the server. They may join again."
        amount, _, why = more.strip().partition(" ")
        try:
            n = as_number(amount) if amount else None
        except NumberError:
            n = None
        unit = "minutes" if verb == "mute" else "days"
        if n is None or not 1 <= n <= (10_000 if verb == "mute" else 3650):
            return f"Error, {verb} needs a name and a number of {unit}, as in {verb} {target} 10."
        why = clean(why, limit=MAX_WHY)
        if verb == "mute":
            return await self._mute(by, target, key, n, why)
        return await self._ban(by, target, key, n, why)

    async def _unban(self, by: str, target: str, key: str) -> str:
        raw = await self.kv.get(f"ban:{key}")
        try:
            was = json.loads(raw) if raw else {}
        except ValueError:
            was = {}
        was = was if isinstance(was, dict) else {}
        addresses = [str(a) for a in was.get("addresses") or [] if a] + ([str(was["address"])] if was.get("address") else [])
        devices = [str(d) for d in was.get("devices") or [] if d]
        await self.kv.delete(f"ban:{key}", *(f"ban:address:{a}" for a in addresses), *(f"ban:device:{d}" for d in devices))
        emit("unban", by=by, name=target)
        return f"{target} is no longer banned." if raw else f"{target} was not banned."

    async def _mute(self, by: str, target: str, key: str, n: int, why: str) -> str:
        until = time.time() + n * 60
        await self.kv.set(f"mute:{key}", str(until), n * 60)
        await self.c.tell_all({"do": "mute", "key": key, "until": until,
                               "say": f"A moderator muted you for {n} {'minute' if n == 1 else 'minutes'}."})
        emit("mute", by=by, name=target, minutes=n, why=why)
        return f"{target} is muted for {n} {'minute' if n == 1 else 'minutes'}."

    async def _ban(self, by: str, target: str, key: str, n: int, why: str) -> str:
        until = time.time() + n * 86400
        # the person, under any name: the addresses they came from this week, their devices and lobby tokens
        seen_at = set(await self._seen_with(key, "addrs"))
        last = await self.kv.get(f"seen:{key}")
        if last:
            seen_at.add(address_key(last))
        seen_with = set(await self._seen_with(key, "tokens")) | set(await self.kv.hgetall(f"devices:{key}"))
        rec: dict[str, object] = {"until": until, "why": why, "name": target, "addresses": sorted(seen_at),
                                  "devices": sorted(seen_with)}
        for a in seen_at:
            await self.kv.set(f"ban:address:{a}", json.dumps(rec), min(n, ADDRESS_BAN_DAYS) * 86400)
        for d in seen_with:
            await self.kv.set(f"ban:device:{d}", json.dumps(rec), n * 86400)
        await self.kv.set(f"ban:{key}", json.dumps(rec), n * 86400)
        said = f"Error, a moderator banned you until {when(until)}.{f' The reason, {why}.' if why else ''}"
        await self.c.tell_all({"do": "kick", "key": key, "say": said})
        emit("ban", by=by, name=target, days=n, why=why, addresses=sorted(seen_at), devices=len(seen_with))
        return f"{target} is banned for {n} {'day' if n == 1 else 'days'}, until {when(until)}."

    async def _remove(self, by: str, rest: str) -> str:
        from companion.server.lobby_words import named

        if not rest:
            return "Error, remove needs a game's name. Type games to hear them."
        lines = await self.store.summaries()
        found = named(lines, rest)
        if len(found) != 1:
            return f"Error, no one game is named {quote(rest)}. Type games to hear them."
        game_id, line = found[0]
        await self.kv.set(f"removed:{game_id}", "1", 30 * 86400)
        await self.c.tell_all({"do": "remove", "game": game_id,
                               "say": f"Error, a moderator removed the game {line.get('name')}. Type games in the "
                                      "lobby to hear the others."})
        await drop_listed(self.store, game_id)
        emit("remove", by=by, game=game_id, name=str(line.get("name")))
        return f"The game {line.get('name')} is removed."

    async def _report(self, person: Person, m: Member, rest: str) -> str:
        target, _, why = rest.partition(" ")
        why = clean(why, limit=MAX_WHY)
        if not target or not why:
            return "Error, report needs a name and why, as in report Cy spamming the lobby."
        key = names.key(target)
        about = names.tidy(target)
        reporter = f"account:{names.key(m.account)}" if m.account else (person.who or f"name:{m.key}")
        if await self.kv.get(f"reported:{reporter}:{key}"):  # one person's repeats count once
            emit("refused", limit="report again", by=person.name, name=about, address=person.address)
            return f"You reported {about} today already, and the moderators have it. Thank you."
        made = await self.kv.incr(f"reports:by:{reporter}", 3600)
        if made > REPORTS_AN_HOUR:
            emit("refused", limit="reports", by=person.name, name=about, address=person.address)
            wait = await self.kv.ttl(f"reports:by:{reporter}")
            minutes = max(1, round(wait / 60))
            return (f"Error, you have made {REPORTS_AN_HOUR} reports in the last hour, the most one person may. Report "
                    f"again in {minutes} {'minute' if minutes == 1 else 'minutes'}.")
        await self.kv.set(f"reported:{reporter}:{key}", "1", 86400)
        lines = list(reversed(await self.kv.items(f"said:{key}")))
        rec = {"at": time.time(), "by": person.name, "about": about, "why": why, "lines": lines}
        await self.kv.push("reports", json.dumps(rec), MAX_REPORTS)
        emit("report", by=person.name, name=rec["about"], why=why, lines=lines)
        return f"Reported {rec['about']} to the moderators, with their last {_lines(len(lines))}. Thank you."

    async def _reports(self, rest: str) -> str:
        reports: list[dict[str, object]] = []
        for text in await self.kv.items("reports"):
            try:
                found = json.loads(text)
            except ValueError:
                continue
            if isinstance(found, dict):
                reports.append(found)
        if not reports:
            return "No reports."
        try:
            n = as_number(rest) if rest else None
        except NumberError:
            n = None
        if n is not None:
            if not 1 <= n <= len(reports):
                if len(reports) == 1:
                    return "Error, there is 1 report. Type reports 1 to hear it."
                return f"Error, there are {len(reports)} reports. Type reports and a number from 1 to {len(reports)}."
            r = reports[n - 1]
            said = [f"Report {n}, {r.get('by')} reported {r.get('about')} on {when(to_float(r.get('at', 0)))}. "
                    f"The reason, {r.get('why')}."]
            lines = [str(x) for x in each(r.get("lines") or [])]
            said.append(f"{r.get('about')}'s last {_lines(len(lines))}." if lines else f"{r.get('about')} said nothing here lately.")
            return "\n".join([*said, *lines])
        shown = reports[:10]
        return "\n".join([f"{len(reports)} {'report' if len(reports) == 1 else 'reports'}, newest first.",
                          *(f"{i}. {r.get('about')}, by {r.get('by')}. The reason, {r.get('why')}." for i, r in enumerate(shown, 1)),
                          "Type reports and a number to hear one with the lines said."])

    async def _ignore(self, m: Member, rest: str) -> str:
        if not rest:
            if not m.ignored:
                return "You ignore nobody. Type ignore and a name to stop hearing them."
            from companion.cards.names import and_list

            return f"You ignore {and_list(sorted(m.ignored.values()))}."
        target = names.tidy(rest)
        if m.account is not None:  # kept only once the store took it
            await self.kv.hset(f"ignore:{m.key}", names.key(target), target)
        m.ignored[names.key(target)] = target
        return f"You no longer hear {target} in the lobby. Type unignore {target} to hear them again."

    async def _unignore(self, m: Member, rest: str) -> str:
        target = names.tidy(rest)
        if names.key(target) not in m.ignored:
            return f"Error, you do not ignore {quote(target)}."
        if m.account is not None:
            await self.kv.hdel(f"ignore:{m.key}", names.key(target))
        del m.ignored[names.key(target)]
        return f"You hear {target} again."

    # ---- told by any process ----
    def apply(self, act: dict[str, object]) -> None:
        from companion.net.transport import close

        lobby, host = self.lobby, self.host
        do, key, say = act.get("do"), act.get("key"), str(act.get("say", ""))[:400]
        if do == "announce":
            text = str(act.get("text", ""))[:400]
            for person in list(lobby.people.values()):
                if not person.ws.closed:
                    lobby.tell(person, text)
            keep(self._to_games(text), "announce to games")
            return
        if do == "remove":
            game = host.by_id.get(str(act.get("game")))
            if game is not None:
                keep(host.let_go(game, say), "let a game go")
            return
        if not isinstance(key, str):
            return
        if do == "mute":
            self.mutes[key] = to_float(act.get("until") or 0)
        people = [p for p in lobby.people.values() if self.c.member(p).key == key]
        for person in people:
            if do == "kick":
                keep(close(person.ws, say), "close")
            elif say:
                lobby.tell(person, say)
        for (game_id, seat), ws in list(host.conns.items()):
            game = host.by_id.get(game_id)
            if game is None or names.key(game.seats[seat].name) != key:
                continue
            if do == "kick":
                keep(close(ws, say), "close")
            elif say and not people:
                game.push(seat, say)

    async def _to_games(self, text: str) -> None:
        host = self.host
        for game in list(host.by_id.values()):
            game.to_all(text)
            game.save()
            try:
                await host.persist(game)
            except Moved:  # the game moved meanwhile: its players hear it in the lobby
                pass


async def drop_listed(store: Store, game_id: str) -> None:
    """Take a game off the lobby's list, in whichever store the server uses (every process's copy follows)."""
    from companion.server.store import StoreDown

    try:
        await store.unlist(game_id)
    except StoreDown:
        pass  # the removed mark refuses it anyway; its line goes when its owner next saves it
