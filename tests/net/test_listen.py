"""Listening on a network works and says what it means: a host listening on an address of its own
(127.0.0.2 here, as a VPN address would be) is reached by its own seat and by a friend who types what it
announced; a host listening everywhere names addresses friends can reach; a TLS host announces a join
command that works; a game hosted again with other settings says so."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from companion.net.hosted import HostedGame, Options
from companion.net.hosting import announce, friend_addresses, run_host
from tests.conftest import needs
from tests.net.helpers import ROOT, env, finish
from tests.net.test_restart import _free_port

CODE = "192837465"


def _host(home: Path, *more: str) -> subprocess.Popen[bytes]:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "host", "--players", "2", "--seed", "3", "--code", CODE,
         "--name", "Ana", *more],
        stdin=subprocess.PIPE, stdout=(home / "out").open("wb"), stderr=(home / "err").open("wb"),
        env=env(home), cwd=str(ROOT))


def _announced(home: Path, proc: subprocess.Popen[bytes]) -> str:
    end = time.monotonic() + 30
    while True:
        out = (home / "out").read_text() if (home / "out").exists() else ""
        if "Or open" in out:
            return out
        assert time.monotonic() < end and proc.poll() is None, (out, (home / "err").read_text())
        time.sleep(0.1)


def _friend(home: Path, command: str, *more: str) -> tuple[int, str, str]:
    """Run the command the host told friends to type, NAME replaced, with ``more`` after it."""
    words = command.replace("--name NAME", "--name Ben").split()
    assert words[:2] == ["companion", "join"], command
    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "companion", *words[1:], *more], stdin=subprocess.PIPE,
                            stdout=(home / "out").open("wb"), stderr=(home / "err").open("wb"),
                            env=env(home), cwd=str(ROOT))
    assert proc.stdin is not None
    proc.stdin.write(b"say hello\n")
    proc.stdin.close()
    proc.stdin = None
    return finish(proc, home, 60)


def _stop(host: subprocess.Popen[bytes], home: Path) -> tuple[int, str, str]:
    assert host.stdin is not None
    host.stdin.write(b"quit\n")
    host.stdin.close()
    host.stdin = None
    return finish(host, home, 30)


def test_a_host_listening_on_an_address_of_its_own_is_reached_by_its_seat_and_friends(tmp_path):
    port = _free_port()
    home = tmp_path / "host"
    host = _host(home, "--listen", "127.0.0.2", "--port", str(port))
    try:
        out = _announced(home, host)
        command = re.search(r"Friends type (.+)", out)[1]  # type: ignore[index]
        assert command.startswith(f"companion join 127.0.0.2:{port} ")
        assert "0.0.0.0" not in out and "127.0.0.1" not in out
        rc, said, err = _friend(tmp_path / "ben", command)
        assert rc == 0, (said, err)
        assert "You said, hello" in said
        host_rc, host_out, host_err = _stop(host, home)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    assert "Ben says, hello" in host_out, host_out  # the host's own seat was connected: it heard Ben
    assert not host_err.strip(), host_err


def test_a_host_listening_everywhere_names_addresses_friends_can_reach(tmp_path):
    game = HostedGame("g", CODE, Options(2, [], "First Game", 3), tmp_path)
    said = announce(game, "0.0.0.0", 8650, False, machine=["192.168.1.20", "10.8.0.5", "fd00::5"])
    assert "Friends type companion join 192.168.1.20:8650 --code" in said
    assert "10.8.0.5" in said and "0.0.0.0" not in said
    assert "not encrypted" in said
    assert friend_addresses("::", ["192.168.1.20", "fd00::5"]) == ["192.168.1.20", "[fd00::5]"]
    nothing = announce(game, "0.0.0.0", 8650, False, machine=[])
    assert "companion join ADDRESS:8650" in nothing and "network settings" in nothing
    assert "not encrypted" not in announce(game, "127.0.0.1", 8650, False)


def test_a_tls_host_announces_a_join_command_that_works(tmp_path):
    needs("openssl", shutil.which("openssl") is not None)
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    port = _free_port()
    home = tmp_path / "host"
    host = _host(home, "--port", str(port), "--cert", str(cert), "--key", str(key))
    try:
        out = _announced(home, host)
        command = re.search(r"Friends type (.+)", out)[1]  # type: ignore[index]
        assert " --tls " in command and f"https://127.0.0.1:{port}" in out
        assert f"Send them a copy of {cert}" in out and "add --ca and that file" in out
        rc, said, err = _friend(tmp_path / "ben", command, "--ca", str(cert))  # as the host said
        assert rc == 0, (said, err)
        assert "You said, hello" in said
        _stop(host, home)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def test_a_game_hosted_again_with_other_settings_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    first = io.StringIO()
    assert run_host(Options(2, [], "First Game", 3), name="Ana", listen="127.0.0.1", port=0, code=CODE,
                    stdin=io.StringIO("quit\n"), stdout=first) == 0
    again = io.StringIO()
    assert run_host(None, name="Ana", listen="127.0.0.2", port=0, code=CODE,
                    stdin=io.StringIO("quit\n"), stdout=again) == 0
    assert "Game 192 837 465 was hosted on 127.0.0.1, and now on 127.0.0.2." in again.getvalue(), again.getvalue()
