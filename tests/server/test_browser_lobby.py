"""The browser page of a server, in a real headless Chromium: it asks for a name, says the lobby's answers,
goes to the game `create` makes, comes back to the lobby with quit, and `sit` takes the same seat back; a
lobby line whose answer was lost goes again with the lobby's token and is done once."""

from __future__ import annotations

import pytest

from typing import Any

from tests.net import browser as chromium
from tests.server.helpers import file_server

pytestmark = [pytest.mark.network, pytest.mark.browser]  # real sockets on loopback (and processes it starts)
MINE = "!['game','waiting','lobby'].includes(document.getElementById('prompt').textContent)"


def test_a_browser_plays_from_the_lobby_and_comes_back(tmp_path):
    sync_playwright = chromium.playwright()
    with file_server(tmp_path) as server, sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(f"http://127.0.0.1:{server.port}/")
            problems = chromium.axe_problems(page)
            assert not problems, problems
            assert page.evaluate("document.activeElement.id") == "line"
            assert page.inner_text("#prompt") == "Your name"
            said = chromium.type_line(page, "Cleo", keys=True)
            assert said[0] == "Joining the lobby as Cleo."
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Cleo.')", timeout=15_000)
            _where(page, "Lobby", "lobby")
            assert chromium.type_line(page, "hand") == [
                "You are in the lobby, not at a game, so 'hand' does nothing here. Type games, then sit and a "
                "game's name."]
            said = chromium.type_line(page, "create --players 2 --bots bigmoney --name Web --seed 4")
            assert said[0].startswith("Made the game Web, 2 players, 1 person and 1 bot, First Game.")
            page.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=15_000)
            page.wait_for_function("!['game','waiting','lobby'].includes(document.getElementById('prompt')"
                                   ".textContent)", timeout=15_000)
            assert chromium.type_line(page, "hand")[-1].startswith("Hand, 5 cards.")
            _where(page, "Game", "buy phase")
            assert chromium.type_line(page, "games")[-1].startswith("You are at the game Web, not in the lobby.")
            said = chromium.type_line(page, "quit")
            assert said[0] == "You left the game Web, and your seat is kept. Type sit Web to go back."
            # the lobby knows her by its token: welcomed back, not welcomed as someone new
            page.wait_for_function("document.body.innerText.includes('Back in the lobby, Cleo.')", timeout=15_000)
            _where(page, "Lobby", "lobby")  # the log's name says where she is
            assert chromium.type_line(page, "games") == ["No open games, and 1 is being played. Type create to start "
                                                         "one."]
            chromium.type_line(page, "sit web")
            page.wait_for_function("document.body.innerText.includes('Welcome back, Cleo.')", timeout=15_000)
            assert chromium.type_line(page, "hand")[-1].startswith("Hand, 5 cards.")
            game = next(iter(server.host.by_id.values()))
            assert [st.name for st in game.seats] == ["Cleo"]  # the same seat, not a new one
            problems = chromium.axe_problems(page)
            assert not problems, problems
            said = chromium.announced(page)
            assert chromium.spoken_once(page) == [], said
            # each of these is announced once: one welcome, one welcome back, one "left", one made
            assert "You are back in your seat." not in said  # "Welcome back, Cleo." says it already
            for first in ("Welcome to the lobby", "Back in the lobby", "You left the game", "Made the game Web"):
                assert sum(1 for a in said if a.startswith(first)) == 1, (first, said)
        finally:
            browser.close()


def _where(page: Any, log: str, field: str) -> None:
    """What a screen reader is given (Chromium's accessibility tree): one main landmark; the log, a polite live
    region named for where the person is; the field, named by its prompt, with the keyboard."""
    tree = chromium.accessibility_tree(page)
    roles = [role for role, _, _ in tree]
    assert roles.count("main") == 1, tree
    logs = [(name, props) for role, name, props in tree if role == "log"]
    assert len(logs) == 1 and logs[0][0] == log and logs[0][1].get("live") == "polite", logs
    fields = [(name, props) for role, name, props in tree if role == "textbox"]
    assert len(fields) == 1 and fields[0][0] == field and fields[0][1].get("focused") is True, fields
    assert [name for role, name, _ in tree if role == "button"] == ["Send"]


