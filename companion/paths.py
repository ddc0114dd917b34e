"""Where the program keeps its files: one place per kind, each overridable by an environment variable.

- ``COMPANION_HOME``: if set, everything lives under it (``config/``, ``data/``, ``state/``). Tests use this.
- ``COMPANION_CONFIG_DIR``: settings (``settings.toml``).
- ``COMPANION_DATA_DIR``: what a user saves on purpose (saved games, tables, exported braille).
- ``COMPANION_STATE_DIR``: what the program keeps for itself (shell history, the error log).

Without them, the platform's usual folders (platformdirs). Every area's saved files must live under one of
these three folders; nothing is written anywhere else.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "companion"


def _folder(variable: str, sub: str, default: str) -> Path:
    explicit = os.environ.get(variable)
    if explicit:
        return Path(explicit).expanduser()
    home = os.environ.get("COMPANION_HOME")
    if home:
        return Path(home).expanduser() / sub
    import platformdirs  # only when no override is given: tests and one-shot runs often skip it

    return Path(getattr(platformdirs, default)(APP, appauthor=False))


def config_dir() -> Path:
    return _folder("COMPANION_CONFIG_DIR", "config", "user_config_dir")


def data_dir() -> Path:
    return _folder("COMPANION_DATA_DIR", "data", "user_data_dir")


def state_dir() -> Path:
    return _folder("COMPANION_STATE_DIR", "state", "user_state_dir")


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
