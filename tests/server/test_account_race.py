"""One name, two strangers at the same moment, each on one of two server processes that share a real redis-server,
from two loopback addresses. At the door: never both let in (each process looked at who was here before either
was counted, and both came in). Registering: exactly one gets the account, and only the winner's password and
device token sign in (the account and its first device were two writes with no look between: both were told
"Registered", and the second write replaced the first's password while the first's device token still fitted)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import aiohttp
import pytest

from companion.server.community_store import Kv, RedisKv
from companion.server.database import NAME, Database
from companion.server.sqlite_kv import SqliteKv
from tests.server.components import redis_server
from tests.server.raw import Raw, run
from tests.server.test_account_safety import at
from tests.server.test_community import Two

pytestmark = [pytest.mark.network]

TRIES = 8


@pytest.fixture
def two(tmp_path: Path) -> Iterator[Two]:
    """Two server processes on one real redis-server: a stranger on each."""
    with redis_server(tmp_path / "redis") as rport:
        both = Two(tmp_path, f"redis://127.0.0.1:{rport}/0")
        try:
            yield both
        finally:
            err = both.stop()
            assert "Traceback" not in err, err[-3000:]


async def _half_registered(address: str, url: str, name: str, password: str) -> tuple[aiohttp.ClientSession, Raw]:
    """A guest called ``name`` who typed register and the password once: the next line is the second time."""
    http = at(address)
    person = Raw(http, url)
    welcome = (await person.open(name))[-1]
    if welcome["type"] != "welcome":
        await http.close()
        raise Refused(str(welcome))
    assert (await person.say("register"))["secret"] is True
    assert (await person.say(password))["text"] == "Type it again."
    return http, person


class Refused(Exception):
    pass


def test_two_strangers_registering_one_name_at_once_get_one_account(two: Two) -> None:
    """Both usually pass the door together (each process's look at who is in the lobby comes before either
    is counted); if the door turns one away, the other is let on and its account is checked all the same."""

    async def one(n: int) -> None:
        name = f"Cara{n}"
        passwords = (f"first password {n}", f"second password {n}")
        got = await asyncio.gather(_half_registered("127.0.0.2", two.lobby(0), name, passwords[0]),
                                   _half_registered("127.0.0.3", two.lobby(1), name.upper(), passwords[1]),
                                   return_exceptions=True)
        seated = [(g, p) for g, p in zip(got, passwords) if not isinstance(g, BaseException)]
        assert seated, got  # the door lets one on at least (both were turned away once in a CI run)
        try:
            done = await asyncio.gather(*(person.say(p) for (_, person), p in seated))
        finally:
            for (http, person), _ in seated:
                await person.close()
                await http.close()
        texts = [d["text"] for d in done]
        won = [t.startswith(("Registered Cara", "Registered CARA")) for t in texts]
        assert sum(won) == 1, texts
        for d, t, w in zip(done, texts, won):
            if not w:
                assert t == f"Error, {t.split()[1]} was registered meanwhile." and "device" not in d, d
        winner = seated[won.index(True)][1]
        device = done[won.index(True)]["device"]
        async with at("127.0.0.4") as http:
            kept = Raw(http, two.lobby(0))  # the winner's device token signs in without a password
            back = (await kept.open(name, device=device))[-1]
            assert back["type"] == "welcome" and "secret" not in back, back
            await kept.close()
            other = Raw(http, two.lobby(1))  # only the winner's password is the account's
            assert (await other.open(name))[-1]["secret"] is True
            for p in passwords:
                if p != winner:
                    assert (await other.say(p))["text"].startswith("Error, that is not the password"), name
            assert (await other.say(winner))["text"].startswith("Signed in."), name
            await other.close()

    async def go() -> None:
        for n in range(TRIES):
            await one(n)

    run(go(), timeout=240)


def test_two_guests_coming_in_as_one_name_at_once_are_never_both_let_in(two: Two) -> None:
    """Two strangers join as one name (or look-alikes) at the same moment, one on each process: exactly one is
    let in; the other hears that someone else came in as that name, and a third person hears one of it. Before,
    each process looked at who was in the lobby before either was counted, and both were let in (every time,
    in 4 trials of 4)."""

    async def one(n: int) -> None:
        name = f"Dara{n}"
        async with at("127.0.0.2") as a, at("127.0.0.3") as b:
            people = [Raw(a, two.lobby(0)), Raw(b, two.lobby(1))]
            got = await asyncio.gather(people[0].open(name), people[1].open(name.upper()))
            kinds = [g[-1]["type"] for g in got]
            assert set(kinds) <= {"welcome", "bye"}, got
            assert kinds.count("welcome") == 1, got  # one, never both, and never neither
            for g in got:
                if g[-1]["type"] == "bye":
                    assert g[-1]["reason"].lower().startswith(("error, someone else came in as dara",
                                                               "error, someone in the lobby is called dara")), g
            async with at("127.0.0.4") as c:
                third = Raw(c, two.lobby(n % 2))
                await third.open(f"Watcher{n}")
                who = (await third.say("who"))["text"]
                assert who.lower().count(f"dara{n}") == kinds.count("welcome"), who
                await third.close()
            for person in people:
                await person.close()

    async def go() -> None:
        for n in range(TRIES):
            await one(n)

    run(go(), timeout=240)


@pytest.mark.parametrize("store", ["database", "redis"])
def test_the_store_writes_an_account_once_and_a_second_creation_nothing(tmp_path: Path, store: str) -> None:
    """Under both processes' doors, the write itself: ``create`` writes all or, when the account is there
    already, nothing at all (one SQLite transaction; WATCH/MULTI on a real redis-server)."""
    with ExitStack() as stack:
        if store == "redis":
            kv: Kv = RedisKv(f"redis://127.0.0.1:{stack.enter_context(redis_server(tmp_path / 'redis'))}/0")
        else:
            kv = SqliteKv(Database(tmp_path / NAME), owned=True)

        async def go() -> None:
            try:
                made = await kv.create("account:cara", {"account:cara": "first", "device:d1": "one"},
                                       [("devices:cara", "d1", "1")])
                again = await kv.create("account:cara", {"account:cara": "second", "device:d2": "two"},
                                        [("devices:cara", "d2", "2")])
                assert (made, again) == (True, False)
                assert await kv.get("account:cara") == "first"
                assert await kv.get("device:d2") is None
                assert await kv.hgetall("devices:cara") == {"d1": "1"}
            finally:
                await kv.close()

        run(go(), timeout=60)
