"""A password is never sent twice, quoted, logged or shown: a connection lost while it is on its way (here, the
server failing as it did without argon2) is not followed by the password sent again as a lobby line, by
`companion join` (a real process) or by the page (a real Chromium); the page asks in a new password field."""

from __future__ import annotations

import asyncio

import pytest

from tests.net.helpers import finish
from tests.server.helpers import file_server, lobby_process, wait_for

pytestmark = [pytest.mark.network]
PASSWORD = "staple horse battery"


@pytest.fixture
def failing(tmp_path, monkeypatch):
    """A server whose connection drops at the second password, as the one without argon2 did (a fault in an answer
    is now one sentence, so the drop is made by ending the connection's handler). Every event it logs, and every
    line it is sent, is kept."""
    from companion.server import accounts, events, lobby

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))

    async def broken(self, name, password):
        raise asyncio.CancelledError  # the connection's handler ends: the connection is lost

    monkeypatch.setattr(accounts.Accounts, "register", broken)
    logged: list[str] = []
    lines: list[str] = []
    answer = lobby.Lobby.answer

    async def recorded(self, person, text, line_id=0):
        lines.append(text)
        return await answer(self, person, text, line_id)

    monkeypatch.setattr(lobby.Lobby, "answer", recorded)

    def hear(event, fields):
        logged.append(events.line(event, **fields))

    events.listen(hear)
    try:
        with file_server(tmp_path) as server:
            yield server, logged, lines
    finally:
        events.unlisten(hear)


@pytest.mark.process
def test_companion_join_never_sends_a_password_again_after_a_lost_connection(failing, tmp_path):
    server, logged, lines = failing
    proc = lobby_process(tmp_path / "eve", f"127.0.0.1:{server.port}", "Eve",
                         f"register\n{PASSWORD}\n{PASSWORD}\nwho\n", True)
    out = wait_for(tmp_path / "eve" / "out", "Only you are in the lobby.", 60, proc)
    assert proc.stdin is not None
    proc.stdin.close()
    _, out, err = finish(proc, tmp_path / "eve", 30)
    assert "The connection was lost while the password was on its way, so it was not sent again." in out
    assert "staple" not in out and "staple" not in err
    assert lines == ["register", PASSWORD, PASSWORD, "who"]  # the second password went once, and only once
    assert not any("staple" in line for line in logged)


def test_a_line_marked_secret_is_never_taken_as_a_lobby_word(tmp_path, monkeypatch):
    import aiohttp

    from tests.net.test_hostile import line
    from tests.server.raw import Raw, run

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    with file_server(tmp_path) as server:
        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                eve = Raw(http, f"ws://127.0.0.1:{server.port}/lobby/ws")
                welcome = (await eve.open("Eve"))[-1]
                assert welcome["secret_lines"] is True  # the lobby takes the mark
                marked = line(1, "games are fun here", secret=True)
                assert eve.ws is not None
                await eve.ws.send_str(marked)
                said = (await eve.until(lambda m: m.get("reply", 0) >= 1))[-1]["text"]
                assert said == ("Error, that line was typed at a password question that is no longer asked, so it was "
                                "not used. Type what you meant again.")

        run(go(), 60)


# Every change of the page's field, as it happens: a field put in (with its type then) or a type switched in place.
WATCH = """() => { window.changes = []; const form = document.getElementById('form');
  new MutationObserver(ms => { for (const m of ms) {
    if (m.type === 'attributes') window.changes.push('switched ' + m.target.type);
    for (const n of m.addedNodes) if (n.tagName === 'INPUT') window.changes.push('new ' + n.type);
  } }).observe(form, {subtree: true, childList: true, attributes: true, attributeFilter: ['type']}); }"""


@pytest.mark.browser
@pytest.mark.process
def test_the_page_asks_in_a_new_password_field_and_never_sends_a_password_again(failing):
    from tests.net import browser as chromium

    server, logged, lines = failing
    sync_playwright = chromium.playwright()
    with sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(f"http://127.0.0.1:{server.port}/")
            page.evaluate(WATCH)
            chromium.type_line(page, "Eve", keys=True)
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Eve.')", timeout=15_000)
            chromium.type_line(page, "register", keys=True)
            focused = page.evaluate("() => [document.activeElement.id, document.activeElement.type]")
            assert focused == ["line", "password"]
            assert page.evaluate("window.changes") == ["new password"]  # never a text field switched to password
            assert chromium.type_line(page, PASSWORD, keys=True) == ["Type it again."]
            page.keyboard.type(PASSWORD)
            page.keyboard.press("Enter")  # the server fails here, and the page connects again
            page.wait_for_function("document.body.innerText.includes('was not sent again')", timeout=30_000)
            page.wait_for_function("document.body.innerText.includes('Back in the lobby')", timeout=30_000)
            assert page.evaluate("window.changes") == ["new password", "new text"]
            assert page.evaluate("() => [document.activeElement.id, document.activeElement.type]") == ["line", "text"]
            chromium.type_line(page, "who", keys=True)
            body = page.inner_text("body")
            assert "staple" not in body and "not a lobby word" not in body
            assert lines == ["register", PASSWORD, PASSWORD, "who"]  # the second password went once
            assert not any("staple" in line for line in logged)
        finally:
            browser.close()


