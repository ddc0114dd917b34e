"""Optional TLS with a certificate the host names: a player who trusts it joins over wss://; one who
does not is refused by their own program, which says so."""

from __future__ import annotations

import shutil
import ssl
import subprocess

from companion.net.client import Refused, Remote
from companion.net.hosted import Options
from companion.net.hosting import on_loop, start_server
from companion.net.server import tls_context
from tests.conftest import needs


def test_tls_with_a_certificate_the_host_names(tmp_path):
    needs("openssl", shutil.which("openssl") is not None)
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    running = start_server("127.0.0.1", 0, tls_context(str(cert), str(key)), folder=tmp_path / "hosted")
    try:
        on_loop(running, running.host.add_game, Options(2, ["bigmoney"], "First Game", 3), "135792468")
        heard: list[str] = []
        trusted = ssl.create_default_context(cafile=str(cert))
        remote = Remote(f"https://127.0.0.1:{running.port}", "135792468", "Ana", show=heard.append, tls=trusted)
        remote.start()
        assert remote.wait(lambda: remote.yours, timeout=15)
        assert remote.send_line("hand")
        assert heard[-1].startswith("Hand")
        remote.close()
        stranger = Remote(f"https://127.0.0.1:{running.port}", "135792468", "Ben", show=heard.append,
                          tls=ssl.create_default_context())
        try:
            stranger.start()
            raise AssertionError("an untrusted certificate was accepted")
        except Refused as e:
            assert str(e).startswith("Error, the host's certificate is not trusted.")
        finally:
            stranger.close()
    finally:
        running.stop()
