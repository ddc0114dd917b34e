"""Every rated game counted exactly once (companion.server.standing, Kv.finish_game), against a real
redis-server and the data folder's database: two games sharing a player end at the same moment in two
processes' connections (100 trials, none lost); a process SIGKILLed at each point of a game's end leaves it
for the next holder, who records it once; a game that ends while Redis is away is recorded when it is back."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import time
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.server import names
from companion.server.community_store import FileKv, Kv, RedisKv
from companion.server.standing import Standing
from tests.server.components import redis_server, start_redis, stop_redis

pytestmark = [pytest.mark.network, pytest.mark.process]
ROOT = Path(__file__).resolve().parents[2]


class Game:
    """What a finished game shows the standing: its seats, result, options and record."""

    def __init__(self, game_id: str, players: list[str]) -> None:
        self.id = game_id
        self.seats = [SimpleNamespace(name=n) for n in players]
        self.options = SimpleNamespace(bots=[], kingdom="First Game")
        scores = [SimpleNamespace(name=n, vp=20 - i, turns=12) for i, n in enumerate(players)]
        self.seating = SimpleNamespace(act=SimpleNamespace(game=SimpleNamespace(result=SimpleNamespace(scores=scores))))

    def seat_named(self, name: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.name == name), None)

    def record(self) -> str:
        return "{}"

    def over(self) -> bool:
        return True


class Host:
    def __init__(self) -> None:
        self.told: list[dict[int, str]] = []

    async def tell_later(self, game: Any, told: dict[int, str]) -> None:
        self.told.append(told)


def standing(kv: Kv) -> Standing:
    return Standing(SimpleNamespace(kv=kv, lobby=SimpleNamespace(host=Host())))  # type: ignore[arg-type]


async def seat(kv: Kv, game: Game) -> None:
    for s in game.seats:
        await kv.hset(f"seated:{game.id}", names.key(s.name), s.name)


async def games_of(kv: Kv, name: str) -> int:
    raw = await kv.hget("ratings", names.key(name))
    return int(json.loads(raw)["games"]) if raw else 0


async def together(a: Kv, b: Kv, trials: int) -> None:
    one, two = standing(a), standing(b)
    for t in range(trials):
        g, h = Game(f"t{t}a", ["Ana", "Ben"]), Game(f"t{t}b", ["Ana", "Cat"])
        await seat(a, g)
        await seat(a, h)
        await asyncio.gather(one.record(g), two.record(h))
    assert (await games_of(a, "Ana"), await games_of(a, "Ben"), await games_of(a, "Cat")) == (2 * trials, trials, trials)
    assert len(await a.items("history:ana")) == min(100, 2 * trials)
    assert await one.record(Game("t0a", ["Ana", "Ben"])) == {}  # recorded already: nothing changes
    assert await games_of(b, "Ana") == 2 * trials


def test_two_games_sharing_a_player_end_together_on_redis(tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"

        async def go() -> None:
            a, b = RedisKv(url), RedisKv(url)  # two processes' connections
            try:
                await together(a, b, 100)
            finally:
                await a.close()
                await b.close()

        asyncio.run(go())


def test_two_games_sharing_a_player_end_together_in_the_database(tmp_path: Path) -> None:
    async def go() -> None:
        a, b = FileKv(tmp_path), FileKv(tmp_path)  # two writers on one file, as two processes
        try:
            await together(a, b, 100)
        finally:
            await a.close()
            await b.close()

    asyncio.run(go())


DIES = r"""
import asyncio, os, signal, sys
from companion.server import standing as s
from tests.server.test_game_ends import Game, standing, seat, kv_for

where, store = sys.argv[1], sys.argv[2]

def point(here):
    if here == where:
        os.kill(os.getpid(), signal.SIGKILL)

async def main():
    kv = kv_for(store)
    game = Game("dies", ["Ana", "Ben"])
    await seat(kv, game)
    one = standing(kv)
    await one.ending(game.id)
    s.POINT = point
    await one.record(game)

