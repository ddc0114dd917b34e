"""The one-process server's data folder as one SQLite database (companion.server.database, sqlite_store,
sqlite_kv): another process's changes are seen both ways; the event loop goes on while the database waits
for another process's lock; changes that come together are committed together yet one refused undoes only
itself; a damaged journal entry is skipped and named; the lobby's list survives a restart; and a data folder
written by the code before the database (commit 5226ace, run from git) is moved in once, whole."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.server.community_store import FileKv
from companion.server.database import NAME, Database
from companion.server.sqlite_kv import SqliteKv
from companion.server.sqlite_store import SqliteStore

BEFORE = "5226ace"  # the last commit of the file store
ROOT = Path(__file__).resolve().parents[2]


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_another_process_changes_are_seen_both_ways(tmp_path: Path) -> None:
    server, tool = FileKv(tmp_path), FileKv(tmp_path)  # the server, and `companion server moderator add`

    async def go() -> None:
        await server.set("seen:ana", "127.0.0.1")
        await tool.hset("moderators", "ana", "1")
        assert await server.hget("moderators", "ana") == "1"
        await server.hset("moderators", "ben", "1")
        assert await tool.hgetall("moderators") == {"ana": "1", "ben": "1"}
        assert await server.incr("wrong:1.2.3.4", 60) == 1
        assert await tool.incr("wrong:1.2.3.4", 60) == 2
        assert await server.incr("wrong:1.2.3.4", 60) == 3
        await tool.delete("seen:ana")
        assert await server.get("seen:ana") is None
        await server.close()
        await tool.close()

    run(go())


def test_values_hashes_lists_and_expiry_read_as_redis_would(tmp_path: Path) -> None:
    kv = FileKv(tmp_path)

    async def go() -> None:
        for i in range(5):
            await kv.push("history:ana", f"g{i}", 3)
        assert await kv.items("history:ana") == ["g4", "g3", "g2"]
        await kv.set("mute:x", "1", 0.05)
        assert 0 < await kv.ttl("mute:x") <= 0.05
        await asyncio.sleep(0.1)
        assert await kv.get("mute:x") is None
        assert await kv.incr("mute:x", 60) == 1  # an expired counter starts again
        await kv.hset("ratings", "ana", "a")
        await kv.hset("ratings", "ben", "b")
        await kv.hdel("ratings", "ana")
        assert await kv.hgetall("ratings") == {"ben": "b"}
        await kv.close()

    run(go())
    con = sqlite3.connect(tmp_path / NAME)
    assert con.execute("SELECT key, field FROM ratings").fetchall() == [("ratings", "ben")]  # a row per account
    con.close()


def test_the_event_loop_goes_on_while_another_process_holds_the_database(tmp_path: Path) -> None:
    """The operator's process holds a write lock for a moment: the server's change waits for it on the
    database's own thread, and meanwhile the event loop answers everything else (the file store took its
    lock and flushed on the loop itself)."""
    kv = FileKv(tmp_path)

    async def go() -> tuple[int, float]:
        await kv.set("seen:ana", "1")  # made and open
        other = sqlite3.connect(tmp_path / NAME, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO records (key, field, value) VALUES ('x', '', 'y')")
        change = asyncio.ensure_future(kv.set("seen:ben", "2"))
        ticks, longest, last = 0, 0.0, time.monotonic()
        while ticks < 40:
            await asyncio.sleep(0.01)
            now = time.monotonic()
            longest, last, ticks = max(longest, now - last), now, ticks + 1
            assert not change.done()
        other.execute("COMMIT")
        other.close()
        await change
        assert await kv.get("seen:ben") == "2" and await kv.get("x") == "y"
        await kv.close()
        return ticks, longest

    ticks, longest = run(go())  # type: ignore[misc]
    assert ticks == 40


def test_changes_together_are_kept_and_one_refused_undoes_only_itself(tmp_path: Path) -> None:
    db = Database(tmp_path / NAME)
    kv = SqliteKv(db, owned=True)

    def refuse(con: sqlite3.Connection) -> None:
        con.execute("INSERT INTO records (key, field, value) VALUES ('half', '', 'done')")
        raise ValueError("refused halfway")

    async def go() -> None:
        writes = [kv.set(f"seen:{i}", str(i)) for i in range(50)]
        got = await asyncio.gather(*writes[:25], db.write(refuse), *writes[25:], return_exceptions=True)
        assert [type(g).__name__ for g in got if g is not None] == ["ValueError"]
        assert [await kv.get(f"seen:{i}") for i in range(50)] == [str(i) for i in range(50)]
        assert await kv.get("half") is None
        with pytest.raises(ValueError):  # alone in its transaction: undone as well
            await db.write(refuse)
        assert await kv.get("half") is None
        await kv.close()

    run(go())


def test_a_damaged_entry_is_skipped_and_named_and_the_list_survives_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "games"

    async def first() -> None:
        store = SqliteStore(folder)
        await store.start("one")
        try:
            assert await store.write("0000dd", 0, "{}", {"name": "D", "free": 1})
            assert not await store.write("0000dd", 0, "{}", None)  # a new game's id is never written twice
            token = await store.claim("0000dd")
            assert token and await store.save("0000dd", token, 2, entry='{"v":2,"s":[]}')
            assert not await store.save("0000dd", token, 2, entry='{"v":2,"s":[]}')  # not newer
            assert await store.write("0000ee", 0, "{}", {"name": "E", "free": 1})
            await store.unlist("0000ee")
        finally:
            await store.close()

    run(first())
    con = sqlite3.connect(tmp_path / NAME)
    con.execute("INSERT INTO game_entries (id, version, entry) VALUES ('0000dd', 3, '{\"v\":3,\"s\":[')")
    con.execute("INSERT INTO listing (id, summary) VALUES ('0000ff', 'not json')")
    con.commit()
    con.close()

    async def again() -> None:
        store = SqliteStore(folder)
        await store.start("two")
        try:
            assert store.index.lines == {"0000dd": {"name": "D", "free": 1}}
            saved = await store.load("0000dd")
            assert saved is not None and saved.entries == 2 and len(saved.problems) >= 1
        finally:
            await store.close()

    run(again())


OLD_WRITER = r"""
import asyncio, json, sys
from pathlib import Path
from companion.server.store import FileStore
from companion.server.community_store import FileKv

