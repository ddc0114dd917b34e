"""``companion join ADDRESS --name N`` with no code: a server's lobby, then a game, then the lobby again.

The lobby is plain lines: each typed line is sent and its answer printed. When an answer seats the person
(``create``, ``sit``), the lobby's connection closes and the game is joined exactly as ``companion join``
with a code joins it, on the game's own address (``/g/ID/ws``); ``quit`` there (or the end of a piped
game) comes back to the lobby, and ``quit`` in the lobby ends the program.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from companion.net import codes
from companion.net.client import Refused, Remote

LOBBY_PATH = "/lobby/ws"
LEAVE = ("quit", "exit", "bye", "leave")
LEFT = "You left the game; your seat is kept. Back in the lobby: type games, or quit to leave the server."
ASKING = "create> "


class LobbyRemote(Remote):
    """The lobby's connection: the host's protocol, with ``go`` (a game's id and code) on a seating answer."""

    def __init__(self, address: str, name: str, *, show: Callable[[str], None], tls: Any = None) -> None:
        super().__init__(address, "", name, show=show, tls=tls, path=LOBBY_PATH)
        self.go: tuple[str, str] | None = None

    def _say(self, msg: dict[str, Any]) -> None:
        go = msg.get("go")
        if isinstance(go, dict):
            game, code = go.get("game"), go.get("code")
            if isinstance(game, str) and game.isalnum() and len(game) <= 40 and isinstance(code, str) \
                    and codes.normal_code(code):
                self.go = (game, codes.normal_code(code))
        super()._say(msg)


def run_lobby(address: str, name: str, *, tls: Any = None, stdin: TextIO | None = None,
              stdout: TextIO | None = None, speech: bool = False) -> int:
    """The lobby until quit or the end of input. Returns the exit status."""
    from companion.net.join import run_join

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    tty = stdin.isatty() and stdout.isatty()

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    while True:
        remote = LobbyRemote(address, name, show=say, tls=tls)
        try:
            remote.start()
        except Refused as e:
            remote.close()
            say(str(e))
            return 1
        except OSError as e:
            remote.close()
            say(f"Error: could not reach the server at {address} ({e}). Check the address, and that the server "
                "is on.")
            return 1
        try:
            while remote.go is None:
                if tty:
                    stdout.write(remote.prompt)
                    stdout.flush()
                raw = stdin.readline()
                if not raw:
                    return 0
                line = raw.strip()
                if not line and remote.prompt != ASKING:
                    continue
                if line.lower() in ("quit", "exit", "bye"):
                    say("Goodbye.")
                    return 0
                if not remote.send_line(line):
                    say(remote.refused or "The connection to the server is closed. Goodbye.")
                    return 1
        finally:
            remote.close()
        game, code = remote.go
        run_join(address, code, name, tls=tls, stdin=stdin, stdout=stdout, speech=speech, goodbye=LEFT,
                 path=f"/g/{game}/ws", leave=LEAVE)
