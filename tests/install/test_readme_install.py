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

import pytest

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


@pytest.mark.timeout(1800)  # the compiled engine's build: about 2 minutes of one core, far more on a busy machine
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
                          capture_output=True, text=True, timeout=1500)
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
    # Typed again, it updates (here asking for the pure engine at once, which a person may too: the compiled
    # build's failing is tested below, without building).
    again = subprocess.run(["sh", "-c", command], cwd=source_copy, env={**env, "COMPANION_COMPILE": "0"},
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900)
    assert again.returncode == 0, again.stderr[-4000:]
    assert again.stdout.startswith("Installing the Dominion Companion with pipx.\n"), again.stdout
    version = subprocess.run([str(program), "--version"], env=env, cwd=tmp_path, capture_output=True, text=True,
                             timeout=60).stdout
    assert version.endswith(", pure Python engine\n"), version


def fake_pipx(folder: Path, compiled_fails: bool) -> Path:
    """A pipx that writes each install's COMPANION_COMPILE to a file, and fails the compiled one if asked to;
    and a C compiler (which install.sh only looks for) and a companion that does nothing."""
    folder.mkdir()
    fail = 'if [ "$COMPANION_COMPILE" = 1 ]; then exit 1; fi\n' if compiled_fails else ""
    (folder / "pipx").write_text(f'#!/bin/sh\necho "install COMPANION_COMPILE=$COMPANION_COMPILE" >> "{folder}/calls"\n{fail}exit 0\n')
    (folder / "cc").write_text("#!/bin/sh\nexit 0\n")
    for name in ("pipx", "cc"):
        (folder / name).chmod(0o755)
    return folder


@pytest.mark.parametrize("compiled_fails", [False, True], ids=["compiles", "falls back"])
def test_install_sh_compiles_where_it_can_and_else_installs_the_pure_engine(tmp_path: Path, compiled_fails: bool) -> None:
    tools = fake_pipx(tmp_path / "tools", compiled_fails)
    home = tmp_path / "home"
    (home / "bin").mkdir(parents=True)
    (home / "bin" / "companion").write_text("#!/bin/sh\nexit 0\n")
    (home / "bin" / "companion").chmod(0o755)
    env = {"PATH": f"{tools}:/usr/bin:/bin", "HOME": str(home), "PIPX_BIN_DIR": str(home / "bin")}
    done = subprocess.run(["sh", str(ROOT / "install.sh")], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done
    calls = (tools / "calls").read_text().splitlines()
    lines = done.stdout.splitlines()
    assert lines[0] == "Installing the Dominion Companion with pipx, its engine compiled. This takes a few minutes."
    if compiled_fails:
        assert calls == ["install COMPANION_COMPILE=1", "install COMPANION_COMPILE=0"]
        assert lines[1:3] == ["The compiled engine could not be built here, so the Python engine is installed: the same "
                              "games, a little slower.", "Installing the Dominion Companion with pipx."]
    else:
        assert calls == ["install COMPANION_COMPILE=1"] and not any("could not" in line for line in lines)
    assert lines[-1].startswith("Installed as ")


def test_the_old_first_command_is_what_debian_refuses() -> None:
    """Why the README does not say python3 -m pip install .: Debian's python3 refuses it."""
    needs("Debian's python3 (externally managed)", DEBIAN_PYTHON.exists() and externally_managed(DEBIAN_PYTHON))
    done = subprocess.run([str(DEBIAN_PYTHON), "-m", "pip", "install", "--dry-run", "--no-deps", str(ROOT)],
                          capture_output=True, text=True, timeout=120, env={"PATH": DEBIAN_PATH, "HOME": "/nonexistent"})
    assert done.returncode != 0
    assert "externally-managed-environment" in done.stderr or "No module named pip" in done.stderr
