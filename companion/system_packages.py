"""Import the few Python packages that only Debian ships in a usable form (``louis``, ``speechd``).

They are pure Python (louis reaches liblouis through ctypes), so the copy in Debian's dist-packages
works from any Python 3 of the same major version, in a virtual environment or not. Only the one
package asked for is loaded from there; nothing else from that folder can shadow our dependencies.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

DEBIAN_DIST_PACKAGES: tuple[Path, ...] = (Path("/usr/lib/python3/dist-packages"),)


def import_system_package(name: str) -> ModuleType | None:
    """``import name`` as usual, or else from Debian's dist-packages; None if neither has it."""
    try:
        return importlib.import_module(name)
    except ImportError:
        pass
    for folder in DEBIAN_DIST_PACKAGES:
        init = folder / name / "__init__.py"
        if not init.is_file():
            continue
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(init.parent)])
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception:  # noqa: BLE001 - a broken system copy is as good as none
            sys.modules.pop(name, None)
            continue
        return module
    return None
