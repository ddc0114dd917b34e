"""The browser seat coming back after a reload: the seat is taken back, and the live region announces
only what was said while the page was away, never the game so far again."""

from __future__ import annotations

import asyncio

from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net import browser as chromium
from tests.net.helpers import add_game, host_on_loopback

CODE = "135792468"


def test_a_reloaded_page_hears_only_what_it_missed(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        game = add_game(running, Options(2, [], "First Game", 6), CODE)
        on_loop(running, game.take_seat, "Ana")  # Ana's seat, typed for here without a connection

        def ana_says(line_id: int, text: str) -> None:
            asyncio.run_coroutine_threadsafe(running.host.line(game, 0, line_id, text), running.loop).result(10)

        browser = chromium.launch(pw)
        try:
            page = chromium.open_seat(browser, running.port, CODE, "Ben")
            page.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=15_000)
            ana_says(1, "say one")
            page.wait_for_function("document.body.innerText.includes('Ana says, one')", timeout=15_000)
            page.reload()
            ana_says(2, "say two")  # while the page is away
            assert chromium.type_line(page, CODE) == ["Type your name."]
            chromium.type_line(page, "Ben")
            page.wait_for_function("document.body.innerText.includes('Welcome back, Ben.')", timeout=15_000)
            said = "\n".join(chromium.announced(page))
            assert "Ana says, two" in said  # missed, so said
            assert "Ana says, one" not in said and "The game starts." not in said  # heard before the reload
            assert chromium.axe_problems(page) == ""
        finally:
            browser.close()
