"""Ratings and the history of finished games.

A finished game's record is kept (its kingdom, seats, result and whole log), and each account that sat
there has it in its history. A game whose every seat is an account (each came with its lobby's pass: no
guest, no bot) is rated, unless it or the server is unrated, with openskill's Plackett-Luce model (2 to 6
players, ties shared). The rating said is the model's mean times 60, so a new player's 25 is 1,500.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import TYPE_CHECKING, Any

from companion.net.clean import clean
from companion.server import names
from companion.server.community_store import Kv
from companion.server.events import emit
from companion.server.store import StoreDown

if TYPE_CHECKING:
    from companion.net.hosted import HostedGame
    from companion.server.community import Community, Member
    from companion.server.lobby import Person

SCALE = 60  # the rating said: the model's mean times this
HISTORY = 100  # finished games kept in each account's history
SHOWN = 10
FOREVER = 3650 * 86400.0


def model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _games(n: int) -> str:
    return f"{n} {'game' if n == 1 else 'games'}"


def said_rating(mu: float) -> int:
    return round(mu * SCALE)


def places(scores: list[dict[str, Any]]) -> list[int]:
    """Each score's place (1 best): more VP first, then fewer turns; the same VP and turns share a place."""
    return [1 + sum(1 for o in scores if (o["vp"], -o["turns"]) > (s["vp"], -s["turns"])) for s in scores]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


async def rating_of(kv: Kv, name: str) -> dict[str, Any] | None:
    raw = await kv.hget("ratings", names.key(name))
    try:
        rec = json.loads(raw) if raw else None
    except ValueError:
        return None
    return rec if isinstance(rec, dict) else None


async def finished_log(kv: Kv, name: str, index: int = 1) -> dict[str, Any] | None:
    """One of ``name``'s finished games, newest first from 1: its kingdom, seats, result and ``record`` (the
    whole game as saved, for the coach's analysis). None if there is no such game."""
    ids = await kv.items(f"history:{names.key(name)}")
    if not 1 <= index <= len(ids):
        return None
    return await kept_log(kv, ids[index - 1])


async def kept_log(kv: Kv, game_id: str) -> dict[str, Any] | None:
    """A finished game's log as the history keeps it (hostile like every record: None unless well formed)."""
    raw = await kv.get(f"log:game:{game_id}")
    try:
        rec = json.loads(raw) if raw else None
    except ValueError:
        return None
    return rec if isinstance(rec, dict) else None


