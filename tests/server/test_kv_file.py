"""The one-process community records (companion.server.kv_file behind community_store.FileKv): a change costs a
line of the journal, not the whole file; another process's changes are seen; the journal is folded into the
file now and then; hostile and cut-short lines are skipped."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from companion.server import kv_file
from companion.server.community_store import FileKv


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_a_change_is_a_line_of_the_journal_not_the_whole_file_again(tmp_path: Path) -> None:
    kv = FileKv(tmp_path)

    async def go() -> None:
        for i in range(300):
            await kv.set(f"seen:guest-{i}", "127.0.0.1", 3600)
        whole = (tmp_path / "community.json")
        before = whole.stat().st_mtime_ns if whole.exists() else None
        journal = (tmp_path / "community.journal").read_bytes()
        await kv.set("seen:guest-new", "127.0.0.2", 3600)
        after = whole.stat().st_mtime_ns if whole.exists() else None
        assert after == before, "the whole file was not written again"
        added = (tmp_path / "community.journal").read_bytes()[len(journal):]
        assert json.loads(added.strip()) == ["seen:guest-new", "127.0.0.2", json.loads(added.strip())[2]]
        assert len(added) < 80

    run(go())


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

    run(go())


def test_the_journal_is_folded_into_the_file_and_what_expired_is_dropped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(kv_file, "COMPACT_AT", 20)
    kv = FileKv(tmp_path)

    async def go() -> None:
        await kv.set("gone", "x", 0.001)
        await asyncio.sleep(0.01)
        for i in range(25):
            await kv.set(f"k{i % 5}", str(i))
        assert (tmp_path / "community.json").exists()
        lines = (tmp_path / "community.journal").read_text().split()
        assert len(lines) < 20, "folded, then a few lines since"
        whole = json.loads((tmp_path / "community.json").read_text())
        assert "gone" not in whole
        fresh = FileKv(tmp_path)
        assert [await fresh.get(f"k{i}") for i in range(5)] == ["20", "21", "22", "23", "24"]
        assert await fresh.get("gone") is None

    run(go())


def test_a_crash_between_folding_and_removing_the_journal_reads_the_same(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(kv_file, "COMPACT_AT", 5)
    kv = FileKv(tmp_path)

    kept = tmp_path / "kept.journal"
    written = kv_file.atomic_write

    def write_then_die(path: Path, text: str) -> None:  # the journal as it was when the whole file landed
        written(path, text)
        shutil.copy(tmp_path / "community.journal", kept)

    monkeypatch.setattr(kv_file, "atomic_write", write_then_die)

    async def go() -> None:
        for i in range(6):
            await kv.set("k", str(i))  # the sixth is folded
        assert not (tmp_path / "community.journal").exists()
        shutil.copy(kept, tmp_path / "community.journal")  # as if the process died before removing it
        assert await FileKv(tmp_path).get("k") == "5"
        await kv.set("k", "6")
        assert await FileKv(tmp_path).get("k") == "6"

    run(go())


def test_hostile_and_cut_short_lines_are_skipped(tmp_path: Path) -> None:
    kv = FileKv(tmp_path)

    async def go() -> None:
        await kv.set("a", "1")
        with (tmp_path / "community.journal").open("ab") as f:
            f.write(b'not json\n[1,2,3]\n["b",{"x":1},"soon"]\n\xff\xfe\n["c","3",0]\n["d","4"')  # the last cut short
        reader = FileKv(tmp_path)
        assert await reader.get("a") == "1"
        assert await reader.get("b") is None
        assert await reader.get("c") == "3"
        assert await reader.get("d") is None
        await kv.set("e", "5")  # after a cut-short line: a line of its own
        assert await reader.get("e") == "5"
        assert await FileKv(tmp_path).get("e") == "5"

    run(go())


def test_the_earlier_single_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "community.json").write_text(json.dumps({"seen:ana": ["127.0.0.1", 0], "bad": "x"}))
    kv = FileKv(tmp_path)

    async def go() -> None:
        assert await kv.get("seen:ana") == "127.0.0.1"
        assert await kv.get("bad") is None
        await kv.set("seen:ben", "127.0.0.2")
        assert await FileKv(tmp_path).get("seen:ana") == "127.0.0.1"

    run(go())
