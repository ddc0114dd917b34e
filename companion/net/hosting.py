"""``companion host``: start the server on its own thread, hold the games, and play the host's own seat.

The host player's seat is joined over loopback exactly as a friend's is, so the host hears only what
their own seat may know, and their commands take the same path as everyone's. Games this host held
before it stopped (even killed) are held again, with the same codes, when it starts again.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO, TypeVar

from companion.net import codes
from companion.net.hosted import HostedGame, Options

if TYPE_CHECKING:
    import ssl

    from aiohttp import web

    from companion.net.server import Host

T = TypeVar("T")

DEFAULT_PORT = 8650
LOOPBACK = "127.0.0.1"


def host_folder() -> Path:
    from companion.paths import data_dir

    return data_dir() / "hosted"


@dataclass
class Running:
    host: Host
    port: int
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    runner: web.AppRunner

    def stop(self) -> None:
        async def down() -> None:
            await self.host.close_all()
            await self.runner.shutdown()
            await self.runner.cleanup()
            self.host.release()

        try:
            asyncio.run_coroutine_threadsafe(down(), self.loop).result(timeout=15)
        except Exception:  # noqa: BLE001, S110 - stopping anyway
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


def start_server(address: str, port: int, tls: ssl.SSLContext | None = None, folder: Path | None = None,
                 names: tuple[str, ...] = ()) -> Running:
    """The server, listening, on a thread of its own; OSError if the port cannot be had. ``names``: names
    (not addresses) friends reach it by, such as a domain of its own."""
    from companion.net.server import Host, bound_port, serve

    host = Host(folder or host_folder(), names, tls is not None)
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    runners: list[web.AppRunner] = []
    errors: list[BaseException] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            runners.append(loop.run_until_complete(serve(host, address, port, tls)))
        except BaseException as e:  # noqa: BLE001 - handed to the caller
            errors.append(e)
            ready.set()
            return
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True, name="companion-host")
    thread.start()
    ready.wait(10)
    if errors:
        raise errors[0]
    return Running(host, bound_port(runners[0]), loop, thread, runners[0])


def on_loop(running: Running, fn: Callable[..., T], *args: object) -> T:
    """Run ``fn(*args)`` on the server's loop (where every game is changed) and return its result."""
    async def call() -> T:
        return fn(*args)

    return asyncio.run_coroutine_threadsafe(call(), running.loop).result(timeout=30)


def ask(stdin: TextIO, stdout: TextIO) -> Options | None:
    """The same short questions as ``new``, read as plain lines. None when cancelled."""
    from companion.kingdom import KingdomError, choose_kingdom

    def question(text: str, check: Callable[[str], T]) -> T | None:
        while True:
            stdout.write(text + "\n")
            stdout.flush()
            line = stdin.readline()
            if not line:
                return None
            typed = line.strip()
            if typed.lower() in ("cancel", "stop"):
                return None
            try:
                return check(typed)
            except ValueError as e:
                stdout.write(f"Error, {e}\n")

    def players(t: str) -> int:
        t = t or "2"
        count = _number(t)
        if count is None or not 2 <= count <= 6:
            raise ValueError(f"'{t}' is not 2 to 6 players. Type a number from 2 to 6.")
        return count

    n = question("New hosted game. How many players, 2 to 6? Enter for 2.", players)
    if n is None:
        return None

    def people(t: str) -> int:
        t = t or str(n)
        count = _number(t)
        if count is None or not 1 <= count <= n:
            raise ValueError(f"'{t}' is not 1 to {n} people. Type a number from 1 to {n}.")
        return count

    p = question(f"People, you included? Enter for {n}. The rest are bots.", people)
    if p is None:
        return None

    def kingdom(t: str) -> str:
        t = t or "First Game"
        try:
            choose_kingdom(t, seed=1)
        except KingdomError as e:
            raise ValueError(str(e)) from None
        return t

    k = question("Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random.", kingdom)
    if k is None:
        return None
    import random

    return Options(n, ["bigmoney"] * (n - p), k, random.SystemRandom().randrange(1, 1_000_000))


def dial_address(listen: str) -> str:
    """Where the host's own seat connects: the address the host listens on, or loopback for every address."""
    a = listen.strip().strip("[]")
    if a in ("", "0.0.0.0"):
        return LOOPBACK
    if a == "::":
        return "[::1]"
    return f"[{a}]" if ":" in a else a


def is_loopback(listen: str) -> bool:
    import ipaddress

    a = listen.strip().strip("[]")
    try:
        return ipaddress.ip_address(a).is_loopback
    except ValueError:
        return a.lower() == "localhost"


