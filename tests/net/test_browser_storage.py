"""The browser seat with hostile storage: what the page kept in localStorage is read like any input, so a
kept record that is not JSON, is huge, or has fields of the wrong kind is passed over, never sent to the
host; storage that is full or refused costs the seat its memory across reloads, never an answer."""

from __future__ import annotations

import json
from typing import Any

from companion.net.hosted import Options
from companion.net.hosting import on_loop
from tests.net import browser as chromium
from tests.net.helpers import add_game, host_on_loopback

CODE = "975318642"

_FILL = """() => {
  let chunk = "x".repeat(1 << 20), i = 0;
  while (chunk.length >= 16 && i < 400) {
    try { localStorage.setItem("fill" + i, chunk); i += 1; } catch (e) { chunk = chunk.slice(chunk.length / 2); }
  }
  return i;
}"""
_REFUSED = """() => {
  Object.defineProperty(window, "localStorage", {get() { throw new DOMException("denied", "SecurityError"); }});
}"""


def _join(browser: Any, port: int, name: str, kept: str | None = None) -> Any:
    """A page that joins as ``name``, with ``kept`` put in its storage for that name first."""
    context = browser.new_context(bypass_csp=True)  # CSP bypassed for the test's own probes only
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    if kept is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"companion:{CODE}:{name.lower()}", kept])
    assert chromium.type_line(page, CODE) == ["Type your name."]
    chromium.type_line(page, name)
    return page


def _wait(page: Any, text: str) -> None:
    try:
        page.wait_for_function(f"document.body.innerText.includes({text!r})", timeout=15_000)
    except Exception:  # noqa: BLE001 - said with what the page announced instead
        raise AssertionError(f"{text!r} was not announced: {chromium.announced(page)}") from None


def test_a_hostile_kept_record_is_passed_over_and_never_sent(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        game = add_game(running, Options(5, [], "First Game", 6), CODE)
        browser = chromium.launch(pw)
        try:
            wrong_kinds = json.dumps({"seat": "0", "token": {"a": 1}, "seen": 1e300, "game": 5,
                                      "lines": [{"id": "1", "text": "say no"}, None]})
            huge = json.dumps({"seat": 0, "token": "t" * 50, "seen": 1,
                               "lines": [{"id": i, "text": "say no"} for i in range(1, 60_000)]})
            for name, kept in (("Ana", "{not json"), ("Ben", wrong_kinds), ("Cy", huge), ("Di", "null"),
                               ("Ed", json.dumps([1, 2]))):
                page = _join(browser, running.port, name, kept)
                _wait(page, f"{name} joined." if name != "Ed" else "The game starts.")  # Ed is the fifth
                said = chromium.announced(page)
                assert not any(s.startswith("Error") for s in said), (name, said)
                kept_now = json.loads(page.evaluate(f"localStorage.getItem('companion:{CODE}:{name.lower()}')"))
                assert isinstance(kept_now["token"], str) and kept_now["seat"] == on_loop(
                    running, game.seat_named, name)  # the new seat's own record replaced the bad one
                page.close()
            assert all(s.last_line == 0 for s in game.seats)  # no kept line was ever sent
        finally:
            browser.close()


def test_storage_that_is_full_or_refused_costs_no_answer(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        add_game(running, Options(3, [], "First Game", 6), CODE)
        browser = chromium.launch(pw)
        try:
            pages = []
            for name, script in (("Ana", _FILL), ("Ben", _REFUSED)):
                context = browser.new_context(bypass_csp=True)
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{running.port}/")
                if name == "Ben":
                    page.add_init_script(f"({script})()")
                    page.reload()  # storage refused from the page's first line on
                else:
                    assert page.evaluate(script) > 0  # storage full before the page keeps anything
                assert chromium.type_line(page, CODE) == ["Type your name."]
                chromium.type_line(page, name)
                pages.append(page)
            third = _join(browser, running.port, "Cy")
            for page in pages + [third]:
                page.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=15_000)
            for page, word in zip(pages, ("ana", "ben")):
                said = chromium.type_line(page, f"say {word}")
                assert said[-1].startswith(f"You said, {word}"), said
        finally:
            browser.close()


def test_a_kept_line_the_host_would_refuse_is_passed_over_and_the_seat_taken_back(tmp_path):
    sync_playwright = chromium.playwright()
    with host_on_loopback(tmp_path / "hosted") as running, sync_playwright() as pw:
        game = add_game(running, Options(3, [], "First Game", 6), CODE)
        browser = chromium.launch(pw)
        try:
            page = _join(browser, running.port, "Ana")
            _wait(page, "Ana joined.")
            key = f"companion:{CODE}:ana"
            page.reload()
            # a kept line of control characters: 1,000 of them are 6,000 bytes as JSON, past the host's limit
            page.evaluate("""(key) => { const k = JSON.parse(localStorage.getItem(key));
                k.lines = [{id: 1, text: "\\u0001".repeat(1000)}]; localStorage.setItem(key, JSON.stringify(k)); }""",
                          key)
            assert chromium.type_line(page, CODE) == ["Type your name."]
            chromium.type_line(page, "Ana")
            _wait(page, "You are back in your seat.")
            said = chromium.type_line(page, "say here")
            assert said[-1].startswith("You said, here"), chromium.announced(page)
            assert not any(s.startswith("Error") for s in chromium.announced(page))
            assert on_loop(running, lambda: game.seats[0].last_line) == 1  # only the line typed now
        finally:
            browser.close()
