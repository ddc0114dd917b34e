"""A fault of the server's own in a lobby answer (here a rating record that makes ``top`` raise) is one
sentence to that person and an ``answer_failed`` event, never a dropped connection: the next line is
answered as usual."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.server import events
from companion.server.events import FAILED
from tests.server.helpers import file_server
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network]


def test_a_fault_in_a_lobby_answer_is_one_sentence_and_the_connection_stays(tmp_path: Path) -> None:
    heard: list[str] = []

    def listener(name: str, fields: dict[str, Any]) -> None:
        heard.append(name)

    events.listen(listener)
    try:
        with file_server(tmp_path) as server:
            async def broken() -> str:
                raise RuntimeError("a bug")

            server.host.lobby.community.standing._top = broken
            url = f"ws://127.0.0.1:{server.port}/lobby/ws"

            async def go() -> None:
                async with aiohttp.ClientSession() as http:
                    ana = Raw(http, url)
                    await ana.open("Ana")
                    assert (await ana.say("top"))["text"] == FAILED
                    assert "lobby" in (await ana.say("who"))["text"]

            run(go(), 60)
    finally:
        events.unlisten(listener)
    assert "answer_failed" in heard


def test_lines_answered_but_never_kept_are_said_undone_not_a_locked_seat(tmp_path: Path) -> None:
    """A full spool, then a takeover, leaves the game at its last saved line while the seat has typed on:
    its next line is taken (not refused "a line id was skipped" again and again) and the seat hears how many
    of its lines were undone."""
    from companion.net.hosted import Options

    with file_server(tmp_path) as server:
        made = server.call(server.host.create(Options(2, [], "First Game", 7), "Undone", False))

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                ana = Raw(http, f"ws://127.0.0.1:{server.port}/g/{made.id}/ws")
                assert (await ana.open("Ana", code=made.code))[-1]["type"] == "welcome"
                for _ in range(3):
                    await ana.say("status")
                game = server.host.by_id[made.id]
                game.seats[0].last_line = 1  # the record taken over: saved up to line 1 only
                await ana.say("status", line_id=4)
                said = " ".join(str(m.get("text", "")) for m in ana.heard[-4:])
                assert "Error, your last 2 lines were undone" in said and ana.heard[-1]["type"] != "closed"
                assert game.seats[0].last_line == 4

        run(go(), 60)
