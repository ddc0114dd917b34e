"""`companion join` in a real terminal (tmux) says its prompt once after a burst of words from others, in the
lobby and at a game: a screen reader reads each prompt written, so four lines with a prompt after each were
heard as "Ben says, one, lobby, Ben says, two, lobby...". The prompt still comes back after the burst."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp
import pytest

from companion.net.hosted import Options
from companion.server.store import FileStore
from tests.conftest import needs
from tests.net.helpers import add_game, host_on_loopback
from tests.net.test_hostile import hello, line, until
from tests.server.helpers import server_in_thread
from tests.server.raw import Raw
from tests.terminal import Terminal, tmux_available

pytestmark = [pytest.mark.network, pytest.mark.process]
BURST = ["one", "two", "three", "four"]


def _prompts_after(raw: bytes, first: str, prompt: str) -> int:
    text = raw.decode("utf-8", "replace")
    return text[text.index(first):].count(prompt)


def _prompt_back(term: Terminal, prompt: str, timeout: float = 60.0) -> bytes:
    """Wait until the prompt is written after the burst's last words and the program waits for a key."""
    deadline = time.monotonic() + timeout
    while _prompts_after(term.raw(), "Ben says, four", prompt) == 0:
        assert time.monotonic() < deadline, term.screen()
        time.sleep(0.05)
    term.waiting()
    return term.raw()


def test_the_lobby_prompt_is_said_once_after_a_burst(tmp_path: Path) -> None:
    needs("tmux", tmux_available())
    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
        args = ("join", f"127.0.0.1:{server.port}", "--name", "Ana")
        with Terminal(tmp_path / "ana", args=args) as term:
            term.wait_for("lobby. ")

            async def ben() -> None:
                async with aiohttp.ClientSession() as http:
                    raw = Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws")
                    await raw.open("Ben")
                    for word in BURST:
                        await raw.say(f"say {word}")
                    await raw.close()

            asyncio.run(asyncio.wait_for(ben(), 60))
            term.wait_for("Ben says, four")
            raw = _prompt_back(term, "lobby. ")
    assert _prompts_after(raw, "Ben says, one", "lobby. ") == 1, raw


def test_the_game_prompt_is_said_once_after_a_burst(tmp_path: Path) -> None:
    needs("tmux", tmux_available())
    with host_on_loopback(tmp_path / "hosted") as running:
        add_game(running, Options(3, [], "First Game", 8), "321321321")
        args = ("join", f"127.0.0.1:{running.port}", "--code", "321321321", "--name", "Ana")
        with Terminal(tmp_path / "ana", args=args) as term:
            term.wait_for("Waiting for 2 more players")
            term.waiting()
            before = term.raw().decode("utf-8", "replace")
            prompt = before.rstrip().rsplit("\n", 1)[-1].strip()  # the prompt on screen now
            assert prompt.endswith("."), before

            async def ben() -> None:
                async with aiohttp.ClientSession() as http:
                    ws = await http.ws_connect(f"ws://127.0.0.1:{running.port}/ws")
                    await ws.send_str(hello("Ben", code="321321321"))
                    await until(ws, lambda m: m["type"] == "welcome")
                    for i, word in enumerate(BURST, 1):
                        await ws.send_str(line(i, f"say {word}"))
                        await until(ws, lambda m, i=i: m.get("reply") == i)
                    await ws.close()

            asyncio.run(asyncio.wait_for(ben(), 60))
            term.wait_for("Ben says, four")
            raw = _prompt_back(term, prompt)
    assert _prompts_after(raw, "Ben says, one", prompt) == 1, raw
