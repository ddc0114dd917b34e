"""Accounts on a one-process server (its records in the data folder): device tokens renewed and revoked, the
password changed, the operator's one-time code, wrong passwords limited, moderators named while it runs, and
--accounts required; and `companion join` asking the password without echo once per computer."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import pytest

from companion.server.store import FileStore
from tests.server.helpers import lobby_process, server_in_thread, server_process, wait_for, wait_serving
from tests.server.components import free_port
from tests.server.raw import Raw, run
from tests.server.test_community import PASSWORD, register

pytestmark = [pytest.mark.network]


def operator(*words: str) -> str:
    from companion.server.operator import run_operator

    out = io.StringIO()
    run_operator(list(words), None, out)
    return out.getvalue().strip()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    return tmp_path


def test_device_tokens_are_renewed_and_revoked_and_the_password_changes(home):
    from companion.server.running import server_folder

    with server_in_thread(FileStore(server_folder() / "games"), home / "spool") as a:
        url = f"ws://127.0.0.1:{a.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = await register(http, url, "Ana")
                first = ana.heard[-1]["device"]
                # the first token gives a second; until the second is used, the first still fits (its answer may
                # have been lost on the way)
                one = Raw(http, url)
                second = (await one.open("Ana", device=first))[-1]["device"]
                again = Raw(http, url)
                third = (await again.open("Ana", device=first))[-1]["device"]
                assert len({first, second, third}) == 3
                used = Raw(http, url)
                fourth = (await used.open("Ana", device=third))[-1]["device"]
                stale = Raw(http, url)
                assert (await stale.open("Ana", device=first))[-1].get("secret") is True  # the first fits no more
                assert (await Raw(http, url).open("Ana", device=second))[-1].get("secret") is True  # nor the unused one
                # logout ends this device's token; logout everywhere every one
                assert (await used.say("logout"))["text"].startswith("Logged out on this device")
                assert (await Raw(http, url).open("Ana", device=fourth))[-1].get("secret") is True
                fifth = (await Raw(http, url).open("Ana", password=PASSWORD))[-1]
                assert "secret" not in fifth and fifth["device"]  # the hello may carry the password itself
                assert (await ana.say("logout everywhere"))["text"].startswith("Logged out on every device")
                assert (await Raw(http, url).open("Ana", device=fifth["device"]))[-1].get("secret") is True
                # password: the present one, then the new one twice
                assert (await ana.say("password"))["text"] == "Type your password now."
                assert (await ana.say(PASSWORD))["text"] == "Type the new password, 10 characters or more."
                assert (await ana.say("a new password"))["text"] == "Type it again."
                assert (await ana.say("a new password"))["text"].startswith("Your password is changed.")
                old = Raw(http, url)
                await old.open("Ana")
                assert (await old.say(PASSWORD))["text"].startswith("Error, that is not the password.")
                assert (await old.say("a new password"))["text"].startswith("Signed in.")
                # five wrong passwords from one address: nothing more checked from there for a while, not even the
                # right one (the owner elsewhere is not slowed: tests/server/test_account_safety.py)
                late = Raw(http, url)
                await late.open("Ana")
                for i in range(5):
                    said = (await late.say(f"wrong guess {i}"))["text"]
                assert said == "Error, that is not the password. Type the password of Ana again, or quit and join with another name."
                slowed = (await late.say("a new password"))["text"]
                assert slowed.startswith("Error, too many wrong passwords came for Ana from where you are, so that was "
                                         "not checked. Try again in ") and slowed.endswith(" seconds, or sign in on a "
                                                                                            "device you used before.")
                # the operator's one-time code signs in once, then a new password is asked for
                said = await asyncio.to_thread(operator, "account", "reset", "ana")
                assert said.startswith("The one-time code for Ana is ")
                code = said.split(" is ", 1)[1].split(".")[0]
                await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(_wrongs(a), a.loop))
                reset = Raw(http, url)
                await reset.open("Ana")
                assert (await reset.say(code))["text"].startswith("Signed in with the operator's one-time code.")
                assert (await reset.say("brand new password"))["text"] == "Type it again."
                assert (await reset.say("brand new password"))["text"].startswith("Your password is changed.")
                once = Raw(http, url)
                await once.open("Ana")
                assert (await once.say(code))["text"].startswith("Error, that is not the password.")
                # a moderator named while the server runs, in its data folder: at once
                assert (await ana.say("announce hello all")).get("text", "").startswith("Error, only a moderator")
                assert (await asyncio.to_thread(operator, "moderator", "add", "Ana")).startswith("Ana is a moderator now")
                assert (await ana.say("announce hello all"))["text"] == "You announced, hello all"
                heard = await once.until(lambda m: "The moderators say" in m.get("text", ""))
                assert heard[-1]["text"] == "The moderators say, hello all"
                assert await asyncio.to_thread(operator, "moderator", "add", "Nobody") == (
                    "Error, there is no account called Nobody. The person types register in the lobby first.")

        run(go(), 120)


def test_a_moderator_removes_a_game_and_announces_to_players_in_games_and_ignore_is_ones_own(home):
    from companion.server.running import server_folder

    with server_in_thread(FileStore(server_folder() / "games"), home / "spool") as a:
        url = f"ws://127.0.0.1:{a.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                dee = await register(http, url, "Dee")
                assert (await asyncio.to_thread(operator, "moderator", "add", "Dee")).startswith("Dee is a moderator")
                ben = Raw(http, url)
                await ben.open("Ben")
                made = (await ben.say("create --players 2 --bots bigmoney --name Spam"))["go"]
                seat = Raw(http, f"ws://127.0.0.1:{a.port}/g/{made['game']}/ws")
                assert (await seat.open("Ben", code=made["code"]))[-1]["type"] == "welcome"
                # a moderator acts from a game too: the answer follows as news
                desk = (await dee.say("create --players 2 --bots bigmoney --name Desk"))["go"]
                at = Raw(http, f"ws://127.0.0.1:{a.port}/g/{desk['game']}/ws")
                assert (await at.open("Dee", code=desk["code"], **{"pass": desk["pass"]}))[-1]["type"] == "welcome"
                assert (await at.say("mute Ben 5"))["text"] == "Asked the server, mute. Its answer follows."
                done = await at.until(lambda m: "muted" in m.get("text", ""))
                assert done[-1]["text"] == "Ben is muted for 5 minutes."
                told = await ben.until(lambda m: "muted" in m.get("text", ""))  # said once: where Ben is in the lobby
                assert told[-1]["text"] == "A moderator muted you for 5 minutes."
                assert (await seat.say("say hello"))["text"] == "Error, a moderator muted you, so what you say is not passed on."
                await at.say("unmute Ben")
                await ben.until(lambda m: "unmuted" in m.get("text", ""))
                assert (await seat.say("rating"))["text"] == "Asked the server, rating. Its answer follows."
                got = await seat.until(lambda m: "rating" in m.get("text", "") and m.get("reply") == 0)
                assert got[-1]["text"] == "You have no rating yet. A game is rated when every player in it has an account."
                assert (await dee.say("announce the server restarts at 20:00"))["text"].startswith("You announced,")
                heard = await seat.until(lambda m: "The moderators say" in m.get("text", ""))
                assert heard[-1]["text"] == "The moderators say, the server restarts at 20:00"
                assert (await dee.say("remove spam"))["text"] == "The game Spam is removed."
                bye = await seat.until(lambda m: m["type"] in ("bye", "closed"))
                assert bye[-1]["reason"] == "Error, a moderator removed the game Spam. Type games in the lobby to hear the others."
                assert (await ben.say("games"))["text"].startswith("No open games")
                back = Raw(http, f"ws://127.0.0.1:{a.port}/g/{made['game']}/ws")
                assert (await back.open("Ben", code=made["code"]))[-1]["reason"].startswith("Error, a moderator removed")
                # ignore: Dee no longer hears Ben in the lobby; the others still do
                cy = Raw(http, url)
                await cy.open("Cy")
                assert (await dee.say("ignore ben"))["text"] == (
                    "You no longer hear ben in the lobby. Type unignore ben to hear them again.")
                await ben.say("say first")
                await cy.until(lambda m: "Ben says, first" in m.get("text", ""))
                await dee.say("unignore Ben")
                await ben.say("say second")
                heard = await dee.until(lambda m: "Ben says," in m.get("text", ""))
                assert heard[-1]["text"] == "Ben says, second"
                assert not any("Ben says, first" in m.get("text", "") for m in dee.heard)

        run(go(), 120)


async def _wrongs(a) -> None:
    """Forget the wrong-password counts (as an hour would): the operator's code is tried next."""
    kv = a.host.lobby.community.kv
    for key in [k for k in list(kv.data) if k.startswith("wrong:")]:
        await kv.delete(key)


