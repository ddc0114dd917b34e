"""Joining a hosted game: the connection (on its own thread), reconnecting, and lines applied once.

``Remote`` keeps one WebSocket to the host on an asyncio loop in a background thread. The shell (or a
script's piped lines) calls ``send_line``, which numbers the line and waits for the host's answer to
that number. If the connection drops, ``Remote`` connects again by itself with the seat's token and
the number of the last message it heard; the host then says again what was missed, and a line whose
answer never came is sent again with the same number, so the host applies it at most once.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import ssl
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Callable, TYPE_CHECKING

import aiohttp

from companion.net import protocol
from companion.net.clean import printable
from companion.net.protocol import HostMessage, ProtocolError, encode

if TYPE_CHECKING:
    import concurrent.futures

BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0)  # seconds before each try to reconnect (then the last, again)
GIVE_UP = 600.0  # seconds of trying to reconnect before the program stops
REPLY_WAIT = 30.0
AGAIN_ALONE = 1.0  # seconds after a welcome back with no words, after which "Connected again." is said alone
# The most lines this program sends a second, over a while, and at once: half the host's RATE and BURST
# (companion.net.server), so a script whose lines are answered at once (say, who, help) is never closed
# for flooding. A person typing never comes near it.
PACE = 10.0
PACE_BURST = 20


def retry_wait(tries: int, draw: Callable[[], float] = random.random) -> float:
    """Seconds to wait before try ``tries`` (from 0) to reconnect: BACKOFF's, drawn at random between half
    and all of it. The first try comes within a fifth of a second; and the hundreds of players a stopped
    server process drops at once come back spread out, not all in the same instant (each a TLS handshake
    at the proxy and a connection to the process taking the games over) and again together at each step.
    play.js waits the same way."""
    return BACKOFF[min(max(tries, 0), len(BACKOFF) - 1)] * (0.5 + 0.5 * draw())


# A server's lobby sends a signed-in account to a game with a pass for it, by the game's socket address: sent in
# that game's hello (a registered name sits only with it). Kept for this run only.
PASSES: dict[str, str] = {}


class Refused(Exception):
    """The host closed the connection with a reason (a wrong code, a full game...)."""


def ws_url(address: str, tls: bool = False, path: str = "/ws") -> str:
    """``host:port``, ``http://host:port`` or ``ws://host:port`` as the WebSocket address; ``host`` alone
    is the host's default port. ``path``: the socket's path (a server's game or lobby has its own)."""
    a = address.strip().rstrip("/")
    for prefix, scheme in (("https://", "wss://"), ("http://", "ws://"), ("wss://", "wss://"), ("ws://", "ws://")):
        if a.lower().startswith(prefix):
            return scheme + a[len(prefix):] + path
    if a.count(":") == 0 or (a.startswith("[") and a.endswith("]")):  # a name or address with no port
        from companion.net.hosting import DEFAULT_PORT

        a = f"{a}:{DEFAULT_PORT}"  # the host's own default, not the web's port 80
    return ("wss://" if tls else "ws://") + a + path


def unsendable(text: str) -> str | None:
    """Why the host could not take ``text`` as a typed line (a sentence, said instead of sending it, since
    the host closes a connection that sends it), or None when it can go."""
    if len(text) > protocol.MAX_LINE:
        return f"that line is {len(text):,} characters, more than {protocol.MAX_LINE:,}, so it was not sent. Shorten it."
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # bytes read from a pipe that are not UTF-8
        return "that line has bytes that are not UTF-8 text, so it was not sent. Type it again as plain text."
    frame = encode("line", id=protocol.MAX_ID, text=text)
    if len(frame.encode("utf-8")) > protocol.MAX_FRAME:
        return (f"that line is too long to send, as its characters take more than {protocol.MAX_FRAME:,} bytes, "
                "so it was not sent. Shorten it.")
    try:
        protocol.decode_client(frame)  # the host's own check, for anything else it refuses
    except ProtocolError as e:
        return f"that line cannot be sent, {e} It was not sent."
    return None


class Pace:
    """Waits before a message so that this program never sends faster than PACE for long (a token bucket)."""

    def __init__(self, rate: float = PACE, burst: int = PACE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()
        self.lock = threading.Lock()

    def wait(self) -> None:
        with self.lock:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
            self.at = now
            if self.tokens < 1:
                time.sleep((1 - self.tokens) / self.rate)
                self.tokens, self.at = 1.0, time.monotonic()
            self.tokens -= 1


class Remote:
    """The seat's connection to the host, as the shell sees it."""

    def __init__(self, address: str, code: str, name: str, *, show: Callable[[str], None],
                 tls: ssl.SSLContext | None = None, seat: int | None = None, token: str | None = None,
                 note: Callable[[str], None] | None = None, seen: int | None = None, path: str = "/ws") -> None:
        self.url = ws_url(address, tls is not None, path)
        self.code, self.name = code, name
        self.seat, self.token = seat, token
        self.tls = tls
        self.show = show  # prints one message from the host (news, chat, a reply)
        self.note = note or show  # says what the connection is doing
        self.prompt = "game. "
        self.yours = False
        self.over = False
        self.seen = seen or 0  # the number of the last message heard from the host
        # Coming back with a token but without that number (an earlier run that stopped before keeping it),
        # nothing is said again: the host's welcome back says the hand, not the whole game so far.
        self.seen_known = token is None or seen is not None
        self.next_id = 1
        self.unanswered: tuple[int, str] | None = None
        self.refused: str | None = None
        self.closed = False
        self.changed = threading.Condition()
        self.loop = asyncio.new_event_loop()
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="companion-net")
        self._connected = threading.Event()
        self._pace = Pace()
        self.online = False  # welcomed on the connection open now
        self._again = False  # this connection replaces a lost one
        self._welcomed = 0  # the number of the host's last message at its welcome
        self._task: concurrent.futures.Future[None] | None = None
        self._atask: asyncio.Task[None] | None = None
        self.on_renewed: Callable[[], None] | None = None  # keeps a renewed token (on disk) before any send
        self._told = False  # the connection's goodbye said why it ended
        self.place = "host" if path == "/ws" else "server"  # what the words call the other end
        # "Connected again.", said with the first words after the welcome ("Welcome back, Ben."), as one line
        # and one utterance; said alone if no words follow soon
        self._again_note: str | None = None
        self._again_timer: asyncio.TimerHandle | None = None

    # ---- from the shell's thread ----
    def start(self, wait: float = 15.0) -> None:
        """Connect and say hello; Refused if the host says no, OSError if it cannot be reached."""
        self._thread.start()
        self._task = asyncio.run_coroutine_threadsafe(self._run(), self.loop)
        with self.changed:
            self.changed.wait_for(lambda: self._connected.is_set() or self.refused is not None or self.closed,
                                  timeout=wait)
        if self.refused is not None:
            raise Refused(self.refused)
        if not self._connected.is_set():
            raise OSError("the host did not answer")
        with self.changed:  # what the host told before its welcome (a game's opening news) is heard first
            self.changed.wait_for(lambda: self.seen >= self._welcomed or self.closed, timeout=wait)

    def send_line(self, text: str) -> bool:
        """Send one typed line and wait for its answer. False if the connection is gone for good.
        The caller has checked it with ``unsendable``."""
        self._pace.wait()
        line_id = self.next_id
        self.next_id += 1
        with self.changed:
            self.unanswered = (line_id, text)
        asyncio.run_coroutine_threadsafe(self._send_line(line_id, text), self.loop)
        with self.changed:
            return self.changed.wait_for(lambda: self.unanswered is None or self.closed)

    def claim(self) -> None:
        """Tell the host the seat's token is kept (any message does): until then, the host lets someone who
        joins by this seat's name take it, in case this program stopped before it kept the token."""
        self._pace.wait()
        asyncio.run_coroutine_threadsafe(self._ping(), self.loop)

    def wait(self, until: Callable[[], bool], timeout: float | None = None) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: until() or self.closed, timeout=timeout)

    def close(self) -> None:
        self.closed = True
        if self.loop.is_closed():  # closed already
            return

        async def stop() -> None:
            if self._ws is not None:
                await self._ws.close()
            task = self._atask
            if task is not None and not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(stop(), self.loop).result(timeout=2)
        except Exception:  # noqa: BLE001, S110 - leaving anyway
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        if not self._thread.is_alive():  # else, left running at exit, it was closed by the collector with a traceback
            self.loop.close()
        with self.changed:
            self.changed.notify_all()

    def extra_hello(self) -> dict[str, str]:
        """More fields of the hello: a server's account (companion.client.lobby_client), or a game's pass from it."""
        ticket = PASSES.get(self.url)
        return {"pass": ticket} if ticket else {}

    # ---- on the loop's thread ----
    async def _ping(self) -> None:
        ws = self._ws
        if ws is not None and not ws.closed:
            try:
                await ws.send_str(encode("ping"))
            except (ConnectionError, RuntimeError):
                pass  # coming back with the token claims the seat just as well

    async def _send_line(self, line_id: int, text: str) -> None:
        ws = self._ws
        if ws is not None and not ws.closed:
            try:
                await ws.send_str(encode("line", id=line_id, text=text))
            except (ConnectionError, RuntimeError):
                pass  # sent again after reconnecting

    async def _run(self) -> None:
        self._atask = asyncio.current_task()
        tries = 0
        lost_at: float | None = None
        async with aiohttp.ClientSession() as http:
            while not self.closed:
                try:
                    async with http.ws_connect(self.url, ssl=self.tls if self.tls is not None else True,
                                               heartbeat=20.0, max_msg_size=0) as ws:
                        self._ws = ws
                        self._again = lost_at is not None  # said when the host welcomes the seat back
                        self._told = False
                        await ws.send_str(self._hello())
                        tries, lost_at = 0, None
                        await self._read(ws)
                except aiohttp.ClientConnectorCertificateError:
                    self._refuse("Error, the host's certificate is not trusted. Add --ca and its certificate "
                                 "file, or --insecure if you trust the host.")
                except aiohttp.WSServerHandshakeError as e:  # a server that cannot take this program says why (503)
                    headers: Mapping[str, str] = e.headers or {}
                    reason = printable(str(headers.get("X-Companion-Reason", "")))[:300]
                    if e.status == 503 and reason and not self._connected.is_set():
                        self._refuse(f"Error, {reason[:1].lower()}{reason[1:]}")
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
                    pass
                except ProtocolError as e:
                    self._refuse(f"Error, {e}")
                self._ws = None
                self.online = False
                self._say_again_note()  # welcomed, then lost before any words: said before the loss
                if self.refused is not None or self.closed:
                    break
                if not self._connected.is_set():
                    self._refuse(f"Error, the {self.place} could not be reached. Check the address, and that the "
                                 f"{self.place} is on.")
                    break
                now = self.loop.time()
                if lost_at is None:
                    lost_at = now
                    if not self._told:  # a goodbye that said why ("The server stopped. Trying again...") is enough
                        self.note(f"The connection to the {self.place} was lost. Trying again.")
                elif now - lost_at > GIVE_UP:
                    self._refuse(f"Error, the {self.place} has not answered for 10 minutes. Join again later.")
                    break
                await asyncio.sleep(retry_wait(tries))
                tries += 1
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def _hello(self) -> str:
        fields: dict[str, object] = {"code": self.code, "name": self.name, **self.extra_hello()}
        if self.token:
            fields.update(seat=self.seat, token=self.token)
            if self.seen_known:
                fields["seen"] = self.seen
        return encode("hello", **fields)

    def _refuse(self, reason: str) -> None:
        with self.changed:
            self.refused = reason
            self.changed.notify_all()

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            msg = protocol.decode_host(frame.data)
            kind = msg["type"]
            if kind == "welcome":
                await self._welcome(ws, msg)
            elif kind == "say":
                self._say(msg)
            elif kind == "bye":
                reason = printable(str(msg.get("reason", "")))
                if "another place" in reason:
                    self._refuse(reason)
                elif reason.startswith(("Error,", "Error:")):  # "Error:" from an older host
                    self._refuse(reason)
                elif reason:
                    self.note(reason)  # such as: the host stopped, the seat is kept
                    self._told = True
                break

    async def _welcome(self, ws: aiohttp.ClientWebSocketResponse, msg: HostMessage) -> None:
        self.seat = msg.get("seat", self.seat)
        if msg.get("token"):
            self.token = msg["token"]
        if msg.get("renewed"):  # kept before anything is sent: once this seat speaks, the old token is void
            self.token = msg["renewed"]
            if self.on_renewed is not None:
                self.on_renewed()
        self.prompt = printable(msg.get("prompt") or "") or self.prompt
        if not self.seen_known:  # heard from now on
            self.seen, self.seen_known = msg.get("n", 0), True
        elif msg.get("n", self.seen) < self.seen:  # a host restarted from its file: count from its number
            self.seen = msg["n"]
        last = msg.get("last_line", 0)
        with self.changed:
            self._welcomed = msg.get("n", 0)
            if last >= self.next_id:  # the host remembers more lines than this program sent: another run's
                self.next_id = last + 1
            pending = self.unanswered
            self._connected.set()
            self.online = True
            self.changed.notify_all()
        if self._again:  # only now can a line be sent again
            self._again = False
            self._again_note = "Connected again."
            self._again_timer = self.loop.call_later(AGAIN_ALONE, self._say_again_note)
        if pending is not None:  # sent again: the host applies it only if it has not yet, and answers either way
            await ws.send_str(encode("line", id=pending[0], text=pending[1]))

    def _say_again_note(self) -> None:
        """Say "Connected again." alone: no words came after the welcome (or the connection went first)."""
        if self._again_timer is not None:
            self._again_timer.cancel()
            self._again_timer = None
        note, self._again_note = self._again_note, None
        if note:
            self.note(note)

    def _say(self, msg: HostMessage) -> None:
        n = msg.get("n", 0)
        if n <= self.seen:  # already heard; but it may answer the line sent again after reconnecting
            with self.changed:
                if self.unanswered is not None and msg.get("reply", 0) >= self.unanswered[0]:
                    self.unanswered = None
                    self.changed.notify_all()
            return
        self.seen = n
        self.prompt = printable(msg.get("prompt") or "") or self.prompt
        self.yours = bool(msg.get("yours"))
        self.over = bool(msg.get("over"))
        text = printable(msg.get("text", ""))  # never a control character the host sent (it is hostile too)
        if text and self._again_note:  # "Connected again. Welcome back, Ben.": one line, not two utterances
            if self._again_timer is not None:
                self._again_timer.cancel()
                self._again_timer = None
            text, self._again_note = f"{self._again_note} {text}", None
        with self.changed:
            if text:
                self.show(text)
            reply = msg.get("reply", 0)
            if self.unanswered is not None and reply >= self.unanswered[0]:
                self.unanswered = None
            self.changed.notify_all()


