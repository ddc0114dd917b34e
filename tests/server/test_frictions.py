"""Frictions heard on the server: a malformed HTTP request is one line in the log, not a traceback; the
missing Redis library is named as pip and pipx install it; nothing said in the lobby comes before the
welcome; a full Redis (maxmemory) is said as full, not as "not answering"."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.server.listing import Listing
from companion.server.redis_store import RedisStore
from companion.server.store import FileStore
from tests.net.helpers import ROOT, env
from tests.server.components import free_port, redis_server
from tests.server.helpers import server_in_thread, server_process, wait_serving
from tests.server.raw import Raw

pytestmark = [pytest.mark.network, pytest.mark.process]


def test_a_malformed_request_is_one_log_line_not_a_traceback(tmp_path: Path) -> None:
    port = free_port()
    proc = server_process(tmp_path, port)
    try:
        wait_serving(tmp_path, proc)
        for request in (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
                        b"GET /\xff\xfe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(request)
                assert s.recv(100).startswith(b"HTTP/1.0 400")
    finally:
        proc.terminate()
        proc.wait(30)
    err = (tmp_path / "server.err").read_text()
    assert "Traceback" not in err, err
    lines = [x for x in err.splitlines() if "not HTTP" in x or '"bad_request"' in x]  # plain, or the event log's
    assert len(lines) == 2 and "127.0.0.1" in lines[0] and "Invalid " in lines[0], err


def test_the_missing_redis_library_is_named_for_pip_and_pipx(tmp_path: Path) -> None:
    shadow = tmp_path / "shadow" / "redis"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('no redis here')\n")
    e = env(tmp_path / "home")
    e["PYTHONPATH"] = f"{tmp_path / 'shadow'}:{ROOT}"
    done = subprocess.run([sys.executable, "-m", "companion", "server", "--port", "0", "--store",
                           "redis://127.0.0.1:1/0"], capture_output=True, text=True, env=e, cwd=str(ROOT), timeout=60)
    assert done.returncode != 0
    assert 'pip install "dominion-companion[server]"' in done.stdout, done.stdout
    assert "pipx inject dominion-companion redis" in done.stdout


class SlowList(FileStore):
    """The file store, with the list of games read slowly (as a busy Redis answers): the moment in which a
    lobby message could once overtake the welcome, which counts the open games from the list."""

    slow = False
    reading = threading.Event()  # a slow read of the list has begun

    async def listing(self) -> Listing:
        if self.slow:
            self.reading.set()
            await asyncio.sleep(0.6)
        return await super().listing()


def test_no_lobby_message_comes_before_the_welcome(tmp_path: Path) -> None:
    store = SlowList(tmp_path / "games")
    with server_in_thread(store, tmp_path / "spool") as server:

        async def talk() -> list[dict[str, Any]]:
            async with aiohttp.ClientSession() as http:
                ben = Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws")
                await ben.open("Ben")
                store.slow = True
                ana = Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws")
                opening = asyncio.ensure_future(ana.open("Ana"))
                # Ana's welcome is on its way: the server is reading the list for it
                assert await asyncio.get_running_loop().run_in_executor(None, store.reading.wait, 10)
                await ben.say("say hello, whoever is here")
                first = await opening
                store.slow = False
                await ana.close()
                await ben.close()
                return first

        first = asyncio.run(asyncio.wait_for(talk(), 60))
    assert first[0]["type"] == "welcome", first


def test_a_full_redis_is_said_as_full(tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"
        with server_in_thread(RedisStore(url), tmp_path / "spool") as server:

            async def talk() -> str:
                import redis.asyncio as aioredis

                r = aioredis.from_url(url)
                async with aiohttp.ClientSession() as http:
                    ana = Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws")
                    await ana.open("Ana")
                    await r.config_set("maxmemory", "1")  # full: every write refused with OOM
                    try:
                        said = (await ana.say("create --name Full"))["text"]
                    finally:
                        await r.config_set("maxmemory", "0")
                        await r.aclose()
                    await ana.close()
                    return str(said)

            said = asyncio.run(asyncio.wait_for(talk(), 60))
    assert said == "Error, no new game can be made now, as Redis is full. Games in play go on. Try again in a minute."


_ = time


def test_back_after_a_bot_played_no_stale_word_that_a_bot_plays(tmp_path: Path) -> None:
    from companion.net.hosted import Options
    from tests.net.helpers import add_game, finish, host_on_loopback, join_process, joined_run
    from tests.net.test_hostile import hello, line, until

    code = "135792468"
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(2, [], "First Game", 6), code)
        home = tmp_path / "ben"

        async def main() -> str:
            loop = asyncio.get_running_loop()
            async with aiohttp.ClientSession() as http:
                ana = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                await ana.send_str(hello("Ana", code=code))
                await until(ana, lambda m: m["type"] == "welcome")
                await loop.run_in_executor(None, joined_run, home, running.port, code, "Ben", "quit\n")
                await ana.send_str(line(1, "bot Ben"))
                await until(ana, lambda m: m.get("reply") == 1)
                proc = join_process(home, running.port, code, "Ben", "who\nquit\n")
                status, back, err = await loop.run_in_executor(None, finish, proc, home, 60)
                assert status == 0, (back, err)
                await ana.close()
                return back

        back = asyncio.run(main())
    assert "You have your seat back from the bot." in back, back
    assert "A bot plays for Ben now" not in back, back


def test_after_a_server_restart_you_do_not_hear_your_own_joined(tmp_path: Path) -> None:
    from tests.server.helpers import lobby_process, wait_for

    port = free_port()
    data = tmp_path / "data"
    server = server_process(tmp_path / "one", port, data=data)
    ana = None
    try:
        wait_serving(tmp_path / "one", server)
        ana = lobby_process(tmp_path / "Ana", f"127.0.0.1:{port}", "Ana", "create --name Wait\n", True)
        out = tmp_path / "Ana" / "out"
        wait_for(out, "Ana joined. Waiting for 1 more player.", proc=ana)
        server.terminate()
        server.wait(30)
        server = server_process(tmp_path / "two", port, data=data)
        wait_serving(tmp_path / "two", server)
        text = wait_for(out, "Welcome back, Ana. Waiting for 1 more player.", timeout=60, proc=ana)
    finally:
        if ana is not None:
            ana.kill()
            ana.wait()
        server.terminate()
        server.wait(30)
    assert text.count("Ana joined.") == 1, text
