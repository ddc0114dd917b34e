"""Every game test gets its own home folder unless it sets one, so saved games, and the lock on the game
being played, are never shared with another test or with a real user's folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not os.environ.get("COMPANION_HOME"):
        monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "private-home"))
    for name in ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR"):
        monkeypatch.delenv(name, raising=False)
