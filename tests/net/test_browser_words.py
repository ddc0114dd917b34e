"""The browser seat's own words and focus, as a screen reader meets them: an error for an empty line says
that nothing was typed (never a pair of empty quotes), a long paste is quoted short, and after the Send
button is pressed the keyboard is back in the text field, ready for the next line."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.net.hosted import Options
from tests.net import browser as chromium
from tests.net.helpers import add_game, host_on_loopback

CODE = "314159265"


@contextmanager
def _seated(tmp_path: Path) -> Iterator[Any]:
    """A page in a browser, joined with the keyboard to a game of two as Ben, once the host has said so."""
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        add_game(running, Options(2, [], "First Game", 6), CODE)
        browser = chromium.launch(pw)
        try:
            page = _page(browser, running.port)
            chromium.type_line(page, CODE)
            chromium.type_line(page, "Ben")
            page.wait_for_function("document.body.innerText.includes('Ben joined.')", timeout=15_000)
            yield page
        finally:
            browser.close()


def _page(browser: Any, port: int) -> Any:
    page = browser.new_context(bypass_csp=True).new_page()  # CSP bypassed for the test's probes only
    page.goto(f"http://127.0.0.1:{port}/")
    return page


def test_the_pages_own_errors_say_an_empty_line_and_quote_a_long_one_short(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        add_game(running, Options(2, [], "First Game", 6), CODE)
        browser = chromium.launch(pw)
        try:
            page = _page(browser, running.port)
            assert chromium.type_line(page, "") == ["Error, no join code was typed. Type the 9 digits the host said."]
            pasted = "the code is one two three four five six seven eight nine, said twice " * 10
            said = chromium.type_line(page, pasted)
            assert said == ["Error, 'the code is one two three'\u2026 is not a join code. "
                            "Type the 9 digits the host said."], said
            assert chromium.type_line(page, CODE) == ["Type your name."]
            said = chromium.type_line(page, "Ben <" + "b" * 200)
            assert said == ["Error, 'Ben <" + "b" * 25 + "'\u2026 cannot be a name. "
                            "Type letters and digits, such as Ben."], said
            assert chromium.axe_problems(page) == ""
        finally:
            browser.close()


def test_after_send_is_pressed_the_keyboard_is_back_in_the_field(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        add_game(running, Options(2, [], "First Game", 6), CODE)
        browser = chromium.launch(pw)
        try:
            page = _page(browser, running.port)
            page.fill("#line", CODE)
            page.click("button[type=submit]")  # with the mouse
            page.wait_for_function("document.getElementById('prompt').textContent === 'Your name'", timeout=15_000)
            assert page.evaluate("document.activeElement.id") == "line"
            page.keyboard.insert_text("Ben")
            page.keyboard.press("Tab")  # from the keyboard
            assert page.evaluate("document.activeElement.tagName") == "BUTTON"
            page.keyboard.press("Space")
            page.wait_for_function("document.body.innerText.includes('Ben joined.')", timeout=15_000)
            assert page.evaluate("document.activeElement.id") == "line"
        finally:
            browser.close()


def test_the_typed_line_is_in_the_log_as_the_persons_own_entry(tmp_path):
    with _seated(tmp_path) as page:
        said = chromium.type_line(page, "say good luck")
        assert "You said, good luck" in "\n".join(said), said
        log = page.eval_on_selector_all("#log > *", "els => els.map(e => [e.className, e.textContent])")
        typed = [text for kind, text in log if kind == "typed"]
        assert typed and typed[-1].endswith(" say good luck"), log  # after its prompt, as typed
        kinds = [kind for kind, _ in log]
        last = len(kinds) - 1 - kinds[::-1].index("typed")
        assert any("You said, good luck" in text for _, text in log[last + 1:]), log  # the answer after it
        assert chromium.axe_problems(page) == ""


def test_a_bare_enter_at_a_seat_says_the_prompt_again(tmp_path):
    """A bare Enter is no error, and not silence either: the prompt again, as the shell prints it again (before,
    nothing at all was said, and a screen reader user could not tell the page had heard the key)."""
    with _seated(tmp_path) as page:
        prompt = page.evaluate("document.getElementById('prompt').textContent")
        typed = page.eval_on_selector_all("#log .typed", "els => els.length")
        assert chromium.type_line(page, "") == [f"{prompt}."], prompt
        assert chromium.type_line(page, "   ") == [f"{prompt}."], prompt
        assert page.eval_on_selector_all("#log .typed", "els => els.length") == typed  # nothing sent
        assert page.evaluate("document.activeElement.id") == "line"