async def main(folder):
    store = FileStore(folder / "games")
    await store.start("old")
    assert await store.write("0000a1", 0, json.dumps({"n": 1}), {"name": "Old game", "free": 2})
    await store.write("0000a2", 0, "{}", {"name": "Gone", "free": 1})
    await store.unlist("0000a2")
    saved = await store.load("0000a1")
    await store.close()
    kv = FileKv(folder / "community")
    await kv.set("account:ana", json.dumps({"name": "Ana", "hash": "x"}))
    await kv.hset("ratings", "ana", json.dumps({"name": "Ana", "mu": 26.0, "sigma": 8.0, "games": 1}))
    await kv.hset("moderators", "ana", "Ana")
    for g in ("g1", "g2", "g3"):
        await kv.push("history:ana", g, 100)
    await kv.set("log:game:g3", json.dumps({"id": "g3", "at": 1, "kingdom": "First Game", "seats": []}))
    await kv.set("mute:ben", "1", 0.001)
    await kv.set("seen:ana", "127.0.0.1", 3600)
    print(json.dumps({"text": saved.text, "version": saved.version}))

asyncio.run(main(Path(sys.argv[1])))
"""


def test_a_data_folder_written_by_the_file_store_is_moved_in_once(tmp_path: Path) -> None:
    if shutil.which("git") is None or subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", BEFORE],
                                                     capture_output=True).returncode:
        pytest.skip(f"the earlier code (commit {BEFORE}) is not in this checkout's history")
    old = tmp_path / "old"
    old.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "companion"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    folder = tmp_path / "server"
    wrote = subprocess.run([sys.executable, "-c", OLD_WRITER, str(folder)], capture_output=True, text=True,
                           env={"PYTHONPATH": str(old), "PATH": "/usr/bin:/bin"}, cwd=old, timeout=120)
    assert wrote.returncode == 0, wrote.stderr[-2000:]
    before = json.loads(wrote.stdout.strip().splitlines()[-1])
    assert (folder / "community" / "community.journal").exists() and (folder / "games" / "0000a1.json").exists()

    async def read() -> None:
        from companion.server.running import community_kv

        history = ["g3", "g2", "g1"]
        for _ in range(2):  # the second start reads the database only (the files are not moved in twice)
            store = SqliteStore(folder / "games")
            await store.start("new")
            kv = community_kv(store)
            try:
                saved = await store.load("0000a1")
                assert saved is not None and (saved.text, saved.version) == (before["text"], before["version"])
                assert store.index.lines == {"0000a1": {"name": "Old game", "free": 2}}
                assert json.loads(await kv.get("account:ana") or "{}")["name"] == "Ana"
                assert json.loads(await kv.hget("ratings", "ana") or "{}")["mu"] == 26.0
                assert await kv.hgetall("moderators") == {"ana": "Ana"}
                assert await kv.items("history:ana") == history
                assert json.loads(await kv.get("log:game:g3") or "{}")["kingdom"] == "First Game"
                assert await kv.get("mute:ben") is None and await kv.get("seen:ana") == "127.0.0.1"
                await kv.push("history:ana", f"g{len(history) + 1}", 100)  # after the moved-in ones
                history.insert(0, f"g{len(history) + 1}")
            finally:
                await store.close()

    run(read())
    con = sqlite3.connect(folder / NAME)
    assert con.execute("SELECT count(*) FROM histories WHERE key = 'history:ana'").fetchone()[0] == 5
    assert con.execute("SELECT count(*) FROM meta WHERE key LIKE 'moved_in:%'").fetchone()[0] == 2
    con.close()


@pytest.mark.network
@pytest.mark.process
def test_the_operators_command_in_another_process_shares_the_running_servers_database(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    """`companion server moderator add` and `account reset`, each a process of its own, write the database
    the running server has open (SQLite's lock takes turns): the server counts them at once."""
    import aiohttp

    from companion.server.running import server_folder
    from tests.net.helpers import env
    from tests.server.helpers import server_in_thread
    from tests.server.test_community import register

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with server_in_thread(SqliteStore(server_folder() / "games"), tmp_path / "spool") as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def ana() -> None:
            async with aiohttp.ClientSession() as http:
                await register(http, url, "Ana")

        run(ana())
        for words in (["moderator", "add", "Ana"], ["account", "reset", "Ana"]):
            done = subprocess.run([sys.executable, "-m", "companion", "server", *words], capture_output=True,
                                  text=True, env=env(tmp_path / "home"), cwd=str(ROOT), timeout=120)
            assert done.returncode == 0, done.stdout + done.stderr
        kv = server.host.lobby.community.kv
        assert run(kv.hget("moderators", "ana")) == "Ana"
        assert run(kv.get("reset:ana")) is not None
