"""Every table test gets its own empty data folder, so saved tables never leak between tests."""

from __future__ import annotations

import pytest

from tests.table.driver import Driver


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def driver() -> Driver:
    return Driver()


@pytest.fixture
def first_game(driver: Driver) -> Driver:
    """A 2-player First Game table where Ann goes first."""
    said = driver.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    assert "Ann goes first" in said
    return driver
