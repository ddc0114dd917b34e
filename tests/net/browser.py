"""Driving the browser seat in a real headless Chromium: Debian's own, through Playwright (no browser is
ever downloaded), with axe-core from the axe-playwright-python package."""

from __future__ import annotations

import os
import shutil
from typing import Any

from tests.conftest import needs

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NOT_MINE = ("game", "Join code", "Your name", "waiting", "game over")


def playwright() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    needs("Playwright", sync_playwright is not None)
    needs("Debian's chromium", os.path.exists(CHROMIUM) or shutil.which("chromium") is not None)
    return sync_playwright


def launch(pw: Any) -> Any:
    return pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)


def axe_problems(page: Any) -> str:
    """axe-core's report of the page's violations ("" when there are none)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return "" if results.violations_count == 0 else results.generate_report()


PARTS = "e => e.dataset.parts ? JSON.parse(e.dataset.parts) : [e.textContent]"
# The responses after the newest echoed line (the person's own line, class "typed"), each message apart.
AFTER_TYPED = ("() => { const kids = [...document.getElementById('log').children]; let i = kids.length - 1; "
               "while (i >= 0 && !kids[i].classList.contains('typed')) i--; "
               f"return kids.slice(i + 1).filter(e => e.classList.contains('response')).flatMap({PARTS}); }}")


def announced(page: Any) -> list[str]:
    """Each response in the live region, as a screen reader reads it: one text, its lines joined by newlines.
    Messages that came together are shown as one response (read whole, in order; tests/screen_reader hears
    it): each is given here apart, as its element's ``data-parts`` keeps them."""
    return page.eval_on_selector_all("#log .response", f"els => els.flatMap({PARTS})")


def type_line(page: Any, text: str, keys: bool = False) -> list[str]:
    """Type a line (key by key when ``keys``, else as one keyboard input) and press Enter; return what
    the live region announced after it (after its echo in the log)."""
    before = page.eval_on_selector_all("#log .typed", "els => els.length")
    responses = page.eval_on_selector_all("#log .response", "els => els.length")
    if keys:
        page.keyboard.type(text)
    else:
        page.keyboard.insert_text(text)
    page.keyboard.press("Enter")
    if not text.strip():  # an empty line is not echoed: what follows the responses there were
        page.wait_for_function(f"document.querySelectorAll('#log .response').length > {responses}", timeout=15_000,
                               polling=10)
        return page.eval_on_selector_all("#log .response", f"els => els.slice({responses}).flatMap({PARTS})")
    page.wait_for_function(f"document.querySelectorAll('#log .typed').length > {before} && ({AFTER_TYPED})().length > 0",
                           timeout=15_000, polling=10)
    return page.evaluate(AFTER_TYPED)


def open_seat(browser: Any, port: int, code: str, name: str) -> Any:
    """A page joined to a game with the keyboard alone; its checks on the way (axe, focus, headings)."""
    page = browser.new_context(bypass_csp=True).new_page()  # CSP bypassed for the test's own probes only
    page.goto(f"http://127.0.0.1:{port}/")
    problems = axe_problems(page)
    assert not problems, problems
    assert page.evaluate("document.activeElement.id") == "line"  # the field has the keyboard at once
    assert page.get_attribute("#log", "role") == "log"  # a polite live region
    assert [h.inner_text() for h in page.query_selector_all("h1, h2")] == ["Dominion Companion", "Game", "Your command"]
    assert type_line(page, code, keys=True) == ["Type your name."]
    assert type_line(page, name, keys=True)[0] == f"Joining as {name}."
    return page


def accessibility_tree(page: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """What a screen reader is given: Chromium's own accessibility tree (DevTools' Accessibility.getFullAXTree),
    as (role, name, properties) for each node that is not ignored and not plain text or a generic box."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    out = []
    for n in nodes:
        role = n.get("role", {}).get("value", "")
        if n.get("ignored") or role in ("generic", "none", "StaticText", "InlineTextBox", "paragraph", "LineBreak"):
            continue
        props = {p["name"]: p.get("value", {}).get("value") for p in n.get("properties", [])}
        out.append((role, n.get("name", {}).get("value", ""), props))
    return out


def spoken_once(page: Any) -> list[str]:
    """Every response in the live region that is said more than once in a row (a line announced twice)."""
    said = announced(page)
    return [a for a, b in zip(said, said[1:]) if a == b]
