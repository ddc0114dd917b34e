"""``analysis`` in the server's lobby: an account's finished games from its history, a guest's from the games
it sat in, the form checked before any work, and the words told in the lobby when the job is done."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.net.analysing import Analyst
from companion.server import coaching, names
from companion.server.community_store import FileKv
from tests.game.test_analysis import finished


class Lobby:
    """What coaching asks of the lobby: its store, a person's account, the analyst, who is here, and telling."""

    def __init__(self, kv: FileKv, account: str | None) -> None:
        self.community = SimpleNamespace(kv=kv, member=lambda person: SimpleNamespace(account=account))
        self.host = SimpleNamespace(analyst=Analyst())
        self.people: dict[int, Any] = {}
        self.told: list[str] = []

    def tell(self, person: Any, text: str) -> None:
        self.told.append(text)


def person(name: str, been: list[str] | None = None) -> Any:
    return SimpleNamespace(id=1, name=name, who=f"address:{name}", been=been or [])


async def keep_game(kv: FileKv, game_id: str, record: str | None, account: str | None) -> None:
    rec: dict[str, Any] = {"id": game_id, "kingdom": "First Game", "seats": [
        {"name": "You", "account": account, "vp": 27, "turns": 19, "place": 2},
        {"name": "Strong Bot", "account": None, "vp": 42, "turns": 19, "place": 1}]}
    if record is not None:
        rec["record"] = record
    await kv.set(f"log:game:{game_id}", json.dumps(rec))
    if account:
        await kv.push(f"history:{names.key(account)}", game_id, 100)


@pytest.fixture(scope="module")
def record() -> str:
    return finished()


@pytest.mark.process
def test_a_guest_hears_the_analysis_of_the_game_it_sat_in_and_an_account_of_its_history(
        tmp_path: Path, record: str) -> None:
    async def main() -> None:
        kv = FileKv(tmp_path)
        await keep_game(kv, "g1", record, None)
        lobby = Lobby(kv, None)
        you = person("You", ["g0", "g1"])  # g0: sat in, never finished here
        lobby.people[you.id] = you
        said = await coaching.answer(lobby, you, "")  # type: ignore[arg-type]
        assert said.startswith("Analysing your moves against Strong Bot's."), said
        await asyncio.gather(*lobby.host.analyst.tasks)
        assert "\nStrong Bot differed on " in lobby.told[-1], lobby.told
        again = await coaching.answer(lobby, you, "")  # type: ignore[arg-type]
        assert again == lobby.told[-1]  # kept: said at once
        # an account's game comes from its history, whatever this connection sat in; played as "You"
        await keep_game(kv, "g3", record, "Yves")
        signed_in = Lobby(kv, "Yves")
        signed_in.host.analyst = lobby.host.analyst
        assert await coaching.answer(signed_in, person("Yves"), "") == again  # type: ignore[arg-type]

    asyncio.run(main())


def test_the_lobby_refuses_what_it_cannot_analyse(tmp_path: Path) -> None:
    async def main() -> None:
        kv = FileKv(tmp_path)
        await keep_game(kv, "g2", None, "Ana")  # a game whose moves are gone (a deleted account's)
        ana = Lobby(kv, "Ana")
        guest = Lobby(kv, None)

        async def said(lobby: Lobby, rest: str, who: Any = None) -> str:
            return await coaching.answer(lobby, who or person("Ana"), rest)  # type: ignore[arg-type]

        assert await said(guest, "") == coaching.NONE_KEPT
        assert await said(ana, "2") == ("Error, you have fewer than 2 finished games kept. Type analysis for your "
                                        "newest finished game, or analysis 2 for the one before.")
        assert await said(ana, "") == "Error, the moves of that game are no longer kept, so it cannot be analysed."
        assert await said(ana, "11") == ("Error, the server keeps your 10 newest games for analysis. Type analysis "
                                         "with 1 to 10.")
        assert (await said(ana, "turn")).startswith("Error, 'analysis turn' needs one turn number.")
        assert (await said(ana, "sideways")).startswith("Error, 'analysis sideways' is not a form of analysis.")
        assert not ana.told and not ana.host.analyst.running  # nothing started for any of them

    asyncio.run(main())
