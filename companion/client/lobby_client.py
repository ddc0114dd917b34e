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
from typing import TYPE_CHECKING, TextIO

from companion.cards.names import quote
from companion.net import codes
from companion.net.burst import PromptLater
from companion.net.client import Refused, Remote
from companion.net.clean import clean
from companion.net.protocol import HostMessage, encode
from companion.client import devices
from companion.client.lobby_lines import LobbyLines
from companion.server.lobby_words import left_words

if TYPE_CHECKING:
    import aiohttp
    import ssl

LOBBY_PATH = "/lobby/ws"
LEAVE = ("quit", "exit", "bye", "leave")
ASKING = "create. "


class LobbyRemote(Remote):
    """The lobby's connection: the host's protocol, with ``go`` (a game's id and code) on a seating answer."""

    def __init__(self, address: str, name: str, *, show: Callable[[str], None], tls: ssl.SSLContext | None = None,
                 token: str | None = None) -> None:
        super().__init__(address, "", name, show=show, tls=tls, path=LOBBY_PATH, seat=0 if token else None,
                         token=token, seen=0)  # every lobby message after the welcome is new to this run
        self.go: tuple[str, str] | None = None
        self.go_name = ""  # the name of the game it sends the person to: said when they leave it
        self.go_pass = ""  # a signed-in account's pass to that game
        self.greeted = False  # the lobby's first words came: only then the first prompt, below them
        self.secret = False  # the lobby asks for a password: the next line is read without echo
        self.marks = False  # the lobby takes a line marked secret (a password)
        self.secret_id = 0  # the number of the last line typed at a password question: never sent twice
        self.dropped = False  # that line was lost with a connection, and not sent again
        self.address = address

    def send_line(self, text: str, secret: bool = False) -> bool:
        """As Remote's, but a password (``secret``) goes only once: marked, and never sent again after a lost
        connection (the lobby asks again)."""
        if secret:
            self.secret_id, self.dropped = self.next_id, False
        return super().send_line(text)

    async def _send_line(self, line_id: int, text: str) -> None:
        if line_id != self.secret_id or not self.marks:
            await super()._send_line(line_id, text)
            return
        ws = self._ws
        if ws is not None and not ws.closed:
            try:
                await ws.send_str(encode("line", id=line_id, text=text, secret=True))
            except (ConnectionError, RuntimeError):
                pass  # not sent again: the lobby asks for it again

    def extra_hello(self) -> dict[str, str]:
        device = devices.kept(self.address, self.name)
        return {"device": device} if device else {}

    async def _welcome(self, ws: aiohttp.ClientWebSocketResponse, msg: HostMessage) -> None:
        self._keep_device(msg)
        self.secret = bool(msg.get("secret"))
        self.marks = msg.get("secret_lines") is True
        with self.changed:
            if self.unanswered is not None and self.unanswered[0] == self.secret_id:  # a password: never again
                if msg.get("last_line", 0) >= self.secret_id:  # it came: its answer is asked for by number alone
                    self.unanswered = (self.secret_id, "")
                else:
                    self.unanswered, self.dropped = None, True
                    self.changed.notify_all()
        await super()._welcome(ws, msg)

    def _keep_device(self, msg: HostMessage) -> None:
        device = msg.get("device")
        if isinstance(device, str) and 20 <= len(device) <= 100 and device.isascii():
            devices.keep(self.address, self.name, device)

    def start(self, wait: float = 15.0) -> None:
        super().start(wait)
        self.wait(lambda: self.greeted, timeout=wait)

    def _say(self, msg: HostMessage) -> None:
        go = msg.get("go")
        if isinstance(go, dict):
            game, code = go.get("game"), go.get("code")
            if isinstance(game, str) and game.isalnum() and len(game) <= 40 and isinstance(code, str) \
                    and codes.normal_code(code):
                self.go = (game, codes.normal_code(code))
                named = go.get("name")
                self.go_name = clean(named, limit=40) if isinstance(named, str) else ""
                ticket = go.get("pass")
                self.go_pass = ticket if isinstance(ticket, str) and len(ticket) <= 100 else ""
        self._keep_device(msg)
        self.secret = bool(msg.get("secret"))
        super()._say(msg)
        with self.changed:
            self.greeted = True
            self.changed.notify_all()


def run_lobby(address: str, name: str, *, tls: ssl.SSLContext | None = None, stdin: TextIO | None = None,
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
    later = PromptLater(lock)

    waiting: list[str] = []  # a burst's messages, written together once it is over (under the lock)

    def say(text: str) -> None:
        """Print words on their own lines: messages that come while the prompt waits go below it, a burst of
        them in one write once none has come for a moment, and the prompt is written again under them (never
        "lobby. The server stopped..."). Written one by one, Orca in gnome-terminal read the last line of one
        write again with the next."""
        with lock:
            if not shown:
                write_waiting(below="")
                stdout.write(text + "\n")
                stdout.flush()
                return
            waiting.append(text)
            later.later(prompt_again)

    def write_waiting(below: str = "\n") -> None:
        """The burst's messages below the prompt's line (``below`` ends it), in one write (called under the
        lock)."""
        if waiting:
            stdout.write(below + "".join(text + "\n" for text in waiting))
            stdout.flush()
            waiting.clear()

    def prompt_again() -> None:
        write_waiting()
        if not shown:  # a line was typed meanwhile
            return
        if redraw is not None:  # the line editor writes the prompt and the line typed so far
            redraw(shown[0])
        else:
            stdout.write(shown[0])
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
                secret = remote.secret
                if secret:  # a password: never shown, never kept in the lines' history
                    raw = devices.read_secret(prompt, stdin, stdout, tty)
                else:
                    raw = lines.read(prompt if redraw is not None else "")
                with lock:
                    shown.clear()
                    later.cancel()
                    write_waiting(below="")  # what came while the line was typed, below it (Enter ended its line)
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
                    what = "the password" if secret else quote(line)
                    say(f"Error, the connection to the server is lost, so {what} was not sent. Type it "
                        "again when it says Connected again.")
                    continue
                if not remote.send_line(line, secret=secret):
                    say(remote.refused or "The connection to the server is closed. Goodbye.")
                    return 1
                if secret and remote.dropped:
                    say("The connection was lost while the password was on its way, so it was not sent again. "
                        "Type it when the server asks for it.")
        finally:
            remote.close()
        game, code = remote.go
        if remote.go_pass:
            from companion.net.client import PASSES, ws_url

            PASSES[ws_url(address, tls is not None, f"/g/{game}/ws")] = remote.go_pass
        run_join(address, code, name, tls=tls, stdin=stdin, stdout=stdout, speech=speech,
                 goodbye=left_words(remote.go_name),
                 path=f"/g/{game}/ws", leave=LEAVE)