@pytest.mark.process
def test_a_password_that_arrived_before_the_connection_was_lost_gets_its_answer_without_being_sent_again(tmp_path,
                                                                                                       monkeypatch):
    """The lobby did the line (the account is made) and the connection went before its answer: the program asks
    for the answer by the line's number alone, and hears it, with the device token to keep."""
    import asyncio

    from companion.server import lobby

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    lines: list[str] = []
    answer, send = lobby.Lobby.answer, lobby.Lobby._send
    cut: list[bool] = []
    closing: list[asyncio.Future[None]] = []

    async def recorded(self, person, text, line_id=0):
        lines.append(text)
        return await answer(self, person, text, line_id)

    def lost(self, person, kind, **fields):
        if str(fields.get("text", "")).startswith("Registered Eve") and not cut:
            cut.append(True)
            closing.append(asyncio.ensure_future(person.ws.close()))  # gone before its answer
            return
        send(self, person, kind, **fields)

    monkeypatch.setattr(lobby.Lobby, "answer", recorded)
    monkeypatch.setattr(lobby.Lobby, "_send", lost)
    with file_server(tmp_path) as server:
        address = f"127.0.0.1:{server.port}"
        proc = lobby_process(tmp_path / "eve", address, "Eve", f"register\n{PASSWORD}\n{PASSWORD}\n", True)
        wait_for(tmp_path / "eve" / "out", "Eve is a registered name.", 60, proc)
        assert proc.stdin is not None
        proc.stdin.close()
        _, out, err = finish(proc, tmp_path / "eve", 30)
        assert cut and "staple" not in out + err
        assert lines == ["register", PASSWORD, PASSWORD]  # the password went once
        # the answer's device token was kept: the same computer comes back signed in, with no password asked
        again = lobby_process(tmp_path / "eve", address, "Eve", "who\n")
        _, out, err = finish(again, tmp_path / "eve", 30)
        assert "Welcome to the lobby, Eve." in out and "registered name" not in out.split("Welcome to the lobby")[-1]


@pytest.mark.browser
@pytest.mark.process
def test_the_page_gets_the_answer_of_a_password_that_arrived_without_sending_it_again(tmp_path, monkeypatch):
    import asyncio

    from companion.server import lobby
    from tests.net import browser as chromium

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    lines: list[str] = []
    answer, send = lobby.Lobby.answer, lobby.Lobby._send
    cut: list[bool] = []
    closing: list[asyncio.Future[None]] = []

    async def recorded(self, person, text, line_id=0):
        lines.append(text)
        return await answer(self, person, text, line_id)

    def lost(self, person, kind, **fields):
        if str(fields.get("text", "")).startswith("Registered Eve") and not cut:
            cut.append(True)
            closing.append(asyncio.ensure_future(person.ws.close()))  # gone before its answer
            return
        send(self, person, kind, **fields)

    monkeypatch.setattr(lobby.Lobby, "answer", recorded)
    monkeypatch.setattr(lobby.Lobby, "_send", lost)
    sync_playwright = chromium.playwright()
    with file_server(tmp_path) as server, sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(f"http://127.0.0.1:{server.port}/")
            chromium.type_line(page, "Eve", keys=True)
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Eve.')", timeout=15_000)
            chromium.type_line(page, "register", keys=True)
            chromium.type_line(page, PASSWORD, keys=True)
            page.keyboard.type(PASSWORD)
            page.keyboard.press("Enter")
            page.wait_for_function("document.body.innerText.includes('Registered Eve.')", timeout=30_000)
            assert cut and lines == ["register", PASSWORD, PASSWORD]  # the password went once
            assert "staple" not in page.inner_text("body")
            # the device token in that answer was kept: after a reload, the name alone signs in
            page.reload()
            chromium.type_line(page, "Eve", keys=True)
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Eve.')", timeout=15_000)
            assert "registered name" not in page.inner_text("body")
        finally:
            browser.close()