# The lobby's socket closed by the page just after a create is sent: the line reaches the server, its answer
# never reaches the page.
DROP_AFTER_CREATE = """
(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    send.call(this, data);
    if (!window.dropped && typeof data === "string" && data.includes('"text":"create')) {
      window.dropped = true;
      this.close();
    }
  };
})();
"""


def test_a_lobby_line_whose_answer_was_lost_is_sent_again_and_done_once(tmp_path):
    sync_playwright = chromium.playwright()
    with file_server(tmp_path) as server, sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_context(bypass_csp=True).new_page()
            page.add_init_script(DROP_AFTER_CREATE)
            page.goto(f"http://127.0.0.1:{server.port}/")
            chromium.type_line(page, "Cleo", keys=True)
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Cleo.')", timeout=15_000)
            page.keyboard.insert_text("create --players 2 --bots bigmoney --name Web --seed 4")
            page.keyboard.press("Enter")
            # back by itself with the lobby's token: the line goes again, and its kept answer seats Cleo
            page.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=30_000)
            said = chromium.announced(page)
            # one response, not "Connected again." and the lobby's welcome back as two
            again = [s for s in said if "Connected again." in s]
            assert len(again) == 1 and again[0].startswith("Connected again. Back in the lobby, Cleo. "), said
            made = [s for s in said if s.startswith("Made the game Web")]
            assert made == ["Made the game Web, 2 players, 1 person and 1 bot, First Game. Taking your seat."], said
            assert len(server.host.by_id) == 1  # one game, not two
            game = next(iter(server.host.by_id.values()))
            assert [st.name for st in game.seats] == ["Cleo"]
            page.wait_for_function(MINE, timeout=15_000)
            assert chromium.type_line(page, "hand")[-1].startswith("Hand, 5 cards.")
        finally:
            browser.close()


def _title_is(page: Any, title: str) -> None:
    page.wait_for_function(f"document.title === {title!r}", timeout=15_000)


def test_the_page_title_says_where_the_player_is(tmp_path):
    """A screen reader names the window and the tab by the title: it says the lobby, the game's name, and
    "Your turn" while the game waits for that person (it was "Dominion Companion" whatever happened)."""
    sync_playwright = chromium.playwright()
    with file_server(tmp_path) as server, sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            cleo = browser.new_context(bypass_csp=True).new_page()
            cleo.goto(f"http://127.0.0.1:{server.port}/")
            assert cleo.title() == "Dominion Companion"
            chromium.type_line(cleo, "Cleo", keys=True)
            _title_is(cleo, "Lobby, Dominion Companion")
            chromium.type_line(cleo, "create --players 3 --bots bigmoney --name Web --seed 4")
            cleo.wait_for_function("document.body.innerText.includes('Waiting for 1 more player')", timeout=15_000)
            _title_is(cleo, "Web, Dominion Companion")
            dan = browser.new_context(bypass_csp=True).new_page()
            dan.goto(f"http://127.0.0.1:{server.port}/")
            chromium.type_line(dan, "Dan", keys=True)
            dan.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Dan.')", timeout=15_000)
            chromium.type_line(dan, "sit web")
            # seed 4: the bot goes first, then Cleo; Dan waits
            cleo.wait_for_function("document.body.innerText.includes('Turn 1.')", timeout=15_000)
            _title_is(cleo, "Your turn, Web, Dominion Companion")
            _title_is(dan, "Web, Dominion Companion")
            chromium.type_line(cleo, "end")
            _title_is(cleo, "Web, Dominion Companion")
            _title_is(dan, "Your turn, Web, Dominion Companion")
            chromium.type_line(cleo, "quit")
            _title_is(cleo, "Lobby, Dominion Companion")
        finally:
            browser.close()
