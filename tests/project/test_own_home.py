"""The suite never touches a user's folder: run with COMPANION_HOME (and the platform's folders) naming a
folder where someone keeps their games and settings, a slice of tests that save games, autosave and change
settings passes and leaves that folder exactly as it was (tests/conftest.py's ``home``)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

# Tests that write each kind of file the program keeps: autosaves and saves, settings, the card cache.
SLICE = ["tests/game/test_clauses.py", "tests/game/test_saving.py", "tests/settings/test_settings_file.py"]


def _snapshot(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every file and folder under ``folder``: its size, its time of change and its content's digest."""
    seen: dict[str, tuple[int, int, str]] = {}
    for path in sorted(folder.rglob("*")):
        st = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
        seen[path.relative_to(folder).as_posix()] = (st.st_size, st.st_mtime_ns, digest)
    return seen


def test_a_set_companion_home_is_left_unchanged(tmp_path: Path) -> None:
    user = tmp_path / "user"
    (user / "data" / "games").mkdir(parents=True)
    (user / "data" / "games" / "mine.json").write_text('{"a": "game of mine"}', encoding="utf-8")
    (user / "config").mkdir()
    (user / "config" / "settings.toml").write_text('verbosity = "brief"\n', encoding="utf-8")
    (user / "xdg").mkdir()
    before = _snapshot(user)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTEST", "XDG_"))}
    env.update(COMPANION_HOME=str(user), XDG_CONFIG_HOME=str(user / "xdg"), XDG_DATA_HOME=str(user / "xdg"),
               XDG_STATE_HOME=str(user / "xdg"))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SLICE], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert _snapshot(user) == before
