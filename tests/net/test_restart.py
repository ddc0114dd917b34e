"""Never losing a game: a line applied exactly once across a dropped connection and a restarted host,
and a host killed with SIGKILL that resumes its game when started again, its players reconnecting."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from companion.net.hosted import Options
from companion.net.hosting import on_loop, start_server
from tests.net.helpers import BIG_MONEY, ROOT, add_game, env, finish, join_process
from tests.net.test_hostile import hello as _hello, line, until
from tests.ports import free_port as _free_port

CODE = "987654321"


def hello(name: str, **more: object) -> str:
    return _hello(name, code=CODE, **more)


def test_a_line_is_applied_once_across_a_dropped_connection_and_a_restart(tmp_path):
    folder = tmp_path / "hosted"
    running = start_server("127.0.0.1", 0, folder=folder)
    game = add_game(running, Options(2, ["bigmoney"], "First Game", 9), CODE)
    url = f"ws://127.0.0.1:{running.port}/ws"

    def answers(r, g) -> int:  # type: ignore[no-untyped-def]
        return on_loop(r, lambda: len(g.seating.act.game.answers))

    async def first() -> tuple[str, int, int, str]:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(url)
            await ws.send_str(hello("Ana"))
            got = await until(ws, lambda m: m.get("yours"))
            token = got[0]["token"]
            seen = max(m.get("n", 0) for m in got)
            before = answers(running, game)
            # the answer goes out and the connection drops before its reply is read
            await ws.send_str(line(1, "buy silver"))
            await asyncio.sleep(0.3)
            await ws.close()
            applied = answers(running, game)
            assert applied > before
            # back with the token: the host says line 1 was applied; sending it again changes nothing
            ws = await http.ws_connect(url)
            await ws.send_str(hello("Ana", seat=0, token=token, seen=seen))
            got = await until(ws, lambda m: m["type"] == "welcome")
            assert got[-1]["last_line"] == 1
            token = got[-1]["renewed"]  # each welcome back renews the seat's token
            missed = await until(ws, lambda m: m.get("reply") == 1)
            assert "Silver" in missed[-1]["text"]
            await ws.send_str(line(1, "buy silver"))
            again = await until(ws, lambda m: m.get("reply") == 1)
            assert again[-1]["text"] == missed[-1]["text"]
            assert answers(running, game) == applied
            await ws.close()
            return token, seen, applied, missed[-1]["text"]

    token, seen, applied, answer = asyncio.run(first())
    running.stop()

    # the host stops and starts again on the same folder: the game is back, line 1 still applied once
    running = start_server("127.0.0.1", 0, folder=folder)
    try:
        resumed = on_loop(running, running.host.resume_all)
        assert [g.id for g in resumed] == [game.id]
        again = resumed[0]
        assert answers(running, again) == applied
        url = f"ws://127.0.0.1:{running.port}/ws"

        async def second() -> None:
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(url)
                await ws.send_str(hello("Ana", seat=0, token=token, seen=seen + 50))
                got = await until(ws, lambda m: m["type"] == "welcome")
                assert got[-1]["last_line"] == 1 and got[-1]["n"] < seen + 50
                await ws.send_str(line(1, "buy silver"))
                said = await until(ws, lambda m: m.get("reply") == 1)
                assert said[-1]["text"] == answer  # its own answer, kept with its id in the game's file
                assert answers(running, again) == applied
                await ws.send_str(line(2, "hand"))
                said = await until(ws, lambda m: m.get("reply") == 2)
                assert said[-1]["text"].startswith("Hand")
                await ws.close()

        asyncio.run(second())
    finally:
        running.stop()


def _host(home: Path, port: int, script: str) -> subprocess.Popen[bytes]:
    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "host", "--players", "3", "--bots", "bigmoney", "--seed", "3",
         "--port", str(port), "--code", CODE, "--name", "Ana"],
        stdin=subprocess.PIPE, stdout=(home / "out").open("ab"), stderr=(home / "err").open("ab"),
        env=env(home), cwd=str(ROOT))
    assert proc.stdin is not None
    proc.stdin.write(script.encode())
    proc.stdin.close()
    proc.stdin = None
    return proc


def _saved_answers(home: Path) -> int:
    for path in (home / "data" / "hosted").glob("*.json"):
        data = json.loads(path.read_text())
        return len((data.get("game") or {}).get("answers", []))
    return 0


def test_a_host_killed_with_sigkill_resumes_its_game_and_players_reconnect(tmp_path):
    port = _free_port()
    home = tmp_path / "host"
    host = _host(home, port, BIG_MONEY * 120)
    deadline = time.monotonic() + 20
    while b"Join code" not in (home / "out").read_bytes() if (home / "out").exists() else True:
        assert time.monotonic() < deadline and host.poll() is None, (home / "err").read_text()
        time.sleep(0.1)
    ben_home = tmp_path / "ben"
    # Ben types a few turns, then nothing yet: the game waits for Ben, so it cannot end before the kill
    # (with every line typed at once, a whole game can be over in under a second).
    ben = join_process(ben_home, port, CODE, "Ben", BIG_MONEY * 3, more_to_come=True)
    seen, still_since = -1, time.monotonic()
    while True:  # until the saved game stops growing: it is waiting for Ben's next line
        assert time.monotonic() < deadline + 40 and ben.poll() is None, (ben_home / "err").read_text()
        now = _saved_answers(home)
        if now != seen:
            seen, still_since = now, time.monotonic()
        elif now > 0 and time.monotonic() - still_since > 1.5:
            break
        time.sleep(0.1)
    host.send_signal(signal.SIGKILL)
    host.wait()
    kept = _saved_answers(home)
    time.sleep(0.5)
    host = _host(home, port, BIG_MONEY * 120)
    assert ben.stdin is not None
    ben.stdin.write((BIG_MONEY * 120).encode())  # the rest of Ben's game, typed after the host came back
    ben.stdin.close()
    ben.stdin = None
    rc, out, err = finish(ben, ben_home, 90)
    host_rc, host_out, host_err = finish(host, home, 30)
    assert rc == 0, (err[-2000:], out[-1500:], host_out[-1500:], host_err[-1000:])
    assert "The connection to the host was lost. Trying again." in out
    assert "Connected again." in out
    assert "Game over" in out.split("Connected again.")[-1]
    assert "Resumed 1 game" in host_out
    assert "Game over" in host_out.split("Resumed 1 game")[-1]
    assert _saved_answers(home) > kept
    assert not err.strip() and not host_err.strip(), err + host_err
