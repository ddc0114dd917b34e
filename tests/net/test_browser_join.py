"""The browser seat's own checks and words: a name it cannot use, a name that is taken, and a line typed
while the host is away, which is kept in the field and said to be unsent, never dropped in silence."""

from __future__ import annotations

from companion.net.hosted import Options
from companion.net.hosting import on_loop, start_server
from tests.net import browser as chromium
from tests.net.helpers import add_game

CODE = "864209753"


def test_the_page_says_what_it_did_not_send_and_asks_again_only_for_what_was_wrong(tmp_path):
    sync_playwright = chromium.playwright()
    folder = tmp_path / "hosted"
    running = start_server("127.0.0.1", 0, folder=folder)
    port = running.port
    try:
        with sync_playwright() as pw:
            game = add_game(running, Options(2, [], "First Game", 6), CODE)
            on_loop(running, game.take_seat, "Ana")
            browser = chromium.launch(pw)
            try:
                ben = chromium.open_seat(browser, port, CODE, "Ben")
                ben.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=15_000)
                # the page kept its token and said so: Ben's name can no longer take his seat from him
                for _ in range(200):
                    if not on_loop(running, lambda: set(running.host.unclaimed)):
                        break
                    ben.wait_for_timeout(50)
                assert not on_loop(running, lambda: set(running.host.unclaimed))

                # a second page: a name taken, then one no seat can have; the code is asked only once
                other = browser.new_context(bypass_csp=True).new_page()  # for the test's own probes only
                other.goto(f"http://127.0.0.1:{port}/")
                chromium.type_line(other, CODE)
                other.keyboard.insert_text("Ana")
                other.keyboard.press("Enter")
                other.wait_for_function("document.body.innerText.includes('is taken')", timeout=15_000)
                taken = next(t for t in chromium.announced(other) if "is taken" in t)
                assert taken == ("Error, 'Ana' is taken in this game. Join with another name. To come back to "
                                 "that seat, join from the device that took it.")  # nothing to type a token into
                other.wait_for_function("document.getElementById('prompt').textContent === 'Your name'",
                                        timeout=15_000)
                said = chromium.type_line(other, "Ben<b>")
                assert said == ["Error, 'Ben<b>' cannot be a name. Type letters and digits, such as Ben."]
                assert other.evaluate("document.activeElement.id") == "line"

                # the seat opened in a second tab of the same browser: the first lets it go, no tug of war
                tab = ben.context.new_page()
                tab.goto(f"http://127.0.0.1:{port}/")
                chromium.type_line(tab, CODE)
                chromium.type_line(tab, "Ben")
                tab.wait_for_function("document.body.innerText.includes('Welcome back, Ben.')", timeout=15_000)
                ben.wait_for_function("document.body.innerText.includes('another place')", timeout=15_000)
                ben.wait_for_function("document.getElementById('prompt').textContent === 'Your name'",
                                      timeout=15_000)
                ben.close()
                ben = tab
                seated = on_loop(running, lambda: len(running.host.conns))
                ben.wait_for_timeout(1500)  # a tab that tried again would have taken the seat back by now
                assert on_loop(running, lambda: len(running.host.conns)) == seated
                assert "another place" not in "\n".join(chromium.announced(ben))

                # the host stops: a line typed now is said to be unsent and kept in the field
                running.stop()
                ben.wait_for_function("document.body.innerText.includes('The host stopped. Your seat is kept. Trying again "
                                      "until it is back.')", timeout=15_000)
                said = chromium.type_line(ben, "hand")
                assert said[-1].startswith("Error, not connected to the host, so 'hand' was not sent.")
                assert ben.input_value("#line") == "hand"
                running = start_server("127.0.0.1", port, folder=folder)
                on_loop(running, running.host.resume_all)
                ben.wait_for_function("document.body.innerText.split('Welcome back, Ben.').length > 2",
                                      timeout=30_000)  # the second welcome back on this page
                said = chromium.type_line(ben, "")  # Enter sends what the field kept
                assert any(s.startswith("Hand, 5 cards") for s in said), said
            finally:
                browser.close()
    finally:
        running.stop()
