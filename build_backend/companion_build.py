"""The build backend: setuptools' own, plus mypy (whose mypyc compiles the engine) when asked for.

``pip install .`` and ``python -m build`` make the pure-Python wheel and the sdist, as setuptools alone would.
With ``COMPANION_COMPILE=1`` in the environment, a wheel (never the sdist, never an editable install) is
built with the engine and the bots compiled to C by mypyc (setup.py names the modules): this backend adds
mypy to what the build environment installs, so mypy is needed only then, and only while building.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (every hook this module does not change)

# mypyc is part of mypy; these are the versions the compiled build is tested with.
COMPILER = ["mypy>=1.15"]
FLAG = "COMPANION_COMPILE"
# Set by this backend, read by setup.py: compile in this build (a wheel, with COMPANION_COMPILE asked for).
INNER_FLAG = "COMPANION_BUILD_COMPILED"


def compile_asked() -> bool:
    return os.environ.get(FLAG, "").strip() not in ("", "0")


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    extra = COMPILER if compile_asked() else []
    return list(_setuptools.get_requires_for_build_wheel(config_settings)) + extra


def build_wheel(wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None) -> str:
    before = os.environ.get(INNER_FLAG)
    os.environ[INNER_FLAG] = "1" if compile_asked() else "0"
    try:
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    finally:
        if before is None:
            os.environ.pop(INNER_FLAG, None)
        else:
            os.environ[INNER_FLAG] = before