asyncio.run(main())
"""


def kv_for(store: str) -> Kv:
    return RedisKv(store) if store.startswith("redis://") else FileKv(Path(store))


@pytest.mark.parametrize("where", ["before", "computed", "after"])
@pytest.mark.parametrize("kind", ["redis", "database"])
def test_a_process_killed_at_each_point_of_the_end_leaves_it_recorded_once(tmp_path: Path, where: str,
                                                                            kind: str) -> None:
    def check(store: str) -> None:
        proc = subprocess.run([sys.executable, "-c", DIES, where, store], cwd=ROOT, capture_output=True, timeout=120)
        assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]

        async def next_holder() -> None:
            kv = kv_for(store)
            try:
                ended = await kv.hgetall("ending")
                if where != "after":
                    assert "dies" in ended  # the sweep finds it
                    told = await standing(kv).record(Game("dies", ["Ana", "Ben"]))
                    assert sorted(told) == [0, 1]
                else:
                    await kv.hset("ending", "dies", "0")  # a mark left by a process that died before its own
                    assert await standing(kv).record(Game("dies", ["Ana", "Ben"])) == {}
                assert (await games_of(kv, "Ana"), await games_of(kv, "Ben")) == (1, 1)
                assert await kv.items("history:ana") == ["dies"] and await kv.hgetall("ending") == {}
                assert json.loads(await kv.get("log:game:dies") or "{}")["rated"] is True
            finally:
                await kv.close()

        asyncio.run(next_holder())

    if kind == "redis":
        with redis_server(tmp_path / "redis") as port:
            check(f"redis://127.0.0.1:{port}/0")
    else:
        check(str(tmp_path / "community"))


def test_a_game_that_ends_while_redis_is_away_is_recorded_when_it_is_back(tmp_path: Path) -> None:
    folder = tmp_path / "redis"
    with redis_server(folder) as port:
        url = f"redis://127.0.0.1:{port}/0"

        async def go() -> None:
            kv = RedisKv(url)
            game = Game("away", ["Ana", "Ben"])
            await seat(kv, game)
            one = standing(kv)
            stop_redis(port)
            try:
                one.finished(game)
                await asyncio.sleep(3)
                assert "away" in one.done  # still trying
            finally:
                start_redis(folder, port)
            for _ in range(400):
                if await kv.get("done:away"):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.5)
            assert (await games_of(kv, "Ana"), await games_of(kv, "Ben")) == (1, 1)
            assert [sorted(t) for t in one.c.lobby.host.told] == [[0, 1]]  # each seat told once
            await kv.close()

        asyncio.run(go())


def test_a_damaged_rating_is_read_as_none(tmp_path: Path) -> None:
    async def go() -> None:
        kv = FileKv(tmp_path)
        for i, bad in enumerate(('{"mu": NaN, "sigma": 8, "games": 1}', '{"mu": 25, "sigma": "x"}', '[1]', '{"mu": 1e999, "sigma": 1}',
                    '{"mu": 25, "sigma": 8, "games": -1}')):
            await kv.hset("ratings", "ana", bad)
            game = Game(f"g{i}", ["Ana", "Ben"])
            await seat(kv, game)
            await standing(kv).record(game)  # a damaged rating starts again, never a crash
            assert json.loads(await kv.hget("ratings", "ana") or "{}")["games"] == 1
        await kv.close()

    asyncio.run(go())


def test_damaged_records_are_skipped_by_rating_top_and_history(tmp_path: Path) -> None:
    heard: list[tuple[str, dict[str, Any]]] = []

    def listener(name: str, fields: dict[str, Any]) -> None:
        heard.append((name, fields))

    async def go() -> None:
        kv = FileKv(tmp_path)
        s = standing(kv)
        await kv.hset("ratings", "ana", '{"name": "Ana", "mu": NaN, "sigma": 8, "games": 1}')
        await kv.hset("ratings", "ben", json.dumps({"name": "Ben", "mu": 26.0, "sigma": 8.0, "games": 3}))
        await kv.set("log:game:bad", json.dumps({"id": "bad", "at": "soon", "seats": [], "kingdom": "x"}))
        await kv.set("log:game:good", json.dumps({"id": "good", "at": 0, "kingdom": "First Game", "rated": False,
                                                  "seats": [{"name": "Ben", "vp": 3, "turns": 9, "place": 1}]}))
        await kv.push("history:ben", "good", 100)
        await kv.push("history:ben", "bad", 100)
        assert await s._top() == "The best 1.\n1. Ben, 1,560, 3 games."
        assert await s._rating("Ana", mine=False) == "Ana has no rating yet."
        history = await s._history("Ben", mine=False)
        assert history.startswith("Ben's last games") and "First Game" in history
        await kv.close()

    from companion.server import events

    events.listen(listener)
    try:
        asyncio.run(go())
    finally:
        events.unlisten(listener)
    assert [n for n, _ in heard].count("store_error") >= 2


def test_a_sweep_records_an_end_its_process_left_and_drops_a_mark_for_no_game(tmp_path: Path) -> None:
    """An ``ending`` mark older than a few seconds: the sweep holds the game (reading it records it, as
    ServerHost._load does) and the game counts once; a mark for a game no store has is dropped."""

    async def go() -> None:
        kv = FileKv(tmp_path)
        game = Game("left", ["Ana", "Ben"])
        await seat(kv, game)
        s = standing(kv)
        held: list[str] = []

        async def hold_if_free(game_id: str) -> str:
            held.append(game_id)
            if game_id != "left":
                return "Error, there is no such game on this server."
            s.finished(game)  # read: over, so recorded
            return ""

        s.c.lobby.host.by_id = {}
        s.c.lobby.host.hold_if_free = hold_if_free
        await kv.hset("ending", "left", "0")
        await kv.hset("ending", "nothing", "0")
        await kv.hset("ending", "fresh", str(int(time.time())))  # its process may record it yet
        await s.sweep_ended()
        for _ in range(100):
            if await kv.get("done:left"):
                break
            await asyncio.sleep(0.05)
        assert sorted(held) == ["left", "nothing"]
        assert await kv.hgetall("ending") == {"fresh": (await kv.hgetall("ending"))["fresh"]}
        assert (await games_of(kv, "Ana"), await games_of(kv, "Ben")) == (1, 1)
        s.swept_at = 0.0
        await s.sweep_ended()  # again: nothing more counted
        assert await games_of(kv, "Ana") == 1
        await kv.close()

    asyncio.run(go())
