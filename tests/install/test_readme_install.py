"""The README's first command, as written, with Debian's own python3 (externally managed, PEP 668): it installs
the program and starts the shell, which ends at the end of its input.

It runs in a clean copy of the repository with a HOME of its own (never the real one), Debian's PATH (no
other python3 in front), and standard input at its end."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.conftest import ROOT, needs
from tests.install.conftest import PIP_CACHE

DEBIAN_PYTHON = Path("/usr/bin/python3")
DEBIAN_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def first_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"^```sh\n(.*?)\n```$", readme, re.M | re.S)[1]  # type: ignore[index]


def externally_managed(python: Path) -> bool:
    """Whether pip refuses to install into ``python`` (its standard library holds EXTERNALLY-MANAGED)."""
    done = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                          capture_output=True, text=True, timeout=30)
    return done.returncode == 0 and (Path(done.stdout.strip()) / "EXTERNALLY-MANAGED").exists()


def test_the_first_command_installs_and_starts_with_debians_python(source_copy: Path, tmp_path: Path) -> None:
    needs("Debian's python3 (externally managed)", DEBIAN_PYTHON.exists() and externally_managed(DEBIAN_PYTHON))
    needs("pipx (Debian's package)", shutil.which("pipx", path=DEBIAN_PATH) is not None)
    command = first_command()
    assert command == "sh install.sh"
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("COMPANION_", "PYTEST", "PYTHON", "PIPX_", "VIRTUAL_ENV", "XDG_"))}
    env.update(HOME=str(home), PATH=DEBIAN_PATH, PIP_CACHE_DIR=PIP_CACHE)
    done = subprocess.run(["sh", "-c", command], cwd=source_copy, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, (done.stdout, done.stderr[-4000:])
    program = home / ".local" / "bin" / "companion"
    assert done.stdout.endswith(f"Installed as {program}. Starting it; after this, type companion (in a new "
                                "terminal, or after pipx ensurepath).\n"), done.stdout  # and the shell ended
    venv = home / ".local" / "pipx" / "venvs" / "dominion-companion"
    assert "home = /usr/bin\n" in (venv / "pyvenv.cfg").read_text()  # Debian's own python3
    card = subprocess.run([str(program), "card", "C1"], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert card.stdout == "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n"
    version = subprocess.run([str(program), "--version"], env=env, cwd=tmp_path, capture_output=True, text=True,
                             timeout=60).stdout
    compiler = any(shutil.which(cc, path=DEBIAN_PATH) for cc in ("cc", "gcc"))
    assert done.stdout.startswith("Installing the Dominion Companion with pipx, its engine compiled." if compiler
                                  else "Installing the Dominion Companion with pipx.\n"), done.stdout
    assert version.endswith(", compiled engine\n" if compiler else ", pure Python engine\n"), version
    # Typed again, it updates; here with a C compiler that fails (CC, which the build uses), so the compiled
    # build fails and the pure one is installed, with a sentence that says so.
    (tmp_path / "cc").write_text("#!/bin/sh\nexit 1\n")
    (tmp_path / "cc").chmod(0o755)
    again = subprocess.run(["sh", "-c", command], cwd=source_copy, env={**env, "CC": str(tmp_path / "cc")},
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900)
    assert again.returncode == 0, again.stderr[-4000:]
    if compiler:
        assert "The compiled engine could not be built here, so the Python engine is installed" in again.stdout, again.stdout
    version = subprocess.run([str(program), "--version"], env=env, cwd=tmp_path, capture_output=True, text=True,
                             timeout=60).stdout
    assert version.endswith(", pure Python engine\n"), version


def test_the_old_first_command_is_what_debian_refuses() -> None:
    """Why the README does not say python3 -m pip install .: Debian's python3 refuses it."""
    needs("Debian's python3 (externally managed)", DEBIAN_PYTHON.exists() and externally_managed(DEBIAN_PYTHON))
    done = subprocess.run([str(DEBIAN_PYTHON), "-m", "pip", "install", "--dry-run", "--no-deps", str(ROOT)],
                          capture_output=True, text=True, timeout=120, env={"PATH": DEBIAN_PATH, "HOME": "/nonexistent"})
    assert done.returncode != 0
    assert "externally-managed-environment" in done.stderr or "No module named pip" in done.stderr
