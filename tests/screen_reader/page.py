"""The browser seat's page in a real Chromium (not headless) on the Orca desktop, heard through Orca.

    with Page(desktop, "http://127.0.0.1:PORT/") as page:
        said = page.line("123456789", until="Type your name")   # Orca's words after the Return key

Chromium is Debian's, with its renderer's accessibility forced on, its sandbox off (the tests run as root)
and its background traffic off, in a profile folder of its own.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Callable

from tests.conftest import needs
from tests.screen_reader.desktop import Desktop, Heard
from tests.screen_reader.shell import Answer, _after_return

CHROMIUM_FLAGS = ("--force-renderer-accessibility", "--no-sandbox", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                  "--no-default-browser-check", "--password-store=basic", "--disable-gpu",
                  "--window-position=0,0", "--window-size=1100,800")


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    needs("Debian's chromium", found is not None)
    assert found is not None
    return found


class Page:
    def __init__(self, desktop: Desktop, url: str, profile: str = "chromium") -> None:
        self.desktop = desktop
        self.url = url
        self.profile = profile
        self.process: subprocess.Popen[bytes] | None = None
        self.opening: list[Heard] = []

    def __enter__(self) -> "Page":
        mark = self.desktop.mark()
        folder = self.desktop.folder / self.profile
        self.process = self.desktop.start([chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={folder}", self.url],
                                          log="chromium.log")
        # The field is read once the page has loaded and has the keyboard ("Join code entry").
        self.opening = self.desktop.heard_since(mark, "Join code", timeout=120, quiet=3.0)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.desktop.stop(self.process)

    def line(self, text: str, until: str | Callable[[list[Heard]], bool], timeout: float = 60.0) -> Answer:
        """Type ``text`` and Return; the answer is what Orca said after the Return key's echo, once ``until``
        (words an utterance holds, or a test) holds and Orca has then been quiet a moment."""
        mark = self.desktop.mark()
        self.desktop.type(text)
        self.desktop.heard_since(mark, lambda said: bool(said), timeout=timeout, quiet=0.6)
        mark = self.desktop.mark()
        self.desktop.key("Return")
        done = until if callable(until) else (lambda said: any(until in h.words for h in said if h.kind == "speak"))
        said = self.desktop.heard_since(mark, lambda s: _after_return(s) is not None and done(_after_return(s) or []),
                                        timeout=timeout, quiet=2.0)
        answer = _after_return(said)
        assert answer is not None, [h.words for h in said]
        return Answer(text, answer)
