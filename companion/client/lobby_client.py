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


class _Screen:
    """The lobby's terminal: words printed on their own lines, and a line read at the prompt. Messages that
    come while the prompt waits go below it, a burst of them in one write once none has come for a moment,
    and the prompt is written again under them (never "lobby. The server stopped..."). Written one by one,
    Orca in gnome-terminal read the last line of one write again with the next."""

    def __init__(self, stdin: TextIO, stdout: TextIO, tty: bool) -> None:
        self.stdin, self.stdout, self.tty = stdin, stdout, tty
        self.lock = threading.Lock()
        self.shown: list[str] = []  # the prompt on screen now, waiting for a line ([] when none is)
        self.lines = LobbyLines(stdin, stdout, tty)  # the game's line editor: up-arrow and Tab in the lobby too
        self.redraw = self.lines.redraw()
        self.later = PromptLater(self.lock)
        self.waiting: list[str] = []  # a burst's messages, written together once it is over (under the lock)

    def say(self, text: str) -> None:
        with self.lock:
            if not self.shown:
                self._write_waiting(below="")
                self.stdout.write(text + "\n")
                self.stdout.flush()
                return
            self.waiting.append(text)
            self.later.later(self._prompt_again)

    def _write_waiting(self, below: str = "\n") -> None:
        """The burst's messages below the prompt's line (``below`` ends it), in one write (called under the
        lock)."""
        if self.waiting:
            self.stdout.write(below + "".join(text + "\n" for text in self.waiting))
            self.stdout.flush()
            self.waiting.clear()

    def _prompt_again(self) -> None:
        self._write_waiting()
        if not self.shown:  # a line was typed meanwhile
            return
        if self.redraw is not None:  # the line editor writes the prompt and the line typed so far
            self.redraw(self.shown[0])
        else:
            self.stdout.write(self.shown[0])
            self.stdout.flush()

    def read(self, prompt: str, asks_secret: Callable[[], bool]) -> tuple[str | None, bool]:
        """The line typed at ``prompt``, None at its end, and whether it was a password (asked as the prompt is
        written: never shown, never kept in the lines' history)."""
        with self.lock:
            if prompt and self.redraw is None:  # plain input: the prompt is written here, the line read below
                self.stdout.write(prompt)
                self.stdout.flush()
            self.shown[:] = [prompt] if prompt else []
        secret = asks_secret()
        if secret:
            raw = devices.read_secret(prompt, self.stdin, self.stdout, self.tty)
        else:
            raw = self.lines.read(prompt if self.redraw is not None else "")
        with self.lock:
            self.shown.clear()
            self.later.cancel()
            self._write_waiting(below="")  # what came while the line was typed, below it (Enter ended its line)
        return raw, secret


def _started(remote: LobbyRemote, address: str) -> str:
    """Connect to the lobby: "" once welcomed, else why not (the connection closed)."""
    try:
        remote.start()
    except Refused as e:
        remote.close()
        return str(e)
    except OSError as e:
        remote.close()
        return (f"Error, could not reach the server at {address} ({e}). Check the address, and that the server "
                "is on.")
    return ""


def _in_lobby(remote: LobbyRemote, screen: _Screen) -> int | None:
    """Lines typed in the lobby, sent, until the lobby sends the person to a game (None) or they leave (the
    exit status)."""
    tty = screen.tty
    while remote.go is None:
        raw, secret = screen.read(remote.prompt if tty else "", lambda: remote.secret)
        if raw is None:  # Ctrl-D, or the end of piped lines: leaving, said as quit says it
            if tty:
                screen.stdout.write("\n")
                screen.say("Goodbye.")
            return 0
        line = raw.strip()
        if not line and remote.prompt != ASKING:
            continue
        if line.lower() in ("quit", "exit", "bye"):
            screen.say("Goodbye.")
            return 0
        if tty and not remote.online:  # said at once: no wait of minutes with no word
            what = "the password" if secret else quote(line)
            screen.say(f"Error, the connection to the server is lost, so {what} was not sent. Type it "
                       "again when it says Connected again.")
            continue
        if not remote.send_line(line, secret=secret):
            screen.say(remote.refused or "The connection to the server is closed. Goodbye.")
            return 1
        if secret and remote.dropped:
            screen.say("The connection was lost while the password was on its way, so it was not sent again. "
                       "Type it when the server asks for it.")
    return None


def run_lobby(address: str, name: str, *, tls: ssl.SSLContext | None = None, stdin: TextIO | None = None,
              stdout: TextIO | None = None, speech: bool = False) -> int:
    """The lobby until quit or the end of input. Returns the exit status."""
    from companion.net.join import run_join

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    screen = _Screen(stdin, stdout, stdin.isatty() and stdout.isatty())
    token: str | None = None  # the lobby's token, from its first welcome: coming back, the lobby knows the person
    while True:
        remote = LobbyRemote(address, name, show=screen.say, tls=tls, token=token)
        refused = _started(remote, address)
        if refused:
            screen.say(refused)
            return 1
        token = remote.token or token
        screen.lines.enter()
        try:
            status = _in_lobby(remote, screen)
        finally:
            remote.close()
        if status is not None or remote.go is None:
            return status or 0
        game, code = remote.go
        if remote.go_pass:
            from companion.net.client import PASSES, ws_url

            PASSES[ws_url(address, tls is not None, f"/g/{game}/ws")] = remote.go_pass
        run_join(address, code, name, tls=tls, stdin=stdin, stdout=stdout, speech=speech,
                 goodbye=left_words(remote.go_name),
                 path=f"/g/{game}/ws", leave=LEAVE)
