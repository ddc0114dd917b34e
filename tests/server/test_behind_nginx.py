"""Two server processes on one Redis behind nginx running deploy/nginx/companion.conf (TLS, WebSocket
upgrade, edge limits, a consistent hash of the game id): games made through the proxy land on both
processes; the lobby is the same from either; a SIGKILL of one hands its games to the other, whose
terminal seats reconnect through nginx and play to the end, and whose confirmed line is kept and not
applied twice; no frame tells a seat another's hand; and limits behind the proxy are per person."""

from __future__ import annotations

import pytest

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import aiohttp

from companion.net.hosted import game_from_text
from tests.net.helpers import BIG_MONEY, finish, hidden_leaks
from tests.server.components import free_port, nginx, redis_server
from tests.server.helpers import lobby_process, record_in, server_process, wait_for, wait_serving
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)


def owner_pid(lease: str | None) -> int | None:
    """The process id in a lease's value (hostname-pid-random:token)."""
    return int(lease.rsplit(":", 1)[0].rsplit("-", 2)[1]) if lease else None


def answers(text: str, folder: Path) -> int:
    return len(game_from_text(text, folder).seating.act.game.answers)  # type: ignore[union-attr]


def test_two_processes_behind_nginx_share_the_lobby_and_survive_a_kill(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        ports = [free_port(), free_port()]
        procs = [server_process(tmp_path / f"s{i}", p, "--store", url, "--trust-proxy", "127.0.0.1",
                                "--no-person-limits")  # one maker makes up to 16 games
                 for i, p in enumerate(ports)]
        try:
            for i, proc in enumerate(procs):
                wait_serving(tmp_path / f"s{i}", proc)
            with nginx(tmp_path / "nginx", ports) as nport:
                _play(tmp_path, url, ports, procs, nport)
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.terminate()
            for proc in procs:
                proc.wait(20)


def _play(tmp_path: Path, url: str, ports: list[int], procs: list[Any], nport: int) -> None:
    import redis.asyncio as aioredis

    edge = f"wss://127.0.0.1:{nport}"
    pids = {p.pid: i for i, p in enumerate(procs)}

    async def made_and_seated(http: aiohttp.ClientSession, lobby: Raw, i: int) -> tuple[str, Raw, int]:
        said = await lobby.say(f"create --players 2 --bots bigmoney --name G{i} --seed {i + 1}")
        game_id, code = said["go"]["game"], said["go"]["code"]
        seat = Raw(http, f"{edge}/g/{game_id}/ws")
        got = await seat.open(f"P{i}", code)
        assert got[-1]["type"] == "welcome", got
        await asyncio.sleep(0.15)  # within nginx's 10 requests a second from one address
        return game_id, seat, {**got[-1], "code": code}

    async def first_part() -> dict[str, Any]:
        r = aioredis.from_url(url, decode_responses=True)
        async with aiohttp.ClientSession() as http:
            lobby = Raw(http, f"{edge}/lobby/ws")
            await lobby.open("Maker")
            games: dict[str, tuple[Raw, dict[str, Any], int]] = {}
            for i in range(16):  # until both processes hold games (a hash splits them; bounded)
                game_id, seat, welcome = await made_and_seated(http, lobby, i)
                games[game_id] = (seat, welcome, pids[owner_pid(await r.get(f"companion:lease:{game_id}"))])
                if len({where for _, _, where in games.values()}) == 2 and i >= 3:
                    break
            assert len({where for _, _, where in games.values()}) == 2, "every game landed on one process"
            # the lobby is the same from either process
            heard = []
            for port in ports:
                direct = Raw(http, f"ws://127.0.0.1:{port}/lobby/ws")
                await direct.open("Looker")
                heard.append((await direct.say("games"))["text"])
                await direct.close()
            assert heard[0] == heard[1]
            await lobby.close()
            await r.aclose()
            return {gid: (seat.heard, welcome, where) for gid, (seat, welcome, where) in games.items()}

    games = run(first_part(), 180)
    # a game of two people at terminals, through nginx with TLS
    address = f"https://127.0.0.1:{nport}"
    ana = lobby_process(tmp_path / "Ana", address, "Ana", "create --players 2 --name Duel --seed 3\n",
                        True, "--insecure")
    wait_for(tmp_path / "Ana" / "out", "Waiting for 1 more player", proc=ana)
    ben = lobby_process(tmp_path / "Ben", address, "Ben", "sit Duel\n" + BIG_MONEY * 60 + "quit\n", False,
                        "--insecure")
    ana.stdin.write((BIG_MONEY * 60 + "quit\n").encode())  # type: ignore[union-attr]
    ana.stdin.close()  # type: ignore[union-attr]
    ana.stdin = None
    wait_for(tmp_path / "Ana" / "out", "Turn 3.", proc=ana, timeout=120)

    async def kill_part() -> tuple[int, list[dict[str, Any]]]:
        r = aioredis.from_url(url, decode_responses=True)
        duel = next(i for i, s in (await r.hgetall("companion:games")).items() if '"name":"Duel"' in s)
        victim = pids[owner_pid(await r.get(f"companion:lease:{duel}"))]
        async with aiohttp.ClientSession() as http:
            lobby = Raw(http, f"{edge}/lobby/ws")
            await lobby.open("Maker2")
            mine = [gid for gid, (_, _, where) in games.items() if where == victim]
            for i in range(16, 32):  # a game of the process to be killed, for one line sent at the kill
                if mine:
                    break
                game_id, seat, welcome = await made_and_seated(http, lobby, i)
                where = pids[owner_pid(await r.get(f"companion:lease:{game_id}"))]
                games[game_id] = (seat.heard, welcome, where)
                await seat.close()
                if where == victim:
                    mine.append(game_id)
            assert mine
            game_id = mine[0]
            heard, welcome, _ = games[game_id]
            seat = Raw(http, f"{edge}/g/{game_id}/ws")
            seat.heard = heard
            seen = max(m.get("n", 0) for m in heard)
            back = await seat.open(welcome["name"], welcome["code"], seat=welcome["seat"], token=welcome["token"],
                                   seen=seen)
            assert back[-1]["type"] == "welcome", back
            token = back[-1].get("renewed") or welcome["token"]  # a returning seat is given a new token
            await seat.until(lambda m: bool(m.get("yours")))
            line_id = back[-1]["last_line"] + 1
            await seat.ws.send_str(  # type: ignore[union-attr]
                '{"v":1,"type":"line","id":%d,"text":"end"}' % line_id)
            deadline = time.monotonic() + 30
            while game_from_text(now := await record_in(r, game_id),  # confirmed: in the store
                                 tmp_path).seats[welcome["seat"]].last_line != line_id:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.005)
            os.kill(procs[victim].pid, signal.SIGKILL)
            procs[victim].wait(10)
            confirmed = answers(now, tmp_path)
            # back through nginx: the other process takes the game once the lease runs out
            seat2 = Raw(http, f"{edge}/g/{game_id}/ws")
            seat2.heard = heard
            again = await seat2.open(welcome["name"], welcome["code"], seat=welcome["seat"], token=token,
                                     seen=max(m.get("n", 0) for m in heard))
            assert again[-1]["type"] == "welcome", again
            assert again[-1]["last_line"] == line_id  # the confirmed line is kept
            await asyncio.sleep(0.5)  # the welcome's own save (the seat's new token) is in the store
            taken = answers(await record_in(r, game_id), tmp_path)
            assert taken >= confirmed  # nothing confirmed is lost
            reply = await seat2.say("end", line_id)  # sent again, as a program does: not applied twice
            assert reply.get("reply") == line_id and not reply["text"].startswith("Error")  # its answer, said again
            after = await record_in(r, game_id)
            assert answers(after, tmp_path) == taken
            lease = await r.get(f"companion:lease:{game_id}")
            assert pids[owner_pid(lease)] != victim
            # limits behind the proxy are per person: nginx says who it forwards, and the server believes it
            wrong = []
            for source in ("127.0.0.2", "127.0.0.3"):
                conn = aiohttp.TCPConnector(local_addr=(source, 0))
                async with aiohttp.ClientSession(connector=conn) as guesser:
                    g = Raw(guesser, f"{edge}/lobby/ws")
                    await g.open("Guesser")
                    tries = 6 if source == "127.0.0.2" else 1
                    wrong.append([(await g.say("sit 000000001"))["text"] for _ in range(tries)])
                    await g.close()
            assert wrong[0][:5] == ["Error, no game has that code. Check it with the person who made the game."] * 5
            assert wrong[0][5].startswith("Error, too many wrong codes, so no code is tried now. Try again in ")
            assert wrong[1] == ["Error, no game has that code. Check it with the person who made the game."]
            await r.aclose()
            return victim, heard

    run(kill_part(), 240)
    outs = {}
    for name, proc in (("Ana", ana), ("Ben", ben)):
        rc, out, err = finish(proc, tmp_path / name, 240)
        assert rc == 0, (out[-3000:], err[-3000:])
        outs[name] = out
    for name, out in outs.items():
        assert "Connected again." in out.split("Welcome to the lobby")[1]  # the game moved under them
        assert "Game over" in out
        assert hidden_leaks(["Ana", "Ben"], ["Ana", "Ben"].index(name), out.splitlines()) == []
    for heard, welcome, _ in games.values():  # every frame each raw seat was sent
        texts = [m["text"] for m in heard if m.get("type") == "say" and m.get("text")]
        assert hidden_leaks([welcome["name"], "Big Money"], 0, texts) == []
