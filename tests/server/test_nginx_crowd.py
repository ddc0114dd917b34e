"""The documented nginx (deploy/nginx/main.conf's worker_connections and file limit, and the site's limits
per address) lets 500 people open the lobby at once, 250 of them behind one shared address (a school or a
library): all are welcomed and all stay connected. Debian's own nginx.conf (768 connections a worker) and
the earlier 20 connections an address refused many of them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest

from tests.server.components import free_port, nginx
from tests.server.helpers import server_process, wait_serving
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)

PEOPLE = 500
ADDRESSES = ("127.0.0.2", "127.0.0.3")  # two shared addresses, 250 people behind each


async def crowd(nport: int) -> tuple[int, list[str], str]:
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(a, 0), limit=0, ssl=False))
                for a in ADDRESSES]
    people: list[Raw] = []
    refused: list[str] = []

    async def come(i: int) -> None:
        seat = Raw(sessions[i % len(sessions)], f"wss://127.0.0.1:{nport}/lobby/ws")
        try:
            got = await seat.open(f"Player{i}")
        except (aiohttp.ClientError, asyncio.TimeoutError) as e:
            refused.append(f"{i}: {type(e).__name__} {e}"[:120])
            return
        if got[-1]["type"] == "welcome":
            people.append(seat)
        else:
            refused.append(f"{i}: {got[-1]}"[:120])

    try:
        for start in range(0, PEOPLE, 50):  # 50 at a time: a crowd arriving, not one instant
            await asyncio.gather(*(come(i) for i in range(start, min(PEOPLE, start + 50))))
        await asyncio.sleep(1.0)
        still = sum(1 for p in people if p.ws is not None and not p.ws.closed)
        answer = str((await people[-1].say("games"))["text"]) if people else ""
        return still, refused, answer
    finally:
        for p in people:
            if p.ws is not None:
                await p.ws.close()
        for s in sessions:
            await s.close()


def test_the_documented_nginx_lets_500_people_into_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    proc = server_process(tmp_path / "s", port, "--trust-proxy", "127.0.0.1")
    try:
        wait_serving(tmp_path / "s", proc)
        with nginx(tmp_path / "nginx", [port, port]) as nport:
            still, refused, answer = run(crowd(nport), 240)
        assert refused == []
        assert still == PEOPLE
        assert answer == "No open games. Type create to start one."
    finally:
        proc.terminate()
        proc.wait(90)
