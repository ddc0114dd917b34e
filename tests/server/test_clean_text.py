"""A stranger's words reach others clean: a `say` carrying terminal escapes (erase the line, set the window's
title), a bell, backspaces and bidi overrides, said in the lobby and in a game, reaches a `companion join`
terminal and the page without a single control character; and the terminal program writes none that a
hostile host sends it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from companion.net.clean import BIDI
from companion.server.store import FileStore
from tests.net import browser as chromium
from tests.net.helpers import ROOT, env
from tests.server.helpers import lobby_process, server_in_thread, wait_for
from tests.server.raw import Raw

pytestmark = [pytest.mark.network, pytest.mark.process]

ATTACK = ("\x1b[2K\x1b[1GThe server stopped.\x1b]0;pwned\x07 \u202eevil\u2066 back\x08\x08\x7f\x9b31m "
          "<img src=x onerror=\"document.title='pwned'\">")
SEEN = "The server stopped. evil back"  # what is left to read of it (the bracketed codes' letters stay as text)


def controls(text: str) -> list[str]:
    """The characters a terminal or a screen reader would act on: every one but the line end."""
    return [f"U+{ord(c):04X}" for c in text if c != "\n" and (unicodedata.category(c) == "Cc" or c in BIDI)]


async def _ben(port: int, ana_out: Path) -> None:
    """Ben, frame by frame: the attack said in the lobby, then at Ana's game."""
    async with aiohttp.ClientSession() as http:
        lobby = Raw(http, f"ws://127.0.0.1:{port}/lobby/ws")
        await lobby.open("Ben")
        assert (await lobby.say(f"say {ATTACK}"))["text"].startswith("You said, ")
        while "Ana joined" not in (ana_out.read_text() if ana_out.exists() else ""):
            await asyncio.sleep(0.1)
        go = (await lobby.say("sit G"))["go"]
        await lobby.close()
        seat = Raw(http, f"ws://127.0.0.1:{port}/g/{go['game']}/ws")
        await seat.open("Ben", code=go["code"])
        answer = await seat.say(f"say {ATTACK}")
        assert answer["text"].startswith("You said, "), answer
        await seat.close()


def test_a_strangers_say_reaches_a_terminal_clean_in_the_lobby_and_in_a_game(tmp_path: Path) -> None:
    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server:
        address = f"127.0.0.1:{server.port}"
        out = tmp_path / "Ana" / "out"
        ana = lobby_process(tmp_path / "Ana", address, "Ana", "", more_to_come=True)
        try:
            wait_for(out, "Welcome to the lobby, Ana.", proc=ana)
            ben = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(_ben(server.port, out), 120)))
            ben.start()
            wait_for(out, "Ben says,", proc=ana)
            ana.stdin.write(b"create --players 2 --name G\n")  # type: ignore[union-attr]
            ana.stdin.flush()  # type: ignore[union-attr]
            text = out.read_text()
            while text.count("Ben says,") < 2:
                text = wait_for(out, "Ben says,", proc=ana)
                assert ana.poll() is None
            ben.join(60)
        finally:
            ana.kill()
            ana.wait()
        raw = out.read_bytes().decode("utf-8")
    said = [x for x in raw.splitlines() if "Ben says," in x]
    assert len(said) == 2, raw
    assert controls(raw) == [], said
    for x in said:
        assert SEEN in x.replace("[2K[1G", "").replace("]0;pwned", "").replace("31m", ""), x


def test_the_terminal_program_never_writes_a_control_a_host_sends(tmp_path: Path) -> None:
    """A hostile host (not ours): its welcome, prompt, words and goodbye all carry control characters."""

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.receive()
        frame = {"v": 1, "seat": 0, "name": "Ana", "token": "t" * 32, "prompt": "game\x1b]0;x\x07> ", "n": 0}
        await ws.send_str(json.dumps({"type": "welcome", **frame}))
        await ws.send_str(json.dumps({"v": 1, "type": "say", "n": 1, "text": ATTACK, "prompt": "\x1b[31m>",
                                      "yours": False, "over": False, "reply": 0}))
        await ws.send_str(json.dumps({"v": 1, "type": "bye", "reason": f"Error, bye{ATTACK}"}))
        await ws.close()
        return ws

    async def serve() -> None:
        app = web.Application()
        app.router.add_get("/ws", socket)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        home = tmp_path / "home"
        home.mkdir()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "companion", "join", f"127.0.0.1:{port}", "--code", "123456789", "--name",
            "Ana", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(home),
            cwd=str(ROOT))
        got, err = await asyncio.wait_for(proc.communicate(b"say hi\n"), 60)
        await runner.cleanup()
        text = got.decode("utf-8")
        assert SEEN in text.replace("[2K[1G", "").replace("]0;pwned", "").replace("31m", ""), (text, err)
        assert controls(text) == [], text

    asyncio.run(serve())


def test_a_strangers_say_reaches_the_page_as_text(tmp_path: Path) -> None:
    sync_playwright = chromium.playwright()

    async def ben(port: int) -> None:
        async with aiohttp.ClientSession() as http:
            lobby = Raw(http, f"ws://127.0.0.1:{port}/lobby/ws")
            await lobby.open("Ben")
            await lobby.say(f"say {ATTACK}")
            await lobby.close()

    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server, sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_context(bypass_csp=True).new_page()  # our text nodes alone, no CSP
            page.goto(f"http://127.0.0.1:{server.port}/")
            chromium.type_line(page, "Cleo")
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Cleo.')",
                                   timeout=15_000)
            said = threading.Thread(target=lambda: asyncio.run(asyncio.wait_for(ben(server.port), 60)))
            said.start()  # on a thread of its own: Playwright's loop runs on this one
            said.join(60)
            page.wait_for_function("document.body.innerText.includes('Ben says,')", timeout=15_000)
            heard: list[Any] = [x for x in chromium.announced(page) if "Ben says," in x]
            images = page.eval_on_selector_all("#log img", "els => els.length")
            title = page.title()
        finally:
            browser.close()
    assert images == 0 and title != "pwned"
    assert len(heard) == 1 and controls(heard[0]) == [], heard
    assert "<img src=x" in heard[0]  # said as the text it is
