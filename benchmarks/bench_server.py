"""companion server behind nginx: games and connections held, commands a second, latency, memory; for one
process (records in its data folder) and two processes sharing Redis; and the takeover after a SIGKILL,
stage by stage.

    nice python3 benchmarks/bench_server.py                 # 100 and 1,000 games of 4 people (several minutes)
    nice python3 benchmarks/bench_server.py --games 20 --seconds 5   # a quick look
    nice python3 benchmarks/bench_server.py --setups "2 processes" --games 100,400,1000 --seconds 10
    ... --edge tls-rsa,tls-ecdsa,plain   # the players reach nginx over TLS (either certificate) or plain HTTP
    ... --typing                         # the players keep typing through the takeover (else they are idle)
    ... --code /tmp/old                  # run another tree's server, site and reconnect policy (before/after)
    ... --lobby 10000                    # only the processor time of the lobby's games at 10,000 games (Redis)
    ... --line-cost 400                  # only a line's processor time on a server process (data folder, Redis)
    ... --spy-play FILE                  # py-spy's samples of the (first) server while they play
    ... --stalls FILE                    # where the (first) server's event loop stalled, and the collector's
                                         # passes (benchmarks/stall_watch.py; --stall-options its options)

Everything runs on loopback: redis-server and nginx are started here with temporary configuration
(tests/server/components.py, the deploy site itself, TLS included), the server processes as
`companion server`, and --clients processes of their own play every seat through nginx over real
WebSockets, each person from an address of their own in 127.0.0.0/8 (so nginx's and the server's
per-person limits apply as in life). Each seat thinks for a while (exponential, mean --think seconds), then
types the next of a view, a status, a buy and an end, and the time from sending the line to reading its
answer is kept. A seat whose connection drops joins again as the terminal program does (its reconnect
policy, companion.net.client.retry_wait), with its token and the last message it heard, and sends its
unanswered line again.

Each game is made in the lobby by one of its own players, from the address its seats dial from, with the
server's limits per person on. The clock starts once every seat has joined and the server has been idle for
a few seconds (its upkeep measured then): the set-up is never answer time. Each run says the seats joined,
the lines answered and their p50, p99 and max; the server's processor time a line (with and without its
upkeep) and over the set-up; the server's own answer times (its /metrics histogram); how long its event loop
waited, runnable, for a core (schedstat: the machine busy with other work); the players' and nginx's
processor time; the disk's flush time; and the load.

The takeover is timed in stages, each from the SIGKILL: when the dead process stops counting as alive in
Redis and when its last lease runs out (`alive_gone_s`, `leases_gone_s`), when the survivor holds every one
of its games (`claimed_all_s`); for its players' seats, when each noticed the drop, when its TLS (or plain)
connection to nginx was made, when nginx answered the WebSocket upgrade (the survivor holds the game and
took the connection), and when the survivor welcomed the seat back (`back`), with the tries it took. The
processor time of each part over the takeover (the survivor, nginx, Redis, the players' processes) says
which of them the 2 shared cores were busy with. The setups and sizes run one after the other
(interleaved); the players' own work shares the machine, so the figures are a floor for the server.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CODE = Path(os.environ.get("COMPANION_BENCH_CODE") or ROOT)  # the tree whose server and client run


sys.path.insert(0, str(ROOT))

SCRIPT = ["hand", "status", "buy silver", "end"]
PER_ADDRESS = 12  # seats dialling from one loopback address: 3 games, made there within the limits per person
TAKEOVER_FOR = 60.0  # seconds the players have to come back after the kill
IDLE_FOR = 5.0  # seconds the server's upkeep is measured with everyone seated, before they play
SETTLED = 0.15  # processor seconds in a second under which the server has finished the set-up's work


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """Processor time (user and system) a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_waited(pid: int) -> float:
    """Seconds a process's main thread (a server's event loop) has waited, runnable, for a core so far
    (/proc/PID/schedstat): on a busy machine, the time the server would have worked but others ran."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def source(k: int) -> str:
    return f"127.1.{k // 250}.{k % 250 + 1}"


def spread(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "max": None}
    return {"p50": round(statistics.median(values), 2), "max": round(max(values), 2)}


def answer_buckets(port: int) -> dict[float, float]:
    """The server's own histogram of answer times (its /metrics, read on loopback): cumulative count by
    bucket's upper bound in seconds. The server times a line from applying it to its answer sent, saved;
    the difference from the players' times is the way there and back (nginx, TLS, the players' own loop)
    and the wait before the server reads the line."""
    import urllib.request

    out: dict[float, float] = {}
    try:
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    except OSError:
        return out
    for line in text.splitlines():
        if line.startswith("companion_answer_seconds_bucket{"):
            le = line.split('le="', 1)[1].split('"', 1)[0]
            out[float("inf") if le == "+Inf" else float(le)] = float(line.rsplit(" ", 1)[1])
    return out


def within(before: dict[float, float], after: dict[float, float]) -> dict[str, float]:
    """The share of the lines answered between two readings that the server answered within each bound."""
    total = after.get(float("inf"), 0.0) - before.get(float("inf"), 0.0)
    if not total:
        return {}
    return {f"{round(1000 * le)}ms": round((after[le] - before.get(le, 0.0)) / total, 4)
            for le in sorted(after) if le != float("inf") and le <= 0.25}


class DiskProbe:
    """The disk's own answer while they play: a line appended and flushed (fsync) in the server's folder
    every 50 ms, as the server does for each line, timed (a shared machine's disk is part of an answer)."""

    def __init__(self, folder: Path) -> None:
        import threading

        self.folder, self.times, self.stop = folder, [], threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        with (self.folder / "probe.journal").open("a") as f:
            while not self.stop.wait(0.05):
                f.write("x" * 600 + "\n")
                f.flush()
                t = time.perf_counter()
                os.fsync(f.fileno())
                self.times.append(time.perf_counter() - t)

    def __enter__(self) -> "DiskProbe":
        self.thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self.stop.set()
        self.thread.join()

    def said(self) -> dict[str, float | None]:
        t = sorted(self.times)
        if len(t) < 100:
            return {"fsync_ms_p50": None, "fsync_ms_p99": None}
        return {"fsync_ms_p50": round(1000 * t[len(t) // 2], 2), "fsync_ms_p99": round(1000 * t[len(t) * 99 // 100], 2),
                "fsync_ms_max": round(1000 * t[-1], 2)}


# ---- the players (in processes of their own: `bench_server.py --player`, told what to do on stdin) ----

def reconnect_wait(tries: int) -> float:
    """The terminal program's wait before reconnect try ``tries`` (that of the tree being measured)."""
    from companion.net import client

    policy = getattr(client, "retry_wait", None)
    if policy is not None:
        return float(policy(tries))
    return float(client.BACKOFF[min(tries, len(client.BACKOFF) - 1)])  # a tree from before the jitter


class Seat:
    """One person's seat: joins, plays when told, and stays connected as the program does."""

    def __init__(self, game: str, code: str, name: str, address: str) -> None:
        self.game, self.code, self.name, self.address = game, code, name, address
        self.ws: Any = None
        self.http: Any = None
        self.seat: int | None = None
        self.token = ""
        self.seen = 0
        self.next_id = 1
        self.pending: dict[int, tuple[str, asyncio.Future[float]]] = {}  # sent, not yet answered
        self.up = asyncio.Event()  # welcomed, and the connection is open
        self.stopping = False
        self.trace: dict[str, float] = {}  # this try's stages: connect start and end, upgrade
        self.drops: list[dict[str, Any]] = []  # each drop: when, and each stage of coming back
        self.why: dict[str, int] = {}

    def session(self) -> Any:
        import aiohttp

        if self.http is None:
            tc = aiohttp.TraceConfig()

            async def mark(name: str) -> None:
                self.trace[name] = time.monotonic()

            async def start(*_: Any) -> None:
                await mark("connecting")

            async def made(*_: Any) -> None:
                await mark("connected")

            async def upgraded(*_: Any) -> None:
                await mark("upgraded")

            tc.on_connection_create_start.append(start)
            tc.on_connection_create_end.append(made)
            tc.on_request_end.append(upgraded)
            self.http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(self.address, 0), limit=0),
                                              trace_configs=[tc])
        return self.http

    async def keep(self, edge: str, gate: asyncio.Semaphore) -> None:
        """Join, then stay connected: after a drop, wait as the terminal program waits and join again (its
        token, the last message heard, and the unanswered line sent again), until told to stop."""
        import aiohttp

        tries = 0
        first = True
        while not self.stopping:
            drop = self.drops[-1] if self.drops and "back" not in self.drops[-1] else None
            self.trace = {}
            if drop is not None:
                drop.setdefault("first_try", time.monotonic())
                drop["tries"] = drop.get("tries", 0) + 1
            try:
                if first:
                    async with gate:
                        await self.connect(edge)
                else:
                    await self.connect(edge)
            except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ConnectionError) as e:
                reason = f"{type(e).__name__}: {e}"[:70]
                self.why[reason] = self.why.get(reason, 0) + 1
                if first and tries >= 2:
                    return  # never joined: counted by the caller
                await asyncio.sleep(reconnect_wait(tries) if not first else 1.0)
                tries += 1
                continue
            tries, first = 0, False  # as the program: a connection made starts the waits again
            if drop is not None:
                drop.update(connected=self.trace.get("connected"), upgraded=self.trace.get("upgraded"),
                            back=time.monotonic())
            for i, (text, _) in sorted(self.pending.items()):  # the unanswered line goes again, same number
                await self.ws.send_str(json.dumps({"v": 1, "type": "line", "id": i, "text": text}))
            await self.read()
            self.up.clear()
            if self.stopping:
                return
            self.drops.append({"at": time.monotonic()})
            await asyncio.sleep(reconnect_wait(0))

    async def connect(self, edge: str) -> None:
        self.ws = await self.session().ws_connect(f"{edge}/g/{self.game}/ws", ssl=False, heartbeat=None)
        hello: dict[str, Any] = {"v": 1, "type": "hello", "code": self.code, "name": self.name}
        if self.token:
            hello.update(seat=self.seat, token=self.token, seen=self.seen)
        await self.ws.send_str(json.dumps(hello))
        while True:
            msg = await self.ws.receive(timeout=60)
            if msg.type != 1:  # aiohttp.WSMsgType.TEXT
                raise ConnectionError("closed before its welcome")
            data = json.loads(msg.data)
            if data["type"] == "bye":
                await self.ws.close()
                raise ConnectionError(str(data.get("reason", ""))[:60])
            if data["type"] == "welcome":
                self.welcome(data)
                return
            self.seen = max(self.seen, data.get("n", 0))

    def welcome(self, msg: dict[str, Any]) -> None:
        self.seat = msg["seat"]
        self.token = msg.get("renewed") or msg["token"] or self.token
        self.up.set()

    async def read(self) -> None:
        try:
            async for frame in self.ws:
                if frame.type != 1:
                    break
                msg = json.loads(frame.data)
                if msg["type"] == "say":
                    self.seen = max(self.seen, msg.get("n", 0))
                    got = self.pending.pop(msg.get("reply", 0), None)
                    if got is not None and not got[1].done():
                        got[1].set_result(time.monotonic())
                elif msg["type"] == "bye":
                    break
        except Exception:  # noqa: BLE001 - a connection that broke is one that ended
            pass

    async def line(self, text: str) -> float | None:
        """Send a line (once connected) and wait for its answer, through any reconnection: seconds, or None."""
        i = self.next_id
        self.next_id += 1
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.pending[i] = (text, fut)
        start = time.monotonic()
        if self.up.is_set():  # else it goes when the seat is back, as the program sends it
            try:
                await self.ws.send_str(json.dumps({"v": 1, "type": "line", "id": i, "text": text}))
            except Exception:  # noqa: BLE001 - sent again when the seat is back
                pass
        try:
            return (await asyncio.wait_for(fut, TAKEOVER_FOR)) - start
        except asyncio.TimeoutError:
            self.pending.pop(i, None)
            return None


