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
