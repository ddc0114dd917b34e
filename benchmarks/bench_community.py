"""What the one-process server's community records cost at 4,000 accounts: a lobby ``say``, a guest's
arrival and a rated game's end, each through the server's own code (the lobby, the community, the standing),
measured as processor time (every thread of the process: the database's writer too) and the longest stall
of the event loop while it runs (a ticker asking to wake every millisecond: how late it woke).

Two versions of the code run interleaved in one run, each in processes of its own started from its own
folder (``--old``: a checkout or ``git archive`` of an earlier commit, as 5226ace, the data folder's files;
``--new``: this one, its database): old, new, new, old, ... so the machine's load falls on both alike. Both
start from the same data folder, written in the earlier format (``community.json``; the new code moves it
into its database first, not measured).

    git archive 5226ace | tar -x -C /tmp/old   # the code before the database
    nice -n 10 python benchmarks/bench_community.py --old /tmp/old --new . --rounds 3

Prints one JSON line a run, then the medians by version.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ACCOUNTS = 4000


class Ws:
    closed = False

    async def send_str(self, text: str) -> None:
        return None

    async def close(self, **_: Any) -> None:
        return None


def name_of(i: int) -> str:
    """A name of letters only (a digit may be read as a look-alike letter)."""
    letters = ""
    for _ in range(4):
        i, r = divmod(i, 26)
        letters += chr(ord("a") + r)
    return "Player" + letters


def seed(folder: Path, accounts: int) -> None:
    """The community's records as the earlier version wrote them whole: accounts, their last address and a
    rating each."""
    from companion.server.names import key

    now = time.time()
    data: dict[str, list[Any]] = {}
    ratings = {}
    for i in range(accounts):
        name = name_of(i)
        data[f"account:{key(name)}"] = [json.dumps({"name": name, "hash": "x" * 90}), 0]
        data[f"seen:{key(name)}"] = ["127.0.0.1", now + 3600]
        ratings[key(name)] = json.dumps({"name": name, "mu": 25.0 + (i % 50) / 10, "sigma": 8.0, "games": 3})
    data["ratings"] = [ratings, 0]
    (folder / "community").mkdir(parents=True, exist_ok=True)
    (folder / "community" / "community.json").write_text(json.dumps(data), encoding="utf-8")


class Game:
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


async def measure(folder: Path, calls: int) -> dict[str, Any]:
    """In the child: each kind of call ``calls`` times, with its processor time and the longest stall."""
    from companion.server.community import Community
    from companion.server.games import ServerHost
    from companion.server.lobby import Lobby, Person
    from companion.server.names import key
    from companion.server.running import community_kv
    from companion.server.store import FileStore

    store = FileStore(folder / "games")
    await store.start("bench")
    host = ServerHost(store, folder / "spool")
    lobby = Lobby(host, "bench", False)
    kv = community_kv(store)
    lobby.community = Community(lobby, kv)
    await kv.get("account:player00001")  # opened (the new code moves the earlier folder in here)
    stalls: list[float] = []
    running = True

    async def ticker() -> None:
        while running:
            t = time.perf_counter()
            await asyncio.sleep(0.001)
            stalls.append(time.perf_counter() - t - 0.001)

    tick = asyncio.get_running_loop().create_task(ticker())
    out: dict[str, Any] = {}
    people = []
    try:
        for kind in ("arrival", "say", "rating"):
            spent = []
            stalls.clear()
            for j in range(-1, calls):  # the first (imports, first reads) is not counted
                if kind == "rating":
                    a, b = name_of((2 * j + 2) % ACCOUNTS), name_of((2 * j + 3) % ACCOUNTS)
                    game = Game(f"bench{j + 1:04d}", [a, b])
                    for name in (a, b):
                        await kv.hset(f"seated:{game.id}", key(name), name)
                await asyncio.sleep(0.01)
                t0 = time.process_time()
                if kind == "arrival":
                    person = Person(Ws(), f"Guest{j + 1}", "127.0.0.1", who=f"g{j + 1}")  # type: ignore[arg-type]
                    assert await lobby.community.admit(person, {"name": person.name}) == ""
                    people.append(person)
                elif kind == "say":
                    said, _ = await lobby.answer(people[j % len(people)], f"say hello number {j}", j + 2)
                    assert said, said
                else:
                    assert await lobby.community.standing.record(game), "rated"  # type: ignore[arg-type]
                if j >= 0:
                    spent.append(time.process_time() - t0)
                else:
                    await asyncio.sleep(0.05)
                    stalls.clear()
            await asyncio.sleep(0.05)
            out[f"{kind}_cpu_ms"] = round(1000 * statistics.mean(spent), 3)
            out[f"{kind}_stall_ms"] = round(1000 * max(stalls, default=0.0), 3)
            out[f"{kind}_stall_p99_ms"] = round(1000 * sorted(stalls)[int(0.99 * (len(stalls) - 1))], 3) if stalls else 0.0
    finally:
        running = False
        await tick
        await store.close()
        await kv.close()
    return out


def child(calls: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "server"
        seed(folder, ACCOUNTS)
        os.environ["COMPANION_HOME"] = tmp
        print(json.dumps(asyncio.run(measure(folder, calls))))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--old", type=Path, required=False)
    p.add_argument("--new", type=Path, default=Path(__file__).resolve().parents[1])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--calls", type=int, default=40)
    p.add_argument("--child", action="store_true")
    ns = p.parse_args()
    if ns.child:
        child(ns.calls)
        return
    versions = [("new", ns.new.resolve())] + ([("old", ns.old.resolve())] if ns.old else [])
    got: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in versions}
    for r in range(ns.rounds):
        for name, root in (versions if r % 2 == 0 else versions[::-1]):
            env = {**os.environ, "PYTHONPATH": str(root)}
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", "--calls", str(ns.calls)],
                                  cwd=root, env=env, capture_output=True, text=True, timeout=1800)
            if done.returncode:
                raise SystemExit(f"{name} failed:\n{done.stderr[-3000:]}")
            row = json.loads(done.stdout.strip().splitlines()[-1])
            got[name].append(row)
            print(json.dumps({"version": name, "round": r, **row}), flush=True)
    for name, rows in got.items():
        print(json.dumps({"version": name, "median_of": len(rows),
                          **{k: round(statistics.median(r[k] for r in rows), 3) for k in rows[0]}}))
    print(json.dumps({"load": os.getloadavg()}))


if __name__ == "__main__":
    main()
