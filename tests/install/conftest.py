"""What people install: the wheel and the sdist built from a clean copy of the repository, each installed in a
fresh virtual environment in a folder outside the checkout, and run from there.

Each is built and installed once per test run, shared by every pytest -n worker (``made_once``: the first worker
to need it makes it under a file lock, the others wait for it and reuse it). pip's own cache is reused (PIP_CACHE_DIR),
so only the first run on a machine fetches the dependencies; nothing is fetched but from the package
registries pip is configured with. The installed program never sees the checkout: no PYTHONPATH, and it runs
with a working folder of its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest
from filelock import FileLock

from tests.conftest import ROOT, needs

BUILD_TIMEOUT = 900  # seconds: building, or installing with the dependencies fetched on a cold cache


def pip_cache() -> str:
    """pip's own cache folder, found before any test changes HOME, so every install here reuses it."""
    explicit = os.environ.get("PIP_CACHE_DIR")
    if explicit:
        return explicit
    done = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True, timeout=60)
    folder = done.stdout.strip()
    return folder if done.returncode == 0 and folder else str(Path.home() / ".cache" / "pip")


def clean_env(**extra: str) -> dict[str, str]:
    """The environment for the installed program and for pip: nothing of this checkout or this test run."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("COMPANION_", "PYTEST", "PYTHON", "VIRTUAL_ENV"))}
    env.update(PIP_CACHE_DIR=PIP_CACHE, PIP_DISABLE_PIP_VERSION_CHECK="1", **extra)
    return env


PIP_CACHE = pip_cache()


def run(args: list[str], cwd: Path, timeout: float = BUILD_TIMEOUT, **env: str) -> subprocess.CompletedProcess[str]:
    """Run a step that must work, failing the test with its whole output when it does not."""
    done = subprocess.run(args, cwd=cwd, env=clean_env(**env), capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


def tracked_files() -> list[str]:
    """The repository's files as the next commit would hold them: tracked or new, never ignored ones."""
    needs("git", shutil.which("git") is not None and (ROOT / ".git").exists())
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True, timeout=60).stdout.decode().split("\0")
    return sorted(name for name in listed if name and os.path.lexists(ROOT / name))


def copy_tree(target: Path) -> Path:
    """A clean copy of the repository in ``target``: no build folders, caches, egg-info or anything git ignores."""
    for name in tracked_files():
        src, dst = ROOT / name, target / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():  # copied as the link it is: the wheel test then says what it lacks
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)
    return target


@pytest.fixture(scope="session")
def source_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean copy of the repository, this worker's own (the README's install builds in it)."""
    return copy_tree(tmp_path_factory.mktemp("source") / "dominion-companion")


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name``, made by ``make`` once in this test run, whichever pytest -n worker needs it first.

    The folder is in the run's own temporary folder, which every worker of the run shares (pytest -n gives
    each worker a folder inside it), so a later run, on a changed tree, never sees it. A worker that needs the
    folder while another makes it waits on the lock; a failed attempt leaves no mark of being done, so the
    next test to need it tries again and fails with its own output."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    shared = base / "made-once"
    shared.mkdir(exist_ok=True)
    folder, done = shared / name, shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.exists():
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@dataclass(frozen=True)
class Dists:
    wheel: Path
    sdist: Path


@pytest.fixture(scope="session")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    """The sdist, and the wheel built from that sdist (python -m build), as a release makes them."""
    try:
        import build  # noqa: F401
    except ImportError:
        needs("the build package (pip install build)", False)

    def make(folder: Path) -> None:
        source = copy_tree(folder / "source" / "dominion-companion")  # its own: nothing else builds in it
        (folder / "out").mkdir()
        run([sys.executable, "-m", "build", "--outdir", str(folder / "out"), str(source)], cwd=folder / "out")

    out = made_once(tmp_path_factory, "dist", make) / "out"
    wheels, sdists = sorted(out.glob("*.whl")), sorted(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(out.iterdir())
    return Dists(wheels[0], sdists[0])


@dataclass(frozen=True)
class Installed:
    """One fresh virtual environment holding the package, and a folder outside the checkout to run in."""

    venv: Path
    work: Path

    @property
    def python(self) -> Path:
        return self.venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")

    @property
    def companion(self) -> Path:
        return self.venv / ("Scripts/companion.exe" if os.name == "nt" else "bin/companion")

    def env(self, home: Path, **extra: str) -> dict[str, str]:
        return clean_env(COMPANION_HOME=str(home), **extra)

    def run(self, *args: str, home: Path, input: str | None = None, timeout: float = 120,
            **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.companion), *args], input=input, capture_output=True, text=True,
                              cwd=self.work, env=self.env(home, **extra), timeout=timeout)


def install(venv: Path, what: str | Path, work: Path) -> Installed:
    """A fresh venv (no system site-packages) with ``what`` installed into it by pip, as a person would."""
    run([sys.executable, "-m", "venv", str(venv)], cwd=work)
    made = Installed(venv, work)
    run([str(made.python), "-m", "pip", "install", str(what)], cwd=work)
    return made


@pytest.fixture(scope="session", params=["wheel", "sdist"])
def installed(request: pytest.FixtureRequest, dists: Dists, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """The package installed from the wheel, then from the sdist, each in its own fresh venv (made once in
    the run: the tests only run its program, each with a home folder of its own)."""
    what = dists.wheel if request.param == "wheel" else dists.sdist

    def make(folder: Path) -> None:
        (folder / "work").mkdir()
        install(folder / "venv", what, folder / "work")

    base = made_once(tmp_path_factory, f"installed-{request.param}", make)
    yield Installed(base / "venv", base / "work")
