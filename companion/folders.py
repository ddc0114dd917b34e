"""Where the program's folders are, as text, with ``os`` alone: the one rule for companion.paths (which makes
Paths of it) and for the quick one-shot path (companion.quick_lookup), which must load nothing heavy.

``COMPANION_CONFIG_DIR``, ``COMPANION_DATA_DIR`` or ``COMPANION_STATE_DIR`` name a folder; else
``COMPANION_HOME`` holds ``config``, ``data`` and ``state``; else the platform's own folders (platformdirs).
"""

from __future__ import annotations

import os

APP = "companion"


def expand(path: str) -> str:
    """``~`` or ``~user`` at the start made a home folder, as ``Path.expanduser`` does: RuntimeError where no
    home folder can be found."""
    if not path.startswith("~"):
        return path
    expanded = os.path.expanduser(path)
    if expanded.startswith("~"):
        raise RuntimeError("Could not determine home directory.")
    return expanded


def overridden() -> bool:
    """Whether any variable names a folder (else every folder is the platform's)."""
    return any(os.environ.get(v) for v in ("COMPANION_HOME", "COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR",
                                             "COMPANION_STATE_DIR"))


def folder(variable: str, sub: str, default: str) -> str:
    """The folder ``variable`` names, else ``sub`` under COMPANION_HOME, else platformdirs' ``default``."""
    explicit = os.environ.get(variable)
    if explicit:
        return expand(explicit)
    home = os.environ.get("COMPANION_HOME")
    if home:
        return os.path.join(expand(home), sub)
    import platformdirs  # only when no override is given: tests and one-shot runs often skip it

    return str(getattr(platformdirs, default)(APP, appauthor=False))


def config_folder() -> str:
    return folder("COMPANION_CONFIG_DIR", "config", "user_config_dir")


def data_folder() -> str:
    return folder("COMPANION_DATA_DIR", "data", "user_data_dir")


def state_folder() -> str:
    return folder("COMPANION_STATE_DIR", "state", "user_state_dir")