async def player() -> None:
    """A players' process: join the seats it is given, play until told, report, and come back after a kill."""
    loop = asyncio.get_running_loop()

    async def command() -> dict[str, Any]:
        return json.loads(await loop.run_in_executor(None, sys.stdin.readline))

    def reply(obj: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    cmd = await command()
    edge, think = cmd["edge"], cmd["think"]
    seats = [Seat(*s) for s in cmd["seats"]]
    gate = asyncio.Semaphore(40)
    keepers = [asyncio.ensure_future(s.keep(edge, gate)) for s in seats]

    async def joined(s: Seat, keeper: asyncio.Future[None]) -> None:
        up = asyncio.ensure_future(s.up.wait())
        await asyncio.wait([up, keeper], timeout=120, return_when=asyncio.FIRST_COMPLETED)
        up.cancel()

    await asyncio.gather(*(joined(s, k) for s, k in zip(seats, keepers)))
    reply({"joined": sum(s.up.is_set() for s in seats)})

    async def play(s: Seat, until: float, latencies: list[float], failed: list[int]) -> None:
        step = random.randrange(4)
        await asyncio.sleep(random.random() * think)
        while time.monotonic() < until:
            took = await s.line(SCRIPT[step % 4])
            step += 1
            if took is None:
                failed.append(1)
            else:
                latencies.append(took)
            await asyncio.sleep(min(random.expovariate(1 / think), max(0.0, until - time.monotonic())))

    cmd = await command()  # play until a time
    latencies: list[float] = []
    failed: list[int] = []
    # This process holds 2,000 people's connections, and its collector's passes over them (up to half a second)
    # would be counted as the server's answer time; each real player's program holds one. So it makes none
    # while it times.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        await asyncio.gather(*(play(s, cmd["until"], latencies, failed) for s in seats if s.up.is_set()))
    finally:
        gc.enable()
        gc.unfreeze()
    reply({"latencies": latencies, "failed": len(failed)})

    cmd = await command()  # a process was killed at cmd["killed_at"]: its games' seats come back
    if "killed_at" in cmd:  # (one process: nothing was killed, and the next word is the end)
        await takeover_seen(cmd, seats, play, reply, command)
    await finish(seats, keepers, reply)


async def takeover_seen(cmd: dict[str, Any], seats: list[Seat], play: Any, reply: Any, command: Any) -> None:
    """A players' process after a kill: its seats of the dead process's games come back; their stages."""
    killed_at, games, typing = cmd["killed_at"], set(cmd["games"]), cmd["typing"]
    cpu0 = time.process_time()
    theirs = [s for s in seats if s.game in games]
    end = killed_at + TAKEOVER_FOR

    async def all_back() -> None:
        while time.monotonic() < end:
            if all(s.drops and "back" in s.drops[-1] and s.drops[-1]["at"] >= killed_at - 1 for s in theirs):
                return
            await asyncio.sleep(0.05)

    during: list[float] = []
    failed_during: list[int] = []
    waiter = asyncio.ensure_future(all_back())
    if typing:  # everyone goes on typing until every seat of the dead process is back, and 2 seconds more
        players = [asyncio.ensure_future(play(s, end, during, failed_during)) for s in seats if s.up.is_set()
                   or s in theirs]
        await waiter
        stop = time.monotonic() + 2
        for p in players:
            p.cancel()
        await asyncio.sleep(max(0.0, stop - time.monotonic()))
    else:
        await waiter
    cpu = time.process_time() - cpu0

    def rel(d: dict[str, Any], key: str) -> float | None:
        return None if d.get(key) is None else d[key] - killed_at

    stages = [{k: rel(d, k) for k in ("at", "first_try", "connected", "upgraded", "back")} | {"tries": d.get("tries", 0)}
              for s in theirs for d in s.drops[-1:] if d["at"] >= killed_at - 1]
    why: dict[str, int] = {}
    for s in theirs:
        for k, v in s.why.items():
            why[k] = why.get(k, 0) + v
    reply({"stages": stages, "why": why, "cpu_s": cpu, "theirs": len(theirs), "during": during,
           "failed_during": len(failed_during)})
    await command()  # the end


async def finish(seats: list[Seat], keepers: list[Any], reply: Any) -> None:
    for s in seats:
        s.stopping = True
        if s.ws is not None:
            await s.ws.close()
    for k in keepers:
        k.cancel()
    await asyncio.gather(*keepers, return_exceptions=True)
    for s in seats:
        if s.http is not None:
            await s.http.close()
    reply({"done": True})


# ---- the conductor: makes the games, starts the players' processes, kills a server process ----

class Players:
    """The players' processes, each given its share of the games (every seat of a game in one process)."""

    def __init__(self, n: int, env: dict[str, str]) -> None:
        self.n, self.env = n, env
        self.procs: list[asyncio.subprocess.Process] = []

    async def start(self, edge: str, think: float, seats: list[list[str]]) -> int:
        for k in range(self.n):
            mine = [s for i, s in enumerate(seats) if (i // 4) % self.n == k]
            proc = await asyncio.create_subprocess_exec(
                sys.executable, str(Path(__file__).resolve()), "--player", stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, env=self.env, limit=2 ** 26)
            self.procs.append(proc)
            await self.tell(proc, {"edge": edge, "think": think, "seats": mine})
        return sum(r["joined"] for r in await self.hear())

    async def tell(self, proc: asyncio.subprocess.Process, obj: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write((json.dumps(obj) + "\n").encode())
        await proc.stdin.drain()

    async def all(self, obj: dict[str, Any]) -> None:
        for p in self.procs:
            await self.tell(p, obj)

    async def hear(self) -> list[dict[str, Any]]:
        out = []
        for p in self.procs:
            assert p.stdout is not None
            line = await p.stdout.readline()
            if not line:
                raise RuntimeError("a players' process ended early")
            out.append(json.loads(line))
        return out

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.procs)

    async def end(self) -> None:
        try:
            await self.all({"end": True})
            await asyncio.wait_for(self.hear(), 60)
        except Exception:  # noqa: BLE001 - ended anyway
            pass
        for p in self.procs:
            if p.returncode is None:
                p.kill()
            await p.wait()


async def make_games(edge: str, games: int) -> list[tuple[str, str]]:
    """Games of 4 made through the lobby as people make them: each by one of its own players, from the
    address its seats dial from (PER_ADDRESS seats, so 3 games an address: within the server's limits per
    person of 3 games not yet started and 5 made a minute, which stay on), a few dozen people at once."""
    import aiohttp

    made: list[tuple[str, str] | None] = [None] * games
    gate = asyncio.Semaphore(32)

    async def maker(n: int) -> None:
        async with gate:
            for tries in range(5):
                try:
                    made[n] = await make_one(edge, n)
                    return
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ConnectionError, KeyError):
                    await asyncio.sleep(1.0 + tries)

    await asyncio.gather(*(maker(n) for n in range(games)))
    return [m for m in made if m is not None]


async def make_one(edge: str, n: int) -> tuple[str, str]:
    """Game ``n`` made in the lobby by its first player (from its seats' address): its id and code."""
    import aiohttp

    connector = aiohttp.TCPConnector(local_addr=(source(n * 4 // PER_ADDRESS), 0), limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        ws = await http.ws_connect(f"{edge}/lobby/ws", ssl=False, heartbeat=None)
        try:
            await ws.send_str(json.dumps({"v": 1, "type": "hello", "code": "", "name": f"Maker {n}"}))
            async for frame in ws:
                if frame.type != 1:
                    break
                msg = json.loads(frame.data)
                if msg["type"] == "welcome":
                    await ws.send_str(json.dumps({"v": 1, "type": "line", "id": 1,
                                                  "text": f"create --players 4 --name B{n}"}))
                elif msg.get("go"):
                    return msg["go"]["game"], msg["go"]["code"]
                elif msg["type"] == "say" and msg.get("reply") == 1:
                    raise ConnectionError(str(msg.get("text", ""))[:80])
                elif msg["type"] == "bye":
                    break
            raise ConnectionError("the lobby closed before the game was made")
        finally:
            await ws.close()


async def drive(edge: str, games: int, ns: argparse.Namespace, env: dict[str, str], parts: dict[str, Any],
                kill: Any) -> dict[str, Any]:
    t0 = time.monotonic()
    setup_cpu0 = parts["servers"]()
    made = await make_games(edge, games)
    made_s = time.monotonic() - t0
    seats = [[g, c, f"P{j}", source((n * 4 + j) // PER_ADDRESS)] for n, (g, c) in enumerate(made) for j in range(4)]
    players = Players(ns.clients, env)
    try:
        joined = await players.start(edge, ns.think, seats)
        setup = time.monotonic() - t0
        setup_cpu = parts["servers"]() - setup_cpu0  # the server's part of the set-up: games made, seats joined
        # Only now, every seat that could join seated, does the measurement start: the set-up (the games made,
        # every TLS connection and hello) is not counted as answer time.
        cpu_parts = {name: f for name, f in parts.items() if name in ("servers", "nginx")}
        settled = time.monotonic()  # the set-up's work done (seats' joins still being answered): up to a minute
        while time.monotonic() - settled < 60:
            was = parts["servers"]()
            await asyncio.sleep(1.0)
            if parts["servers"]() - was < SETTLED:
                break
        settle_s = time.monotonic() - settled
        idle0 = parts["servers"]()  # the server's own upkeep with everyone seated and nobody typing (leases)
        await asyncio.sleep(IDLE_FOR)
        idle_per_s = (parts["servers"]() - idle0) / IDLE_FOR
        cpu0 = {name: f() for name, f in cpu_parts.items()} | {"players": players.cpu()}
        load0 = os.getloadavg()[0]
        began = time.monotonic()
        buckets0 = answer_buckets(parts["server_port"]())
        waited0 = cpu_waited(parts["server_pid"]())
        probe = DiskProbe(parts["server_folder"]())
        probe.__enter__()
        if ns.spy_play:  # where the server's time goes while they play (py-spy, if installed)
            subprocess.Popen(["py-spy", "record", "--pid", str(parts["server_pid"]()), "--duration",
                              str(int(ns.seconds)), "--rate", "200", "--format", "raw", "--output", ns.spy_play,
                              "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        await players.all({"until": time.monotonic() + ns.seconds})
        heard = await players.hear()
        window = time.monotonic() - began
        probe.__exit__()
        waited = cpu_waited(parts["server_pid"]()) - waited0
        server_within = within(buckets0, answer_buckets(parts["server_port"]()))
        cpu = {name: f() - cpu0[name] for name, f in cpu_parts.items()} | {"players": players.cpu() - cpu0["players"]}
        latencies = [x for r in heard for x in r["latencies"]]
        result: dict[str, Any] = {
            "games": len(made), "seats": joined, "setup_s": setup, "made_s": made_s,
            "setup_server_cpu_s": setup_cpu, "settle_s": settle_s, "commands": len(latencies),
            "failed": sum(r["failed"] for r in heard), "per_s": len(latencies) / ns.seconds,
            "p50_ms": 1000 * statistics.median(latencies) if latencies else None,
            "p99_ms": 1000 * statistics.quantiles(latencies, n=100)[98] if len(latencies) > 99 else None,
            "max_ms": 1000 * max(latencies) if latencies else None,
            "load": [round(load0, 2), round(os.getloadavg()[0], 2)], "window_s": window,
            "window_began_at": round(time.time() - (time.monotonic() - began), 3),
            # processor time over the playing, and each part's share of a core (the players' per process)
            "players_cpu_s": cpu["players"], "players_busy": cpu["players"] / window / ns.clients,
            **{f"{k}_cpu_s": v for k, v in cpu.items() if k != "players"},
            # the server's processor time a line answered (its other work while idle included: leases, sweeps)
            "server_cpu_per_line_ms": 1000 * cpu["servers"] / len(latencies) if latencies and "servers" in cpu
            else None,
            # the same less its upkeep while idle: what the lines themselves cost it
            "server_idle_cpu_per_s": idle_per_s,
            "server_cpu_per_line_net_ms": 1000 * (cpu["servers"] - idle_per_s * window) / len(latencies)
            if latencies and joined == len(seats) else None,  # (seats still joining are no idle upkeep)
            "server_answered_within": server_within, **probe.said(),
            # the server's event loop runnable but not running (the machine busy with other work): its share
            "server_waited_for_cpu_s": waited, "server_waited_share": waited / window}
        if kill is not None:
            result.update(await takeover(players, parts, kill, ns.typing))
        return result
    finally:
        await players.end()


async def takeover(players: Players, parts: dict[str, Any], kill: Any, typing: bool) -> dict[str, Any]:
    """SIGKILL one process; time each stage of its games and players coming back to the other."""
    victim_games, looks = kill()
    killed_at = time.monotonic()
    parts = {name: f for name, f in parts.items() if name != "nginx_log"} | {"nginx_log": parts.get("nginx_log")}
    cpu_parts = {name: f for name, f in parts.items() if name not in ("nginx_log", "servers") and
                 not name.startswith("server_") and f is not None}
    cpu_before = {name: f() for name, f in cpu_parts.items()} | {"players": players.cpu()}
    await players.all({"killed_at": killed_at, "games": sorted(victim_games), "typing": typing})
    seen: dict[str, float] = {}
    loop = asyncio.get_running_loop()

    async def watch() -> None:
        """When the dead process stops counting as alive, its leases run out, the survivor holds its games."""
        while time.monotonic() - killed_at < TAKEOVER_FOR and "claimed_all" not in seen:
            alive, leases, held = await loop.run_in_executor(None, looks)
            now = time.monotonic() - killed_at
            if not alive:
                seen.setdefault("alive_gone", now)
            if leases == 0:
                seen.setdefault("leases_gone", now)
            if held:
                seen.setdefault("claimed_first", now)
            if held >= len(victim_games):
                seen.setdefault("leases_gone", now)
                seen["claimed_all"] = now
            await asyncio.sleep(0.05)

    watcher = asyncio.ensure_future(watch())
    heard = await players.hear()
    window = time.monotonic() - killed_at
    cpu = {name: f() - cpu_before[name] for name, f in cpu_parts.items()} | {"players": players.cpu() - cpu_before["players"]}
    await watcher
    stages = [s for r in heard for s in r["stages"]]
    back = [s["back"] for s in stages if s["back"] is not None]
    why: dict[str, int] = {}
    for r in heard:
        for k, v in r["why"].items():
            why[k] = why.get(k, 0) + v
    during = [x for r in heard for x in r["during"]]
    out = {"takeover_games": len(victim_games), "takeover_seats": sum(r["theirs"] for r in heard), "back": len(back),
           "failures": why, "takeover_load": os.getloadavg()[0], "window_s": window,
           **{f"{k}_s": v for k, v in seen.items()},
           "noticed_s": spread([s["at"] for s in stages]),
           "first_try_s": spread([s["first_try"] for s in stages if s["first_try"] is not None]),
           "connected_s": spread([s["connected"] for s in stages if s["connected"] is not None]),
           "upgraded_s": spread([s["upgraded"] for s in stages if s["upgraded"] is not None]),
           "back_s": spread(back), "tries": spread([float(s["tries"]) for s in stages]),
           "cpu_s": {k: round(v, 2) for k, v in cpu.items()},
           "players_cpu_in_process_s": round(sum(r["cpu_s"] for r in heard), 2)}
    log = parts.get("nginx_log")
    if log is not None:  # each time nginx tried the dead process first (refused at once on loopback)
        out["nginx_refused"] = log().count("(111: Connection refused)")
    if typing:
        out.update(during_commands=len(during), during_failed=sum(r["failed_during"] for r in heard),
                   during_p50_ms=1000 * statistics.median(during) if during else None,
                   during_max_ms=1000 * max(during) if during else None)
    return out


def run(setup: str, games: int, ns: argparse.Namespace, edge_kind: str) -> dict[str, Any]:
    from tests.server.components import free_port, nginx, redis_server

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = dict(os.environ, COMPANION_HOME=str(tmp / "home"), PYTHONPATH=str(CODE), COMPANION_BENCH_CODE=str(CODE))
        procs_n = 1 if setup == "1 process" else 2

        def start(url: str | None) -> tuple[list[subprocess.Popen[bytes]], list[int]]:
            ports = [free_port() for _ in range(procs_n)]
            procs = []
            for i, port in enumerate(ports):
                args = [sys.executable, "-m", "companion", "server", "--port", str(port), "--trust-proxy",
                        "127.0.0.1"] + (["--store", url] if url else [])
                if ns.stalls and i == 0:  # where the first server's loop stalls, and its collector's passes
                    args[1:1] = [str(Path(__file__).with_name("stall_watch.py")), ns.stalls, *ns.stall_options.split(), "--"]
                e = dict(env, COMPANION_HOME=str(tmp / f"home{i}")) if url is None else env
                procs.append(subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=e,
                                              cwd=str(CODE)))
            for p in procs:
                assert p.stdout is not None
                p.stdout.readline()  # Serving on ...
            return procs, ports

        def measure(url: str | None, redis_pid: int | None) -> dict[str, Any]:
            procs, ports = start(url)
            plain = free_port() if edge_kind == "plain" else None
            try:
                with nginx(tmp / "nginx", ports * (2 // procs_n), connections=games * 8 + 200,
                           workers=os.cpu_count() or 1,  # as the site's advice: one worker a core
                           site=CODE / "deploy" / "nginx" / "companion.conf",
                           key="rsa" if edge_kind == "tls-rsa" else "ecdsa", plain_port=plain) as nport:
                    nginx_pid = int((tmp / "nginx" / "nginx.pid").read_text())

                    def nginx_pids() -> list[int]:
                        children = subprocess.run(["pgrep", "-P", str(nginx_pid)], capture_output=True, text=True)
                        return [nginx_pid, *(int(x) for x in children.stdout.split())]

                    def kill() -> tuple[set[str], Any]:
                        import redis

                        r = redis.Redis.from_url(url or "", decode_responses=True)
                        victim, survivor = procs[0].pid, procs[1].pid
                        mine, owner = set(), ""
                        for key in r.scan_iter("companion:lease:*"):
                            value = r.get(key) or ""
                            if f"-{victim}-" in value:
                                mine.add(key.split(":")[-1])
                                owner = value.rsplit(":", 1)[0]
                        os.kill(victim, signal.SIGKILL)
                        if ns.spy:  # where the survivor's time goes while it takes over (py-spy, if installed)
                            subprocess.Popen(["py-spy", "record", "--pid", str(survivor), "--duration", "25",
                                              "--rate", "50", "--format", "raw", "--output", ns.spy],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        keys = [f"companion:lease:{g}" for g in sorted(mine)]

                        def looks() -> tuple[bool, int, int]:
                            values = r.mget(keys) if keys else []
                            return (bool(r.exists(f"companion:alive:{owner}")),
                                    sum(1 for v in values if v and f"-{victim}-" in v),
                                    sum(1 for v in values if v and f"-{survivor}-" in v))

                        parts["survivor"] = lambda: cpu_seconds(survivor)
                        return mine, looks

                    parts: dict[str, Any] = {"nginx": lambda: sum(cpu_seconds(p) for p in nginx_pids()),
                                             "servers": lambda: sum(cpu_seconds(p.pid) for p in procs)}
                    parts["server_pid"] = lambda: procs[0].pid
                    parts["server_port"] = lambda: ports[0]
                    parts["server_folder"] = lambda: tmp / "probe"  # the disk the server's folder is on
                    error_log = tmp / "nginx" / "logs" / "error.log"
                    if redis_pid:
                        parts["redis"] = lambda: cpu_seconds(redis_pid)
                    holder: dict[str, Any] = {}
                    scheme, port = ("ws", plain) if plain else ("wss", nport)

                    async def go() -> None:
                        at_kill = [0]

                        def killing() -> tuple[set[str], Any]:
                            at_kill[0] = error_log.stat().st_size if error_log.exists() else 0
                            parts["nginx_log"] = lambda: error_log.read_text(errors="replace")[at_kill[0]:]
                            return kill()

                        holder["r"] = await drive(f"{scheme}://127.0.0.1:{port}", games, ns, env, parts,
                                                  killing if procs_n == 2 else None)

                    mem_before = sum(rss_kib(p.pid) for p in procs)
                    peak = {"servers": 0, "nginx": 0, "redis": 0}

                    async def watch() -> None:
                        while "r" not in holder:
                            peak["servers"] = max(peak["servers"], sum(rss_kib(p.pid) for p in procs))
                            peak["nginx"] = max(peak["nginx"], sum(rss_kib(c) for c in nginx_pids()))
                            if redis_pid:
                                peak["redis"] = max(peak["redis"], rss_kib(redis_pid))
                            await asyncio.sleep(1)

                    async def both() -> None:
                        await asyncio.gather(go(), watch())

                    asyncio.run(both())
                    result = holder["r"]
                    result.update(rss_servers_mib=peak["servers"] / 1024, rss_idle_mib=mem_before / 1024,
                                  rss_nginx_mib=peak["nginx"] / 1024, rss_redis_mib=peak["redis"] / 1024)
                    return result
            finally:
                for p in procs:
                    if p.poll() is None:
                        p.terminate()
                for p in procs:  # (stopping thousands of connections on a busy machine can take a while)
                    try:
                        p.wait(90)
                    except subprocess.TimeoutExpired:
                        p.kill()
                        p.wait(10)

        if procs_n == 1:
            return measure(None, None)
        with redis_server(tmp / "redis") as rport:
            from tests.server.components import REDIS_PIDS

            return measure(f"redis://127.0.0.1:{rport}/0", REDIS_PIDS[rport])


LOBBY_OPEN = 10  # of the games in the lobby measurement, those with a seat free (the rest are being played)


async def lobby_cost(games: int, calls: int) -> dict[str, Any]:
    """Processor time of the lobby's `games` and of its welcome's count, with ``games`` games in a real
    Redis: read as the tree being measured reads them (every line, or its index kept up to date), with one
    game's line changing between calls as a busy server's would."""
    from tests.server.components import redis_server

    from companion.server.games import ServerHost
    from companion.server.lobby import Lobby
    from companion.server.redis_store import RedisStore

    with tempfile.TemporaryDirectory() as tmp_name, redis_server(Path(tmp_name) / "redis") as port:
        import redis

        r = redis.Redis(port=port)
        pipe = r.pipeline(transaction=False)
        for i in range(games):
            free = i < LOBBY_OPEN
            line = {"name": f"Game {i}", "private": False, "code": f"{100000000 + i}", "players": 4, "bots": [],
                    "kingdom": "First Game", "seats": ["Ana", "Ben"] if free else ["Ana", "Ben", "Cal", "Dee"],
                    "free": 2 if free else 0, "started": not free}
            pipe.set(f"companion:game:{i:012x}", "{}")
            pipe.hset("companion:games", f"{i:012x}", json.dumps(line, separators=(",", ":")))
        pipe.execute()
        store = RedisStore(f"redis://127.0.0.1:{port}/0")
        await store.start("bench")
        try:
            lobby = Lobby(ServerHost(store, Path(tmp_name) / "spool"), "bench")
            said = await lobby._games()  # the first call reads the list whole (either tree)
            out: dict[str, Any] = {"lobby_games": games, "open": LOBBY_OPEN, "answer_chars": len(said)}
            tokens = {k: await store.claim(f"{k + LOBBY_OPEN:012x}") for k in range(calls)}  # (as their owner)
            for name, call in (("games_ms", lobby._games), ("welcome_count_ms", lobby._count)):
                for changing in (False, True):
                    spent = 0.0
                    for k in range(calls):
                        if changing:  # a game's line changes (a seat taken), as the store's save does it
                            line = {"name": f"Game {k}", "private": False, "code": "1", "players": 4, "bots": [],
                                    "kingdom": "First Game", "seats": ["Ana"] * (k % 4), "free": 0, "started": True}
                            await store.write(f"{k + LOBBY_OPEN:012x}", tokens[k] or 0, "{}", line)
                        t0 = time.process_time()
                        await call()
                        spent += time.process_time() - t0
                    out[f"{name}{'_changing' if changing else ''}"] = round(1000 * spent / calls, 3)
            return out
        finally:
            await store.close()


async def line_cost(kind: str, count: int) -> dict[str, Any]:
    """Processor time of one line in a game of 4 people, from its arrival to its answer's save, on a
    server process (everything it does for the line: the game, the record or journal entry, the store's
    write), with the store in the data folder (``file``) or in a real Redis (``redis``)."""
    from contextlib import nullcontext

    from tests.server.components import redis_server

    from companion.net.hosted import Options
    from companion.server.games import ServerHost
    from companion.server.lobby import Lobby
    from companion.server.redis_store import RedisStore
    from companion.server.store import FileStore

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        with (redis_server(tmp / "redis") if kind == "redis" else nullcontext(0)) as port:
            store = RedisStore(f"redis://127.0.0.1:{port}/0") if kind == "redis" else FileStore(tmp / "games")
            await store.start("bench")
            try:
                host = ServerHost(store, tmp / "spool")
                Lobby(host, "bench")
                made = await host.create(Options(4, [], "First Game", 11), "Bench", False)
                assert made is not None and await host.hold(made.id) == ""
                game = host.by_id[made.id]
                for name in ("Ana", "Ben", "Cal", "Dee"):
                    game.take_seat(name)
                    game.start_if_full()
                    await host.persist(game)
                script = ["hand", "play all", "buy silver", "end"]
                ids = [0, 0, 0, 0]
                spent: list[float] = []
                for k in range(count):
                    seat = game.seating.waiting_for() or 0  # type: ignore[union-attr]
                    ids[seat] += 1
                    t0 = time.process_time()
                    await host.line(game, seat, ids[seat], script[k % 4])
                    spent.append(time.process_time() - t0)
                    if game.over():
                        break
                return {"store": kind, "lines": len(spent), "line_ms_p50": round(1000 * statistics.median(spent), 3),
                        "line_ms_mean": round(1000 * statistics.mean(spent), 3),
                        "record_kib": round(len(game.record()) / 1024, 1)}
            finally:
                await store.close()


def main() -> None:
    global CODE
    if sys.argv[1:] == ["--player"]:
        sys.path.insert(0, str(CODE))
        asyncio.run(player())
        return
    if sys.argv[1:2] == ["--line-child"]:
        sys.path.insert(0, str(CODE))
        print(json.dumps(asyncio.run(line_cost(sys.argv[2], int(sys.argv[3])))), flush=True)
        return
    if sys.argv[1:2] == ["--lobby-child"]:
        sys.path.insert(0, str(CODE))
        print(json.dumps(asyncio.run(lobby_cost(int(sys.argv[2]), int(sys.argv[3])))), flush=True)
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="100,1000")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--think", type=float, default=4.0)
    ap.add_argument("--setups", default="1 process,2 processes")
    ap.add_argument("--edge", default="tls-ecdsa", help="tls-ecdsa, tls-rsa or plain, or several with commas")
    ap.add_argument("--clients", type=int, default=2, help="processes playing the seats")
    ap.add_argument("--typing", action="store_true", help="the players keep typing through the takeover")
    ap.add_argument("--code", default=str(ROOT), help="the tree whose server, site and client policy run")
    ap.add_argument("--spy", default="", help="a file for py-spy's samples of the survivor during the takeover")
    ap.add_argument("--stalls", default="", help="a file for where the first server's event loop stalls "
                    "(benchmarks/stall_watch.py)")
    ap.add_argument("--stall-options", default="", help="stall_watch.py's own options, as one string")
    ap.add_argument("--spy-play", default="", help="a file for py-spy's samples of the first server while they play")
    ap.add_argument("--lobby", type=int, default=0, help="only the lobby's processor time at this many games")
    ap.add_argument("--line-cost", type=int, default=0, help="only a line's processor time, over this many lines")
    ns = ap.parse_args()
    CODE = Path(ns.code).resolve()
    os.environ["COMPANION_BENCH_CODE"] = str(CODE)
    print(f"load average before: {os.getloadavg()}; code {CODE}", flush=True)
    if ns.line_cost:
        env = dict(os.environ, PYTHONPATH=str(CODE), COMPANION_BENCH_CODE=str(CODE))
        for kind in ("file", "redis"):
            subprocess.run([sys.executable, str(Path(__file__).resolve()), "--line-child", kind, str(ns.line_cost)],
                           env=env, check=True)
        print(f"load average: {os.getloadavg()}", flush=True)
        return
    if ns.lobby:
        env = dict(os.environ, PYTHONPATH=str(CODE), COMPANION_BENCH_CODE=str(CODE))
        subprocess.run([sys.executable, str(Path(__file__).resolve()), "--lobby-child", str(ns.lobby), "50"],
                       env=env, check=True)
        print(f"load average: {os.getloadavg()}", flush=True)
        return
    for games in [int(g) for g in ns.games.split(",")]:
        for setup in ns.setups.split(","):
            for edge_kind in ns.edge.split(","):
                r = run(setup, games, ns, edge_kind)
                print(json.dumps({"setup": setup, "edge": edge_kind, "clients": ns.clients, "typing": ns.typing,
                                  **{k: (round(v, 2) if isinstance(v, float) else v) for k, v in r.items()}}),
                      flush=True)
                print(f"load average: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main()
