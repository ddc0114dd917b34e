"""deploy/nginx/companion.conf's TLS for players who come back (a dropped connection, a server process taken
over): each resumes its session, whichever nginx worker takes the connection, so nginx makes no new key
signature for it; and the sessions are kept by nginx itself (shared by its workers), not handed to players
as tickets sealed with a key nginx never changes while it runs."""

from __future__ import annotations

import socket
import ssl

import pytest

from tests.server.components import free_port, nginx

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and nginx it starts)


def fetch(port: int, ctx: ssl.SSLContext, session: ssl.SSLSession | None = None) -> tuple[bool, ssl.SSLSession]:
    """One request to the site (answered with a 502: no server process behind it): whether the session was
    resumed, and the session."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    tls = ctx.wrap_socket(raw, server_hostname="127.0.0.1", session=session)
    tls.sendall(b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    while tls.recv(4096):  # to the end: a TLS 1.3 session arrives after the handshake
        pass
    reused, kept = tls.session_reused, tls.session
    tls.close()
    assert kept is not None
    return reused, kept


@pytest.mark.parametrize("version", [ssl.TLSVersion.TLSv1_2, ssl.TLSVersion.TLSv1_3])
def test_a_returning_player_resumes_its_tls_session_at_any_worker(tmp_path, version):
    with nginx(tmp_path / "nginx", [free_port(), free_port()], workers=2) as port:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        ctx.minimum_version = ctx.maximum_version = version
        reused, session = fetch(port, ctx)
        assert not reused
        if version == ssl.TLSVersion.TLSv1_2:
            assert not session.has_ticket  # kept by nginx in its cache
        again = [fetch(port, ctx, session)[0] for _ in range(8)]  # either of 2 workers
        assert again == [True] * 8
