"""The server's page and accounts, in a real headless Chromium, read through its accessibility tree: register
with the password in a labelled password field (never in the log), signed in by the kept device token after a
reload, asked for the password on another device, and a signed-in person's seat carries the lobby's pass."""

from __future__ import annotations

from typing import Any

import pytest

from companion.server.store import FileStore
from tests.net import browser as chromium
from tests.server.helpers import server_in_thread

pytestmark = [pytest.mark.network, pytest.mark.browser]
PASSWORD = "a long page password"


def _field(page: Any) -> tuple[str, str]:
    """The field as a screen reader has it: its name (the prompt) and role; and it must have the keyboard."""
    fields = [(name, role, props) for role, name, props in chromium.accessibility_tree(page) if role == "textbox"]
    assert len(fields) == 1 and fields[0][2].get("focused") is True, fields
    return fields[0][0], page.get_attribute("#line", "type") or "text"


def test_register_and_sign_in_on_the_page(tmp_path):
    sync_playwright = chromium.playwright()
    with server_in_thread(FileStore(tmp_path / "games"), tmp_path / "spool") as server, sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            home = browser.new_context(bypass_csp=True)
            page = home.new_page()
            page.goto(f"http://127.0.0.1:{server.port}/")
            chromium.type_line(page, "Cleo", keys=True)
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Cleo.')", timeout=15_000)
            said = chromium.type_line(page, "register")
            assert said == ["Choose a password for Cleo, 10 characters or more. It is not shown as you type."]
            assert _field(page) == ("password", "password")  # a labelled password field
            problems = chromium.axe_problems(page)
            assert not problems, problems
            assert chromium.type_line(page, PASSWORD, keys=True) == ["Type it again."]
            said = chromium.type_line(page, PASSWORD, keys=True)
            assert said[0].startswith("Registered Cleo.")
            assert _field(page) == ("lobby", "text")
            assert PASSWORD not in page.inner_text("body")
            assert "password (not shown)" in page.inner_text("#log")
            # the same browser after a reload: the device token it kept signs it in
            page.reload()
            chromium.type_line(page, "cleo", keys=True)
            page.wait_for_function("document.body.innerText.includes('Welcome to the lobby, Cleo.')", timeout=15_000)
            assert "registered name" not in page.inner_text("#log")
            # to a game with the pass: sat as the account
            said = chromium.type_line(page, "create --players 2 --name Pages")
            assert said[0].startswith("Made the game Pages")
            page.wait_for_function("document.title.includes('Pages')", timeout=15_000)
            game = next(iter(server.host.by_id.values()))
            seated = server.call(server.host.lobby.community.kv.hgetall(f"seated:{game.id}"))
            assert seated == {"cleo": "Cleo"}
            # another device: asked for the password in the password field; a wrong one is refused
            other = browser.new_context(bypass_csp=True).new_page()
            other.goto(f"http://127.0.0.1:{server.port}/")
            said = chromium.type_line(other, "Cleo", keys=True)
            other.wait_for_function("document.body.innerText.includes('Cleo is a registered name.')", timeout=15_000)
            assert _field(other) == ("password", "password")
            assert chromium.type_line(other, "not it at all", keys=True) == [
                "Error, that is not the password. Type the password of Cleo again, or quit and join with another name."]
            said = chromium.type_line(other, PASSWORD, keys=True)
            assert said[0].startswith("Signed in. Welcome to the lobby, Cleo.")
            assert _field(other) == ("lobby", "text")
            assert PASSWORD not in other.inner_text("body") and "not it at all" not in other.inner_text("body")
            problems = chromium.axe_problems(other)
            assert not problems, problems
        finally:
            browser.close()
