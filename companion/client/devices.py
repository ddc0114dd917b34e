"""The terminal's side of a server account: the device token it keeps for each server and name (so the password
is asked once on this computer), and reading a password without showing it."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TextIO


def _path() -> Path:
    from companion.paths import state_dir

    return state_dir() / "net" / "devices.json"


def _key(address: str, name: str) -> str:
    from companion.net.client import ws_url
    from companion.server.names import key

    return f"{ws_url(address)}|{key(name)}"


def _read() -> dict[str, str]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def kept(address: str, name: str) -> str:
    """The device token kept for this server and name ("" if none)."""
    return _read().get(_key(address, name), "")


def keep(address: str, name: str, token: str) -> None:
    """Keep a device token (readable by this user only): the newest replaces the one before."""
    from companion.paths import atomic_write

    data = _read()
    data.pop(_key(address, name), None)
    data[_key(address, name)] = token
    while len(data) > 50:
        data.pop(next(iter(data)))
    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(data))
        if sys.platform != "win32":
            os.chmod(path, 0o600)  # a device token is a key to the account
    except OSError:
        pass


def read_secret(prompt: str, stdin: TextIO, stdout: TextIO, tty: bool) -> str | None:
    """A password typed and never shown (as getpass reads it); piped, the next line. None at the end of input."""
    if tty and stdin is sys.stdin:
        import getpass

        try:
            return getpass.getpass(prompt or "password. ", stream=stdout)
        except EOFError:
            return None
    raw = stdin.readline()
    return raw.rstrip("\r\n") if raw else None
