"""No sign in what the lobby says is read as a word by a screen reader at its default punctuation level: a
scripted visit to a real server's lobby (one process, loopback), every text and prompt it sends passed
through speech-dispatcher's own symbol table at Orca's level, ``most`` (tests/dispatch/test_signs_heard.py
hears the shell the same way). The lists of games, help, who, chat, codes, ratings and refusals are heard."""

from __future__ import annotations

import asyncio
import os

import aiohttp
import pytest

from companion.net.transport import RATE
from companion.server.lobby_words import HELP_ON
from tests.dispatch.test_signs_heard import heard_signs
from tests.screen_reader.symbols import symbols_file
from tests.server.helpers import file_server
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network]  # real sockets on loopback
if symbols_file() is None:  # a real component: skipped only where it is absent, never in CI
    if os.environ.get("CI"):
        raise AssertionError("speech-dispatcher's symbols.dic is missing (apt-get install speech-dispatcher)")
    pytestmark.append(pytest.mark.skip(reason="speech-dispatcher's symbols.dic is not installed"))

LINES = ("help", "help create", "help account", "help sit", "who", "games", "gmes", "sit Friday", "rating", "top",
         "history", "code", "create", "9", "3", "0", "2", "expert", "Normal Bot", "first game", "maybe", "no",
         "quit", "create --players 3 --bots bigmoney --name Trio", "quit",
         'create --table Ana,Ben --kingdom "First Game" --name Friday', "quit", "games", "games 2", "games tri",
         "sit Tiro", "say hello Ben", "who", "code", "history Ben", "rating Ben", "frobnicate",
         *(f"help {word}" for word in HELP_ON))  # every word the lobby's help explains, one added later too


def test_a_visit_to_the_lobby_says_no_sign_as_a_word(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with file_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/lobby/ws"

        async def go() -> list[dict]:
            async with aiohttp.ClientSession() as http:
                ana, ben = Raw(http, url), Raw(http, url)
                await ana.open("Ana")
                await ben.open("Ben")
                for line in LINES:  # no faster than the lobby lets one connection keep up: this is no flood
                    await ana.say(line)
                    await asyncio.sleep(1.5 / RATE)
                await ben.say("say hello Ana")
                await ben.say("games")
                await ana.close()
                await ben.close()
                return ana.heard + ben.heard

        frames = run(go(), 240)
    said = [str(m.get(key) or "") for m in frames if m.get("type") == "say" for key in ("text", "prompt")]
    assert len([s for s in said if s]) > len(LINES)  # every line was answered, and heard here
    problems = [f"{signs} in {line!r}" for text in said for line, signs in heard_signs(text)]
    assert not problems, "\n".join(problems[:30])
