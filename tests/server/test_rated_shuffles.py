"""A rated game's shuffles come from the server: two rated games made with the same options deal differently, and
a game made with --seed (shuffles its maker chose) is not rated, and its maker hears so."""

from __future__ import annotations

import aiohttp
import pytest

from tests.server.helpers import file_server
from tests.server.raw import Raw, run
from tests.server.test_community import register

pytestmark = [pytest.mark.network]


def deal(server, game_id: str) -> tuple:
    """Each player's hand and deck in order, and who goes first, as the engine dealt them."""
    game = server.host.by_id[game_id]
    engine = game.seating.act.game
    return tuple((tuple(str(c) for c in p.hand), tuple(str(c) for c in p.deck)) for p in engine.players), engine.current


async def play(http, server, ana: Raw, ben: Raw, typed: str) -> tuple[str, str]:
    """Ana makes a game by ``typed``, Ben sits at it, both take their seats: its id, and what Ana heard."""
    made = await ana.say(typed)
    assert "go" in made, made["text"]
    go = made["go"]
    sat = (await ben.say(f"sit {go['name']}"))["go"]
    for person, way in ((ana, go), (ben, sat)):
        seat = Raw(http, f"ws://127.0.0.1:{server.port}/g/{way['game']}/ws")
        assert (await seat.open(person is ana and "Ana" or "Ben", code=way["code"], **{"pass": way["pass"]}))[-1]["type"] == "welcome"
    return go["game"], made["text"]


def test_two_rated_games_with_the_same_options_deal_differently_and_a_seed_is_not_rated(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana, ben = await register(http, url, "Ana"), await register(http, url, "Ben")
                one, said = await play(http, server, ana, ben, "create --players 2 --name One")
                two, _ = await play(http, server, ana, ben, "create --players 2 --name Two")
                assert "not rated" not in said
                assert deal(server, one) != deal(server, two)
                seeds = {server.host.by_id[g].options.seed for g in (one, two)}
                assert len(seeds) == 2 and max(seeds) > 10**6  # drawn from far more than a million
                kv = server.host.lobby.community.kv
                assert not server.call(kv.get(f"unrated:{one}"))
                # the same seed twice would deal the same: such a game is never rated, and its maker hears it
                three, said = await play(http, server, ana, ben, "create --players 2 --seed 7 --name Three")
                four, _ = await play(http, server, ana, ben, "create --players 2 --seed 7 --name Four")
                assert said.endswith("It is not rated, as --seed chose its shuffles. Taking your seat.")
                assert deal(server, three) == deal(server, four)
                assert server.call(kv.get(f"unrated:{three}")) and server.call(kv.get(f"unrated:{four}"))

        run(go(), 180)
