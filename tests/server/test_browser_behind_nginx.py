"""A browser seat behind nginx when the server process that runs its game is killed: the page, by itself,
reconnects through nginx to the other process (which takes the game once the dead one's lease runs out),
every line it had confirmed is still there and not applied again, the line it sent into the dead process is
sent again and applied once, and the seat plays on; what a screen reader announces says so."""

from __future__ import annotations

import pytest

import os
import signal
import time
from pathlib import Path
from typing import Any

from companion.net.hosted import game_from_text
from tests.net import browser as chromium
from tests.server.components import free_port, nginx, redis_server
from tests.server.helpers import record_now, server_process, wait_serving

pytestmark = [pytest.mark.network, pytest.mark.process, pytest.mark.browser]  # loopback, processes it starts

MINE = "!['game','waiting','lobby','Your name','Join code','game over'].includes(" \
       "document.getElementById('prompt').textContent)"


def owner_pid(lease: str) -> int:
    """The process id in a lease's value (hostname-pid-random:token)."""
    return int(lease.rsplit(":", 1)[0].rsplit("-", 2)[1])


def until(check: Any, what: str, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(what)


def test_a_browser_seat_behind_nginx_survives_a_kill_of_its_process(tmp_path):
    sync_playwright = chromium.playwright()
    with redis_server(tmp_path / "redis") as rport:
        url = f"redis://127.0.0.1:{rport}/0"
        ports = [free_port(), free_port()]
        procs = [server_process(tmp_path / f"s{i}", p, "--store", url, "--trust-proxy", "127.0.0.1")
                 for i, p in enumerate(ports)]
        try:
            for i, proc in enumerate(procs):
                wait_serving(tmp_path / f"s{i}", proc)
            with nginx(tmp_path / "nginx", ports) as nport, sync_playwright() as pw:
                browser = chromium.launch(pw)
                try:
                    _play(tmp_path, url, procs, nport, browser)
                finally:
                    browser.close()
        finally:
            for proc in procs:
                if proc.poll() is None:
                    os.kill(proc.pid, signal.SIGCONT)  # a stopped process ends only once it runs again
                    proc.terminate()
            for proc in procs:
                proc.wait(20)


def _play(tmp_path: Path, url: str, procs: list[Any], nport: int, browser: Any) -> None:
    import redis

    r: Any = redis.Redis.from_url(url, decode_responses=True)  # its answers are str (decode_responses)

    def cleo() -> Any:  # the browser's seat, as the store holds it
        game = game_from_text(record_now(r, game_id), tmp_path)
        return game, next(seat for seat in game.seats if seat.name == "Cleo")

    def kept_lines() -> list[dict[str, Any]]:  # the lines the page keeps as sent and not yet answered
        return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('companion:'))"
                             ".map(k => JSON.parse(localStorage.getItem(k)).lines).flat()")

    page = browser.new_context(bypass_csp=True, ignore_https_errors=True).new_page()  # nginx's test certificate
    page.goto(f"https://127.0.0.1:{nport}/")
    assert chromium.type_line(page, "Cleo", keys=True)[0] == "Joining the lobby as Cleo."
    page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Cleo.')", timeout=60_000)
    said = chromium.type_line(page, "create --players 2 --bots bigmoney --name Web --seed 4")
    assert said[0].startswith("Made the game Web, 2 players, 1 person and 1 bot, First Game."), said
    page.wait_for_function(MINE, timeout=60_000)
    # the page shows a burst once it is quiet for a moment (the prompt changes at once)
    page.wait_for_function("document.getElementById('log').innerText.includes('Turn 1. 4 Coppers and Estate.')",
                           timeout=60_000)
    assert chromium.announced(page)[-1].endswith("\nTurn 1. 4 Coppers and Estate.")
    game_id = next(i for i, s in r.hgetall("companion:games").items() if '"name":"Web"' in s)
    pids = {p.pid: p for p in procs}
    victim = pids[owner_pid(r.get(f"companion:lease:{game_id}"))]
    # a confirmed line: answered on the page, so in the store before it was said
    turn_two = "Nothing bought, 4 Treasures unplayed.\nBig Money bought Silver.\n" \
               "Turn 2. 3 Coppers and 2 Estates."
    assert chromium.type_line(page, "end") == [turn_two]
    game, seat = cleo()
    assert seat.last_line == 1
    confirmed = len(game.seating.act.game.answers)
    # a line sent into the process that runs the game, which never answers it: stopped, then killed
    os.kill(victim.pid, signal.SIGSTOP)
    heard = len(chromium.announced(page))
    page.keyboard.insert_text("end")
    page.keyboard.press("Enter")
    until(lambda: kept_lines() == [{"id": 2, "text": "end"}], "the page never kept the line it sent")
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(20)
    # the page comes back by itself, through nginx, to the other process: the kept line goes again, once
    page.wait_for_function("document.body.innerText.includes('Turn 3.')", timeout=120_000)
    assert chromium.announced(page)[heard:] == [
        "The connection to the server was lost. Trying again.",
        "Connected again. Welcome back, Cleo.\nHand, 5 cards. 3 Coppers and 2 Estates.",
        "Nothing bought, 3 Treasures unplayed.\nBig Money bought Silver.\n"
        "Turn 3. 3 Coppers and 2 Estates."]
    lease = r.get(f"companion:lease:{game_id}")
    assert lease and pids[owner_pid(lease)] is not victim  # the survivor runs the game now
    game, seat = cleo()
    assert seat.last_line == 2 and kept_lines() == []
    taken = len(game.seating.act.game.answers)
    assert taken > confirmed  # nothing confirmed is lost, and the line sent again was applied
    # the seat plays on: its next line is numbered after the kept one, and nothing is applied again
    assert chromium.type_line(page, "hand") == ["Hand, 5 cards. 3 Coppers and 2 Estates."]
    game, seat = cleo()
    assert seat.last_line == 3 and len(game.seating.act.game.answers) == taken
    assert chromium.type_line(page, "end") == [
        "Nothing bought, 3 Treasures unplayed.\nBig Money bought Silver.\n"
        "Turn 4. 4 Coppers and Estate."]
    said = chromium.announced(page)
    assert said.count(turn_two) == 1  # the confirmed line's answer was said once, never again
    assert sum("Turn 3." in s for s in said) == 1
    assert chromium.axe_problems(page) == ""
    r.close()
