"""The package and its tests pass ruff with the rules in pyproject.toml ([tool.ruff]): no unused import or
variable, no likely bug, no blind `except Exception` without a reason given."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.conftest import ROOT, needs


def test_the_package_and_its_tests_pass_ruff() -> None:
    needs("ruff (pip install ruff)", importlib.util.find_spec("ruff") is not None)
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "companion",
                           "tests"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
