"""``companion server``: a long-running server of many games with a lobby (companion.server)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.names import quote
from companion.commands.registry import ArgumentParser, command, ended
from companion.refusal import CommandError
from companion.numbers import whole

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


@command(
    "server",
    summary="serves many games with a lobby, for a community.",
    usage="companion server, and options such as --listen and --port",
    example="companion server --listen 0.0.0.0 --port 8650",
    topic="Playing from different places",
    shell=False,
    details=("People type companion join ADDRESS --name N, or open it in a browser. --store redis://HOST:PORT/0 "
             "shares games among processes. The server page of the docs says the rest, as --accounts and --unrated."),
)
def server_command(session: Session, args: str) -> "Response":
    from companion.server.running import DEFAULT_PORT, run_server

    words = args.split()
    if words and words[0].lower() in ("moderator", "account"):  # the operator's commands on the community
        import sys

        from companion.server.operator import run_operator

        q = ArgumentParser("server")
        q.add_argument("words", nargs="+")
        q.add_argument("--store")
        ns = q.parse(args, intermixed=True)
        return ended(session, run_operator([w.lower() if i < 2 else w for i, w in enumerate(ns.words)], ns.store,
                                           sys.stdout))
    p = ArgumentParser("server")
    p.add_argument("--listen", default="127.0.0.1")
    p.add_argument("--port", type=whole)
    p.add_argument("--store")
    p.add_argument("--trust-proxy", action="append", default=[])
    p.add_argument("--server-name", action="append", default=[])
    p.add_argument("--cert")
    p.add_argument("--key")
    p.add_argument("--metrics-from", action="append", default=[])
    p.add_argument("--no-person-limits", action="store_true")  # a load test's many games from one address
    p.add_argument("--accounts", choices=["optional", "required"], default="optional")
    p.add_argument("--unrated", action="store_true")
    ns = p.parse(args)
    if ns.port is not None and not 0 <= ns.port <= 65535:
        raise CommandError(f"the port {quote(str(ns.port))} is not 0 to 65535. Type --port 8650, for example.")
    status = run_server(ns.listen, DEFAULT_PORT if ns.port is None else ns.port, ns.store, ns.trust_proxy,
                        cert=ns.cert, key=ns.key, names=tuple(n.strip().lower() for n in ns.server_name),
                        metrics_from=ns.metrics_from, limits=not ns.no_person_limits,
                        accounts_required=ns.accounts == "required", unrated=ns.unrated)
    return ended(session, status)
