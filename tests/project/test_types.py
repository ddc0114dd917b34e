"""The package type-checks strictly: every function annotated, no Any returned where a type is promised, no
``type: ignore`` left that nothing needs. Strict is pyproject's ``[tool.mypy]``, so an editor's mypy is as
strict as this test's plain ``mypy companion``. (Its Windows and macOS checks are in test_portability.py.)"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path

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


# The word Any per 1,000 lines of the package, as `grep -rwo Any companion --include=*.py | wc -l` over
# `find companion -name '*.py' | xargs cat | wc -l` counts it (comments and words in docstrings too): at
# most this, so it can only go down. Lower it when a change brings the package lower; the aim is 8.
ANY_CEILING = 4.55


def any_density(root: Path) -> tuple[int, int]:
    """The occurrences of the word Any in the package's Python files, and their lines."""
    word = re.compile(r"\bAny\b")
    found = lines = 0
    for path in sorted((root / "companion").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found += len(word.findall(text))
        lines += text.count("\n")
    return found, lines


def test_any_is_rare_in_the_package() -> None:
    found, lines = any_density(ROOT)
    per_1000 = 1000 * found / lines
    assert per_1000 <= ANY_CEILING, (
        f"the package has {found} Any in {lines} lines, {per_1000:.2f} per 1,000, above {ANY_CEILING}: "
        "name the type (a TypedDict or dataclass for a message or record, a Protocol for an object passed in, "
        "object narrowed with isinstance where anything may come)")


def test_the_density_counts_what_grep_counts(tmp_path: Path) -> None:
    package = tmp_path / "companion"
    package.mkdir()
    (package / "a.py").write_text("from typing import Any\nx: Any = 1  # Anything, AnyStr and Any\n")
    (package / "b.py").write_text("y = 2\n")
    assert any_density(tmp_path) == (3, 3)
