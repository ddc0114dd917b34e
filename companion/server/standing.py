"""Ratings and the history of finished games.

A finished game's record is kept (its kingdom, seats, result and whole log), and each account that sat
there has it in its history. A game whose every seat is an account (each came with its lobby's pass: no
guest, no bot) is rated, unless it or the server is unrated, with openskill's Plackett-Luce model (2 to 6
players, ties shared). The rating said is the model's mean times 60, so a new player's 25 is 1,500.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypedDict

from companion.narrow import each, to_float, to_int
from companion.net.clean import clean
from companion.server import names
from companion.server.community_store import GameEnd, Kv
from companion.server.events import emit
from companion.server.store import StoreDown

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

    from companion.net.hosted import HostedGame
    from companion.server.community import Community, Member
    from companion.server.lobby import Person

SCALE = 60  # the rating said: the model's mean times this
HISTORY = 100  # finished games kept in each account's history
SHOWN = 10
FOREVER = 3650 * 86400.0
ENDING_LATE = 3.0  # seconds after a game's end is saved past which (twice) a sweep records it for its process


def _nowhere(where: str) -> None:
    return None


POINT: Callable[[str], None] = _nowhere  # called at each point of a game's end (tests stop a process there)


class Score(TypedDict):
    """One seat's result as the ratings read it."""

    name: str
    vp: int
    turns: int


def model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _games(n: int) -> str:
    return f"{n} {'game' if n == 1 else 'games'}"


def said_rating(mu: float) -> int:
    return round(mu * SCALE)


def places(scores: Sequence[Score]) -> list[int]:
    """Each score's place (1 best): more VP first, then fewer turns; the same VP and turns share a place."""
    return [1 + sum(1 for o in scores if (o["vp"], -o["turns"]) > (s["vp"], -s["turns"])) for s in scores]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def checked_rating(raw: str | None) -> dict[str, object] | None:
    """A rating record, checked (hostile like every record): None unless its mean and spread are finite
    numbers and its games a whole number not below 0."""
    try:
        rec = json.loads(raw) if raw else None
    except ValueError:
        return None
    if not isinstance(rec, dict):
        return None
    for k in ("mu", "sigma"):
        v = rec.get(k)
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or (k == "sigma" and v <= 0):
            return None
    games = rec.get("games", 0)
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        return None
    return rec


async def rating_of(kv: Kv, name: str) -> dict[str, object] | None:
    return checked_rating(await kv.hget("ratings", names.key(name)))


async def finished_log(kv: Kv, name: str, index: int = 1) -> dict[str, object] | None:
    """One of ``name``'s finished games, newest first from 1: its kingdom, seats, result and ``record`` (the
    whole game as saved, for the coach's analysis). None if there is no such game."""
    ids = await kv.items(f"history:{names.key(name)}")
    if not 1 <= index <= len(ids):
        return None
    return await kept_log(kv, ids[index - 1])


async def kept_log(kv: Kv, game_id: str) -> dict[str, object] | None:
    """A finished game's log as the history keeps it (hostile like every record: None unless well formed,
    with an event line for the operator when it is there but damaged)."""
    raw = await kv.get(f"log:game:{game_id}")
    if not raw:
        return None
    rec = checked_log(raw)
    if rec is None:
        emit("store_error", problem="a kept game log is damaged and was skipped", game=str(game_id)[:40])
    return rec


def _maybe(x: object) -> float | None:
    return None if x is None else to_float(x)


def _number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def checked_log(raw: str) -> dict[str, object] | None:
    """A kept log whose date is a number and each seat a name with whole-number place, VP and turns."""
    try:
        rec = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(rec, dict) or not _number(rec.get("at", 0)) or not isinstance(rec.get("seats", []), list):
        return None
    for seat in each(rec.get("seats") or []):
        if not (isinstance(seat, dict) and isinstance(seat.get("name"), str)
                and all(isinstance(seat.get(k, 0), int) and not isinstance(seat.get(k, 0), bool)
                        for k in ("place", "vp", "turns", "change"))):
            return None
    return rec


