"""Only the host's own page may open its socket: a page of another origin (served here on another loopback
port and opened in Debian's Chromium) cannot spend join-code guesses from a visitor's browser; a request
naming another host (DNS rebinding) is refused; and no other page may frame the host's page."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Iterator

import aiohttp
import pytest
from aiohttp import web

from companion.net import origins
from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net import browser as chromium
from tests.net.helpers import add_game, host_on_loopback

CODE = "123456789"

FOREIGN = """<!doctype html><html><head><title>waiting</title></head><body><script>
const ws = new WebSocket("ws://127.0.0.1:%d/ws");
ws.onopen = () => { ws.send(JSON.stringify({v: 1, type: "hello", code: "000000001", name: "Zed"}));
                    document.title = "opened"; };
ws.onerror = () => { document.title = "refused"; };
</script></body></html>"""


@pytest.fixture
def foreign_site() -> Iterator[Any]:
    """A page of another origin, on its own loopback port: ``start(host_port)`` gives its address."""
    loop = asyncio.new_event_loop()
    box: dict[str, Any] = {}

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def start(host_port: int) -> str:
        async def up() -> int:
            async def index(request: web.Request) -> web.Response:
                return web.Response(text=FOREIGN % host_port, content_type="text/html")

            app = web.Application()
            app.router.add_get("/", index)
            runner = web.AppRunner(app)
            await runner.setup()
            site = web.TCPSite(runner, "127.0.0.1", 0)
            await site.start()
            box["runner"] = runner
            return int(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]

        port = asyncio.run_coroutine_threadsafe(up(), loop).result(10)
        return f"http://127.0.0.1:{port}/"

    yield start
    if "runner" in box:
        asyncio.run_coroutine_threadsafe(box["runner"].cleanup(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def test_a_page_of_another_origin_cannot_open_the_hosts_socket(tmp_path, foreign_site):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        add_game(running, Options(2, [], "First Game", 5), CODE)
        address = foreign_site(running.port)
        browser = chromium.launch(pw)
        try:
            page = browser.new_page()
            page.goto(address)
            page.wait_for_function("document.title !== 'waiting'", timeout=15_000)
            title = page.title()
            # the host's own page, in the same browser, still opens it
            own = browser.new_page()
            own.goto(f"http://127.0.0.1:{running.port}/")
            opened = own.evaluate("""() => new Promise(done => {
                const ws = new WebSocket("ws://127.0.0.1:%d/ws");
                ws.onopen = () => { ws.close(); done("opened"); }; ws.onerror = () => done("refused"); })"""
                                  % running.port)
        finally:
            browser.close()
        guessed = on_loop(running, lambda: len(running.host.guesses._all))
    assert title == "refused"
    assert guessed == 0  # the foreign page spent no guess
    assert opened == "opened"


def test_a_request_for_another_name_is_refused_and_the_page_cannot_be_framed(tmp_path):
    with host_on_loopback(tmp_path / "hosted") as running:
        base = f"http://127.0.0.1:{running.port}"

        async def main() -> None:
            async with aiohttp.ClientSession() as http:
                async with http.get(base + "/") as r:
                    assert r.status == 200
                    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
                for host in ("rebind.example", f"rebind.example:{running.port}", "127.0.0.1.rebind.example"):
                    for path in ("/", "/ws"):
                        async with http.get(base + path, headers={"Host": host}) as r:
                            assert r.status == 403, (host, path)
                            assert "own address" in await r.text()
                async with http.get(base + "/", headers={"Host": f"localhost:{running.port}"}) as r:
                    assert r.status == 200
                # a WebSocket from another page's origin: refused before it opens
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(base + "/ws", origin="http://evil.example")
                assert refused.value.status == 403
                ws = await http.ws_connect(base + "/ws", origin=base)  # the page's own
                await ws.close()

        asyncio.run(main())


def test_origin_and_host_checks():
    assert origins.host_allowed("127.0.0.1:8650") and origins.host_allowed("[::1]:8650")
    assert origins.host_allowed("localhost") and origins.host_allowed("Game.Example.org:8650", ("game.example.org",))
    assert not origins.host_allowed("game.example.org:8650") and not origins.host_allowed(None)
    assert not origins.host_allowed("127.0.0.1:8650@evil") and not origins.host_allowed("::1:80")
    assert origins.origin_allowed(None, "127.0.0.1:8650", False)  # a program, not a page
    assert origins.origin_allowed("http://127.0.0.1:8650", "127.0.0.1:8650", False)
    assert origins.origin_allowed("https://game.example.org", "game.example.org:443", True)
    assert not origins.origin_allowed("http://127.0.0.1:8651", "127.0.0.1:8650", False)
    assert not origins.origin_allowed("https://127.0.0.1:8650", "127.0.0.1:8650", False)
    assert not origins.origin_allowed("null", "127.0.0.1:8650", False)
