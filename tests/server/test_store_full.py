"""A refused change changes nothing: the one-process server's data folder on a small filesystem the test
mounts (a tmpfs), filled to the last byte; each community command is refused in one sentence saying the
disk is full (never a path), a ``store_error`` event is logged, and once the disk has room again nothing of
what was refused is there: no account, mute, ban, report or ignore. A guest still gets in."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.server import events
from companion.server.database import NAME
from companion.server.store import FileStore
from tests.server.helpers import server_in_thread
from tests.server.raw import Raw, run
from tests.server.test_community import PASSWORD, register

pytestmark = [pytest.mark.network]


@pytest.fixture
def small_disk(tmp_path: Path) -> Any:
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode:
        pytest.skip("a tmpfs cannot be mounted here (it needs root)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def fill(disk: Path) -> Path:
    """Every byte of the disk taken, after the database's journal is emptied (else a change fits in it)."""
    con = sqlite3.connect(disk / "server" / NAME)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            try:
                os.write(fd, b"\0" * 65536)
            except OSError as e:
                if e.errno != errno.ENOSPC:
                    raise
                break
        for size in (4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                continue
    finally:
        os.close(fd)
    return filler


def test_each_community_command_refused_for_a_full_disk_changes_nothing(small_disk: Path, tmp_path: Path) -> None:
    heard: list[tuple[str, dict[str, Any]]] = []

    def listener(name: str, fields: dict[str, Any]) -> None:
        heard.append((name, fields))

    events.listen(listener)
    try:
        serve(small_disk, tmp_path)
    finally:
        events.unlisten(listener)
    assert any(name == "store_error" and fields.get("problem") == "The server's disk is full." for name, fields in heard)


def serve(small_disk: Path, tmp_path: Path) -> None:
    with server_in_thread(FileStore(small_disk / "server" / "games"), tmp_path / "spool") as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"
        kv = server.host.lobby.community.kv

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = await register(http, url, "Ana")
                await kv.hset("moderators", "ana", "Ana")
                ben = Raw(http, url)
                await ben.open("Ben")
                filler = fill(small_disk)
                refused = {}
                for who, text in [(ben, "register"), (ben, PASSWORD), (ben, PASSWORD), (ana, "mute Ben 10"),
                                  (ana, "ban Ben 2"), (ana, "report Ben rude words"), (ana, "ignore Ben")]:
                    refused[text] = (await who.say(text))["text"]
                for text in ("mute Ben 10", "ban Ben 2", "report Ben rude words", "ignore Ben"):
                    assert refused[text].startswith("Error, the server's disk is full"), refused[text]
                assert refused[PASSWORD].startswith("Error, the server's disk is full"), refused
                assert not any("/" in said for said in refused.values())
                cat = Raw(http, url)  # a guest comes in without the bookkeeping write
                assert (await cat.open("Cat"))[-1]["type"] == "welcome"
                filler.unlink()
                assert await kv.get("account:ben") is None
                assert await kv.get("mute:ben") is None and await kv.get("ban:ben") is None
                assert await kv.items("reports") == [] and await kv.hgetall("ignore:ana") == {}
                assert (await ana.say("ignore"))["text"].startswith("You ignore nobody")
                who = (await ana.say("who"))["text"]
                assert who.count("Ben") == 1, who
                late = Raw(http, url)
                assert (await late.open("Ben", password=PASSWORD))[-1].get("secret") is not True  # no account

        run(go(), 120)


@pytest.mark.process
def test_redis_past_its_maxmemory_is_said_as_full(tmp_path: Path) -> None:
    import redis

    from companion.server.community_store import RedisKv
    from companion.server.store import StoreDown, refused
    from tests.server.components import redis_server

    with redis_server(tmp_path / "redis") as port:
        r = redis.Redis(port=port)
        r.config_set("maxmemory-policy", "noeviction")
        for i in range(100):
            r.set(f"filler:{i}", b"x" * 10_000)
        r.config_set("maxmemory", str(r.info("memory")["used_memory"] - 100_000))  # past it already
        r.close()

        async def go() -> str:
            kv = RedisKv(f"redis://127.0.0.1:{port}/0")
            try:
                await kv.set("account:ben", "x")
            except StoreDown as e:
                assert await kv.get("account:ben") is None
                return refused(e)
            finally:
                await kv.close()
            return ""

        assert run(go(), 60) == "Error, Redis is full, so that cannot be done now. Try again in a minute."
