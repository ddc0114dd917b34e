"""Helpers for the network tests: a host on loopback in this process, and `companion join` processes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from companion.net.hosted import HostedGame, Options
from companion.net.hosting import Running, on_loop, start_server

ROOT = Path(__file__).resolve().parents[2]
BIG_MONEY = "buy province\nbuy gold\nbuy silver\nend\n"


@contextmanager
def host_on_loopback(folder: Path) -> Iterator[Running]:
    running = start_server("127.0.0.1", 0, folder=folder)
    try:
        yield running
    finally:
        running.stop()


def add_game(running: Running, options: Options, code: str) -> HostedGame:
    return on_loop(running, running.host.add_game, options, code)


def env(home: Path) -> dict[str, str]:
    e = dict(os.environ)
    e["COMPANION_HOME"] = str(home)
    e["PYTHONPATH"] = str(ROOT)
    e.pop("CI_NO", None)
    e['PYTHONFAULTHANDLER'] = '1'
    return e


def join_process(home: Path, port: int, code: str, name: str, script: str,
                 more_to_come: bool = False) -> subprocess.Popen[bytes]:
    """`companion join` with ``script`` piped in (each line waits for this seat's turn). Its output goes to
    files in ``home`` (``out`` and ``err``: a pipe left unread would stop it); read them with ``finish``.
    With ``more_to_come`` its input stays open: write more to ``proc.stdin``, then close it."""
    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "join", f"127.0.0.1:{port}", "--code", code, "--name", name],
        stdin=subprocess.PIPE, stdout=(home / "out").open("wb"), stderr=(home / "err").open("wb"),
        env=env(home), cwd=str(ROOT))
    assert proc.stdin is not None
    proc.stdin.write(script.encode())
    if more_to_come:
        proc.stdin.flush()
        return proc
    proc.stdin.close()
    proc.stdin = None
    return proc


def finish(proc: subprocess.Popen[bytes], home: Path, timeout: float) -> tuple[int, str, str]:
    """Wait for a join process: (exit status, what it printed, what it wrote to stderr)."""
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return proc.returncode, (home / "out").read_text(), (home / "err").read_text()


def joined_run(home: Path, port: int, code: str, name: str, script: str, timeout: float = 60) -> str:
    """One whole `companion join` run of ``script`` that must end well (status 0): what it printed."""
    status, out, err = finish(join_process(home, port, code, name, script), home, timeout)
    assert status == 0, (out, err)
    return out


def record_frames(running: Running) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Every frame the host sends to each seat, from now on, as (game id, seat) -> messages."""
    import json

    frames: dict[tuple[str, int], list[dict[str, Any]]] = {}

    def tap(game_id: str, seat: int, text: str) -> None:
        frames.setdefault((game_id, seat), []).append(json.loads(text))

    running.host.tap = tap
    return frames


_TURN = re.compile(r"^(?P<who>[A-Z][\w' -]*?)'s turn \d+\. (?P<cards>.+)$")
_HAND = re.compile(r"^Hand, \d+ cards?: (?P<cards>.+)$")


def hidden_leaks(names: list[str], seat: int, texts: list[str]) -> list[str]:
    """Lines that say another seat's hand: its turn's start (which names the hand) or a hand listing
    while it is not this seat's own. The game's words say a hand only in these two forms."""
    leaks = []
    me = names[seat]
    for text in texts:
        for line in text.splitlines():
            m = _TURN.match(line)
            if m and m.group("who") != me and m.group("who") in names:
                leaks.append(line)
    return leaks
