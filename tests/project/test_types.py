"""The package type-checks with ``mypy --strict``: every function annotated, no Any returned where a type is
promised, no ``type: ignore`` left that nothing needs. (Its Windows and macOS checks are in
test_portability.py.)"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.conftest import ROOT, needs


def test_the_package_type_checks_strictly() -> None:
    needs("mypy (the test extra)", importlib.util.find_spec("mypy") is not None)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(ROOT / ".mypy_cache" / "strict"), "companion"],
        capture_output=True, text=True, cwd=ROOT, timeout=500,
    )
    assert done.returncode == 0, f"mypy --strict companion:\n{done.stdout}{done.stderr}"
