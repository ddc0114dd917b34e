"""Lines the browser seat sent and the host never answered outlive a reload of the page: the page keeps
them, with their line ids, beside the seat's token, and once the seat is taken back sends again, in order,
those the host never applied, each once. A kept queue is never sent into another game or seat."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from companion.net import codes
from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net import browser as chromium
from tests.net.cut import Relay, until
from tests.net.helpers import add_game, host_on_loopback

CODE = "246813579"
KEY = f"companion:{CODE}:ben"


def _send(page: Any, text: str) -> None:
    """Type a line and press Enter, without waiting for an answer (none may come before the drop)."""
    page.keyboard.insert_text(text)
    page.keyboard.press("Enter")


def _kept(page: Any) -> Any:
    raw = page.evaluate(f"localStorage.getItem({KEY!r})")
    return None if raw is None else json.loads(raw)


def _rejoin(page: Any) -> None:
    assert chromium.type_line(page, CODE) == ["Type your name."]
    chromium.type_line(page, "Ben")


class _Table:
    """A game of Ana (seated without a connection) and Ben, whose page goes through a relay; every line
    the host is given is recorded as (game id, seat, line id, text)."""

    def __init__(self, running: Any, pw: Any) -> None:
        self.running = running
        self.game = add_game(running, Options(2, [], "First Game", 6), CODE)
        on_loop(running, self.game.take_seat, "Ana")
        self.received: list[tuple[str, int, int, str]] = []
        self.applying = applying = running.host.line

        async def tapped(g: Any, seat: int, line_id: int, text: str) -> None:
            self.received.append((g.id, seat, line_id, text))
            await applying(g, seat, line_id, text)

        running.host.line = tapped
        self.relay = Relay(running.port)
        self.browser = chromium.launch(pw)
        self.page = chromium.open_seat(self.browser, self.relay.port, CODE, "Ben")
        self.page.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=15_000)
        self.ben = on_loop(running, self.game.seat_named, "Ben")

    def applied(self) -> int:
        return on_loop(self.running, lambda: self.game.seats[self.ben].last_line)

    def sent_unheard(self, text: str) -> None:  # the page sends it; the host never gets it
        before = self.relay.held_up
        _send(self.page, text)
        until(lambda: self.relay.held_up > before, 10, f"the page sent {text!r}")

    def close(self) -> None:
        self.browser.close()
        self.relay.close()


def test_lines_unanswered_at_a_reload_are_sent_again_in_order_each_once(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        t = _Table(running, pw)
        try:
            page, gid, ben = t.page, t.game.id, t.ben
            t.relay.hold_down = True  # line 1 is applied, but its answer never reaches the page
            _send(page, "say one")
            until(lambda: t.applied() == 1, 15, "the host applied line 1")
            t.relay.hold_up = True  # lines 2 and 3 never reach the host
            t.sent_unheard("say two")
            t.sent_unheard("say three")
            assert [line["id"] for line in _kept(page)["lines"]] == [1, 2, 3]
            page.reload()  # the page's new connections are relayed in full; the old one, held, is cut
            t.relay.cut()
            _rejoin(page)
            page.wait_for_function("document.body.innerText.includes('You said, three')", timeout=30_000)
            assert t.received == [(gid, ben, 1, "say one"), (gid, ben, 2, "say two"), (gid, ben, 3, "say three")]
            said = chromium.announced(page)
            for word in ("one", "two", "three"):  # each answer heard once, the one lost before the reload too
                assert said.count(f"You said, {word}") == 1, said
            assert not any(s.startswith("Error") or "not sent" in s for s in said), said
            assert _kept(page)["lines"] == []  # every line answered: nothing left to send again
            assert chromium.type_line(page, "say four")[-1].startswith("You said, four")
            assert t.received[-1] == (gid, ben, 4, "say four")  # numbered on from the kept ones
            assert page.evaluate("document.activeElement.id") == "line"
        finally:
            t.close()


def test_a_kept_queue_is_never_sent_into_another_game_or_out_of_order(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        t = _Table(running, pw)
        try:
            page = t.page
            # a kept queue from another game (the token fits, the game does not), and one whose ids do not
            # follow the host's last applied line: neither is sent, and the seat is still taken back
            for tamper, said_why in (("k.game = 'another'", "another game"), ("k.lines[0].id = 7", "")):
                t.relay.hold_up = True
                t.sent_unheard("say lost")
                page.reload()
                t.relay.cut()
                page.evaluate(f"(() => {{ const k = JSON.parse(localStorage.getItem({KEY!r})); {tamper};"
                              f" localStorage.setItem({KEY!r}, JSON.stringify(k)); }})()")
                mark = len(t.received)
                _rejoin(page)
                page.wait_for_function("document.body.innerText.includes('Not sent')", timeout=15_000)
                page.wait_for_function("document.body.innerText.includes('Welcome back, Ben.')", timeout=15_000)
                notice = next(s for s in chromium.announced(page) if s.startswith("Not sent"))
                assert "'say lost'" in notice and said_why in notice, notice
                assert chromium.type_line(page, "say kept")[-1].startswith("You said, kept")
                assert [r[3] for r in t.received[mark:]] == ["say kept"]
                page.evaluate("document.getElementById('log').replaceChildren()")

            # the host now holds a different game under the same code: the kept token is refused, the page
            # joins it as a new seat, and the line typed for the old game is said to be unsent, never sent
            t.relay.hold_up = True
            for n in range(1, 6):
                t.sent_unheard(f"say old game {n}")
            page.reload()
            on_loop(running, running.host.games.pop, codes.code_key(CODE))
            new = add_game(running, Options(2, [], "First Game", 6), CODE)
            t.relay.cut()
            _rejoin(page)
            page.wait_for_function("document.body.innerText.includes('Waiting for 1 more')", timeout=15_000)
            page.wait_for_function("document.body.innerText.includes('Not sent')", timeout=15_000)
            notice = next(s for s in chromium.announced(page) if s.startswith("Not sent"))
            assert notice == ("Not sent, because they were typed for another game or seat. 'say old game 1', "
                              "'say old game 2', 'say old game 3' and 2 more. Type them again if you still want "
                              "them.")  # short: the first few, and how many more
            assert not [r for r in t.received if r[0] == new.id]
            assert on_loop(running, lambda: new.seats[0].last_line) == 0
            assert _kept(page)["lines"] == [] and _kept(page)["game"] == new.id
        finally:
            t.close()


def test_a_line_the_host_is_applying_at_the_reload_is_applied_once_and_heard_once(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        t = _Table(running, pw)
        try:
            page, gid, ben = t.page, t.game.id, t.ben

            async def slow(g: Any, seat: int, line_id: int, text: str) -> None:
                first = not t.received
                t.received.append((g.id, seat, line_id, text))
                for _ in range(500 if first else 0):  # the first line is held until the page sends it again
                    if len(t.received) > 1:
                        break
                    await asyncio.sleep(0.02)
                await t.applying(g, seat, line_id, text)

            running.host.line = slow
            _send(page, "say one")
            until(lambda: len(t.received) == 1, 10, "the host was given line 1")
            page.reload()
            _rejoin(page)
            page.wait_for_function("document.body.innerText.includes('You said, one')", timeout=30_000)
            assert t.received == [(gid, ben, 1, "say one"), (gid, ben, 1, "say one")]  # given twice...
            until(lambda: t.applied() == 1, 10, "line 1 applied")
            heard = on_loop(running, lambda: [m.text for m in t.game.seats[0].outbox if "Ben says" in m.text])
            assert heard == ["Ben says, one"]  # ...applied once
            assert chromium.type_line(page, "say two")[-1].startswith("You said, two")
            assert chromium.announced(page).count("You said, one") == 1
            assert _kept(page)["lines"] == []
        finally:
            t.close()
