"""``companion --version`` says the version the package metadata has and which engine runs, and loads nothing of
the program."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import companion
from tests.conftest import ROOT


def test_the_version_is_said_without_loading_the_program() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTEST", "PYTHON"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "companion", "--version"], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"companion {companion.__version__}, pure Python engine\n")
    loaded = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", done.stderr, re.M))
    assert "companion.cli" in loaded  # (the report is read right)
    assert not {m for m in loaded if m.startswith(("companion.engine", "companion.cards", "companion.installed"))}
    assert not loaded & {"yaml", "cmd2", "aiohttp", "platformdirs"}


def test_the_version_is_written_once() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and 'version = { attr = "companion.__version__" }' in text
    assert re.fullmatch(r"\d+\.\d+\.\d+", companion.__version__)


def test_the_version_says_a_compiled_engine_where_its_module_is_compiled(tmp_path: Path) -> None:
    """A copy of the package whose engine has a compiled game module beside its .py (as the wheel built with
    COMPANION_COMPILE=1 has): the same command says "compiled engine". (The module is an empty stand-in: the
    version is told from the files, without loading the engine.)"""
    import shutil
    from importlib.machinery import EXTENSION_SUFFIXES

    shutil.copytree(ROOT / "companion", tmp_path / "companion", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTEST", "PYTHON"))}
    env["PYTHONPATH"] = str(tmp_path)

    def version() -> str:
        return subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True, text=True,
                              cwd=tmp_path, env=env, timeout=60).stdout

    assert version() == f"companion {companion.__version__}, pure Python engine\n"
    (tmp_path / "companion" / "engine" / f"game{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    assert version() == f"companion {companion.__version__}, compiled engine\n"
