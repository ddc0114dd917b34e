"""Shared test helpers."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable

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


def pytest_configure(config: pytest.Config) -> None:
    """A home for the whole run, before anything is collected: modules read while collecting (the card
    catalogue keeps its cache in the state folder) come before any test's own home (``home`` below)."""
    folder = tempfile.mkdtemp(prefix="companion-tests-")
    _own_folders(os.environ.__setitem__, lambda name: os.environ.pop(name, None), Path(folder))
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


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


# Variables that name a folder of the program's (companion.folders): each test sees none of them but its home.
FOLDER_VARIABLES = ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR")
# The folders platformdirs reads on Linux and the BSDs, for a test that clears COMPANION_HOME to reach them.
PLATFORM_VARIABLES = {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state"}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's own home, whatever the environment: COMPANION_HOME is a folder of this test's alone (a
    COMPANION_HOME set by whoever runs the suite, perhaps where they keep their games, is never read nor
    written), no variable names another folder, platformdirs' folders are this test's too, and no test speaks
    through the user's speech-dispatcher. Nothing is made until a test writes: the folders are only named.
    They sit beside the test's tmp_path, not in it, so a test that checks its own folder holds nothing else
    (a one-shot run's card cache, say) still can."""
    own = tmp_path.parent / f"{tmp_path.name}-own"  # pytest's folders' names have no hyphen: never another's
    _own_folders(monkeypatch.setenv, lambda name: monkeypatch.delenv(name, raising=False), own)
    return own / "home"


def _own_folders(put: Callable[[str, str], object], drop: Callable[[str], object], under: Path) -> None:
    put("COMPANION_HOME", str(under / "home"))
    for name in (*FOLDER_VARIABLES, "COMPANION_INPUT", "COMPANION_TEST_SLOW_FSYNC"):
        drop(name)
    for name, sub in PLATFORM_VARIABLES.items():
        put(name, str(under / "platform" / sub))
    put("SPEECHD_ADDRESS", f"unix_socket:{under / 'no-speech.sock'}")  # never autospawn


@pytest.fixture(autouse=True)
def _markers_said(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    markers.guard(request.node, monkeypatch)
