"""companion server behind nginx: games and connections held, commands a second, latency, memory; for one
process (records in its data folder) and two processes sharing Redis; and the takeover time after a SIGKILL.

    nice python3 benchmarks/bench_server.py                 # 100 and 1,000 games of 4 people (several minutes)
    nice python3 benchmarks/bench_server.py --games 20 --seconds 5   # a quick look

Everything runs on loopback: redis-server and nginx are started here with temporary configuration
(tests/server/components.py, the deploy site itself, TLS included), the server processes as
`companion server`, and this process plays every seat through nginx over real WebSockets, each person from
an address of their own in 127.0.0.0/8 (so nginx's and the server's per-person limits apply as in life).
Each seat thinks for a while (exponential, mean --think seconds), then types the next of a view, a status,
a buy and an end, and the time from sending the line to reading its answer is kept. The two setups run
one after the other for each size (interleaved). This process's own work (thousands of TLS WebSockets in
Python) shares the same 2 cores, so the figures are a floor for the server, not a ceiling.
"""

from __future__ import annotations

import argparse
import asyncio
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
sys.path.insert(0, str(ROOT))

SCRIPT = ["hand", "status", "buy silver", "end"]
PER_ADDRESS = 16  # seats dialling from one loopback address (nginx allows 20 connections from one)


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


def source(k: int) -> str:
    return f"127.1.{k // 250}.{k % 250 + 1}"


class Seat:
    def __init__(self, game: str, code: str, name: str, address: str) -> None:
        self.game, self.code, self.name, self.address = game, code, name, address
        self.ws: Any = None
        self.http: Any = None
        self.seat: int | None = None
        self.token = ""
        self.seen = 0
        self.next_id = 1
        self.replies: dict[int, asyncio.Future[float]] = {}
        self.welcomed = asyncio.Event()
        self.gone = asyncio.Event()  # the connection ended (a bye, such as "moving": try again)
        self.reader: asyncio.Task[None] | None = None
        self.bye = ""  # the reason of the last bye

    async def connect(self, edge: str, connector_for: Any) -> None:
        import aiohttp

        if self.http is None:
            self.http = aiohttp.ClientSession(connector=connector_for(self.address))
        if self.reader is not None:  # the last connection's end must not end this one
            self.reader.cancel()
            await asyncio.gather(self.reader, return_exceptions=True)
        self.welcomed.clear()
        self.gone.clear()
        self.bye = ""
        self.ws = await self.http.ws_connect(f"{edge}/g/{self.game}/ws", ssl=False, heartbeat=None)
        hello: dict[str, Any] = {"v": 1, "type": "hello", "code": self.code, "name": self.name}
        if self.token:
            hello.update(seat=self.seat, token=self.token, seen=self.seen)
        await self.ws.send_str(json.dumps(hello))
        self.reader = asyncio.ensure_future(self.read())
        welcomed = asyncio.ensure_future(self.welcomed.wait())
        gone = asyncio.ensure_future(self.gone.wait())
        await asyncio.wait([welcomed, gone], timeout=60, return_when=asyncio.FIRST_COMPLETED)
        welcomed.cancel()
        gone.cancel()
        if not self.welcomed.is_set():
            await self.ws.close()
            raise ConnectionError(self.bye or ("closed before its welcome" if self.gone.is_set()
                                               else "not welcomed in 60 seconds"))

    async def read(self) -> None:
        try:
            await self._read()
        except Exception:  # noqa: BLE001 - a connection that broke is one that ended
            pass
        self.gone.set()

    async def _read(self) -> None:
        import aiohttp

        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            msg = json.loads(frame.data)
            if msg["type"] == "welcome":
                self.seat = msg["seat"]
                self.token = msg.get("renewed") or msg["token"] or self.token
                self.welcomed.set()
            elif msg["type"] == "say":
                self.seen = max(self.seen, msg.get("n", 0))
                fut = self.replies.pop(msg.get("reply", 0), None)
                if fut is not None and not fut.done():
                    fut.set_result(time.perf_counter())
            elif msg["type"] == "bye":
                self.bye = str(msg.get("reason", ""))[:60]
                break

    async def line(self, text: str) -> float | None:
        i = self.next_id
        self.next_id += 1
        fut: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.replies[i] = fut
        start = time.perf_counter()
        try:
            await self.ws.send_str(json.dumps({"v": 1, "type": "line", "id": i, "text": text}))
            return (await asyncio.wait_for(fut, 30)) - start
        except Exception:  # noqa: BLE001 - counted as a failure
            return None


