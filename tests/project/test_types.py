"""The package type-checks strictly: every function annotated, no Any returned where a type is promised, no
``type: ignore`` left that nothing needs. Strict is pyproject's ``[tool.mypy]``, so an editor's mypy is as
strict as this test's plain ``mypy companion``. (Its Windows and macOS checks are in test_portability.py.)"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib

from tests.conftest import ROOT, needs


def test_the_package_type_checks_strictly() -> None:
    needs("mypy (the test extra)", importlib.util.find_spec("mypy") is not None)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache" / "strict"), "companion"],
        capture_output=True, text=True, cwd=ROOT, timeout=500,
    )
    assert done.returncode == 0, f"mypy companion:\n{done.stdout}{done.stderr}"


def test_every_run_of_mypy_is_strict() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)["tool"]["mypy"]
    assert config["strict"] is True and config["files"] == ["companion"], config
