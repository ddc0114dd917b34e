"""`companion server` on an ordinary machine: started from a login shell whose open-file limit is 1,024 (soft
and hard, so it cannot be raised), the real server process with a real redis-server seats 50 people, each
from an address of their own, through the lobby and then their game's own socket."""

from __future__ import annotations

import asyncio
import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.net.helpers import ROOT, env
from tests.net.test_hostile import hello, line
from tests.server.components import free_port, redis_server
from tests.server.helpers import wait_serving

pytestmark = [pytest.mark.network, pytest.mark.process]

PEOPLE = 50


def _small_limit() -> None:  # in the server's process, before it runs: as `ulimit -n 1024` (hard too)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


async def _until(ws: aiohttp.ClientWebSocketResponse, test: Any, wait: float = 60) -> dict[str, Any]:
    while True:
        m = await ws.receive(timeout=wait)
        assert m.type == aiohttp.WSMsgType.TEXT, f"closed: {m}"
        msg = json.loads(m.data)
        if test(msg):
            return msg


async def _lobby_line(port: int, source: str, name: str, text: str) -> dict[str, str]:
    """One person's lobby: hello, one line, the game it sends them to."""
    conn = aiohttp.TCPConnector(local_addr=(source, 0))
    async with aiohttp.ClientSession(connector=conn) as http:
        async with http.ws_connect(f"ws://127.0.0.1:{port}/lobby/ws") as ws:
            await ws.send_str(hello(name, code=""))
            await _until(ws, lambda m: m["type"] == "welcome")
            await ws.send_str(line(1, text))
            msg = await _until(ws, lambda m: m.get("reply") == 1)
            assert msg.get("go"), msg["text"]
            return dict(msg["go"])


async def _seat(http: aiohttp.ClientSession, port: int, go: dict[str, str],
                name: str) -> tuple[aiohttp.ClientWebSocketResponse, dict[str, Any]]:
    ws = await http.ws_connect(f"ws://127.0.0.1:{port}/g/{go['game']}/ws")
    await ws.send_str(hello(name, code=go["code"]))
    return ws, await _until(ws, lambda m: m["type"] in ("welcome", "bye"))


async def _fifty(port: int) -> list[dict[str, Any]]:
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(f"127.0.1.{i + 1}", 0)))
                for i in range(PEOPLE)]
    sockets: list[aiohttp.ClientWebSocketResponse] = []
    try:
        welcomes = []
        for pair in range(PEOPLE // 2):  # each pair: one makes a game, the other sits there
            a, b = 2 * pair, 2 * pair + 1
            made = await _lobby_line(port, f"127.0.1.{a + 1}", f"Maker{pair}", f"create --name Game{pair}")
            sat = await _lobby_line(port, f"127.0.1.{b + 1}", f"Guest{pair}", f"sit Game{pair}")
            assert sat["game"] == made["game"]
            for i, go, name in ((a, made, f"Maker{pair}"), (b, sat, f"Guest{pair}")):
                ws, welcome = await _seat(sessions[i], port, go, name)
                sockets.append(ws)
                welcomes.append(welcome)
        for ws in sockets:  # all 50 still held at once
            assert not ws.closed
        return welcomes
    finally:
        for ws in sockets:
            await ws.close()
        for http in sessions:
            await http.close()


def test_a_server_started_under_ulimit_1024_seats_50_people(tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as redis_port:
        port = free_port()
        home = tmp_path / "server"
        home.mkdir()
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "server", "--listen", "127.0.0.1", "--port", str(port),
             "--store", f"redis://127.0.0.1:{redis_port}/0"], stdin=subprocess.DEVNULL,
            stdout=(home / "server.out").open("wb"), stderr=(home / "server.err").open("wb"), env=env(home),
            cwd=str(ROOT), preexec_fn=_small_limit)
        try:
            wait_serving(home, proc)
            welcomes = asyncio.run(asyncio.wait_for(_fifty(port), 240))
        finally:
            proc.terminate()
            proc.wait(30)
        said = (home / "server.out").read_text()
    assert [w["type"] for w in welcomes] == ["welcome"] * PEOPLE, [w for w in welcomes if w["type"] != "welcome"]
    assert len({(w["game"], w["seat"]) for w in welcomes}) == PEOPLE
    # the one plain line about the limit, with what it holds
    low = [x for x in said.splitlines() if "open file limit" in x]
    assert len(low) == 1 and "only 1,024 files" in low[0], said


def test_the_serving_words_name_this_computers_addresses_when_it_listens_on_all() -> None:
    from companion.server.running import serving_words

    words = serving_words("0.0.0.0", 8650, False, "/srv", 20_000, 1_048_576, machine=["192.168.1.20", "10.0.0.5"])
    assert words[0].startswith("Serving on http://192.168.1.20:8650, games kept in /srv. People type companion "
                               "join 192.168.1.20:8650 --name NAME")
    assert "0.0.0.0" not in "\n".join(words)
    assert words[1] == "This computer's other addresses are 10.0.0.5."
    assert words[2].startswith("The connection is not encrypted")
    assert len(words) == 3  # a limit of a million files is not low: nothing said about it
    assert serving_words("127.0.0.1", 8650, False, "/srv", 20_000, None) == [
        "Serving on http://127.0.0.1:8650, games kept in /srv. People type companion join 127.0.0.1:8650 --name "
        "NAME, or open http://127.0.0.1:8650 in a browser. Press Ctrl-C to stop."]
