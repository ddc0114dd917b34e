"""The installed ``companion server`` on a loopback port of its own, and its browser page in Chromium on the
Orca desktop, heard through Orca.

    with served(desktop, program, home) as url, LobbyPage(desktop, url) as page:
        said = page.line("Ben", until="Welcome to the lobby")
"""

from __future__ import annotations

import re
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop, Heard
from tests.screen_reader.page import CHROMIUM_FLAGS, Page, chromium

SERVING = re.compile(r"Serving on (http://127\.0\.0\.1:\d+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


def once_in_order(said: list[Heard], *parts: str) -> None:
    """Each of ``parts`` heard exactly once in what Orca said, and in this order."""
    words = " ".join(h.words for h in said if h.kind == "speak")
    at = []
    for part in parts:
        count = words.count(part)
        assert count == 1, f"{part!r} heard {count} times: {heard(said)}"
        at.append(words.index(part))
    assert at == sorted(at), f"heard out of order ({parts}): {heard(said)}"


def heard(said: list[Heard]) -> list[str]:
    """What Orca said, utterance by utterance, as heard (no key echo)."""
    return [h.words for h in said if h.kind == "speak"]
