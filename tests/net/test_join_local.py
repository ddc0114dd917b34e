"""Lines `companion join` answers on the player's own computer, never sending them to the host."""

from __future__ import annotations

import io

from companion.net.join import _local
from companion.session import Session
from companion.settings import load_settings


def test_the_line_editor_and_speech_are_set_on_this_computer(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    session = Session(out=io.StringIO(), settings=load_settings())
    # the host refuses these (they would act on its machine), so a terminal does them itself
    assert _local(session, None, "set\tinput plain") is False  # type: ignore[arg-type]
    assert session.settings.get("input") == "plain"
    assert _local(session, None, "input auto") is False  # type: ignore[arg-type]
    assert session.settings.get("input") == "auto"
    assert _local(session, None, "set verbosity brief") is None  # type: ignore[arg-type] - the host's to answer
    assert _local(session, None, "quit") is True  # type: ignore[arg-type]


def test_an_address_without_a_port_means_the_hosts_default_port():
    from companion.net.client import ws_url

    assert ws_url("192.168.1.20") == "ws://192.168.1.20:8650/ws"
    assert ws_url("localhost", tls=True) == "wss://localhost:8650/ws"
    assert ws_url("[::1]") == "ws://[::1]:8650/ws"
    assert ws_url("192.168.1.20:9000") == "ws://192.168.1.20:9000/ws"  # a port typed is kept
    assert ws_url("[::1]:9000") == "ws://[::1]:9000/ws"
    assert ws_url("http://192.168.1.20:8650/") == "ws://192.168.1.20:8650/ws"
