"""The browser seat keeps every line it sent until the host answers it: when the connection drops with
lines on their way, the page sends again, in order and each once, those the host never applied, and not
the ones it did. Nothing typed is lost or done twice, and each answer is heard once."""

from __future__ import annotations

from typing import Any

from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net import browser as chromium
from tests.net.cut import Relay, until
from tests.net.helpers import add_game, host_on_loopback

CODE = "531864297"
_ANSWERED_OR_REFUSED = ("document.body.innerText.includes('You said, %s') || "
                        "document.body.innerText.includes('Error,')")


def _send(page: Any, text: str) -> None:
    """Type a line and press Enter, without waiting for an answer (none may come before the drop)."""
    page.keyboard.insert_text(text)
    page.keyboard.press("Enter")


def test_lines_on_their_way_when_the_connection_drops_are_sent_again_in_order_each_once(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        game = add_game(running, Options(2, [], "First Game", 6), CODE)
        on_loop(running, game.take_seat, "Ana")  # Ana's seat, without a connection: she hears Ben's words
        received: list[tuple[int, int, str]] = []  # (seat, line id, text): every line the host was given
        applying = running.host.line

        async def tapped(g: Any, seat: int, line_id: int, text: str) -> None:
            received.append((seat, line_id, text))
            await applying(g, seat, line_id, text)

        running.host.line = tapped  # type: ignore[method-assign]
        relay = Relay(running.port)
        browser = chromium.launch(pw)
        try:
            page = chromium.open_seat(browser, relay.port, CODE, "Ben")
            page.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=15_000)
            ben = on_loop(running, game.seat_named, "Ben")

            def applied() -> int:
                return on_loop(running, lambda: game.seats[ben].last_line)

            def ana_heard() -> list[str]:
                return on_loop(running, lambda: [m.text for m in game.seats[0].outbox if "Ben says" in m.text])

            def sent_unheard(text: str) -> None:  # the page sends it; the host never gets it
                before = relay.held_up
                _send(page, text)
                until(lambda: relay.held_up > before, 10, f"the page sent {text!r}")

            # two lines sent, neither reaching the host, then the connection drops
            relay.hold_up = True
            sent_unheard("say one")
            sent_unheard("say two")
            assert applied() == 0 and received == []
            relay.cut()
            page.wait_for_function(_ANSWERED_OR_REFUSED % "two", timeout=30_000)
            assert received == [(ben, 1, "say one"), (ben, 2, "say two")]  # both, in order, once
            assert ana_heard() == ["Ben says, one", "Ben says, two"]

            # a line the host applied but whose answer was lost, then one it never got: only that one again
            relay.hold_down = True
            _send(page, "say three")
            until(lambda: applied() == 3, 15, "the host applied line 3")
            relay.hold_up = True
            sent_unheard("say four")
            mark = len(received)
            relay.cut()
            page.wait_for_function(_ANSWERED_OR_REFUSED % "four", timeout=30_000)
            assert received[mark:] == [(ben, 4, "say four")]  # line 3 was done: not sent again
            assert ana_heard() == ["Ben says, one", "Ben says, two", "Ben says, three", "Ben says, four"]
            said = chromium.announced(page)
            for word in ("one", "two", "three", "four"):  # each answer heard once, the lost one too
                assert said.count(f"You said, {word}") == 1, said
            assert not any("skipped" in s or s.startswith("Error") for s in said), said
            assert page.evaluate("document.activeElement.id") == "line"
        finally:
            browser.close()
            relay.close()