# ---- remembering seat tokens, so joining again with the same name takes the same seat ----
def _tokens_path() -> Path:
    from companion.paths import state_dir

    return state_dir() / "net" / "seats.json"


def _key(address: str, code: str, name: str) -> str:
    from companion.net.codes import normal_code

    return f"{ws_url(address)}|{normal_code(code)}|{name.strip().lower()}"


def remembered(address: str, code: str, name: str) -> tuple[int | None, str | None, int | None]:
    """The seat, its token, and the number of the last message heard there, kept by an earlier run."""
    try:
        data = json.loads(_tokens_path().read_text(encoding="utf-8"))
        entry = data.get(_key(address, code, name)) if isinstance(data, dict) else None
        if isinstance(entry, dict) and isinstance(entry.get("seat"), int) and isinstance(entry.get("token"), str):
            seen = entry.get("seen")
            known = isinstance(seen, int) and not isinstance(seen, bool) and seen >= 0
            return entry["seat"], entry["token"], seen if known else None
    except (OSError, ValueError):
        pass
    return None, None, None


def remember(address: str, code: str, name: str, seat: int, token: str, seen: int | None = None) -> None:
    path = _tokens_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data.pop(_key(address, code, name), None)  # the newest last, so the oldest is dropped first
    data[_key(address, code, name)] = {"seat": seat, "token": token, **({} if seen is None else {"seen": seen})}
    while len(data) > 100:
        data.pop(next(iter(data)))
    try:
        from filelock import FileLock, Timeout

        from companion.paths import atomic_write, clear_temporary

        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # One writer at a time, so a temporary file left here is a killed writer's, cleared at once.
            with FileLock(path.with_name(".seats.lock"), timeout=2):
                clear_temporary(path.parent, path.name)
                atomic_write(path, json.dumps(data))
        except Timeout:
            atomic_write(path, json.dumps(data))
        if sys.platform != "win32":
            os.chmod(path, 0o600)  # a token is a key to a seat
    except OSError:
        pass
