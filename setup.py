"""Everything about the build is in pyproject.toml, but for the compiled engine.

When build_backend/companion_build.py builds a wheel with COMPANION_COMPILE=1, the modules below are compiled
to C extension modules by mypyc, and the wheel is a platform wheel; their .py files stay in it beside them
(Python loads the compiled module first). Otherwise nothing here is used: the wheel is pure Python.
"""

from __future__ import annotations

import os
from glob import glob

from setuptools import setup

# The engine, and the bots but for two modules: companion/bots/__init__.py, whose module __getattr__ (the bot
# classes loaded when first used) is read while a compiled bot module imports it, before the module has run; and
# companion/bots/search.py, whose search() the tests replace (a compiled module calls its own functions directly).
KEPT = ("__init__.py", "search.py")
COMPILED = sorted(glob("companion/engine/*.py") + glob("companion/engine/effects/*.py")
                  + [p for p in glob("companion/bots/*.py") if os.path.basename(p) not in KEPT])
# The cards' order (Card's "<" in C, so that comparing two cards runs no Python: companion/cards/order.py), compiled
# on its own: `companion card C1` imports the card model, and loads only this small extension, not the engine's.
ON_ITS_OWN = ["companion/cards/order.py"]

ext_modules = []
if os.environ.get("COMPANION_BUILD_COMPILED") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify([p.replace(os.sep, "/") for p in COMPILED + ON_ITS_OWN], opt_level="3", debug_level="0",
                           separate=[([p.replace(os.sep, "/") for p in COMPILED], None)])

setup(ext_modules=ext_modules)
