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


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    markers.mark(items)
    if config.pluginmanager.hasplugin("xdist"):
        # Under pytest -n, the tests of tests/screen_reader belong in one worker: one desktop with Orca for all
        # of them (Orca --replace ends any other Orca of the same user). The README runs them without -n.
        # tryfirst: xdist's worker reads the groups in its own hook of this name (--dist loadgroup), and
        # without it that ran first and saw none. (pytest 9.2 with pytest-xdist 3.8 ignores groups all the
        # same: xdist still writes the group into item._nodeid, which pytest 9.2 no longer reads.)
        # tests/install needs no group: its builds and installs are shared by the workers (made_once there).
        for item in items:
            if Path(str(item.fspath)).is_relative_to(ROOT / "tests" / "screen_reader"):
                item.add_marker(pytest.mark.xdist_group("screen_reader"))


@pytest.fixture(autouse=True)
def _markers_said(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    markers.guard(request.node, monkeypatch)