def machine_addresses() -> list[str]:
    """This computer's own network addresses (not loopback), IPv4 first: what friends on its network type.
    Found from its name and from the route a packet would take; no packet is sent."""
    import ipaddress
    import socket

    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP):
            found.append(str(info[4][0]))
    except OSError:
        pass
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))  # a UDP "connection" only picks the route: nothing is sent
                found.append(str(s.getsockname()[0]))
        except OSError:
            pass
    kept: list[str] = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a.split("%", 1)[0])
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or str(ip) in kept:
            continue
        kept.append(str(ip))
    return sorted(kept, key=lambda a: ":" in a)


def friend_addresses(listen: str, machine: list[str] | None = None) -> list[str]:
    """The addresses friends can type to reach a host listening on ``listen`` (IPv6 in brackets)."""
    a = listen.strip().strip("[]")
    if a in ("", "0.0.0.0", "::"):
        found = machine if machine is not None else machine_addresses()
        if a == "0.0.0.0":
            found = [x for x in found if ":" not in x]
        return [f"[{x}]" if ":" in x else x for x in found]
    return [dial_address(listen)]


def announce(game: HostedGame, listen: str, port: int, tls: bool, *, trusted: bool = True,
             cert: str | None = None, machine: list[str] | None = None) -> str:
    """What the host says when it starts: the code, the command friends type, the page, and what is safe."""
    addresses = friend_addresses(listen, machine)
    address = addresses[0] if addresses else "ADDRESS"
    where = f"{'https' if tls else 'http'}://{address}:{port}"
    people = len(game.seats)
    who = f"{people} people play, and you are one." if game.options.table is None else \
        f"Table {game.options.table}. Each joins with their name, one of {', '.join(st.name for st in game.seats)}."
    lines = [f"Hosting. Join code {codes.said_code(game.code)}.",
             f"Friends type companion join {address}:{port}{' --tls' if tls else ''} "
             f"--code {codes.normal_code(game.code)} --name NAME"]
    if not addresses:
        lines.append("ADDRESS is this computer's address on your network, shown in its network settings.")
    elif len(addresses) > 1:
        lines.append(f"This computer's other addresses are {', '.join(addresses[1:])}.")
    lines.append(f"Or open {where} in a browser. {who}")
    if not tls and not is_loopback(listen):
        lines.append("The connection is not encrypted, so anyone on the network between you can read the game. "
                     "Give --cert and --key to encrypt it.")
    if tls and not trusted:
        lines.append(f"Friends' computers do not trust this certificate by themselves. Send them a copy of "
                     f"{cert or 'the certificate file'}, never the key, and they add --ca and that file.")
    return "\n".join(lines)


def trusted_by_default(port: int, dial: str) -> bool:
    """Whether the host's certificate is one a friend's computer trusts as it is (an authority signed it):
    a TLS handshake with this host itself, over ``dial``, checked against the system's authorities."""
    import socket
    import ssl

    ctx = ssl.create_default_context()
    ctx.check_hostname = False  # the name is a friend's business; here only who signed the certificate
    try:
        with socket.create_connection((dial.strip("[]"), port), timeout=5) as raw:
            with ctx.wrap_socket(raw):
                return True
    except ssl.SSLCertVerificationError:
        return False
    except (OSError, ssl.SSLError):
        return True  # not known: nothing more is said


def certificate_names(cert: str | None) -> tuple[str, ...]:
    """The DNS names a certificate file is for (so a host reached by that name answers), or none."""
    if not cert:
        return ()
    import ssl

    decode = getattr(getattr(ssl, "_ssl", None), "_test_decode_cert", None)
    if decode is None:
        return ()
    try:
        info = decode(cert)
    except (OSError, ValueError, ssl.SSLError):
        return ()
    return tuple(v for k, v in info.get("subjectAltName", ()) if k == "DNS" and "*" not in v)


def settings_changed(game: HostedGame, listen: str, tls: bool) -> str:
    """A sentence if this game was hosted with another address or encryption than now ("" if not)."""
    was = game.hosted_with
    if not was:
        return ""
    said = []
    if bool(was.get("tls")) != tls:
        said.append("with encryption, and now it is not, so friends join without --tls" if not tls else
                    "without encryption, and now it is encrypted, so friends join with --tls")
    if was.get("listen") != listen:
        said.append(f"on {was.get('listen')}, and now on {listen}")
    if not said:
        return ""
    return f"Game {codes.said_code(game.code)} was hosted " + ", and ".join(said) + "."


