"""Commands for playing from different places: host, join, and in a hosted game say, who, bot and back.

``host`` and ``join`` start from the command line (``companion host``, ``companion join ...``); the
others are answered by the host inside a hosted game (companion.net.chat), so here they only say where
they work. The network code is imported only when one of them runs.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Callable

from companion.cards.names import quote
from companion.commands.registry import ArgumentParser, command, ended, words_option
from companion.refusal import CommandError
from companion.numbers import whole

if TYPE_CHECKING:
    from companion.net.hosted import Options
    from companion.response import Response
    from companion.session import Session

TOPIC = "Playing from different places"
ELSEWHERE = "works in a hosted game. Type companion host, or companion join, at the command line."


@command(
    "host",
    summary="hosts a game that friends join from their own device.",
    usage="companion host, or companion host and options",
    example='companion host --players 3 --bots strong --kingdom "First Game" --seed 4',
    topic=TOPIC,
    shell=False,
    details=("With no options it asks the questions new asks. --table NAMES hosts a table of real cards. "
             "Also --name, --listen, --port, --code, --cert, --key and --hostname."),
)
def host_command(session: "Session", args: str) -> "Response":
    from companion.game.starting import bool_or_random, SetupError
    from companion.installed import page_problem

    problem = page_problem()  # refused before anything starts, rather than serving friends an empty 404
    if problem:
        raise CommandError(f"the host cannot start, {problem}")
    p = ArgumentParser("host")
    p.add_argument("--players", type=whole)
    words_option(p, "--bots")
    words_option(p, "--kingdom", "First Game")
    p.add_argument("--seed", type=whole)
    p.add_argument("--colony", default="random")
    words_option(p, "--name", "Host")
    p.add_argument("--listen", default="127.0.0.1")
    p.add_argument("--port", type=whole)
    p.add_argument("--code")
    p.add_argument("--cert")
    p.add_argument("--key")
    p.add_argument("--table")
    p.add_argument("--hostname", action="append", default=[])
    ns = p.parse(args)
    options = None
    from companion.net import codes
    from companion.net.hosting import DEFAULT_PORT, run_host

    if ns.code is not None and not codes.normal_code(ns.code):
        raise CommandError(f"the code {quote(ns.code)} is not 9 digits. Type --code 123456789, for example.")
    if ns.port is not None and not 0 <= ns.port <= 65535:
        raise CommandError(f"the port {quote(str(ns.port))} is not 0 to 65535. Type --port 8650, for example.")
    try:
        colony = bool_or_random(ns.colony)
    except SetupError as e:
        raise CommandError(str(e)) from None
    table = None
    if ns.table is not None:  # a table record of real cards: the players' names, with commas
        if ns.players is not None or ns.bots is not None:
            raise CommandError("--table names the players, so it takes no --players or --bots. "
                               "Type --table \"Ana, Ben\".")
        table = (ns.table, ns.kingdom, ns.seed)
    elif ns.players is not None or ns.bots is not None:
        options = host_options(ns.players, ns.bots, ns.kingdom, ns.seed, colony)
    status = run_host(options, name=player_name(ns.name), listen=ns.listen,
                      port=DEFAULT_PORT if ns.port is None else ns.port, code=ns.code, cert=ns.cert, key=ns.key,
                      table=table, names=tuple(ns.hostname))
    return ended(session, status)


def player_name(typed: str) -> str:
    name = " ".join(typed.split())[:20]
    if not name or any(not (c.isalnum() or c in " -'.") for c in name):
        raise CommandError(f"the name {quote(typed)} cannot be used. Type --name and letters, such as --name Ben.")
    return name


def host_options(players: int | None, bots_text: str | None, kingdom: str, seed: int | None,
             colony: bool | None) -> "Options":
    import random

    from companion.bots import UnknownBot, bot_names
    from companion.kingdom import KingdomError, choose_kingdom
    from companion.net.hosted import Options

    bots: list[str] = []
    if bots_text is not None and bots_text.strip().lower() not in ("none", "0", ""):
        try:
            bots = bot_names(bots_text)
        except UnknownBot as e:
            raise CommandError(str(e)) from None
    if players is None:
        players = len(bots) + 1 if bots else 2
    if not 2 <= players <= 6:
        raise CommandError(f"Dominion is for 2 to 6 players, not {quote(str(players))}. Type --players 3, for example.")
    if len(bots) >= players:
        raise CommandError(f"{len(bots)} bots leave no seat for a person. Type fewer --bots.")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    try:
        choose_kingdom(kingdom, seed=seed)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    return Options(players, bots, kingdom, seed, colony)


@command(
    "join",
    summary="joins a hosted game from this terminal.",
    usage="companion join ADDRESS --name N, with --code C for a game",
    example="companion join 192.168.1.20:8650 --code 482193765 --name Ben",
    topic=TOPIC,
    shell=False,
    details=("Without --code it joins a server's lobby. It reconnects by itself. Add --tls for a host with a "
             "certificate, and --ca FILE for a certificate the host made itself."),
)
def join_command(session: "Session", args: str) -> "Response":
    p = ArgumentParser("join")
    p.add_argument("address")
    p.add_argument("--code")
    p.add_argument("--name", required=True)
    p.add_argument("--tls", action="store_true")
    p.add_argument("--insecure", action="store_true")
    p.add_argument("--ca")
    ns = p.parse(args)
    from companion.net import codes
    from companion.net.join import run_join

    if ns.code is not None and not codes.normal_code(ns.code):
        raise CommandError(f"the code {quote(ns.code)} is not 9 digits. Type the code the host said.")
    tls = None
    if ns.tls or ns.insecure or ns.ca or ns.address.lower().startswith(("https://", "wss://")):
        import ssl

        tls = ssl.create_default_context(cafile=ns.ca)
        if ns.insecure:
            tls.check_hostname = False
            tls.verify_mode = ssl.CERT_NONE
    if ns.code is None:  # a server's lobby: its games are found there
        from companion.client.lobby_client import run_lobby

        status = run_lobby(ns.address, player_name(ns.name), tls=tls, stdin=sys.stdin, stdout=sys.stdout)
    else:
        status = run_join(ns.address, ns.code, player_name(ns.name), tls=tls, stdin=sys.stdin, stdout=sys.stdout)
    return ended(session, status)


def _elsewhere(name: str) -> Callable[["Session", str], None]:
    def run(session: "Session", args: str) -> None:
        raise CommandError(f"{quote(name)} {ELSEWHERE}")

    return run


command("say", summary="says a line to everyone in a hosted game.", usage="say TEXT", example="say good luck",
        topic=TOPIC, one_shot=False)(_elsewhere("say"))
command("who", summary="says who is here and whom the game waits for.", usage="who", example="who",
        topic=TOPIC, one_shot=False)(_elsewhere("who"))
command("bot", summary="hands an away player's seat to a bot.", usage="bot NAME", example="bot Ben",
        topic=TOPIC, one_shot=False)(_elsewhere("bot"))
command("back", summary="takes a seat back from the bot.", usage="back NAME", example="back Ben",
        topic=TOPIC, one_shot=False)(_elsewhere("back"))
