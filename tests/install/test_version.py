"""``companion --version`` says the version the package metadata has, and loads nothing of the program."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import companion
from tests.conftest import ROOT


def test_the_version_is_said_without_loading_the_program() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTEST", "PYTHON"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "companion", "--version"], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"companion {companion.__version__}\n")
    loaded = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", done.stderr, re.M))
    assert "companion.cli" in loaded  # (the report is read right)
    assert not {m for m in loaded if m.startswith(("companion.engine", "companion.cards", "companion.installed"))}
    assert not loaded & {"yaml", "cmd2", "aiohttp", "platformdirs"}


def test_the_version_is_written_once() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and 'version = { attr = "companion.__version__" }' in text
    assert re.fullmatch(r"\d+\.\d+\.\d+", companion.__version__)
