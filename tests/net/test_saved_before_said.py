"""Saved before said, at a host: no seat hears a change of its game before the change is on disk."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp

from companion.net.hosted import Options
from tests.net.helpers import add_game, host_on_loopback
from tests.net.test_hostile import hello, until

CODE = "123456789"


def started_on_disk(path: Path) -> bool:
    """Whether the hosted game's file holds the game itself (written once it started)."""
    return "game" in json.loads(path.read_text(encoding="utf-8"))


def test_a_seat_already_here_hears_the_game_start_only_once_the_started_game_is_on_disk(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        game = add_game(running, Options(2, [], "First Game", 1), CODE)
        path = game.path()
        heard: list[tuple[int, bool]] = []  # (seat, whether the started game was on disk as it was sent)

        def tap(game_id: str, seat: int, text: str) -> None:
            if "The game starts." in json.loads(text).get("text", ""):
                heard.append((seat, started_on_disk(path)))

        running.host.tap = tap

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                url = f"ws://127.0.0.1:{running.port}/ws"
                ana = await http.ws_connect(url)
                await ana.send_str(hello("Ana"))
                await until(ana, lambda m: "Waiting for 1 more player" in m.get("text", ""))
                ben = await http.ws_connect(url)
                await ben.send_str(hello("Ben"))
                for ws in (ana, ben):
                    await until(ws, lambda m: "The game starts." in m.get("text", ""))
                    await ws.close()

        asyncio.run(main())
        assert sorted(seat for seat, _ in heard) == [0, 1]
        assert all(on_disk for _, on_disk in heard), heard
