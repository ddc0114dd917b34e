"""The screen reader tests' shared parts: the installed program, and one desktop with Orca for each worker.

The program is the wheel built from a clean copy of the repository (as tests/install builds it), installed by
pip into a fresh virtual environment, and run through that environment's own ``companion`` console script.
Its dependencies are not fetched again (tests/install does that): the new environment is given the running
test environment's site folders as paths, after its own, and pip installs the wheel with ``--no-deps``.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Generator, Iterator

import pytest

from tests.install.conftest import Installed, copy_tree, made_once, run
from tests.screen_reader.desktop import Desktop, require


@pytest.fixture(scope="session")
def program(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel, installed in a fresh venv outside the checkout: its ``companion`` is what the tests run.
    Made once in the run, for every pytest -n worker (tests/install's made_once)."""
    base = made_once(tmp_path_factory, "screen-reader-program", make_program)
    made = Installed(base / "venv", base / "work")
    where = subprocess.run([str(made.python), "-c", "import companion; print(companion.__file__)"],
                           capture_output=True, text=True, cwd=made.work, timeout=60, env=made.env(base / "home"))
    assert Path(where.stdout.strip()).is_relative_to(made.venv), where  # the wheel's copy, never the checkout
    return made


def make_program(base: Path) -> None:
    source = copy_tree(base / "source" / "dominion-companion")
    out = base / "dist"
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(source)], cwd=base)
    wheel = next(out.glob("*.whl"))
    work = base / "work"
    work.mkdir()
    venv = base / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=work)
    made = Installed(venv, work)
    purelib = subprocess.run([str(made.python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    # Every site folder the tests' own interpreter reads, in its order (the README's venv sees the system's too).
    ours = [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages")]
    ours += [p for p in (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]) if p not in ours]
    (Path(purelib) / "screen_reader_test_dependencies.pth").write_text("\n".join(ours) + "\n")
    run([str(made.python), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)], cwd=work)


# A test that failed leaves its desktop behind for the next test to replace (pytest_runtest_makereport).
_SPOILED = pytest.StashKey[bool]()


class Desktops:
    """The one desktop of this pytest worker, replaced by a fresh one after a test failed on it: an Orca
    wedged by one test (silent for the rest of a run, once, in CI) or a window left with the focus must not
    fail every test after it, and a test run again is run on a desktop that nothing went wrong on."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self.factory = factory
        self.current: Desktop | None = None
        self.started = 0

    def fresh(self, replace: bool) -> Desktop:
        if self.current is not None and replace:
            self.close()
        if self.current is None:
            desk = Desktop(self.factory.mktemp("desktop"))
            self.current = desk.__enter__()
            self.started += 1
        return self.current

    def close(self) -> None:
        if self.current is not None:
            current, self.current = self.current, None
            current.__exit__()


@pytest.fixture(scope="session")
def desktops(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desktops]:
    require("gnome-terminal")
    held = Desktops(tmp_path_factory)
    try:
        yield held
    finally:
        held.close()


@pytest.fixture
def desktop(desktops: Desktops, request: pytest.FixtureRequest) -> Desktop:
    """Xvfb, a D-Bus session, the AT-SPI bus and Orca, for each pytest -n worker (each its own display, buses
    and SSIP server); Orca's speech goes to the test's SSIP server. Started once, and again after a test
    failed on it."""
    spoiled = request.config.stash.get(_SPOILED, False)
    request.config.stash[_SPOILED] = False
    return desktops.fresh(replace=spoiled)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed and "desktop" in getattr(item, "fixturenames", ()):
        item.config.stash[_SPOILED] = True
    return report


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test here is run up to twice more after a failure, each time on a fresh desktop (Desktops): Orca on
    a 2-core machine now and then says nothing for a minute, or misses a window's text, or says a window's
    focus twice. A wrong answer the program gives is given every time, and fails all three."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.flaky(reruns=2))