def _resumed_game(resumed: list[HostedGame], options: Options | None, code: str | None) -> HostedGame | None:
    """The resumed game this run plays at: the one of ``code``, or the first when nothing new is asked for."""
    mine: HostedGame | None = None
    for g in resumed:
        if code is not None and codes.normal_code(g.code) == codes.normal_code(code):
            mine = g
    if mine is None and options is None and resumed and code is None:
        mine = resumed[0]
    return mine


def _new_game(running: Running, options: Options | None, code: str | None,
              table: tuple[str, str, int | None] | None, name: str, stdin: TextIO, stdout: TextIO,
              say: Callable[[str], None]) -> tuple[HostedGame | None, str, int]:
    """A new game (its options asked when not given) or table on the host, and the name the host plays
    under; or None and the exit status, once said why (cancelled, or its code or table refused)."""
    if table is not None:
        try:
            mine = on_loop(running, running.host.add_table, *table, code)
        except ValueError as e:
            say(str(e))
            return None, name, 1
        if name.lower() not in [st.name.lower() for st in mine.seats]:
            name = mine.seats[0].name  # the host plays the first seat unless --name says which
        return mine, name, 0
    if options is None:
        options = ask(stdin, stdout)
        if options is None:
            say("Cancelled. Nothing was started.")
            return None, name, 0
    try:
        return on_loop(running, running.host.add_game, options, code), name, 0
    except ValueError:
        say(f"Error, the code '{code}' is in use by a game this host holds. Type another --code.")
        return None, name, 1


def _own_seat_tls(tls: ssl.SSLContext | None) -> ssl.SSLContext | None:
    """How the host's own seat connects to it: encrypted when the host is, without checking its certificate
    (the seat talks to its own host over loopback)."""
    if tls is None:
        return None
    import ssl

    client_tls = ssl.create_default_context()
    client_tls.check_hostname = False
    client_tls.verify_mode = ssl.CERT_NONE
    return client_tls


def run_host(options: Options | None, *, name: str, listen: str, port: int, code: str | None,
             cert: str | None = None, key: str | None = None, stdin: TextIO | None = None,
             stdout: TextIO | None = None, speech: bool = False,
             table: tuple[str, str, int | None] | None = None, names: tuple[str, ...] = ()) -> int:
    """Host a game (``options``, or asked), or a table record (``table``: names, kingdom, seed)."""
    from companion.net.join import HOST_GOODBYE, run_join
    from companion.net.transport import tls_context

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    try:
        tls = tls_context(cert, key)
    except (OSError, ValueError) as e:
        say(f"Error, the certificate {cert} could not be used, {e}. Name a PEM certificate and its key.")
        return 1
    try:
        running = start_server(listen, port, tls, names=names + certificate_names(cert))
    except OSError as e:
        say(f"Error, could not listen on {listen} port {port} ({e.strerror or e}). Type another --port.")
        return 1
    try:
        resumed = on_loop(running, running.host.resume_all)
        if resumed:
            said = ", ".join(codes.said_code(g.code) for g in resumed)
            say(f"Resumed {len(resumed)} {'game' if len(resumed) == 1 else 'games'} this host held, codes {said}.")
        mine = _resumed_game(resumed, options, code)
        if mine is None:
            mine, name, status = _new_game(running, options, code, table, name, stdin, stdout, say)
            if mine is None:
                return status
        for g in resumed:
            changed = settings_changed(g, listen, tls is not None)
            if changed:
                say(changed)

        def keep_settings(g: HostedGame) -> None:
            g.hosted_with = {"listen": listen, "tls": tls is not None}
            g.write()

        for g in {id(x): x for x in [*resumed, mine]}.values():
            on_loop(running, keep_settings, g)
        dial = dial_address(listen)
        trusted = tls is None or trusted_by_default(running.port, dial)
        say(announce(mine, listen, running.port, tls is not None, trusted=trusted, cert=cert))
        return run_join(f"{dial}:{running.port}", mine.code, name, tls=_own_seat_tls(tls), stdin=stdin,
                        stdout=stdout, token_key=f"host:{mine.id}", speech=speech, goodbye=HOST_GOODBYE)
    finally:
        running.stop()


def _number(typed: str) -> int | None:
    """The number typed (companion.numbers), with a superscript or circled one refused as a ValueError."""
    from companion.numbers import NumberError, as_number

    try:
        return as_number(typed)
    except NumberError as e:
        raise ValueError(str(e)) from None
