"""Many people signing in from one address, as a household, a school or a club behind one router does, on a
real server process (records in its data folder's database, or in a real redis-server): a right password is
no guess, so no number of them slows anyone there. Before, each was counted against the address like a wrong
one, and the 21st person to sign in from it was told "too many wrong passwords came ... from where you are"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.server.guessing import ADDRESS
from tests.server.helpers import one_server
from tests.server.raw import Raw, run
from tests.server.test_account_safety import at
from tests.server.test_community import PASSWORD, register

pytestmark = [pytest.mark.network]

PEOPLE = ADDRESS.free + 5  # more than the wrong passwords an address may send at once


@pytest.fixture(params=["folder", "redis"])
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    with one_server(tmp_path, request.param) as (_, url):
        yield url
    assert PASSWORD not in (tmp_path / "s" / "server.err").read_text()


def test_right_passwords_from_one_address_never_slow_it(server: str) -> None:
    async def go() -> None:
        names = [f"Member{n}" for n in range(PEOPLE)]
        async with at("127.0.0.1") as home:
            for name in names:  # each registers at home (a registration is no sign-in)
                await (await register(home, server, name)).close()
        async with at("127.0.0.7") as club:
            for name in names:
                person = Raw(club, server)
                assert (await person.open(name))[-1]["secret"] is True
                said = (await person.say(PASSWORD))["text"]
                assert said.startswith(f"Signed in. Welcome to the lobby, {name}."), (name, said)
                await person.close()
            # and a stranger's wrong guesses there are still counted: after the free ones, not checked
            stranger = Raw(club, server)
            assert (await stranger.open(names[0]))[-1]["secret"] is True
            said = [(await stranger.say(f"wrong guess {n}"))["text"] for n in range(8)]
            assert said[0].startswith("Error, that is not the password"), said
            assert said[-1].startswith("Error, too many wrong passwords came for Member0 from where you are"), said
            await stranger.close()

    run(go(), timeout=280)
