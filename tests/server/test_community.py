"""Accounts and moderators on real Redis and two real server processes: a registered name cannot be taken by a
look-alike or a wrong password, a ban on one process refuses the person on the other, a moderator's kick ends
the connection with its sentence, and no password reaches the store, the log or a frame."""

from __future__ import annotations

import json
import subprocess
import sys

import aiohttp
import pytest
import redis

from tests.dispatch.test_signs_heard import heard_signs
from tests.net.helpers import ROOT, env
from tests.server.components import free_port, redis_server
from tests.server.helpers import server_process, wait_serving
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]

PASSWORD = "correct horse battery"


def operator(home, url: str, *words: str) -> str:
    """`companion server ... --store URL`, as the operator types it beside the running servers."""
    done = subprocess.run([sys.executable, "-m", "companion", "server", *words, "--store", url], capture_output=True,
                          text=True, env=env(home), cwd=str(ROOT), timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    if done.returncode == 0:
        assert f'"event":"{words[0]}_' in done.stderr  # the operator's act is logged as the servers' are
    return done.stdout.strip()


class Two:
    """Two server processes on one real redis-server."""

    def __init__(self, tmp_path, url: str, *more: str) -> None:
        self.ports = [free_port(), free_port()]
        self.homes = [tmp_path / "a", tmp_path / "b"]
        self.procs = [server_process(h, p, "--store", url, *more) for h, p in zip(self.homes, self.ports)]
        for h, p in zip(self.homes, self.procs):
            wait_serving(h, p)

    def lobby(self, i: int) -> str:
        return f"ws://127.0.0.1:{self.ports[i]}/lobby/ws"

    def stop(self) -> str:
        for p in self.procs:
            p.terminate()
        for p in self.procs:
            p.wait(30)
        return "".join((h / "server.err").read_text() for h in self.homes)


async def register(http: aiohttp.ClientSession, url: str, name: str) -> Raw:
    person = Raw(http, url)
    await person.open(name)
    assert (await person.say("register"))["secret"] is True
    assert (await person.say(PASSWORD))["text"] == "Type it again."
    done = await person.say(PASSWORD)
    assert done["text"].startswith(f"Registered {name}.") and len(done["device"]) >= 20
    return person


def test_a_registered_name_is_kept_from_look_alikes_and_wrong_passwords_and_no_password_leaks(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        two = Two(tmp_path, url)
        frames: list[dict] = []
        try:
            async def go() -> None:
                async with aiohttp.ClientSession() as http:
                    ana = await register(http, two.lobby(0), "Ana")
                    # On the other process, a Cyrillic look-alike is asked for Ana's password, not let in as Ana
                    fake = Raw(http, two.lobby(1))
                    welcome = (await fake.open("\u0410NA"))[-1]
                    assert welcome["type"] == "welcome" and welcome["name"] == "Ana" and welcome["secret"] is True
                    greeting = await fake.until(lambda m: m["type"] == "say")
                    assert greeting[-1]["text"].startswith("Ana is a registered name. Type its password")
                    wrong = await fake.say("not the password at all")
                    assert wrong["text"] == "Error, that is not the password. Type the password of Ana again, or quit and join with another name."
                    assert (await fake.say("who"))["text"].startswith("Error, that is shorter than any password")
                    listed = (await ana.say("who"))["text"]
                    assert listed == "Only you are in the lobby."  # never counted while not signed in
                    # the one with the password signs in on either process; a device token signs in without it
                    real = Raw(http, two.lobby(1))
                    await real.open("ana")
                    signed = await real.say(PASSWORD)
                    assert signed["text"].startswith("Signed in. Welcome to the lobby, Ana.")
                    again = Raw(http, two.lobby(0))
                    back = (await again.open("Ana", device=signed["device"]))[-1]
                    assert "secret" not in back and back["name"] == "Ana" and back["device"] != signed["device"]
                    # a guest cannot hold a name someone in the lobby holds, however spelt
                    ben = Raw(http, two.lobby(0))
                    await ben.open("Ben")
                    twin = Raw(http, two.lobby(1))
                    refused = (await twin.open("B\u0435N"))[-1]
                    assert refused["type"] == "bye" and refused["reason"] == (
                        "Error, someone in the lobby is called Ben, and B\u0435N would be taken for them. Join again "
                        "with another name.")
                    server = Raw(http, two.lobby(1))
                    assert "reads as the server's own words" in (await server.open("The Server"))[-1]["reason"]
                    # straight to a game's socket with the registered name and its code: refused without the pass
                    made = await ben.say("create --players 2 --name Friday")
                    game, code = made["go"]["game"], made["go"]["code"]
                    thief = Raw(http, f"ws://127.0.0.1:{two.ports[1]}/g/{game}/ws")
                    said = (await thief.open("\u0430na", code=code))[-1]
                    assert said["type"] == "bye" and said["reason"].startswith("Error, Ana is a registered name.")
                    sit = await real.say("sit Friday")
                    assert sit["go"]["pass"]
                    seat = Raw(http, f"ws://127.0.0.1:{two.ports[1]}/g/{game}/ws")
                    assert (await seat.open("Ana", code=code, **{"pass": sit["go"]["pass"]}))[-1]["type"] == "welcome"
                    # wrong passwords are counted in Redis (from the last right one): five checked on process a...
                    guesser = Raw(http, two.lobby(0))
                    await guesser.open("Ana")
                    for i in range(5):
                        said = (await guesser.say(f"guess number {i}"))["text"]
                    assert said == "Error, that is not the password. Type the password of Ana again, or quit and join with another name."
                    # ...so process b checks nothing more from this address for a while, not even the right one
                    late = Raw(http, two.lobby(1))
                    await late.open("Ana")
                    assert (await late.say(PASSWORD))["text"].startswith(
                        "Error, too many wrong passwords came for Ana from where you are, so that was not checked. Try "
                        "again in ")
                    for p in (ana, fake, real, again, ben, twin, server, thief, seat, guesser, late):
                        frames.extend(p.heard)
                        await p.close()

            run(go(), 120)
        finally:
            log = two.stop()
        r = redis.Redis(port=rport, decode_responses=True)
        stored = " ".join(f"{k} {r.dump(k)!r}" for k in r.keys("*"))
        assert "companion:c:account:" in stored  # the account is there...
        for place in (stored, log, json.dumps(frames)):
            assert PASSWORD not in place and "not the password at all" not in place  # ...but never a password
        assert '"event":"register"' in log and '"event":"wrong_password"' in log


def test_moderators_ban_on_one_process_refuses_on_the_other_and_a_kick_ends_the_connection(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        two = Two(tmp_path, url)
        try:
            async def go() -> None:
                async with aiohttp.ClientSession() as http:
                    mod = await register(http, two.lobby(0), "Dee")
                    cy = Raw(http, two.lobby(1))
                    await cy.open("Cy")
                    assert (await mod.say("kick Cy")).get("text", "").startswith("Error, only a moderator can kick.")
                    # named by the operator while both servers run: at once, no restart
                    assert operator(tmp_path / "op", url, "moderator", "add", "DEE") == (
                        "Dee is a moderator now, on every server process using this store.")
                    assert (await cy.say("say buy my gold")).get("text") == "You said, buy my gold"
                    assert (await mod.say("mute Cy 10"))["text"] == "Cy is muted for 10 minutes."
                    told = await cy.until(lambda m: "muted" in m.get("text", ""))
                    assert told[-1]["text"] == "A moderator muted you for 10 minutes."
                    assert (await cy.say("say again")).get("text", "").startswith("Error, a moderator muted you until ")
                    ben = Raw(http, two.lobby(0))
                    await ben.open("Ben")
                    reported = await ben.say("report Cy selling gold")
                    assert reported["text"] == "Reported Cy to the moderators, with their last 1 line. Thank you."
                    assert (await mod.say("reports"))["text"].startswith("1 report, newest first.\n1. Cy, by Ben.")
                    assert (await mod.say("announce the lobby closes soon"))["text"] == "You announced, the lobby closes soon"
                    one = (await mod.say("reports 1"))["text"].split("\n")
                    assert one[0].startswith("Report 1, Ben reported Cy on ") and one[2].endswith("buy my gold")
                    # a kick on process a closes Cy's connection on process b, with its sentence
                    assert (await mod.say("kick Cy spamming"))["text"] == "Cy is removed from the server. They may join again."
                    bye = await cy.until(lambda m: m["type"] in ("bye", "closed"))
                    assert bye[-1] == {"v": 1, "type": "bye", "reason": "Error, a moderator removed you from the server. The reason, spamming."}
                    # a ban on process a refuses Cy on process b (a guest: by name and address)
                    assert (await mod.say("ban Cy 3 spam")).get("text", "").startswith("Cy is banned for 3 days, until ")
                    for port in (1, 0):
                        back = Raw(http, two.lobby(port))
                        said = (await back.open("Cy"))[-1]
                        assert said["type"] == "bye" and said["reason"].startswith("Error, a moderator banned you until ")
                        assert said["reason"].endswith(" The reason, spam.")
                        other = Raw(http, two.lobby(port))  # the same address under another name: a guest's ban
                        assert (await other.open("Cyrus"))[-1]["type"] == "bye"
                    assert (await mod.say("unban Cy"))["text"] == "Cy is no longer banned."
                    assert (await Raw(http, two.lobby(1)).open("Cy"))[-1]["type"] == "welcome"
                    assert operator(tmp_path / "op", url, "moderator", "remove", "Dee") == "Dee is no longer a moderator."
                    assert (await mod.say("kick Ben")).get("text", "").startswith("Error, only a moderator")
                    await ben.close()
                    await mod.close()
                    heard.extend(m for p in (mod, cy, ben) for m in p.heard)

            heard: list[dict] = []
            run(go(), 120)
        finally:
            log = two.stop()
        for event in ("mute", "kick", "ban", "unban", "report"):
            assert f'"event":"{event}"' in log, event
        # what moderators and the moderated hear says no sign as a word (tests/dispatch/test_signs_heard.py)
        said = [str(m.get(key) or "") for m in heard for key in ("text", "prompt", "reason")]
        assert any("The moderators say, the lobby closes soon" in s for s in said)
        problems = [f"{signs} in {line!r}" for text in said for line, signs in heard_signs(text)]
        assert not problems, "\n".join(problems)
