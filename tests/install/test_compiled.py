"""The compiled build (COMPANION_COMPILE=1): the engine and the bots compiled by mypyc, from the same source.

The compiled wheel is built once in a test run (``made_once``, as the wheel and the sdist are), from a clean copy
of the repository, and unpacked into a folder of its own (pip install --target), which PYTHONPATH then puts in
front of this checkout's package (or that is laid as a checkout's package, beside a copy of the tests). Then:

- the wheel is a platform wheel whose engine and bots are compiled, and says so in ``companion --version``;
- seeded games of every bot level, base and Prosperity, 2 to 6 players, are played by both builds, and every
  decision (its words and options), every answer, the log and the final state are the same;
- the engine's, the cards' and the bots' own tests pass against the compiled build, and whole games through the
  shell's path (the golden transcripts among them).

The compiled build's tests run here, inside the suite's one pytest -n run, rather than as a third command after
it: building takes about 2 minutes of one core and its tests about 4 more, which then overlap the rest of the
suite on the other core instead of adding their whole time to the end of it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, SHARED, needs
from tests.install.conftest import clean_env, copy_tree, made_once, run

# Whichever test needs the compiled build first builds it in its setup, which pytest-timeout counts: the build
# took 281 s of a full run on the 2-core machine and passed 600 s under load 7 to 8.
# One worker runs them all (pytest -n with --dist loadgroup, as the README's command): another worker that needed
# the build while it was made waited on its lock, idle, for about 2 minutes of a full run.
pytestmark = [pytest.mark.timeout(1800), pytest.mark.xdist_group("compiled")]

PLAYER = Path(__file__).with_name("play_games.py")
GAMES_PER_TABLE = 2  # 2 sets x 5 table sizes x 2 = 20 games, about 20 s of processor time pure, 10 compiled
# What the engine's, the cards' and the bots' tests read beside the package: the tests, the benchmarks some of
# them run, the card data, and the pytest configuration. Never the package itself: ``companion`` is the compiled one.
TEST_TREE = ("tests", "benchmarks", "data", "pyproject.toml", "README.md", "docs")
# The engine's, the cards' and the bots' tests, and a few that play whole games through the shell's own path (the
# golden transcripts, what bots did for people, saving and freeing games): what the engine is used for beyond its
# own tests is where a compiled class once differed (a compiled Game takes no weak reference).
COMPILED_TESTS = ("tests/engine", "tests/cards", "tests/bots", "tests/transcripts", "tests/dispatch/test_golden.py",
                  "tests/game/test_stand_in_answers.py", "tests/game/test_save_text.py")


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the compiled build's ``companion`` (and nothing else): put it on PYTHONPATH."""
    needs("a C compiler", shutil.which("cc") is not None or shutil.which("gcc") is not None)

    def make(folder: Path) -> None:
        source = copy_tree(folder / "source" / "dominion-companion")
        out = folder / "out"
        out.mkdir()
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(out), str(source)], cwd=out,
            COMPANION_COMPILE="1")
        wheels = sorted(out.glob("*.whl"))
        assert len(wheels) == 1, wheels
        run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(folder / "site"), str(wheels[0])],
            cwd=out)

    return made_once(tmp_path_factory, "compiled", make)


def site(compiled: Path) -> Path:
    return compiled / "site"


def python(args: list[str], path: Path, cwd: Path, home: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = clean_env(PYTHONPATH=str(path), COMPANION_HOME=str(home))
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout)


def test_the_compiled_wheel_holds_the_engine_and_the_bots_compiled(compiled: Path, tmp_path: Path) -> None:
    (wheel,) = sorted((compiled / "out").glob("*.whl"))
    assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name  # a platform wheel
    package = site(compiled) / "companion"
    for module in ("engine/game", "engine/flow", "engine/decisions", "engine/effects/base", "bots/strong",
                   "bots/general", "bots/thinning", "cards/order"):
        assert list(package.glob(f"{module}.*.so")) + list(package.glob(f"{module}.*.pyd")), module
        assert (package / f"{module}.py").exists()  # the source stays beside it
    version = python(["-m", "companion", "--version"], site(compiled), tmp_path, tmp_path / "home")
    assert version.stdout.endswith(", compiled engine\n"), version
    where = python(["-c", "import companion.engine.game as g, companion.bots.strong as s; print(g.__file__, s.__file__)"],
                   site(compiled), tmp_path, tmp_path / "home")
    assert where.returncode == 0 and where.stdout.count(str(package)) == 2 and ".py " not in where.stdout, where


def test_both_builds_play_the_same_games(compiled: Path, tmp_path: Path) -> None:
    outputs = {}
    for name, path in (("pure", ROOT), ("compiled", site(compiled))):
        # A home of its own each: the strong bot's plans are searched by each build, not read from the other's cache.
        done = python([str(PLAYER), str(GAMES_PER_TABLE)], path, tmp_path, tmp_path / f"home-{name}")
        assert done.returncode == 0, done.stderr[-4000:]
        outputs[name] = done.stdout.splitlines()
    assert outputs["pure"][0] == "pure Python engine" and outputs["compiled"][0] == "compiled engine"
    games = outputs["pure"][1:]
    assert len(games) == 2 * 5 * GAMES_PER_TABLE and all(" decisions, scores " in g for g in games), games
    assert not [g for g in games if "unfinished" in g], games
    for pure, compiled_game in zip(games, outputs["compiled"][1:]):
        assert compiled_game == pure
    assert len(outputs["compiled"]) == len(outputs["pure"])


def test_the_engine_card_and_bot_tests_pass_against_the_compiled_build(compiled: Path, tmp_path: Path) -> None:
    # A checkout whose package is the compiled one: the compiled build's files (its companion folder and the
    # compiled modules' shared library beside it), then the tests and what they read. A test that starts the
    # program with PYTHONPATH at the checkout then starts the compiled one too.
    tree = tmp_path / "tree"
    shutil.copytree(site(compiled), tree)
    for name in TEST_TREE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
        elif (ROOT / name).exists():
            shutil.copy2(ROOT / name, tree / name)
    if SHARED.is_dir():  # the shared card reference beside the checkout, where tests/conftest.py looks for it
        shutil.copytree(SHARED, tmp_path / "shared")
    seen = python(["-c", "import companion.engine.game as g; print(g.__file__)"], tree, tree, tmp_path / "home")
    assert seen.stdout.startswith(str(tree / "companion")) and not seen.stdout.strip().endswith(".py"), seen
    done = python(["-m", "pytest", *COMPILED_TESTS, "-q", "-p", "no:cacheprovider", "-x",
                   "-W", "ignore::pytest.PytestConfigWarning"], tree, tree, tmp_path / "home", timeout=1700)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
