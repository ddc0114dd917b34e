"""Ways to type into the program: the typist fixture of tests/dispatch, tests/settings, tests/shell,
tests/speech, tests/startup and tests/project (each folder's conftest.py takes it from here), and a run of
the program in a process of its own. Every test's own home is tests/conftest.py's ``home``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from companion.dispatch import run_line
from companion.response import Response
from companion.session import Session
from companion.settings import Settings, load_settings
from tests.conftest import ROOT


class Typist:
    """Types lines into a session the way the shell does, and returns exactly what each printed."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out, settings=settings if settings is not None else load_settings())
        self.response: Response | None = None  # the last line's

    def type(self, line: str) -> str:
        start = self.out.tell()
        self.response = run_line(self.session, line)
        return self.out.getvalue()[start:]


@pytest.fixture
def typist() -> Callable[..., Typist]:
    return Typist


def companion_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTEST"))}
    env.update(PYTHONPATH=str(ROOT), COMPANION_HOME=str(home), **extra)
    return env


def run_companion(home: Path, *args: str, input: bytes | None = None, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], input=input, capture_output=True, cwd=ROOT,
        env=companion_env(home, **env), timeout=60,
    )
