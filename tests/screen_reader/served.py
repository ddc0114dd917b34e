"""The installed ``companion server`` on a loopback port of its own, and its browser page in Chromium on the
Orca desktop, heard through Orca.

    with served(desktop, program, home) as url, LobbyPage(desktop, url) as page:
        said = page.line("Ben", until="Welcome to the lobby")
"""

from __future__ import annotations

import re
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop, Heard
from tests.screen_reader.page import CHROMIUM_FLAGS, Page, chromium
from tests.ports import free_port

SERVING = re.compile(r"Serving on (http://127\.0\.0\.1:\d+)")


@contextmanager
def served(desktop: Desktop, program: Installed, home: Path, timeout: float = 120.0) -> Iterator[str]:
    """``companion server --listen 127.0.0.1`` from the installed program, on a free port; its page's address."""
    home.mkdir(parents=True, exist_ok=True)
    log = home / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([str(program.companion), "server", "--listen", "127.0.0.1", "--port",
                                    str(free_port())],
                                   env=program.env(home), cwd=home, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while not (found := SERVING.search(log.read_text(errors="replace"))):
            assert process.poll() is None, f"the server ended: {log.read_text(errors='replace')[-2000:]}"
            assert time.monotonic() < deadline, f"the server did not serve in {timeout:.0f} s"
            time.sleep(0.1)
        yield found.group(1) + "/"
    finally:
        desktop.stop(process)


class LobbyPage(Page):
    """A server's page: it opens asking for a name ("Your name entry"), not for a join code."""

    def __enter__(self) -> "LobbyPage":
        mark = self.desktop.mark()
        folder = self.desktop.folder / self.profile
        self.process = self.desktop.start([chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={folder}", self.url],
                                          log="chromium.log")
        self.opening = self.desktop.heard_since(mark, "Your name", timeout=120, quiet=3.0)
        return self


def once_in_order(said: list[Heard], *patterns: str) -> None:
    """Each of ``patterns`` (regular expressions) heard exactly once in what Orca said, and in this order."""
    words = " ".join(h.words for h in said if h.kind == "speak")
    at = []
    for pattern in patterns:
        found = [m.start() for m in re.finditer(pattern, words)]
        assert len(found) == 1, f"{pattern!r} heard {len(found)} times: {heard(said)}"
        at.append(found[0])
    assert at == sorted(at), f"heard out of order ({patterns}): {heard(said)}"


# The answer to your buy starts with it: "You bought Silver." or, in the shorter words, "Bought Silver." or
# "Played 4 Coppers, bought Silver."
OWN_BUY = r"^(You bought|Bought|Played[^.]*, bought)"


def turn(n: int) -> str:
    """Your turn ``n`` announced: "Your turn 2." or "Turn 2." (the shorter words of a plain turn)."""
    return rf"\b[Tt]urn {n}\."


def heard(said: list[Heard]) -> list[str]:
    """What Orca said, utterance by utterance, as heard (no key echo)."""
    return [h.words for h in said if h.kind == "speak"]
