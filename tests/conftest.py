"""Shared test helpers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The strong bot plays about 1,000 trial games to choose its plan on each new kingdom (companion/bots/search.py).
# The suite plays thousands of games on new kingdoms, so outside the search's own tests
# (tests/bots/test_plan_search.py, which set their own budget) the plan comes from the shipped table alone.
# Subprocesses the tests start inherit this.
os.environ.setdefault("COMPANION_PLAN_GAMES", "0")
# The shared reference folder beside the repository (found from a git worktree too).
SHARED = next((p / "shared" for p in ROOT.parents if (p / "shared").is_dir()), ROOT.parent / "shared")


def needs(component: str, available: bool) -> None:
    """Skip when a real component is missing on a developer's machine; in CI that is a failure."""
    if available:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{component} is missing in CI; .ci/run must install it.")
    pytest.skip(f"{component} is not installed here")


# ---------------------------------------------------------------- markers (tests/markers.py)

from tests import markers  # noqa: E402


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # No xdist groups: tests/install shares its builds between the pytest -n workers (made_once there), and
    # tests/screen_reader gives each worker a desktop of its own (desktop.py, orca_on_display.py).
    markers.mark(items)
    # The README runs the screen reader tests as -m screen_reader tests/screen_reader, and the rest as
    # -m "not screen_reader": a test marked screen_reader anywhere else would run in neither.
    stray = [item.nodeid for item in items if item.get_closest_marker("screen_reader")
             and not Path(str(item.fspath)).is_relative_to(ROOT / "tests" / "screen_reader")]
    if stray:
        raise pytest.UsageError(f"Tests marked screen_reader outside tests/screen_reader, which no run of the README "
                                f"would run: {', '.join(stray)}")


@pytest.fixture(autouse=True)
def _markers_said(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    markers.guard(request.node, monkeypatch)
