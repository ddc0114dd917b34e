"""Hosted games over loopback: how fast a remote command is answered, and how many games one host holds.

    python3 benchmarks/bench_net.py            # about two minutes
    python3 benchmarks/bench_net.py --quick    # a few seconds

The host runs in a process of its own (``--serve``, as ``companion host`` would, saving every answer to
disk); this process plays every seat through real WebSockets, as scripted players who think for a while
before each command (``--think`` seconds on average), and times each command from sending the line to
reading the host's answer. Part 1: one game of 4 people, thinking 0.2 s, every command timed (the host's
own seat is one of them: it takes the same path). Part 2: 50, 100, 200 and 400 games of 4 people at once
for a fixed time each (bounded), with p50, p99, commands a second, and the host's memory (resident set).
Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# A mix of a view, a status line, a buy and an end; the buy seldom fails. (A buy that fails after
# Treasures were played for it is taken back by replaying the game, which costs tens of milliseconds
# late in a game: measured on its own by benchmarks/bench_game_commands.py.)
SCRIPT = ["hand", "status", "buy silver", "end"]


def serve(games: int, folder: str) -> None:
    """The host process: ``games`` games of 4 people, codes 000000001 and on; ends when stdin closes."""
    from companion.net.hosted import Options
    from companion.net.hosting import on_loop, start_server

    running = start_server("127.0.0.1", 0, folder=Path(folder))
    # every simulated player dials from 127.0.0.1: one address, so its cap is lifted here (a real host keeps it)
    running.host.guard.connections.per_address = 1_000_000
    for i in range(games):
        on_loop(running, running.host.add_game, Options(4, [], "First Game", 1000 + i), f"{i + 1:09d}")
    print(running.port, flush=True)
    sys.stdin.read()
    running.stop()


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


async def play_seat(http, url: str, code: str, name: str, think: float, clock: dict[str, float],
                    joined: list[int], go: asyncio.Event, times: list[float], errors: list[str]) -> None:
    import aiohttp

    step, line_id = 0, 0
    try:
        async with http.ws_connect(url) as ws:
            await ws.send_str(json.dumps({"v": 1, "type": "hello", "code": code, "name": name}))
            joined[0] += 1
            await go.wait()
            until = clock["until"]
            yours = False
            pending: tuple[int, float] | None = None
            while time.monotonic() < until:
                if yours and pending is None:
                    await asyncio.sleep(random.uniform(0.5, 1.5) * think)
                    line_id += 1
                    pending = (line_id, time.perf_counter())
                    await ws.send_str(json.dumps({"v": 1, "type": "line", "id": line_id,
                                                  "text": SCRIPT[step % len(SCRIPT)]}))
                    step += 1
                try:
                    msg = await ws.receive(timeout=max(0.05, until - time.monotonic()))
                except asyncio.TimeoutError:
                    break
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                m = json.loads(msg.data)
                if m["type"] == "bye":
                    errors.append(m.get("reason", "bye"))
                    break
                if m["type"] != "say":
                    continue
                yours = bool(m.get("yours")) and not m.get("over")
                if pending is not None and m.get("reply") == pending[0]:
                    times.append(time.perf_counter() - pending[1])
                    pending = None
                if m.get("over"):
                    break
    except (OSError, aiohttp.ClientError) as e:
        errors.append(type(e).__name__)


async def run_load(port: int, games: int, think: float, seconds: float) -> tuple[list[float], list[str]]:
    import aiohttp

    url = f"ws://127.0.0.1:{port}/ws"
    times: list[float] = []
    errors: list[str] = []
    clock: dict[str, float] = {}
    joined = [0]
    go = asyncio.Event()
    conn = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=conn) as http:
        tasks = [asyncio.ensure_future(play_seat(http, url, f"{g + 1:09d}", f"P{s}", think, clock, joined, go,
                                                 times, errors))
                 for g in range(games) for s in range(4)]
        while joined[0] < len(tasks) and not all(t.done() for t in tasks):
            await asyncio.sleep(0.05)
        clock["until"] = time.monotonic() + seconds  # timed from when every seat has joined
        go.set()
        await asyncio.gather(*tasks)
    return times, errors


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def level(games: int, think: float, seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, COMPANION_HOME=folder, PYTHONPATH=str(ROOT))
        host = subprocess.Popen([sys.executable, __file__, "--serve", str(games), folder], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=env, text=True)
        assert host.stdout is not None and host.stdin is not None
        port = int(host.stdout.readline())
        base = rss_kib(host.pid)
        times, errors = asyncio.run(run_load(port, games, think, seconds))
        peak = rss_kib(host.pid)
        host.stdin.close()
        host.wait(timeout=30)
    return {"games": games, "commands": len(times), "per_second": len(times) / seconds,
            "p50_ms": pct(times, 50) * 1000, "p99_ms": pct(times, 99) * 1000, "max_ms": max(times or [0]) * 1000,
            "rss_mib_idle": base / 1024, "rss_mib": peak / 1024, "errors": len(errors)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--serve", nargs=2)
    args = ap.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return
    one = level(1, 0.2, 4 if args.quick else 20)
    print(f"One game of 4 people: {one['commands']} commands, p50 {one['p50_ms']:.1f} ms, "
          f"p99 {one['p99_ms']:.1f} ms, worst {one['max_ms']:.1f} ms.")
    sizes = (20, 50) if args.quick else (50, 100, 200, 400)
    for n in sizes:
        r = level(n, args.think, 8 if args.quick else 20)
        print(f"{n} games of 4 ({4 * n} connections), thinking {args.think:.1f} s: {r['commands']} commands, "
              f"{r['per_second']:.0f} a second, p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
              f"worst {r['max_ms']:.0f} ms; host memory {r['rss_mib_idle']:.0f} MiB idle, "
              f"{r['rss_mib']:.0f} MiB at the end; {r['errors']} refused.", flush=True)


if __name__ == "__main__":
    main()
