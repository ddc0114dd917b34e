"""Saves of one game land in order: server processes killed (SIGKILL) while their players type, come back
and reconnect, against a real redis-server. After each kill, every seat's last answered line must be in the
store (its record: snapshot and journal), and no seat may be locked out ("a line id was skipped") when it
joins the process that took its game over."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import time
from typing import Any

import aiohttp
import pytest

from tests.server.components import free_port, redis_server
from tests.server.helpers import record_in, server_process, wait_serving
from tests.server.raw import run

pytestmark = [pytest.mark.network, pytest.mark.process]

GAMES = 100  # games of 2 people: 200 seats checked after each kill
KILLS = 5
SCRIPT = ["hand", "status", "end", "buy silver", "play all", "end", "supply"]


class Typist:
    """One person's seat: types line after line, each waiting for its answer, and now and then drops its
    connection and joins again with its token (a hello and a token renewal among the other seat's lines)."""

    def __init__(self, http: aiohttp.ClientSession, game_id: str, code: str, name: str) -> None:
        self.http, self.game_id, self.code, self.name = http, game_id, code, name
        self.ws: Any = None
        self.seat: int | None = None
        self.token = ""
        self.seen = 0
        self.answered = 0  # the id of the last line whose answer came
        self.locked_out: list[str] = []

    async def join(self, port: int, deadline: float) -> None:
        """Join (again) until welcomed: a game moving between processes says so, and is tried again."""
        while True:
            assert time.monotonic() < deadline, f"{self.name} of {self.game_id} never joined again"
            self.ws = await self.http.ws_connect(f"ws://127.0.0.1:{port}/g/{self.game_id}/ws")
            hello: dict[str, Any] = {"v": 1, "type": "hello", "code": self.code, "name": self.name}
            if self.token:
                hello.update(seat=self.seat, token=self.token, seen=self.seen)
            await self.ws.send_str(json.dumps(hello))
            while True:
                m = await self.ws.receive(timeout=30)
                if m.type != aiohttp.WSMsgType.TEXT:
                    break
                msg = json.loads(m.data)
                if msg["type"] == "say":
                    self.seen = max(self.seen, msg.get("n", 0))
                elif msg["type"] == "bye":
                    assert "skipped" not in msg.get("reason", ""), msg
                    break
                elif msg["type"] == "welcome":
                    self.seat = msg["seat"]
                    self.token = msg.get("renewed") or msg.get("token") or self.token
                    if msg["last_line"] < self.answered:  # its next line would be refused as skipping one
                        self.locked_out.append(f"welcomed at line {msg['last_line']} after {self.answered}")
                    return
            await self.ws.close()
            await asyncio.sleep(0.2)

    async def type(self, port: int, until: float) -> None:
        """Type until ``until`` or until the connection drops (its process was killed)."""
        step = random.randrange(len(SCRIPT))
        while time.monotonic() < until:
            i = self.answered + 1
            try:
                await self.ws.send_str(json.dumps({"v": 1, "type": "line", "id": i, "text": SCRIPT[step % 7]}))
                while True:
                    m = await self.ws.receive(timeout=20)
                    if m.type != aiohttp.WSMsgType.TEXT:
                        return
                    msg = json.loads(m.data)
                    if msg["type"] == "bye":
                        if "skipped" in msg.get("reason", ""):
                            self.locked_out.append(msg["reason"])
                        return
                    if msg["type"] == "say":
                        self.seen = max(self.seen, msg.get("n", 0))
                        if msg.get("reply") == i:
                            self.answered = i
                            break
            except (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError):
                return
            step += 1
            if random.random() < 0.04:  # away and back: a hello and a renewed token, among the other's lines
                await self.ws.close()
                try:
                    await self.join(port, time.monotonic() + 20)
                except (aiohttp.ClientError, OSError, AssertionError):
                    return


def last_lines(text: str | None) -> list[int]:
    """Each seat's last line in a game's record (the host's notes, read as the server reads them)."""
    assert text is not None
    raw = json.loads(text)
    notes = raw["game"]["companion"] if "companion" in raw.get("game", {}) else raw["companion"]
    return [int(s["last_line"]) for s in notes["net"]["seats"]]


async def make_games(url: str, folder: Any) -> list[tuple[str, str]]:
    """GAMES new games of 2 people, put in the store as the lobby's create does (its limits on one
    person's games are not what this test is about)."""
    from companion.net import codes
    from companion.net.hosted import HostedGame, Options
    from companion.server.games import summary
    from companion.server.redis_store import RedisStore

    store = RedisStore(url)
    await store.start("maker")
    made = []
    try:
        for i in range(GAMES):
            game = HostedGame(f"{i + 1:06x}abc", codes.new_code(), Options(2, [], "First Game", i + 1), folder)
            assert await store.write(game.id, 0, game.record(), summary(game, {"name": f"K{i}", "private": False}))
            made.append((game.id, codes.normal_code(game.code)))
    finally:
        await store.close()
    return made


def test_no_answered_line_is_missing_after_kills_and_no_seat_is_locked_out(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        data = tmp_path / "data"
        procs: dict[int, subprocess.Popen[bytes]] = {}

        def start(k: int) -> int:
            port = free_port()
            # every seat comes from loopback: a trusted proxy's address, whose connections are not capped
            procs[port] = server_process(tmp_path / f"s{k}", port, "--store", url, "--trust-proxy", "127.0.0.1",
                                         data=data)
            return port

        ports = [start(0), start(1)]
        try:
            for k, port in enumerate(ports):
                wait_serving(tmp_path / f"s{k}", procs[port])

            async def go() -> None:
                import redis.asyncio as aioredis

                r = aioredis.from_url(url, decode_responses=True)
                connector = aiohttp.TCPConnector(limit=0)
                async with aiohttp.ClientSession(connector=connector) as http:
                    made = await make_games(url, tmp_path)
                    typists = [Typist(http, g, c, name) for g, c in made for name in ("Ana", "Ben")]
                    deadline = time.monotonic() + 60
                    for k in range(0, len(typists), 20):
                        await asyncio.gather(*(t.join(ports[0], deadline) for t in typists[k:k + 20]))
                    checks = missing = given_over = 0
                    here, other = ports
                    for kill in range(KILLS):
                        until = time.monotonic() + 60
                        before = sum(t.answered for t in typists)
                        typing = [asyncio.ensure_future(t.type(here, until)) for t in typists]
                        while sum(t.answered for t in typists) < before + len(typists) and time.monotonic() < until:
                            await asyncio.sleep(0.1)  # (a loaded machine answers slowly: enough lines first)
                        await asyncio.sleep(random.random())
                        os.kill(procs[here].pid, signal.SIGKILL)  # mid-typing: lines in flight everywhere
                        procs[here].wait(10)
                        await asyncio.wait_for(asyncio.gather(*typing), 60)
                        replacement = start(kill + 2)  # the killed one's place, ready for the next kill
                        # At once: every answered line in Redis, or (when a save found Redis too slow to
                        # answer and went to the spool folder) in the dead process's spool, given over by
                        # the survivor when it takes the game.
                        lines = {game_id: last_lines(await record_in(r, game_id)) for game_id, _ in made}
                        spooled = {p.stem for p in data.glob("data/server/spool-*/*.spool")}
                        late = [t for t in typists if lines[t.game_id][t.seat or 0] < t.answered]
                        not_kept = [t.game_id for t in late if t.game_id not in spooled]
                        assert not not_kept, f"answered lines neither in Redis nor in a spool: {not_kept[:5]}"
                        deadline = time.monotonic() + 60
                        for k in range(0, len(typists), 50):
                            await asyncio.gather(*(t.join(other, deadline) for t in typists[k:k + 50]))
                        # and once the survivor holds every game: in Redis, each of them
                        lines = {game_id: last_lines(await record_in(r, game_id)) for game_id, _ in made}
                        for t in typists:
                            assert t.seat is not None
                            checks += 1
                            if lines[t.game_id][t.seat] < t.answered:
                                missing += 1
                        given_over += len(late)
                        wait_serving(tmp_path / f"s{kill + 2}", procs[replacement])
                        here, other = other, replacement
                    locked = [x for t in typists for x in t.locked_out]
                    answered = sum(t.answered for t in typists)
                    assert checks >= 1000 and answered >= KILLS * len(typists), (checks, answered)
                    assert missing == 0, f"{missing} of {checks} answered lines were missing from the store " \
                                         f"({given_over} were in a spool folder at the kill)"
                    assert locked == [], locked[:5]
                    await r.aclose()

            run(go(), 300)
        finally:
            for proc in procs.values():
                if proc.poll() is None:
                    proc.kill()
            for proc in procs.values():
                proc.wait(20)
