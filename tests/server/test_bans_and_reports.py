"""Bans and reports as strangers would test them, from several loopback addresses (127.0.0.x): a ban covers the
person's addresses seen this week and their devices, under any name, guest or account; reports are limited per
reporter, and one reporter's repeats of the same person count once."""

from __future__ import annotations

import aiohttp
import pytest

from companion.server import names
from tests.server.helpers import file_server
from tests.server.raw import Raw, run
from tests.server.test_account_safety import at
from tests.server.test_community import register

pytestmark = [pytest.mark.network, pytest.mark.process]  # process: the redis-server
BANNED = "Error, a moderator banned you until "


@pytest.fixture(params=["folder", "redis"])
def server(tmp_path, monkeypatch, request):
    """A server in this process, its records in its data folder or in a real redis-server."""
    from contextlib import ExitStack

    from companion.server.redis_store import RedisStore
    from tests.server.components import redis_server
    from tests.server.helpers import server_in_thread

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with ExitStack() as stack:
        if request.param == "redis":
            port = stack.enter_context(redis_server(tmp_path / "redis"))
            yield stack.enter_context(server_in_thread(RedisStore(f"redis://127.0.0.1:{port}/0"), tmp_path / "spool"))
        else:
            yield stack.enter_context(file_server(tmp_path))


async def hello(session: aiohttp.ClientSession, url: str, name: str, **more) -> tuple[Raw, dict]:
    person = Raw(session, url)
    return person, (await person.open(name, **more))[-1]


def test_a_ban_covers_the_addresses_and_devices_of_the_person_under_any_name(server):
    url = f"ws://127.0.0.1:{server.port}/lobby/ws"
    kv = server.host.lobby.community.kv

    async def go() -> None:
        async with at("127.0.0.1") as mod_place, at("127.0.0.5") as home, at("127.0.0.6") as cafe, \
                at("127.0.0.7") as phone, at("127.0.0.8") as stranger, at("127.0.0.9") as guest_place:
            dee = await register(mod_place, url, "Dee")
            server.call(kv.hset("moderators", names.key("Dee"), "Dee"))
            cy = await register(home, url, "Cy")
            device = cy.heard[-1]["device"]
            # Cy came from a cafe too this week, with the device token
            at_cafe, welcome = await hello(cafe, url, "Cy", device=device)
            assert "secret" not in welcome
            device = welcome["device"]
            await at_cafe.close()
            gil, _ = await hello(guest_place, url, "Gil")
            assert (await dee.say("ban Cy 3 spam"))["text"].startswith("Cy is banned for 3 days, until ")
            assert (await dee.say("ban Gil 1"))["text"].startswith("Gil is banned for 1 day, until ")
            # back under new names: from home, from the cafe, and with the device from a new address
            for session, name, more in ((home, "Zed", {}), (cafe, "Yan", {}), (phone, "Xi", {"device": device}),
                                        (guest_place, "Hal", {})):
                _, said = await hello(session, url, name, **more)
                assert said["type"] == "bye" and said["reason"].startswith(BANNED), (name, said)
            _, said = await hello(phone, url, "Cy")
            assert said["reason"].startswith(BANNED) and said["reason"].endswith("The reason, spam.")
            # a stranger elsewhere, and the moderator (whose address may be shared), come in
            _, said = await hello(stranger, url, "Wu")
            assert said["type"] == "welcome"
            # unban lifts all of it
            assert (await dee.say("unban Cy"))["text"] == "Cy is no longer banned."
            for session, name in ((home, "Zed"), (cafe, "Yan")):
                _, said = await hello(session, url, name)
                assert said["type"] == "welcome", (name, said)
            await gil.close()

    run(go(), 120)


def test_reports_are_limited_per_reporter_and_repeats_count_once(server):
    url = f"ws://127.0.0.1:{server.port}/lobby/ws"
    kv = server.host.lobby.community.kv

    async def go() -> None:
        async with at("127.0.0.1") as mod_place, at("127.0.0.11") as loud_place, at("127.0.0.12") as calm_place:
            dee = await register(mod_place, url, "Dee")
            server.call(kv.hset("moderators", names.key("Dee"), "Dee"))
            loud, _ = await hello(loud_place, url, "Loud")
            said = [(await loud.say(f"report Dee spam number {i}"))["text"] for i in range(30)]
            assert said[0].startswith("Reported Dee to the moderators")
            assert set(said[1:]) == {"You reported Dee today already, and the moderators have it. Thank you."}
            for target in ("Ann", "Bo"):
                assert (await loud.say(f"report {target} rude"))["text"].startswith(f"Reported {target}")
            refused = (await loud.say("report Cal rude"))["text"]
            assert refused.startswith("Error, you have made 3 reports in the last hour, the most one person may. "
                                      "Report again in ")
            # under another name from the same address: the same reporter
            again, _ = await hello(loud_place, url, "Quiet")
            assert (await again.say("report Cal rude"))["text"].startswith("Error, you have made 3 reports")
            calm, _ = await hello(calm_place, url, "Calm")
            assert (await calm.say("report Dee spam"))["text"].startswith("Reported Dee")
            listed = (await dee.say("reports"))["text"]
            assert listed.startswith("4 reports, newest first.")

    run(go(), 120)