class Standing:
    def __init__(self, community: Community, unrated: bool = False) -> None:
        self.c = community
        self.kv = community.kv
        self.unrated = unrated  # the whole server (companion server --unrated)
        self.done: set[str] = set()  # games finished here whose end is being (or was) recorded
        self.marked: set[str] = set()  # games whose end is marked ``ending`` already
        self.swept_at = 0.0

    async def unrate(self, game_id: str) -> None:
        """``create --unrated``: that game is never rated."""
        if game_id:
            await self.kv.set(f"unrated:{game_id}", "1", FOREVER)

    # ---- a game's end ----
    async def ending(self, game_id: str) -> None:
        """Marked before the save that ends a game (StoreDown): a game whose end is saved but whose process
        died before recording it is found by any process's sweep (``sweep_ended``) and recorded then."""
        if game_id not in self.marked:
            await self.kv.hset("ending", game_id, str(int(time.time())))
            self.marked.add(game_id)

    def finished(self, game: HostedGame) -> None:
        """The game is over (saved so): record it, once, in the background, until the store takes it."""
        if game.id in self.done:
            return
        self.done.add(game.id)
        from companion.net.tasks import keep

        keep(self._finished(game), "game over")

    async def _finished(self, game: HostedGame) -> None:
        wait = 1.0
        while True:
            try:
                told = await self.record(game)
                break
            except StoreDown:  # tried again while this process lives; after it, by whoever sweeps the game
                await asyncio.sleep(wait)
                wait = min(wait * 2, 30.0)
            except Exception:  # noqa: BLE001 - a fault of ours is logged; the game itself is saved and over
                from companion.errorlog import log_exception

                log_exception("server game over")
                self.done.discard(game.id)
                emit("store_error", game=game.id, problem="the game's end could not be recorded")
                return
        if told:
            await self.c.lobby.host.tell_later(game, told)  # the ratings are kept whatever happens to the game

    async def sweep_ended(self) -> None:
        """Games whose end was saved (marked ``ending``) but not recorded a while later: their process died
        or lost the store. Each is held here (read; recorded on reading, ``ServerHost._load``), or recorded
        at once when held here already; a mark for a game no store has is dropped."""
        host = self.c.lobby.host
        now = time.time()
        if now - self.swept_at < ENDING_LATE:
            return
        self.swept_at = now
        for game_id, at in (await self.kv.hgetall("ending")).items():
            try:
                late = now - float(at) > 2 * ENDING_LATE
            except ValueError:
                late = True
            if not late or game_id in self.done:
                continue
            game = host.by_id.get(game_id)
            if game is not None:
                if game.over():
                    self.finished(game)
                continue
            said = await host.hold_if_free(game_id)
            if said is not None and said.startswith("Error"):
                await self.kv.hdel("ending", game_id)

    async def record(self, game: HostedGame) -> dict[int, str]:
        """Keep the finished game in the history (and rate it), as one step with its mark, so it counts
        once whoever records it and whenever: what each seat is told, by seat (nothing if recorded already)."""
        seating: object = game.seating
        result = getattr(getattr(getattr(seating, "act", None), "game", None), "result", None)
        if result is None:
            await self.kv.hdel("ending", game.id)
            return {}
        scores = [Score(name=s.name, vp=int(s.vp), turns=int(s.turns)) for s in result.scores]
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
        seat_rows: list[dict[str, object]] = rec["seats"]  # type: ignore[assignment]
        keys = [names.key(accounts[names.key(s["name"])]) for s in scores] if rated else []
        seat_of = {s["name"]: game.seat_named(s["name"]) for s in scores}

        def compute(raw: dict[str, str | None]) -> GameEnd:
            told: dict[int, str] = {}
            seats: list[dict[str, object]] = [dict(seat) for seat in seat_rows]
            end = GameEnd(histories=[f"history:{names.key(a)}" for a in accounts.values()], keep=HISTORY)
            if rated:
                before = [checked_rating(raw.get(k)) or {} for k in keys]
                m = model()
                teams = [[m.rating(mu=_maybe(b.get("mu")), sigma=_maybe(b.get("sigma")), name=k)] for k, b in zip(keys, before)]
                order: list[float] = list(ranks)
                after = m.rate(teams, ranks=order)
                for s, k, b, team, seat in zip(scores, keys, before, after, seats):
                    r = team[0]
                    was, now = said_rating(to_float(b.get("mu", 25.0))), said_rating(r.mu)
                    end.ratings[k] = json.dumps({"name": accounts[names.key(s["name"])], "mu": r.mu,
                                                 "sigma": r.sigma, "games": to_int(b.get("games", 0)) + 1})
                    seat.update(rating=now, change=now - was)
                    change = now - was
                    how = f"up {change:,}" if change > 0 else f"down {-change:,}" if change < 0 else "no change"
                    i = seat_of[s["name"]]
                    if i is not None:
                        told[i] = f"Your rating {now:,}, {how}."
            POINT("computed")
            end.log = json.dumps({**rec, "seats": seats})
            end.result = told
            return end

        POINT("before")
        wrote, told = await self.kv.finish_game(game.id, keys, compute)
        POINT("after")
        if not wrote:
            return {}
        emit("game_over", game=game.id, rated=rated, seats=[s["name"] for s in scores], places=ranks)
        result_told: dict[int, str] = told
        return result_told

    async def forget(self, name: str) -> None:
        """An account deleted: its rating, its history, and its name in the games it played."""
        k = names.key(name)
        for game_id in await self.kv.items(f"history:{k}"):
            rec = await kept_log(self.kv, game_id)
            if rec is None:
                continue
            for seat in each(rec.get("seats") or []):
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

    async def _all(self) -> list[dict[str, object]]:
        out = []
        damaged = 0
        for raw in (await self.kv.hgetall("ratings")).values():
            rec = checked_rating(raw)
            if rec is None:
                damaged += 1
            else:
                out.append(rec)
        if damaged:
            emit("store_error", problem=f"{damaged} damaged rating records were skipped")
        # the same rating shares a place; among equals, by name, so every process lists them alike
        return sorted(out, key=lambda r: (-said_rating(to_float(r["mu"])), names.key(str(r.get("name")))))

    async def _rating(self, name: str, mine: bool) -> str:
        name = clean(name, limit=20)
        everyone = await self._all()
        for rec in everyone:
            if names.same(str(rec.get("name")), name):
                rank = 1 + sum(1 for o in everyone if said_rating(to_float(o["mu"])) > said_rating(to_float(rec["mu"])))
                games = to_int(rec.get("games", 0))
                who = "Your rating" if mine else f"{rec.get('name')}'s rating"
                return (f"{who} {said_rating(to_float(rec['mu'])):,}, {games} rated {'game' if games == 1 else 'games'}, "
                        f"{ordinal(rank)} of {len(everyone)}.")
        if mine:
            return "You have no rating yet. A game is rated when every player in it has an account."
        return f"{name} has no rating yet."

    async def _top(self) -> str:
        everyone = await self._all()
        if not everyone:
            return "Nobody has a rating yet. A game is rated when every player in it has an account."
        return "\n".join([f"The best {min(10, len(everyone))}.",
                          *(f"{i}. {r.get('name')}, {said_rating(to_float(r['mu'])):,}, {_games(to_int(r.get('games', 0)))}."
                            for i, r in enumerate(everyone[:10], 1))])

    async def _history(self, name: str, mine: bool) -> str:
        name = clean(name, limit=20)
        lines: list[str] = []
        for game_id in (await self.kv.items(f"history:{names.key(name)}"))[:SHOWN]:
            rec = await kept_log(self.kv, game_id)
            if rec is not None:  # a damaged one is skipped (and told to the operator)
                lines.append(f"{len(lines) + 1}. {history_line(rec, name)}")
        if not lines:
            return "You have no finished games kept yet." if mine else f"{name} has no finished games kept."
        head = "Your last games, newest first." if mine else f"{name}'s last games, newest first."
        return "\n".join([head, *lines])


def history_line(rec: dict[str, object], name: str) -> str:
    """One finished game in one line: when, the place of ``name``, everyone's VP, the kingdom."""
    seats = [s for s in each(rec.get("seats") or []) if isinstance(s, dict)]
    when = time.strftime("%d %B", time.gmtime(to_float(rec.get("at", 0)))).lstrip("0")
    me = next((s for s in seats if names.same(str(s.get("name")), name)), None)
    place = f"{ordinal(int(me['place']))} of {len(seats)}" if me else "played"
    scores = ", ".join(f"{s.get('name')} {s.get('vp')}" for s in sorted(seats, key=lambda s: int(s.get("place", 9))))
    rated = ""
    if me and rec.get("rated") and isinstance(me.get("change"), int):
        c = int(me["change"])
        rated = f", rating {'up' if c >= 0 else 'down'} {abs(c)}"
    return f"{when}, {place}{rated}. {scores}. {rec.get('kingdom')}."
