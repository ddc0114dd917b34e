"""The platform's folders for companion.quick_lookup, as platformdirs gives them, most often without importing it.

Without COMPANION_HOME (or COMPANION_CONFIG_DIR and COMPANION_STATE_DIR), companion.paths asks platformdirs
for the config and state folders. Importing platformdirs (pathlib, tempfile, shutil, random...) costs
more than the whole quick lookup, so its answer is remembered in the state folder, in ``cache/folders.json``,
with everything it depends on: the platform, the Python version, the user, the environment variables it
reads (HOME, the XDG_*_HOME, XDG_*_DIRS and XDG_*_DIR folders, and what tells Android apart), the import
system's finders, the folder ``import platformdirs`` finds first on the import path, and the size and
modification time of each of its files. While all of that is unchanged, the next lookup takes the folders
from there; any change, or a damaged file, means platformdirs is asked again.

The file is found where platformdirs puts the state folder on Linux by default (``$XDG_STATE_HOME`` or
``~/.local/state``): that guess only says where to look, and the file is used only if it was written for
that very folder. Elsewhere (Windows, macOS, an unusual setting) the guess misses, nothing is written, and
platformdirs is asked each time, as by the full path.
"""

from __future__ import annotations

import json
import os
import sys

from companion.folders import APP

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass

MEMO = ("cache", "folders.json")  # under the state folder
MAX_BYTES = 64 * 1024
_VERSION = 1


def platform_folders() -> tuple[str, str]:
    """(config folder, state folder), as ``platformdirs.user_config_dir`` and ``user_state_dir`` give them
    for this program (companion.paths._folder)."""
    guess = _guess()
    if guess is not None:
        remembered = _remembered(guess)
        if remembered is not None:
            return remembered, guess
    import platformdirs

    config = str(platformdirs.user_config_dir(APP, appauthor=False))
    state = str(platformdirs.user_state_dir(APP, appauthor=False))
    if state == guess:
        _remember(state, config, os.path.dirname(os.path.abspath(platformdirs.__file__)))
    return config, state


def _guess() -> str | None:
    """Where platformdirs puts the state folder on Linux without unusual settings, or None."""
    home = os.environ.get("HOME", "")
    if not sys.platform.startswith("linux") or not os.path.isabs(home):
        return None  # a relative or missing HOME: platformdirs asks the user database, which is not fingerprinted
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(home, ".local", "state")
    return os.path.join(base, APP)


def _fingerprint(where: str) -> dict[str, object]:
    """Everything platformdirs' answer depends on, with its code in the folder ``where``."""
    stats = [(n, os.stat(os.path.join(where, n))) for n in sorted(os.listdir(where)) if n.endswith(".py")]
    return {
        "version": _VERSION,
        "platform": [sys.platform, list(sys.version_info[:3]), hasattr(sys, "getandroidapilevel")],
        "user": _user(),
        "environment": sorted([k, v] for k, v in os.environ.items() if _read_by_platformdirs(k)),
        "finders": [f"{type(f).__module__}.{type(f).__qualname__}" for f in sys.meta_path],
        "platformdirs": [where, [[n, st.st_size, st.st_mtime_ns] for n, st in stats]],
    }


def _read_by_platformdirs(name: str) -> bool:
    """The environment variables platformdirs reads for a user's folders: HOME, the XDG folders (not the
    session's other XDG_ values, such as a session cookie, which have no place in a file), and what tells
    Android apart."""
    return name in ("HOME", "SHELL", "PREFIX", "ANDROID_DATA", "ANDROID_ROOT") or (
        name.startswith("XDG_") and name.endswith(("_HOME", "_DIRS", "_DIR")))


def _user() -> list[int]:
    if sys.platform == "win32":
        return []
    return [os.getuid(), os.geteuid()]


def _first_platformdirs() -> str | None:
    """The folder of the platformdirs package ``import platformdirs`` finds first on the import path, or
    None where the first thing of that name is anything else (a module file, a namespace package)."""
    import _imp

    modules = [".py", ".pyc", *_imp.extension_suffixes()]
    for entry in sys.path:
        if not isinstance(entry, str) or os.path.isfile(entry):
            return None  # a zip file: what it holds is not looked into here
        folder = os.path.join(entry or os.curdir, "platformdirs")
        if os.path.isfile(os.path.join(folder, "__init__.py")):
            return os.path.abspath(folder)
        if os.path.exists(folder) or any(os.path.exists(folder + suffix) for suffix in modules):
            return None
    return None


def _remembered(state: str) -> str | None:
    """The config folder remembered in the state folder ``state`` for exactly this fingerprint, or None."""
    try:
        fd = os.open(os.path.join(state, *MEMO), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            raw = os.read(fd, MAX_BYTES + 1)
        finally:
            os.close(fd)
        if len(raw) > MAX_BYTES:
            return None
        doc = json.loads(raw.decode("utf-8"))
        where = _first_platformdirs()
        if where is None or not isinstance(doc, dict) or doc.get("fingerprint") != _fingerprint(where):
            return None
    except (OSError, ValueError, RecursionError):
        return None
    config = doc.get("config")
    if doc.get("state") != state or not isinstance(config, str) or not os.path.isabs(config):
        return None
    return config


def _remember(state: str, config: str, where: str) -> None:
    """Write the memo beside the card cache (only where that folder is already there); never raises."""
    folder = os.path.join(state, MEMO[0])
    if not os.path.isdir(folder):
        return
    path = os.path.join(folder, MEMO[1])
    tmp = os.path.join(folder, f".{MEMO[1]}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        text = json.dumps({"state": state, "config": config, "fingerprint": _fingerprint(where)}, ensure_ascii=False)
        with open(tmp, "x", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except (OSError, ValueError, TypeError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