async def drive(edge: str, games: int, seconds: float, think: float, kill: Any) -> dict[str, Any]:
    import aiohttp

    def connector_for(address: str) -> Any:
        return aiohttp.TCPConnector(local_addr=(address, 0), limit=0)

    # make the games through the lobby, from a few addresses (the lobby takes 20 lines a second each)
    made: list[tuple[str, str]] = []
    makers = 10

    async def maker(k: int, count: int) -> None:
        async with aiohttp.ClientSession(connector=connector_for(f"127.2.0.{k + 1}")) as http:
            ws = await http.ws_connect(f"{edge}/lobby/ws", ssl=False)
            await ws.send_str(json.dumps({"v": 1, "type": "hello", "code": "", "name": f"Maker{k}"}))
            i = 0
            async for frame in ws:
                msg = json.loads(frame.data)
                if msg.get("go"):
                    made.append((msg["go"]["game"], msg["go"]["code"]))
                if msg["type"] in ("welcome", "say") and (msg["type"] == "welcome" or msg.get("reply")):
                    if i == count:
                        break
                    i += 1
                    await asyncio.sleep(0.06)
                    await ws.send_str(json.dumps({"v": 1, "type": "line", "id": i,
                                                  "text": f"create --players 4 --name B{k}x{i}"}))
            await ws.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(maker(k, games // makers + (1 if k < games % makers else 0)) for k in range(makers)))
    seats = [Seat(g, c, f"P{j}", source((n * 4 + j) // PER_ADDRESS)) for n, (g, c) in enumerate(made)
             for j in range(4)]
    gate = asyncio.Semaphore(40)

    async def join(s: Seat) -> bool:
        async with gate:
            for _ in range(3):
                try:
                    await s.connect(edge, connector_for)
                    return True
                except Exception:  # noqa: BLE001 - tried again, then counted
                    await asyncio.sleep(1)
            return False

    joined = sum(await asyncio.gather(*(join(s) for s in seats)))
    setup = time.perf_counter() - t0
    latencies: list[float] = []
    failed = 0
    stop_at = time.perf_counter() + seconds

    async def play(s: Seat) -> None:
        nonlocal failed
        step = random.randrange(4)
        await asyncio.sleep(random.random() * think)
        while time.perf_counter() < stop_at:
            took = await s.line(SCRIPT[step % 4])
            step += 1
            if took is None:
                failed += 1
            else:
                latencies.append(took)
            await asyncio.sleep(random.expovariate(1 / think))

    await asyncio.gather(*(play(s) for s in seats if s.welcomed.is_set()))
    result: dict[str, Any] = {"games": len(made), "seats": joined, "setup_s": setup, "commands": len(latencies),
                              "failed": failed, "per_s": len(latencies) / seconds,
                              "p50_ms": 1000 * statistics.median(latencies) if latencies else None,
                              "p99_ms": 1000 * statistics.quantiles(latencies, n=100)[98] if len(latencies) > 99
                              else None}
    if kill is not None:  # SIGKILL one process; its seats come back through nginx (as a program does)
        victim_games, survivor_cpu, survivor_holds = kill()
        cpu_at_kill = survivor_cpu()
        killed_at = time.perf_counter()
        claimed: dict[str, float] = {}

        async def watch_claims() -> None:
            """When the survivor holds every game of the dead process (a lease in its name), seat or no seat."""
            loop = asyncio.get_running_loop()
            while time.perf_counter() - killed_at < 60:
                if await loop.run_in_executor(None, survivor_holds) >= len(victim_games):
                    claimed["all"] = time.perf_counter() - killed_at
                    return
                await asyncio.sleep(0.1)

        watcher = asyncio.ensure_future(watch_claims())
        back: list[float] = []
        theirs = [s for s in seats if s.game in victim_games]
        why: dict[str, int] = {}  # why a try to come back failed, and how often

        async def again(s: Seat) -> None:
            from companion.net.client import BACKOFF

            tries = 0
            while time.perf_counter() - killed_at < 60:
                try:
                    await s.connect(edge, connector_for)
                    back.append(time.perf_counter() - killed_at)
                    return
                except Exception as e:  # noqa: BLE001
                    reason = f"{type(e).__name__}: {e}"[:70]
                    why[reason] = why.get(reason, 0) + 1
                    await asyncio.sleep(BACKOFF[min(tries, len(BACKOFF) - 1)])  # as the real program waits
                    tries += 1

        await asyncio.sleep(0.05)
        await asyncio.gather(*(again(s) for s in theirs))
        await watcher
        result.update(claimed_all_s=claimed.get("all"),
                      takeover_seats=len(theirs), takeover_games=len(victim_games), back=len(back), failures=why,
                      takeover_cpu_s=survivor_cpu() - cpu_at_kill, takeover_load=os.getloadavg()[0],
                      takeover_p50_s=statistics.median(back) if back else None,
                      takeover_max_s=max(back) if back else None)
    for s in seats:
        if s.http is not None:
            await s.http.close()
    return result


def run(setup: str, games: int, seconds: float, think: float) -> dict[str, Any]:
    from tests.server.components import free_port, nginx, redis_server

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = dict(os.environ, COMPANION_HOME=str(tmp / "home"), PYTHONPATH=str(ROOT))
        procs_n = 1 if setup == "1 process" else 2

        def start(url: str | None) -> tuple[list[subprocess.Popen[bytes]], list[int]]:
            ports = [free_port() for _ in range(procs_n)]
            procs = []
            for i, port in enumerate(ports):
                args = [sys.executable, "-m", "companion", "server", "--port", str(port), "--trust-proxy",
                        "127.0.0.1"] + (["--store", url] if url else [])
                e = dict(env, COMPANION_HOME=str(tmp / f"home{i}")) if url is None else env
                procs.append(subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=e))
            for p in procs:
                assert p.stdout is not None
                p.stdout.readline()  # Serving on ...
            return procs, ports

        def measure(url: str | None, redis_pid: int | None) -> dict[str, Any]:
            procs, ports = start(url)
            try:
                with nginx(tmp / "nginx", ports * (2 // procs_n), connections=games * 8 + 200,
                           workers=os.cpu_count() or 1) as nport:  # as the site's advice: one worker a core
                    nginx_pid = int((tmp / "nginx" / "nginx.pid").read_text())

                    def kill() -> tuple[set[str], Any, Any]:
                        import redis

                        r = redis.Redis.from_url(url or "", decode_responses=True)
                        victim = procs[0].pid
                        mine = set()
                        for key in r.scan_iter("companion:lease:*"):
                            value = r.get(key) or ""
                            if f"-{victim}-" in value:
                                mine.add(key.split(":")[-1])
                        os.kill(victim, signal.SIGKILL)

                        def holds() -> int:
                            values = r.mget([f"companion:lease:{g}" for g in mine]) if mine else []
                            return sum(1 for v in values if v and f"-{procs[1].pid}-" in v)

                        return mine, lambda: cpu_seconds(procs[1].pid), holds

                    holder: dict[str, Any] = {}

                    async def go() -> None:
                        holder["r"] = await drive(f"wss://127.0.0.1:{nport}", games, seconds, think,
                                                  kill if procs_n == 2 else None)

                    mem_before = sum(rss_kib(p.pid) for p in procs)
                    task = asyncio.new_event_loop()
                    loop_result: dict[str, Any] = {}
                    peak = {"servers": 0, "nginx": 0, "redis": 0}

                    async def watch() -> None:
                        while "r" not in holder:
                            peak["servers"] = max(peak["servers"], sum(rss_kib(p.pid) for p in procs))
                            children = [int(x) for x in subprocess.run(["pgrep", "-P", str(nginx_pid)],
                                        capture_output=True, text=True).stdout.split()]
                            peak["nginx"] = max(peak["nginx"], sum(rss_kib(c) for c in [nginx_pid, *children]))
                            if redis_pid:
                                peak["redis"] = max(peak["redis"], rss_kib(redis_pid))
                            await asyncio.sleep(1)

                    async def both() -> None:
                        await asyncio.gather(go(), watch())

                    task.run_until_complete(both())
                    task.close()
                    loop_result = holder["r"]
                    loop_result.update(rss_servers_mib=peak["servers"] / 1024, rss_idle_mib=mem_before / 1024,
                                       rss_nginx_mib=peak["nginx"] / 1024, rss_redis_mib=peak["redis"] / 1024)
                    return loop_result
            finally:
                for p in procs:
                    if p.poll() is None:
                        p.terminate()
                for p in procs:
                    p.wait(30)

        if procs_n == 1:
            return measure(None, None)
        with redis_server(tmp / "redis") as rport:
            pid = int(subprocess.run(["pgrep", "-f", f"redis-server 127.0.0.1:{rport}"], capture_output=True,
                                     text=True).stdout.split()[0] or 0)
            return measure(f"redis://127.0.0.1:{rport}/0", pid)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="100,1000")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--think", type=float, default=4.0)
    ap.add_argument("--setups", default="1 process,2 processes")
    ns = ap.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    for games in [int(g) for g in ns.games.split(",")]:
        for setup in ns.setups.split(","):
            r = run(setup, games, ns.seconds, ns.think)
            print(json.dumps({"setup": setup, **{k: (round(v, 2) if isinstance(v, float) else v)
                                                for k, v in r.items()}}), flush=True)
            print(f"load average: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main()
