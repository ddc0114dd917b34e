"""A closed terminal window ends the program, whichever line editor reads it.

libedit, inside CPython's readline module, keeps asking a hung-up terminal in C: without the watch in
companion/shell/hangup.py the process span at a tenth of a core for ever and ignored SIGTERM.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from companion.shell.hangup import terminal_gone
from tests.shell.test_line_editors import _environment
from tests.terminal import Terminal, needs_posix_terminal


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_hung_up_terminal_is_seen_as_gone() -> None:
    import pty

    master, slave = pty.openpty()
    try:
        assert not terminal_gone(slave)
        os.close(master)
        assert terminal_gone(slave)
    finally:
        os.close(slave)


def _companion_pids(home: Path) -> list[int]:
    """The program's processes started with COMPANION_HOME=home (found through /proc)."""
    wanted = f"COMPANION_HOME={home}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if wanted in environ and b"companion" in cmdline and b"-m" in cmdline:
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("backend", ["libedit", "readline", "plain"])
def test_closing_the_terminal_ends_the_program(backend: str, tmp_path: Path) -> None:
    needs_posix_terminal()
    if not Path("/proc/self/environ").exists():
        pytest.skip("finding the program's process needs /proc")
    home = tmp_path / "home"
    with Terminal(home, env=_environment(backend)) as term:
        term.wait_for("companion. ")
        term.type("card vil")  # a half-typed line, as when a window is closed mid-thought
        pids = _companion_pids(home)
        assert len(pids) == 1, pids
    # The terminal is gone (its tmux server killed). The program must end by itself; the bound below
    # is only how long this test waits for that, not a measure of speed.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and _companion_pids(home):
        time.sleep(0.2)
    left = _companion_pids(home)
    for pid in left:  # never leave a spinning process behind, even when the check fails
        os.kill(pid, 9)
    assert not left, f"the {backend} shell went on after its terminal closed"
