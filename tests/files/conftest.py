"""Every test here gets its own empty home folder (settings, saved games, tables)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    for name in ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR", "COMPANION_TEST_SLOW_FSYNC"):
        monkeypatch.delenv(name, raising=False)
    return home
