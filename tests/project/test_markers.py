"""tests/markers.py: a test is marked for what its code reaches, through the suite's helpers, and one that
starts a process or opens an internet socket without its marker fails with the marker to add."""

from __future__ import annotations

import socket
import subprocess
import sys
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any, Iterator

import pytest

from tests import markers
from tests.terminal import Terminal


def _helper_two_steps_away() -> None:
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def _helper() -> None:
    _helper_two_steps_away()


@contextmanager
def _serving() -> Iterator[None]:
    from companion.net.hosting import start_server

    running = start_server("127.0.0.1", 0)
    yield
    running.stop()


def _item(function: Any, marked: tuple[str, ...] = ()) -> Any:
    """The parts of a pytest item that markers.py reads."""
    return SimpleNamespace(function=function, fixturenames=(), _fixtureinfo=None, nodeid=f"fake::{function.__name__}",
                           get_closest_marker=lambda name: name if name in marked else None)


def test_what_a_test_reaches_through_helpers_is_found() -> None:
    def in_process() -> None:
        assert sorted("cba") == ["a", "b", "c"]

    def through_helpers() -> None:
        _helper()

    def in_a_terminal() -> None:
        Terminal  # noqa: B018 - named, as a test that drives one names it

    def in_a_with() -> None:
        with _serving():
            pass

    def with_a_local_import() -> None:
        import socket as s

        s.gethostname()

    assert markers.reaches(_item(in_process)) == set()
    assert markers.reaches(_item(through_helpers)) == {"process"}
    assert markers.reaches(_item(in_a_terminal)) >= {"terminal", "process"}
    assert markers.reaches(_item(with_a_local_import)) == {"network"}
    assert markers.reaches(_item(in_a_with)) == {"network"}  # through a @contextmanager helper


def test_every_marker_is_registered(pytestconfig: pytest.Config) -> None:
    registered = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert set(markers.REAL) | {"slow"} <= registered


def test_an_unmarked_process_or_internet_socket_fails_with_the_marker_to_add(monkeypatch: pytest.MonkeyPatch) -> None:
    def unmarked() -> None:
        pass

    with monkeypatch.context() as patched:
        markers.guard(_item(unmarked), patched)
        with pytest.raises(markers.Unmarked, match=r"fake::unmarked starts a process but is not marked process: "
                                                   r"add @pytest.mark.process"):
            subprocess.run(["true"])
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s, \
                pytest.raises(markers.Unmarked, match="not marked network"):
            s.bind(("127.0.0.1", 0))
        left, right = socket.socketpair()  # a local pair, as an event loop makes, is no network
        left.close()
        right.close()
    with monkeypatch.context() as patched:
        markers.guard(_item(unmarked, ("process", "network")), patched)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.1", 0))
