"""Accounts attacked as strangers would attack them, on a real server process, from several loopback addresses
(127.0.0.x): wrong passwords slow the stranger and never lock the owner out; a burst of guesses cannot
overshoot the limits or the memory argon2 may hold; words typed at a password question are not guesses."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp
import pytest

from tests.server.helpers import one_server
from tests.server.raw import Raw, run
from tests.server.test_community import PASSWORD, register

pytestmark = [pytest.mark.network]


def at(address: str) -> aiohttp.ClientSession:
    """A client whose connections come from ``address`` (any of 127.0.0.0/8 is this machine's)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), force_close=True))


def kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"{field} not in /proc/{pid}/status")


@pytest.fixture(params=["folder", "redis"])
def server(tmp_path, request):
    """A real server process, its records in its data folder or in a real redis-server."""
    with one_server(tmp_path, request.param) as (proc, url):
        yield proc, url
    err = (tmp_path / "s" / "server.err").read_text()
    assert PASSWORD not in err and "wrong guess" not in err and "guess at once" not in err  # no password logged
    assert '"event":"wrong_password"' in err and '"event":"refused","limit":"' in err  # every guess, a line


def test_thirty_wrong_passwords_from_another_address_slow_the_stranger_and_the_owner_signs_in(server):
    proc, url = server

    async def go() -> None:
        async with at("127.0.0.1") as home, at("127.0.0.2") as away, at("127.0.0.3") as elsewhere:
            owner = await register(home, url, "Ana")
            device = owner.heard[-1]["device"]
            await owner.close()
            stranger = Raw(away, url)
            assert (await stranger.open("Ana"))[-1]["secret"] is True
            said = [(await stranger.say(f"wrong guess number {i}"))["text"] for i in range(30)]
            assert said[0] == "Error, that is not the password. Type the password of Ana again, or quit and join with another name."
            assert said[-1].startswith("Error, too many wrong passwords came for Ana from where you are, so that was not checked.")
            assert sum(s.startswith("Error, that is not the password") for s in said) == 5  # the rest never checked
            # even the right password is not checked from there for now
            assert (await stranger.say(PASSWORD))["text"].startswith("Error, too many wrong passwords")
            # the owner's device signs in with its token, even from the stranger's own address
            kept = Raw(away, url)
            back = (await kept.open("Ana", device=device))[-1]
            assert back["type"] == "welcome" and "secret" not in back and back["name"] == "Ana"
            await kept.close()
            # ...and the stranger there is still slowed: a device token starts no count again
            assert (await stranger.say("another wrong guess"))["text"].startswith("Error, too many wrong passwords")
            # the owner at their usual address, and at an address never seen before, signs in with the password
            for session in (home, elsewhere):
                again = Raw(session, url)
                await again.open("Ana")
                assert (await again.say(PASSWORD))["text"].startswith("Signed in. Welcome to the lobby, Ana.")
                await again.close()
            # lobby words typed at the question are not guesses: nothing counted, nothing checked
            late = Raw(elsewhere, url)
            await late.open("Ana")
            for word in ("games", "who", "help", "register"):
                answer = (await late.say(word))["text"]
                assert answer.startswith("Error, that is shorter than any password, so it was not checked or counted.")
                assert word not in answer.lower().split("password")[0]  # never quoted back

    run(go(), 240)


def test_sixty_guesses_at_once_cost_little_memory_and_only_the_allowed_ones_are_checked(server, tmp_path):
    proc, url = server

    async def go() -> tuple[int, int]:
        async with at("127.0.0.1") as home:
            owner = await register(home, url, "Bea")
            await owner.close()
        await asyncio.sleep(1.0)
        before = kib(proc.pid, "VmRSS")
        sessions = [at(f"127.0.0.{10 + i}") for i in range(60)]
        try:
            people = [Raw(s, url) for s in sessions]
            await asyncio.gather(*(p.open("Bea") for p in people))
            started = time.monotonic()
            answers = await asyncio.gather(*(p.say(f"guess at once {i}") for i, p in enumerate(people)))
            took = time.monotonic() - started
        finally:
            await asyncio.gather(*(s.close() for s in sessions))
        texts = [a.get("text", "") for a in answers]
        checked = sum(t.startswith("Error, that is not the password") for t in texts)
        assert checked + sum(t.startswith(("Error, too many wrong", "Error, the server is checking many")) for t in texts) == 60, texts
        assert checked <= 50  # the account's limit from every address: no burst overshoots it
        print(f"60 guesses answered in {took:.1f} s, {checked} checked")
        return before, kib(proc.pid, "VmHWM")

    before, peak = run(go(), 240)
    print(f"RSS before {before // 1024} MiB, peak {peak // 1024} MiB")
    assert peak - before <= 150 * 1024, (before, peak)


def test_register_without_argon2_is_refused_in_one_sentence_and_the_connection_stays(tmp_path, monkeypatch):
    import sys

    from tests.server.helpers import file_server

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.setitem(sys.modules, "argon2", None)  # as on an install without argon2-cffi: importing it fails
    with file_server(tmp_path) as a:
        url = f"ws://127.0.0.1:{a.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                eve = Raw(http, url)
                await eve.open("Eve")
                said = await eve.say("register")
                assert said["text"] == ("Error, this server cannot make or check accounts, as the argon2-cffi package is "
                                        "not installed on it. Ask its operator to install it with pip install argon2-cffi.")
                assert "secret" not in said  # no password is asked: none can be typed into the lobby
                assert (await eve.say("who"))["text"] == "Only you are in the lobby."
                assert eve.ws is not None and not eve.ws.closed

        run(go(), 60)


def test_a_crowd_of_addresses_slows_only_addresses_the_owner_never_used(tmp_path):
    """The account's own counter, which many addresses together could fill, passes over the owner's usual
    addresses: sixty wrong passwords from sixty addresses slow a sixty-first, never the owner's home."""
    from companion.server.community_store import FileKv
    from companion.server.guessing import ACCOUNT, Guessing

    guessing = Guessing(FileKv(tmp_path))

    async def go() -> tuple[list[float], float, float]:
        await guessing.signed_in("ana", "127.0.0.1")  # the owner signed in from home once
        waits = [await guessing.slowed("ana", f"127.0.1.{i}", count=True) for i in range(60)]
        return waits, await guessing.slowed("ana", "127.0.2.1", count=False), \
            await guessing.slowed("ana", "127.0.0.1", count=False)

    waits, stranger, home = run(go(), 60)
    assert waits[:ACCOUNT.free] == [0.0] * ACCOUNT.free and all(w > 0 for w in waits[ACCOUNT.free + 1:])
    assert stranger > 0 and home == 0.0
