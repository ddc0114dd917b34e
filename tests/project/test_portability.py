"""The package type-checks as it would on Windows and on macOS, checked here with no such machine at hand.

typeshed declares POSIX-only modules and calls (fcntl, termios, signal.SIGHUP, os.getuid, readline...) for
their platforms only, so ``mypy --platform win32`` flags any that is not behind a ``sys.platform`` check;
``--platform darwin`` does the same for what macOS lacks. Runs in CI (mypy is in the ``test`` extra).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT, needs


def _mypy_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("mypy") is not None


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_package_type_checks_for(platform: str) -> None:
    needs("mypy (the test extra)", _mypy_available())
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--platform", platform, "--cache-dir", str(ROOT / ".mypy_cache" / platform),
         "--no-error-summary", "companion"],
        capture_output=True, text=True, cwd=ROOT, timeout=400,
    )
    assert done.returncode == 0, f"mypy --platform {platform}:\n{done.stdout}{done.stderr}"
