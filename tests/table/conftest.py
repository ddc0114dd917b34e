"""Every table test gets its own empty home folder, so saved tables (and games) never leak between tests."""

from __future__ import annotations

import pytest

from tests.table.driver import Driver


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """The data folder, where tables are saved: ``<COMPANION_HOME>/data``."""
    home = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(home))
    for name in ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR"):
        monkeypatch.delenv(name, raising=False)
    return home / "data"


@pytest.fixture
def driver() -> Driver:
    return Driver()


@pytest.fixture
def first_game(driver: Driver) -> Driver:
    """A 2-player First Game table where Ann goes first."""
    said = driver.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    assert "Ann goes first" in said
    return driver
