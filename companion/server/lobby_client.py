"""``companion join ADDRESS --name N`` with no code: a server's lobby, then a game, then the lobby again.

The lobby is plain lines: each typed line is sent and its answer printed. When an answer seats the person
(``create``, ``sit``), the lobby's connection closes and the game is joined exactly as ``companion join``
with a code joins it, on the game's own address (``/g/ID/ws``); ``quit`` there (or the end of a piped
game) comes back to the lobby, and ``quit`` in the lobby ends the program.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

from companion.cards.names import quote
from companion.net import codes
from companion.net.client import Refused, Remote
from companion.server.lobby_lines import LobbyLines

LOBBY_PATH = "/lobby/ws"
LEAVE = ("quit", "exit", "bye", "leave")
LEFT = "You left the game; your seat is kept."  # the lobby then says "Back in the lobby" and its games
ASKING = "create. "


class LobbyRemote(Remote):
    """The lobby's connection: the host's protocol, with ``go`` (a game's id and code) on a seating answer."""

    def __init__(self, address: str, name: str, *, show: Callable[[str], None], tls: Any = None,
                 token: str | None = None) -> None:
        super().__init__(address, "", name, show=show, tls=tls, path=LOBBY_PATH, seat=0 if token else None,
                         token=token, seen=0)  # every lobby message after the welcome is new to this run
        self.go: tuple[str, str] | None = None
        self.greeted = False  # the lobby's first words came: only then the first prompt, below them

    def start(self, wait: float = 15.0) -> None:
        super().start(wait)
        self.wait(lambda: self.greeted, timeout=wait)

    def _say(self, msg: dict[str, Any]) -> None:
        go = msg.get("go")
        if isinstance(go, dict):
            game, code = go.get("game"), go.get("code")
            if isinstance(game, str) and game.isalnum() and len(game) <= 40 and isinstance(code, str) \
                    and codes.normal_code(code):
                self.go = (game, codes.normal_code(code))
        super()._say(msg)
        with self.changed:
            self.greeted = True
            self.changed.notify_all()


def run_lobby(address: str, name: str, *, tls: Any = None, stdin: TextIO | None = None,
              stdout: TextIO | None = None, speech: bool = False) -> int:
    """The lobby until quit or the end of input. Returns the exit status."""
    from companion.net.join import run_join

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    tty = stdin.isatty() and stdout.isatty()

    lock = threading.Lock()
    shown: list[str] = []  # the prompt on screen now, waiting for a line ([] when none is)
    lines = LobbyLines(stdin, stdout, tty)  # the game's line editor: up-arrow and Tab in the lobby too
    redraw = lines.redraw()

    def say(text: str) -> None:
        """Print words on their own lines: a message that comes while the prompt waits goes below it, and
        the prompt is written again under it (never "lobby> The server stopped...")."""
        with lock:
            if shown and redraw is not None:  # the line editor writes the prompt and the line typed so far
                stdout.write("\n" + text + "\n")
                stdout.flush()
                redraw(shown[0])
                return
            stdout.write(("\n" if shown else "") + text + "\n" + "".join(shown))
            stdout.flush()

    token: str | None = None  # the lobby's token, from its first welcome: coming back, the lobby knows the person
    while True:
        remote = LobbyRemote(address, name, show=say, tls=tls, token=token)
        try:
            remote.start()
        except Refused as e:
            remote.close()
            say(str(e))
            return 1
        except OSError as e:
            remote.close()
            say(f"Error, could not reach the server at {address} ({e}). Check the address, and that the server "
                "is on.")
            return 1
        token = remote.token or token
        lines.enter()
        try:
            while remote.go is None:
                prompt = remote.prompt if tty else ""
                with lock:
                    if prompt and redraw is None:  # plain input: the prompt is written here, the line read below
                        stdout.write(prompt)
                        stdout.flush()
                    shown[:] = [prompt] if prompt else []
                raw = lines.read(prompt if redraw is not None else "")
                with lock:
                    shown.clear()
                if raw is None:  # Ctrl-D, or the end of piped lines: leaving, said as quit says it
                    if tty:
                        stdout.write("\n")
                        say("Goodbye.")
                    return 0
                line = raw.strip()
                if not line and remote.prompt != ASKING:
                    continue
                if line.lower() in ("quit", "exit", "bye"):
                    say("Goodbye.")
                    return 0
                if tty and not remote.online:  # said at once: no wait of minutes with no word
                    say(f"Error, the connection to the server is lost, so {quote(line)} was not sent. Type it "
                        "again when it says Connected again.")
                    continue
                if not remote.send_line(line):
                    say(remote.refused or "The connection to the server is closed. Goodbye.")
                    return 1
        finally:
            remote.close()
        game, code = remote.go
        run_join(address, code, name, tls=tls, stdin=stdin, stdout=stdout, speech=speech, goodbye=LEFT,
                 path=f"/g/{game}/ws", leave=LEAVE)
