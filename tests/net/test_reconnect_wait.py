"""How long a dropped seat waits before each try to reconnect, in the terminal program and the browser page:
growing steps, each drawn between half and all of it, so that the hundreds of seats a stopped server process
drops at once come back spread out instead of all in the same instant (and again together at each step)."""

from __future__ import annotations

import re
import random

import pytest

from companion.net.client import BACKOFF, retry_wait
from tests.net import browser as chromium
from tests.net.helpers import ROOT


def test_the_program_waits_between_half_and_all_of_each_step_and_spreads_a_crowd():
    for tries, step in enumerate([*BACKOFF, BACKOFF[-1], BACKOFF[-1]]):
        assert retry_wait(tries, lambda: 0.0) == pytest.approx(step / 2)
        assert retry_wait(tries, lambda: 1.0) == pytest.approx(step)
    assert retry_wait(0, lambda: 1.0) <= 0.2  # the first try is prompt
    crowd = [retry_wait(0, random.Random(k).random) for k in range(2000)]  # 2,000 seats dropped at once
    assert min(crowd) >= 0.1 and max(crowd) <= 0.2
    # spread over the whole span: no tenth of it holds more than a fifth of them
    tenths = [sum(1 for w in crowd if 0.1 + k * 0.01 <= w < 0.1 + (k + 1) * 0.01) for k in range(10)]
    assert max(tenths) < len(crowd) / 5, tenths


@pytest.mark.browser
def test_the_page_waits_as_the_program_does():
    """play.js's own function, run in Chromium, gives the program's waits (in milliseconds) for each try."""
    source = (ROOT / "companion" / "net" / "page" / "play.js").read_text(encoding="utf-8")
    found = re.search(r"^  function retryWait\(tries, draw\) \{\n.*?^  \}\n", source, re.S | re.M)
    assert found, "play.js has no retryWait function"
    assert "retryWait(tries, Math.random)" in source  # the one its reconnect uses
    sync_playwright = chromium.playwright()
    with sync_playwright() as pw:
        browser = chromium.launch(pw)
        try:
            page = browser.new_page()
            got = page.evaluate(f"""() => {{ {found.group(0)}
                const out = [];
                for (let t = 0; t < 8; t++) out.push([retryWait(t, () => 0), retryWait(t, () => 1),
                                                      retryWait(t, () => 0.5)]);
                return out; }}""")
        finally:
            browser.close()
    for tries, (low, high, mid) in enumerate(got):
        assert low == pytest.approx(1000 * retry_wait(tries, lambda: 0.0))
        assert high == pytest.approx(1000 * retry_wait(tries, lambda: 1.0))
        assert mid == pytest.approx(1000 * retry_wait(tries, lambda: 0.5))
