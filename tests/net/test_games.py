"""Whole games over loopback with 2 and 4 remote seats plus a bot, each game played both through real
`companion join` processes and through the browser page in a real headless Chromium.

Every frame the host sends to each seat is recorded. A terminal seat's output must be exactly the
texts of the messages it was sent, and every one passes the accessibility checks; a browser seat's
live region announces, after each command, what the host answered; axe-core finds nothing wrong with
the page, before and after a whole game; and no seat is ever told another seat's hand.
"""

from __future__ import annotations

import socket
import time

from companion.net.hosted import Options
from tests.accessibility import check_error, check_response
from tests.conftest import needs
from tests.net import browser as chromium
from tests.net.helpers import BIG_MONEY, add_game, finish, hidden_leaks, host_on_loopback, join_process, record_frames

SCRIPT = ["buy province", "buy gold", "buy silver", "end"]


def _loopback() -> bool:
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
        return True
    except OSError:
        return False


def _check(text: str) -> None:
    text += "\n"  # as printed
    if text.startswith("Error,"):
        check_error(text)
    elif text.startswith("The game starts."):
        check_response(text, first_line_chars=None, max_words=60)  # names the kingdom
    else:
        check_response(text)


def test_whole_games_with_2_and_4_remote_seats_in_terminals_and_browsers(tmp_path):
    needs("a loopback socket", _loopback())
    sync_playwright = chromium.playwright()
    tables = {"111222333": (["Ana"], ["Ben"]), "444555666": (["Cleo", "Dan"], ["Eve", "Finn"])}
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        frames = record_frames(running)
        two = add_game(running, Options(3, ["bigmoney"], "First Game", 7), "111222333")
        four = add_game(running, Options(5, ["bigmoney"], "First Game", 11), "444555666")
        games = {"111222333": two, "444555666": four}
        procs = {}
        for code, (terminals, _) in tables.items():
            for name in terminals:
                procs[name] = join_process(tmp_path / name, running.port, code, name, BIG_MONEY * 150)
        browser = chromium.launch(pw)
        try:
            pages = {}
            for code, (_, browsers) in tables.items():
                for name in browsers:
                    pages[name] = (games[code], chromium.open_seat(browser, running.port, code, name))
            steps = {name: 0 for name in pages}
            replies = 0
            deadline = time.monotonic() + 150
            while not (two.over() and four.over()):
                assert time.monotonic() < deadline, "the games did not end in time"
                moved = False
                for name, (game, page) in pages.items():
                    seat = game.seat_named(name)
                    if game.over() or game.seating is None or game.seating.waiting_for() != seat:
                        continue
                    if page.inner_text("#prompt") in chromium.NOT_MINE:
                        continue  # the page has not heard yet that it is its turn
                    before = len(chromium.announced(page))
                    chromium.type_line(page, SCRIPT[steps[name] % len(SCRIPT)])
                    steps[name] += 1
                    # a screen reader announces exactly what the host answered (news of another seat's turn
                    # may come first: the answer is waited for, not the first announcement)
                    line_id = steps[name]  # the page numbers its lines 1, 2, 3..., and sends only these
                    wait_until = time.monotonic() + 15
                    while not any(m.get("reply") == line_id for m in frames[(game.id, seat)]):
                        assert time.monotonic() < wait_until, "no answer to the line"
                        time.sleep(0.01)
                    reply = next(m for m in frames[(game.id, seat)] if m.get("reply") == line_id)
                    page.wait_for_function(  # each message apart, those that came together too
                        "([n, t]) => Array.from(document.querySelectorAll('#log .response'))"
                        f".flatMap({chromium.PARTS}).slice(n).some(x => x === t)",
                        arg=[before, reply["text"]], timeout=15_000, polling=10)
                    said = chromium.announced(page)[before:]
                    assert reply["text"] in said
                    _check(reply["text"])
                    assert page.evaluate("document.activeElement.id") == "line"  # focus stays in the field
                    replies += 1
                    moved = True
                if not moved:
                    time.sleep(0.01)
            assert replies > 20
            for _name, (_game, page) in pages.items():
                page.wait_for_function("document.body.innerText.includes('Game over')", timeout=15_000)
            problems = chromium.axe_problems(pages["Finn"][1])  # a page full of a whole game still passes
            assert not problems, problems
        finally:
            browser.close()
        outputs = {}
        for name, proc in procs.items():
            rc, out, err = finish(proc, tmp_path / name, 60)
            assert rc == 0, err[-2000:]
            assert not err.strip(), err[-2000:]
            outputs[name] = out
        for code, (terminals, browsers) in tables.items():
            game = games[code]
            assert game.over()
            names = game.seating.names  # type: ignore[union-attr]
            assert sorted(st.name for st in game.seats) == sorted(terminals + browsers)
            for seat, st in enumerate(game.seats):
                texts = [m["text"] for m in frames[(game.id, seat)] if m["type"] == "say" and m["text"]]
                assert any("Game over" in t for t in texts)
                assert hidden_leaks(names, seat, texts) == []
                if st.name in terminals:
                    # the terminal printed exactly these messages, one after another, each accessible
                    assert outputs[st.name] == "".join(t + "\n" for t in texts)
                    for t in texts:
                        _check(t)
