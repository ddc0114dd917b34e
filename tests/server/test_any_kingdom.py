"""Any kingdom `create` accepts is listed by `games`: a set by any name it answers to, random in any of its
spellings, ten cards by name in any case and spacing; and a game whose line cannot be described (another
version's, damaged) is listed by its name, never breaking the list for everyone."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from companion.cards import catalogue, recommended_sets
from companion.commands.net import host_options
from companion.net.clean import clean
from companion.net.hosted import HostedGame
from companion.refusal import CommandError
from companion.server.games import summary
from companion.server.lobby_words import describe
from companion.server.store import FileStore
from tests.server.helpers import server_in_thread
from tests.server.raw import Raw

SETS = [s.name for s in recommended_sets().current]
CARDS = [c.name for c in catalogue().kingdom]


def _spelled(name: str) -> st.SearchStrategy[str]:
    return st.sampled_from([name, name.lower(), name.upper(), f"  {name} ", name.replace(" ", "  ")])


kingdoms = st.one_of(
    st.sampled_from(SETS).flatmap(_spelled),
    st.sampled_from(["random", "Random", "r", "", " ", "'", "RANDOM "]),
    st.lists(st.sampled_from(CARDS), min_size=10, max_size=10, unique=True).flatmap(
        lambda cards: st.sampled_from([",".join(cards), ", ".join(cards).lower(), " , ".join(cards).upper()])),
    st.text(max_size=30),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kingdom=kingdoms, name=st.text(min_size=1, max_size=20))
def test_every_kingdom_create_accepts_is_described(tmp_path: Path, kingdom: str, name: str) -> None:
    try:
        options = host_options(2, None, kingdom, 7, None)
    except CommandError:
        assume(False)
        return
    game = HostedGame("abc123", "123456789", options, tmp_path)
    said = describe(summary(game, {"name": name, "private": False}) or {})
    assert "cannot describe" not in said
    assert said.startswith(f"{clean(name, limit=40) or 'A game'}. Nobody sits yet, 2 seats free, ")
    assert "\n" not in said and len(said) < 200


def test_games_lists_odd_kingdoms_and_a_damaged_line_by_its_name(tmp_path: Path) -> None:
    ten = ",".join(CARDS[:10])

    async def talk(port: int) -> list[str]:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            ana = Raw(http, f"ws://127.0.0.1:{port}/lobby/ws")
            await ana.open("Ana")
            said = []
            for i, k in enumerate([f'"{ten}"', "\"'\"", "r"]):  # 3: the most games one person may have waiting
                said.append((await ana.say(f"create --name K{i} --kingdom {k}"))["text"])
            said.append((await ana.say("games"))["text"])
            await ana.close()
            return said

    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
        store = server.host.store
        store.index.put("broken1", {"name": "Broken", "free": 1, "seats": 7, "kingdom": ["x"], "bots": 3})
        said = asyncio.run(asyncio.wait_for(talk(server.port), 120))
    assert all(s.startswith("Made the game K") for s in said[:3]), said
    listing = said[3]
    assert "K0. Nobody sits yet, 2 seats free, 10 chosen cards, no bots, open." in listing, listing
    assert "K1. Nobody sits yet, 2 seats free, random kingdom, no bots, open." in listing, listing
    assert "K2. Nobody sits yet, 2 seats free, random kingdom, no bots, open." in listing, listing
    assert "Broken, a game this server cannot describe." in listing, listing


pytestmark = [pytest.mark.network]
