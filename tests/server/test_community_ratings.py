"""Ratings and history on real Redis and two real server processes: a rated 3-player game updates the three
ratings exactly as openskill's Plackett-Luce model computes them from the game's result, each player hears
theirs, and the finished game is kept in each one's history."""

from __future__ import annotations

import json

import aiohttp
import pytest
import redis
from openskill.models import PlackettLuce

from companion.server import names
from companion.server.standing import places
from tests.server.components import redis_server
from tests.server.raw import Raw, run
from tests.server.test_community import Two, register

pytestmark = [pytest.mark.network, pytest.mark.process]


async def seat(http: aiohttp.ClientSession, port: int, name: str, go: dict) -> Raw:
    at = Raw(http, f"ws://127.0.0.1:{port}/g/{go['game']}/ws")
    welcome = (await at.open(name, code=go["code"], **{"pass": go["pass"]}))[-1]
    assert welcome["type"] == "welcome", welcome
    return at


def test_a_rated_three_player_game_updates_three_ratings_as_openskill_computes_them(tmp_path):
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        two = Two(tmp_path, url)
        try:
            async def go() -> None:
                async with aiohttp.ClientSession() as http:
                    ana = await register(http, two.lobby(0), "Ana")
                    ben = await register(http, two.lobby(1), "Ben")
                    cy = await register(http, two.lobby(1), "Cy")
                    made = (await ana.say("create --players 3 --name Rated"))["go"]
                    ben_go = (await ben.say("sit Rated"))["go"]
                    cy_go = (await cy.say("sit Rated"))["go"]
                    at = [await seat(http, two.ports[0], "Ana", made), await seat(http, two.ports[0], "Ben", ben_go),
                          await seat(http, two.ports[0], "Cy", cy_go)]
                    # the third seat's welcome came after the game started
                    for away in at[1:]:
                        await away.close()
                    gone: set[str] = set()  # the host hears both leave: their seats are away
                    await at[0].until(lambda m: bool(gone.update(n for n in ("Ben", "Cy")
                                                                 if f"{n} left." in m.get("text", "")))
                                      or gone == {"Ben", "Cy"})
                    for who in ("Ben", "Cy", "Ana"):  # the host hands every seat to a bot: they play it out
                        said = await at[0].say(f"bot {who}")
                        assert "Error" not in said.get("text", ""), said
                    heard = await at[0].until(lambda m: m.get("text", "").startswith("Your rating"), 240)
                    told = heard[-1]["text"]
                    r = redis.Redis(port=rport, decode_responses=True)
                    rec = json.loads(r.get(f"companion:c:log:game:{made['game']}"))
                    assert rec["rated"] is True and rec["kingdom"] == "First Game" and rec["record"]
                    seats = rec["seats"]
                    assert sorted(s["name"] for s in seats) == ["Ana", "Ben", "Cy"]
                    # exactly openskill's update, from its defaults, with the places the scores give
                    model = PlackettLuce()
                    ranks = places(seats)
                    assert ranks == [s["place"] for s in seats]
                    after = model.rate([[model.rating(name=s["name"])] for s in seats], ranks=ranks)
                    stored = r.hgetall("companion:c:ratings")
                    assert len(stored) == 3
                    for s, team in zip(seats, after):
                        got = json.loads(stored[names.key(s["name"])])
                        assert got["mu"] == team[0].mu and got["sigma"] == team[0].sigma and got["games"] == 1
                    mine = next(t[0] for s, t in zip(seats, after) if s["name"] == "Ana")
                    now = round(mine.mu * 60)
                    change = now - 1500
                    how = f"up {change:,}" if change > 0 else f"down {-change:,}" if change < 0 else "no change"
                    assert told == f"Your rating {now:,}, {how}."
                    # rating, top and history in the lobby, on either process
                    rating = (await ben.say("rating Ana"))["text"]
                    # a place is shared by the same rating as said; among equals the list goes by name
                    order = sorted(zip(seats, after), key=lambda p: (-round(p[1][0].mu * 60), names.key(p[0]["name"])))
                    rank = 1 + sum(1 for _, t in order if round(t[0].mu * 60) > now)
                    assert rating == f"Ana's rating {now:,}, 1 rated game, {['1st', '2nd', '3rd'][rank - 1]} of 3."
                    top = (await cy.say("top"))["text"].split("\n")
                    assert top[0] == "The best 3." and top[1].startswith(f"1. {order[0][0]['name']}, ")
                    history = (await ana.say("history"))["text"].split("\n")
                    assert history[0] == "Your last games, newest first." and len(history) == 2
                    assert history[1].startswith("1. ") and history[1].endswith(". First Game.")
                    assert (await ana.say("history Ben"))["text"].startswith("Ben's last games, newest first.\n1. ")
                    # the coach's analysis of it, from the history, run apart from the games and told in the lobby
                    assert (await ana.say("analysis"))["text"].startswith("Analysing your moves against Strong Bot's.")
                    told = await ana.until(lambda m: "to analyse" in m.get("text", ""), 120)
                    assert told[-1]["text"].startswith("A bot made every one of your moves in that game"), told
                    # delete account: its rating and history go
                    assert (await cy.say("delete account"))["secret"] is True
                    assert (await cy.say("correct horse battery"))["text"] == (
                        "Your account, its rating and its history are deleted. You are a guest now.")
                    assert names.key("Cy") not in r.hgetall("companion:c:ratings")
                    assert not r.exists(f"companion:c:history:{names.key('Cy')}")
                    kept = json.loads(r.get(f"companion:c:log:game:{made['game']}"))
                    assert "Cy" not in [s["name"] for s in kept["seats"]] and "record" not in kept
                    for p in (ana, ben, cy, at[0]):
                        await p.close()

            run(go(), 300)
        finally:
            log = two.stop()
        assert '"event":"game_over"' in log and '"event":"delete_account"' in log
