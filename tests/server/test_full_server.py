"""A server that cannot take one more person says so: a real server process under a small file limit, filled with
connections from several loopback addresses; the next person hears why (HTTP 503 with the reason, which
`companion join` says), and the operator's log has a line for it."""

from __future__ import annotations

import re
import resource
import socket
import subprocess
import sys
import time

import aiohttp
import pytest

from tests.net.helpers import ROOT, env, finish
from tests.server.components import free_port
from tests.server.helpers import lobby_process, wait_for
from tests.server.raw import Raw, run

pytestmark = [pytest.mark.network, pytest.mark.process]
FILES = 256
FULL = "The server is full just now, with every place taken. Try again in a few minutes."


def small_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


def small_server(home, port: int) -> subprocess.Popen[bytes]:
    """`companion server` under a file limit of FILES (soft and hard), idle connections kept 30 seconds."""
    home.mkdir()
    return subprocess.Popen([sys.executable, "-m", "companion", "server", "--listen", "127.0.0.1", "--port", str(port)],
                            stdin=subprocess.DEVNULL, stdout=(home / "server.out").open("wb"),
                            stderr=(home / "server.err").open("wb"), env={**env(home), "COMPANION_HEADER_DEADLINE": "30"},
                            cwd=str(ROOT), preexec_fn=small_limit)


def fill(port: int) -> list[socket.socket]:
    """Connections from several addresses until the server refuses one: each asks for the page and is kept
    (25 from an address, under the cap per address)."""
    held: list[socket.socket] = []
    for i in range(FILES):
        s = socket.socket()
        s.bind((f"127.0.0.{20 + i // 25}", 0))
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        s.settimeout(10)
        status = s.recv(64)
        if b" 503 " in status:
            s.close()
            return held
        held.append(s)
    raise AssertionError("the server never said it was full")


def test_the_person_a_full_server_cannot_take_hears_why_and_the_operator_sees_it(tmp_path):
    home, port = tmp_path / "s", free_port()
    home.mkdir()
    server = subprocess.Popen([sys.executable, "-m", "companion", "server", "--listen", "127.0.0.1", "--port", str(port)],
                              stdin=subprocess.DEVNULL, stdout=(home / "server.out").open("wb"),
                              stderr=(home / "server.err").open("wb"), env={**env(home), "COMPANION_HEADER_DEADLINE": "30"},
                              cwd=str(ROOT), preexec_fn=small_limit)
    held: list[socket.socket] = []
    try:
        said = wait_for(home / "server.out", "connections at once", 60, server)
        cap = int(re.search(r"holds at most ([\d,]+) connections", said).group(1).replace(",", ""))
        assert 20 < cap < FILES
        for i in range(cap):  # quiet connections, 25 from each address (under the cap per address)
            s = socket.socket()
            s.bind((f"127.0.0.{20 + i // 25}", 0))
            s.connect(("127.0.0.1", port))
            held.append(s)
        time.sleep(1.0)  # all taken and counted

        async def refused() -> tuple[int, str, str]:
            async with aiohttp.ClientSession() as http:
                try:
                    await http.ws_connect(f"ws://127.0.0.1:{port}/lobby/ws")
                except aiohttp.WSServerHandshakeError as e:
                    async with http.get(f"http://127.0.0.1:{port}/") as page:
                        return e.status, e.headers.get("X-Companion-Reason", ""), await page.text()
            raise AssertionError("a full server let one more in")

        status, reason, page = run(refused(), 30)
        full = "The server is full just now, with every place taken. Try again in a few minutes."
        assert (status, reason, page.strip()) == (503, full, full)
        ana = lobby_process(tmp_path / "ana", f"127.0.0.1:{port}", "Ana", "who\n")
        _, out, err = finish(ana, tmp_path / "ana", 60)
        assert out.strip() == "Error, the server is full just now, with every place taken. Try again in a few minutes."
        assert "Traceback" not in err
        log = (home / "server.err").read_text()
        assert '"event":"refused","limit":"connections"' in log
        # room again: the next person comes in
        for s in held:
            s.close()
        held.clear()
        time.sleep(1.0)

        async def welcomed() -> str:
            async with aiohttp.ClientSession() as http:
                return (await Raw(http, f"ws://127.0.0.1:{port}/lobby/ws").open("Ben"))[-1]["type"]

        assert run(welcomed(), 30) == "welcome"
    finally:
        for s in held:
            s.close()
        server.terminate()
        server.wait(30)
    assert "Traceback" not in (home / "server.err").read_text()


@pytest.mark.browser
def test_the_page_says_why_a_full_server_cannot_take_the_person(tmp_path):
    from tests.net import browser as chromium

    home, port = tmp_path / "s", free_port()
    server = small_server(home, port)
    held: list[socket.socket] = []
    sync_playwright = chromium.playwright()
    try:
        wait_for(home / "server.out", "Serving on", 60, server)
        with sync_playwright() as pw:
            browser = chromium.launch(pw)
            try:
                page = browser.new_context(bypass_csp=True).new_page()
                page.goto(f"http://127.0.0.1:{port}/")
                held = fill(port)  # the page is loaded; then the server fills
                said = chromium.type_line(page, "Ana", keys=True)
                if said == ["Joining the lobby as Ana."]:
                    page.wait_for_function("document.querySelectorAll('#log .response').length >= 3", timeout=30_000)
                    said = chromium.announced(page)[-2:]
                assert said[-1] == "Error, " + FULL[0].lower() + FULL[1:], said
            finally:
                browser.close()
    finally:
        for s in held:
            s.close()
        server.terminate()
        server.wait(30)
    assert "Traceback" not in (home / "server.err").read_text()
