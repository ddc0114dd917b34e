"""The store's side of ordered saves and of a line costing a line, against a real redis-server and the file
store: an older version is refused; a hand-over after an outage fences out a later owner that has already
read the game (so it cannot undo the handed-over moves) but never the claim of the process giving it over;
a sweep never takes its own process's game; a game's record is its snapshot with its journal, a damaged
entry skipped and named; the lobby's index follows every change without reading the list again."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.net import codes, room
from companion.net.hosted import HostedGame, Options, Wiring, game_from_text
from companion.server import journal
from companion.server.redis_store import RedisStore
from companion.server.store import FileStore
from tests.server.components import redis_server
from tests.server.raw import run

pytestmark = [pytest.mark.network, pytest.mark.process]


class Nobody:
    def connected(self, game: HostedGame, seat: int) -> bool:
        return False


def started_game(folder: Path) -> HostedGame:
    game = HostedGame("abc123", codes.new_code(), Options(2, [], "First Game", 7), folder, Wiring(held=True, lazy=True))
    game.take_seat("Ana")
    game.take_seat("Ben")
    game.start_if_full()
    return game


def test_a_record_is_its_snapshot_and_journal_exactly_and_a_damaged_entry_is_skipped(tmp_path):
    game = started_game(tmp_path)
    tracker = journal.Tracker()
    assert tracker.entry(game, 1) is None  # nothing written yet: the first save is whole
    snapshot = game.record()
    tracker.wrote_snapshot(tracker.state(game))
    entries, expected = [], []
    lines = ["hand", "play all", "buy silver", "end", "undo", "hand", "end", "say hello", "status", "end"]
    for i, text in enumerate(lines, start=1):
        seat = game.seating.waiting_for() or 0  # type: ignore[union-attr]
        said = room.apply_line(Nobody(), game, seat, game.seats[seat].last_line + 1, text)
        game.line_at_save = (seat, game.seats[seat].last_line + 1)
        made = tracker.entry(game, i + 1)
        assert made is not None
        entries.append(made[0])
        expected.append(game.record())  # what a whole save would have held at that moment
        tracker.wrote_entry(made[1])
        game.line_at_save = None
        room.tell_line(game, seat, game.seats[seat].last_line + 1, said)
    assert max(len(e) for e in entries) < len(snapshot) / 2  # a line costs a line, not the record
    for k in range(1, len(entries) + 1):
        rebuilt = journal.rebuild(snapshot, entries[:k], 1)
        assert rebuilt.problems == [] and rebuilt.version == k + 1
        assert json.loads(rebuilt.text) == json.loads(expected[k - 1])  # checksums and all
    # hostile entries: each skipped and named, never a crash; the record still loads
    bad = ["{not json", '{"v": 50, "a": [999, []]}', '{"v": "x"}', '[1, 2]', '{"v": 51, "s": [{"name": 5}]}',
           json.dumps({"v": 52, "a": [0, [[1, 2]]], "s": []})]
    rebuilt = journal.rebuild(snapshot, entries[:2] + bad + entries[2:3], 1)
    assert len(rebuilt.problems) == len(bad)
    assert json.loads(rebuilt.text) == json.loads(expected[2])
    game_from_text(rebuilt.text, tmp_path)


async def orders(store: Any, other: Any, lapse: Any) -> None:
    """The same checks for either store (``other``: a second process's, or the same one; ``lapse``: make
    the first owner's lease run out, as an outage does)."""
    game = started_game(Path("."))
    text = game.record()
    assert await store.write("abc123", 0, text, {"name": "T", "free": 0})
    t1 = await store.claim("abc123")
    assert t1 and await store.save("abc123", t1, 5, record=text)
    assert not await store.save("abc123", t1, 5, record="older")  # not newer than the store's: refused
    assert not await store.save("abc123", t1, 3, entry='{"v":3}')
    assert (await store.load("abc123")).text.endswith(text[1:])
    await lapse("abc123")
    t2 = await other.claim("abc123")  # a later owner claims the game and reads it
    assert t2 and t2 > t1
    read = await other.load("abc123")
    assert read.version == 5
    # the first owner, back after the outage, hands over what it saved meanwhile (its later moves)
    assert await store.hand_over("abc123", t1, 9, text.replace('"Ana"', '"Ana"', 1), {"name": "T", "free": 0})
    # the later owner read an older record: it may not write, so it cannot undo the handed-over moves
    assert not await other.save("abc123", t2, 6, record="undone")
    assert not await other.save("abc123", t2, 99, record="undone")
    assert not await other.renew("abc123", t2)
    assert (await store.load("abc123")).version == 9
    # the process that claims to give over before it reads is not fenced out by its own hand-over
    t3 = await other.claim("abc123")
    assert t3 and t3 > t2
    assert await other.hand_over("abc123", t1, 10, text, {"name": "T", "free": 0}, holder=t3)
    assert await other.save("abc123", t3, 11, record=text)
    assert not await store.hand_over("abc123", t1, 12, text, None)  # written under a later token since


def test_versions_and_hand_over_in_redis(tmp_path):
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"

        async def go() -> None:
            a, b = RedisStore(url), RedisStore(url)
            await a.start("a")
            await b.start("b")

            async def lapse(game_id: str) -> None:
                await a.r.delete(f"companion:lease:{game_id}")

            try:
                await orders(a, b, lapse)
                # a sweep never takes its own process's game, even when its lease ran out in an outage
                assert await a.write("0000cc", 0, "{}", {"name": "C"})
                token = await a.claim("0000cc")
                await a.r.delete("companion:lease:0000cc")
                assert await a.sweep(["0000cc"]) == {}
                assert await a.renew_many({"0000cc": token}) == set()  # its renewal takes the lease back
                assert await a.save("0000cc", token, 2, record="{}")
            finally:
                await a.close()
                await b.close()

        run(go(), 60)


def test_versions_and_hand_over_in_the_file_store(tmp_path):
    async def go() -> None:
        store = FileStore(tmp_path / "games")
        await store.start("one")

        async def lapse(game_id: str) -> None:
            store.leases.pop(game_id, None)

        try:
            await orders(store, store, lapse)
            # an entry is appended to the game's journal; a line a crash cut short is skipped and named
            token = await store.claim("0000dd") if await store.write("0000dd", 0, "{}", None) else 0
            assert token and await store.save("0000dd", token, 2, entry='{"v":2,"s":[]}')
            con = sqlite3.connect(tmp_path / "companion.sqlite3")  # an entry a fault cut short
            con.execute("INSERT INTO game_entries (id, version, entry) VALUES ('0000dd', 3, '{\"v\":3,\"s\":[')")
            con.commit()
            con.close()
            saved = await store.load("0000dd")
            assert saved is not None and saved.entries == 2 and len(saved.problems) >= 1
        finally:
            await store.close()

    run(go(), 60)


def test_the_lobby_index_follows_each_change_without_reading_the_list_again(tmp_path):
    with redis_server(tmp_path / "redis") as port:
        url = f"redis://127.0.0.1:{port}/0"

        async def go() -> None:
            a, b = RedisStore(url), RedisStore(url)
            await a.start("a")
            await b.start("b")
            whole = 0
            read_whole = b._list_whole

            async def counted() -> None:
                nonlocal whole
                whole += 1
                await read_whole()

            b._list_whole = counted  # type: ignore[method-assign]
            try:
                for i in range(5):
                    assert await a.write(f"00000{i}", 0, "{}", {"name": f"G{4 - i}", "free": 1})
                listing = await b.listing()
                assert [s["name"] for _, s in listing.open()] == ["G0", "G1", "G2", "G3", "G4"]
                t = await a.claim("000001")
                assert await a.save("000001", t, 2, record="{}", summary={"name": "G3", "free": 0}, listed=True)
                assert await a.save("000001", t, 3, record="{}", summary={"name": "G3", "free": 0}, listed=True)
                assert await a.save("000002", 0, 1, record="{}") is False  # never claimed: refused
                listing = await b.listing()
                assert [s["name"] for _, s in listing.open()] == ["G0", "G1", "G2", "G4"]
                assert listing.counts() == (4, 1) and whole == 1
                assert await a.r.xlen("companion:listing") == 6  # 5 new, 1 change (the same line again: none)
                await a.r.delete("companion:listing")  # changes lost (cut short): read whole again
                t2 = await a.claim("000002")
                assert await a.save("000002", t2, 2, record="{}", summary=None, listed=True)
                await a.r.xadd("companion:listing", {"n": 99, "id": "000003", "line": ""})
                listing = await b.listing()
                assert whole == 2 and "000002" not in listing.lines and listing.counts() == (3, 1)
            finally:
                await a.close()
                await b.close()

        run(go(), 60)


def test_claiming_locks_exist_only_while_a_claim_waits(tmp_path):
    from tests.server.helpers import server_in_thread

    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
        for i in range(50):  # ids nobody made
            assert server.call(server.host.hold(f"{i:08x}")).startswith("Error, there is no such game")
        assert server.host.claiming == {}

        async def both() -> list[str]:
            return list(await asyncio.gather(server.host.hold("abcdef01"), server.host.hold("abcdef01")))

        assert all(x.startswith("Error") for x in server.call(both()))
        assert server.host.claiming == {}