class Standing:
    def __init__(self, community: Community, unrated: bool = False) -> None:
        self.c = community
        self.kv = community.kv
        self.unrated = unrated  # the whole server (companion server --unrated)
        self.done: set[str] = set()  # games finished here whose end was taken already

    async def unrate(self, game_id: str) -> None:
        """``create --unrated``: that game is never rated."""
        if game_id:
            await self.kv.set(f"unrated:{game_id}", "1", FOREVER)

    # ---- a game's end ----
    def finished(self, game: HostedGame) -> None:
        if game.id in self.done:
            return
        self.done.add(game.id)
        asyncio.ensure_future(self._finished(game))

    async def _finished(self, game: HostedGame) -> None:
        try:
            if await self.kv.incr(f"done:{game.id}", FOREVER) != 1:  # taken by another process already
                return
            told = await self.record(game)
        except StoreDown:
            self.done.discard(game.id)
            return
        except Exception:  # noqa: BLE001 - a fault of ours is logged; the game itself is saved and over
            from companion.dispatch import log_exception

            log_exception("server game over")
            return
        if not told:
            return
        await self.c.lobby.host.tell_later(game, told)  # the ratings are kept whatever happens to the game

    async def record(self, game: HostedGame) -> dict[int, str]:
        """Keep the finished game in the history (and rate it): what each seat is told, by seat."""
        seating: Any = game.seating
        result = getattr(getattr(getattr(seating, "act", None), "game", None), "result", None)
        if result is None:
            return {}
        scores = [{"name": s.name, "vp": int(s.vp), "turns": int(s.turns)} for s in result.scores]
        ranks = places(scores)
        seated = await self.kv.hgetall(f"seated:{game.id}")
        people = [st.name for st in game.seats]
        accounts = {names.key(n): seated[names.key(n)] for n in people if names.key(n) in seated}
        rated = (not self.unrated and not game.options.bots and len(accounts) == len(people) == len(scores)
                 and not await self.kv.get(f"unrated:{game.id}") and 2 <= len(scores) <= 6)
        rec = {"id": game.id, "at": int(time.time()), "kingdom": game.options.kingdom, "rated": rated,
               "seats": [{"name": s["name"], "account": accounts.get(names.key(s["name"])), "vp": s["vp"],
                          "turns": s["turns"], "place": p} for s, p in zip(scores, ranks)],
               "record": game.record()}
        told: dict[int, str] = {}
        if rated:
            before = [await rating_of(self.kv, accounts[names.key(s["name"])]) or {} for s in scores]
            m = model()
            teams = [[m.rating(mu=b.get("mu"), sigma=b.get("sigma"), name=names.key(s["name"]))]
                     for s, b in zip(scores, before)]
            after = m.rate(teams, ranks=ranks)
            seats: list[dict[str, Any]] = rec["seats"]  # type: ignore[assignment]
            for s, b, team, seat in zip(scores, before, after, seats):
                r = team[0]
                account = accounts[names.key(s["name"])]
                was = said_rating(float(b.get("mu", 25.0)))
                now = said_rating(r.mu)
                await self.kv.hset("ratings", names.key(account), json.dumps(
                    {"name": account, "mu": r.mu, "sigma": r.sigma, "games": int(b.get("games", 0)) + 1}))
                seat.update(rating=now, change=now - was)
                change = now - was
                how = f"up {change:,}" if change > 0 else f"down {-change:,}" if change < 0 else "no change"
                i = game.seat_named(s["name"])
                if i is not None:
                    told[i] = f"Your rating {now:,}, {how}."
        await self.kv.set(f"log:game:{game.id}", json.dumps(rec))
        for account in accounts.values():
            await self.kv.push(f"history:{names.key(account)}", game.id, HISTORY)
        emit("game_over", game=game.id, rated=rated, seats=[s["name"] for s in scores],
             places=ranks)
        return told

    async def forget(self, name: str) -> None:
        """An account deleted: its rating, its history, and its name in the games it played."""
        k = names.key(name)
        for game_id in await self.kv.items(f"history:{k}"):
            rec = await kept_log(self.kv, game_id)
            if rec is None:
                continue
            for seat in rec.get("seats") or []:
                if isinstance(seat, dict) and seat.get("account") and names.key(str(seat["account"])) == k:
                    seat.update(name="a former player", account=None)
            rec.pop("record", None)  # the whole log names them throughout: the result alone stays for the others
            await self.kv.set(f"log:game:{game_id}", json.dumps(rec))
        await self.kv.delete(f"history:{k}")
        await self.kv.hdel("ratings", k)

    # ---- typed ----
    async def answer(self, person: Person, m: Member, verb: str, rest: str) -> str | None:
        if verb == "rating":
            return await self._rating(rest or m.account or person.name, mine=not rest)
        if verb == "top":
            return await self._top()
        if verb == "history":
            return await self._history(rest or m.account or person.name, mine=not rest)
        return None

    async def _all(self) -> list[dict[str, Any]]:
        out = []
        for raw in (await self.kv.hgetall("ratings")).values():
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            if isinstance(rec, dict) and isinstance(rec.get("mu"), (int, float)):
                out.append(rec)
        # the same rating shares a place; among equals, by name, so every process lists them alike
        return sorted(out, key=lambda r: (-said_rating(float(r["mu"])), names.key(str(r.get("name")))))

    async def _rating(self, name: str, mine: bool) -> str:
        name = clean(name, limit=20)
        everyone = await self._all()
        for rec in everyone:
            if names.same(str(rec.get("name")), name):
                rank = 1 + sum(1 for o in everyone if said_rating(float(o["mu"])) > said_rating(float(rec["mu"])))
                games = int(rec.get("games", 0))
                who = "Your rating" if mine else f"{rec.get('name')}'s rating"
                return (f"{who} {said_rating(float(rec['mu'])):,}, {games} rated {'game' if games == 1 else 'games'}, "
                        f"{ordinal(rank)} of {len(everyone)}.")
        if mine:
            return "You have no rating yet. A game is rated when every player in it has an account."
        return f"{name} has no rating yet."

    async def _top(self) -> str:
        everyone = await self._all()
        if not everyone:
            return "Nobody has a rating yet. A game is rated when every player in it has an account."
        return "\n".join([f"The best {min(10, len(everyone))}.",
                          *(f"{i}. {r.get('name')}, {said_rating(float(r['mu'])):,}, {_games(int(r.get('games', 0)))}."
                            for i, r in enumerate(everyone[:10], 1))])

    async def _history(self, name: str, mine: bool) -> str:
        name = clean(name, limit=20)
        lines = []
        for i in range(1, SHOWN + 1):
            rec = await finished_log(self.kv, name, i)
            if rec is None:
                break
            lines.append(f"{i}. {history_line(rec, name)}")
        if not lines:
            return "You have no finished games kept yet." if mine else f"{name} has no finished games kept."
        head = "Your last games, newest first." if mine else f"{name}'s last games, newest first."
        return "\n".join([head, *lines])


def history_line(rec: dict[str, Any], name: str) -> str:
    """One finished game in one line: when, the place of ``name``, everyone's VP, the kingdom."""
    seats = [s for s in rec.get("seats") or [] if isinstance(s, dict)]
    when = time.strftime("%d %B", time.gmtime(float(rec.get("at", 0)))).lstrip("0")
    me = next((s for s in seats if names.same(str(s.get("name")), name)), None)
    place = f"{ordinal(int(me['place']))} of {len(seats)}" if me else "played"
    scores = ", ".join(f"{s.get('name')} {s.get('vp')}" for s in sorted(seats, key=lambda s: int(s.get("place", 9))))
    rated = ""
    if me and rec.get("rated") and isinstance(me.get("change"), int):
        c = int(me["change"])
        rated = f", rating {'up' if c >= 0 else 'down'} {abs(c)}"
    return f"{when}, {place}{rated}. {scores}. {rec.get('kingdom')}."