def test_accounts_required_lets_a_guest_only_register(home):
    port = free_port()
    proc = server_process(home / "s", port, "--accounts", "required")
    try:
        wait_serving(home / "s", proc)

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                url = f"ws://127.0.0.1:{port}/lobby/ws"
                guest = Raw(http, url)
                await guest.open("Ben")
                assert (await guest.say("create --players 2 --bots bigmoney"))["text"] == (
                    "Error, this server needs an account to play. Type register to make one for Ben.")
                ana = await register(http, url, "Ana")
                made = await ana.say("create --players 2 --name Duel")
                listed = (await guest.say("games"))["text"]
                assert listed.startswith("Error, this server needs an account")
                game = Raw(http, f"ws://127.0.0.1:{port}/g/{made['go']['game']}/ws")
                refused = (await game.open("Ben", code=made["go"]["code"]))[-1]
                assert refused["reason"] == "Error, this server needs an account to play. Join the lobby and type register."

        run(go(), 60)
    finally:
        proc.terminate()
        proc.wait(30)


@pytest.mark.process
def test_companion_join_asks_the_password_once_on_a_computer(home):
    port = free_port()
    proc = server_process(home / "s", port)
    try:
        wait_serving(home / "s", proc)
        address = f"127.0.0.1:{port}"
        first = lobby_process(home / "one", address, "Ana", f"register\n{PASSWORD}\n{PASSWORD}\nwho\n", True)
        out = wait_for(home / "one" / "out", "Only you are in the lobby.", 60, first)
        assert "Registered Ana." in out and PASSWORD not in out
        first.stdin.close()
        first.wait(30)
        # the same computer (its data folder) comes back: signed in by the kept device token, no password asked
        second = lobby_process(home / "one", address, "ANA", "who\ncreate --players 2 --bots bigmoney --name Solo\nwho\n")
        out = wait_for(home / "one" / "out", "Here, Ana.", 60, second)  # sat, as the account, with the lobby's pass
        assert "Welcome to the lobby, Ana." in out and "registered name" not in out
        second.wait(60)
        # another computer is asked for the password, and a wrong one is refused
        other = lobby_process(home / "two", address, "Ana", "guessing wrong\nwho\n")
        other.wait(60)
        out = (home / "two" / "out").read_text()
        assert "Ana is a registered name. Type its password" in out and "that is not the password" in out
        assert "In the lobby" not in out
    finally:
        proc.terminate()
        proc.wait(30)
    assert PASSWORD not in (home / "s" / "server.err").read_text()
