"""The quick lookup in real processes: the same bytes, errors and exit status as the full path, and none of
the program's heavy modules imported on the way (checked in ``sys.modules``, not timed).

Also the platform folders' memo (companion.quick_folders): platformdirs' own answer, every time.
"""

from __future__ import annotations

import compileall
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Iterator

import pytest

from companion import quick_folders
from tests.conftest import ROOT, needs

COPPER = "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n"
FULL_PATH = "import sys; from companion.cli import run; sys.exit(run(sys.argv[1:]))"
# companion.installed: where the card data is, and companion.folders: where the program's folders are, each
# one small module (os only) for both paths.
QUICK_MODULES = {"companion", "companion.__main__", "companion.quick_lookup", "companion.quick_answers",
                 "companion.installed", "companion.folders"}
# What the full path imports before it says a word, and the quick path must not.
HEAVY = {"dataclasses", "pathlib", "typing", "argparse", "pickle", "inspect", "ast", "dis", "tomllib", "yaml",
         "cmd2", "platformdirs", "shlex", "difflib", "tempfile", "shutil", "contextlib", "tomlkit",
         "companion.cli", "companion.session", "companion.settings", "companion.dispatch", "companion.cards"}
# Run without site (python -S): nothing but this program's own imports lands in sys.modules. The machine's
# site-packages come in as plain folders, for platformdirs and for the full path's dependencies: every one this
# interpreter has, since a venv made with --system-site-packages (the README's) leaves the dependencies the
# base Python already had (pyyaml, say) in the base's folder, not the venv's.
SITE = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"],
        *(p for p in sys.path if Path(p).name in ("site-packages", "dist-packages"))]
IMPORTS = """
import sys
before = set(sys.modules)
from companion.__main__ import main
status = main(sys.argv[1:])
sys.stdout.flush()
new = sorted(set(sys.modules) - before)
import json
sys.stderr.write(json.dumps({"status": status, "modules": new, "from": sys.modules["companion"].__file__}))
"""


CODE = [ROOT]  # where the processes here find the package: the copy that code_copy makes


@pytest.fixture(scope="module", autouse=True)
def code_copy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The package and its card data, copied once for these tests, with every ``__pycache__`` folder made.

    A kept answer is keyed by the time of each module and folder of the package, so an edit, a merge, or
    another process importing a module for the first time (which makes a ``__pycache__`` folder and so
    changes its folder's time) between a test's first lookup and its quick one sends the quick one to the
    full path, and the test sees the heavy modules loaded. The copy is the same code that nothing else
    writes to while these tests run."""
    root = tmp_path_factory.mktemp("code")
    shutil.copytree(ROOT / "companion", root / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "data" / "braille_reference", root / "data" / "braille_reference")
    assert compileall.compile_dir(root / "companion", quiet=1)
    CODE[0] = root
    yield root
    CODE[0] = ROOT


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("COMPANION_", "PYTEST", "PYTHON", "XDG_"))}
    env.update(PYTHONPATH=os.pathsep.join([str(CODE[0]), *dict.fromkeys(SITE)]), HOME=str(tmp_path / "user"),
               **extra)
    return env


def run(args: list[str], env: dict[str, str], quick: bool = True, script: str | None = None) -> tuple[str, str, int]:
    code = ["-m", "companion"] if quick and script is None else ["-c", script or FULL_PATH]
    done = subprocess.run([sys.executable, "-S", *code, *args], capture_output=True, env=env, cwd=CODE[0], timeout=60)
    return done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"), done.returncode


def imports(args: list[str], env: dict[str, str]) -> tuple[str, set[str]]:
    out, err, status = run(args, env, script=IMPORTS)
    report = json.loads(err)
    assert status == 0 and report["status"] == 0, err
    assert Path(report["from"]).is_relative_to(CODE[0]), report["from"]  # the copy's package, not another
    return out, set(report["modules"])


def test_a_card_is_said_without_the_programs_heavy_modules(tmp_path: Path, home: Path) -> None:
    env = environment(tmp_path, COMPANION_HOME=str(home))
    assert run(["card", "C1"], env) == (COPPER, "", 0)  # the full path, which writes the card cache
    run(["rule", "trash"], env)  # and the glossary's
    out, modules = imports(["card", "C1"], env)
    assert out == COPPER
    assert not modules & HEAVY, sorted(modules & HEAVY)
    assert {m for m in modules if m.startswith("companion")} == QUICK_MODULES
    out, modules = imports(["rule", "trash"], env)
    assert out.startswith("Trash means") and not modules & HEAVY
    out, modules = imports(["cards", "cost", "4"], env)
    assert out.startswith("15 cards cost 4 coins.") and not modules & HEAVY


def test_help_is_said_without_loading_a_command(tmp_path: Path, home: Path) -> None:
    """companion --help loaded the engine, every command and PyYAML to print eleven lines."""
    env = environment(tmp_path, COMPANION_HOME=str(home))
    said = run(["--help"], env, quick=False)  # the full path, which keeps its answer
    assert said[0].startswith("Commands, by topic.") and said[1:] == ("", 0)
    for argv in (["--help"], ["-h"], ["help"]):
        out, modules = imports(argv, env)
        assert out == said[0]
        assert not modules & HEAVY, sorted(modules & HEAVY)
        assert {m for m in modules if m.startswith("companion")} == QUICK_MODULES


def test_in_the_platforms_folders_platformdirs_is_asked_once(tmp_path: Path) -> None:
    env = environment(tmp_path)
    assert run(["card", "C1"], env) == (COPPER, "", 0)  # the card cache, in platformdirs' state folder
    first, modules = imports(["card", "C1"], env)  # platformdirs asked, its answer kept
    assert first == COPPER and "platformdirs" in modules
    out, modules = imports(["card", "C1"], env)
    assert out == COPPER
    if sys.platform.startswith("linux"):  # elsewhere the memo is never found: platformdirs is asked each time
        assert not modules & HEAVY, sorted(modules & HEAVY)
        assert {m for m in modules if m.startswith("companion")} == QUICK_MODULES | {"companion.quick_folders"}


def _state(tmp_path: Path, env: dict[str, str]) -> Path:
    if "COMPANION_HOME" in env:
        return Path(env["COMPANION_HOME"]) / "state"
    return tmp_path / "user" / ".local" / "state" / "companion"


def _compare(tmp_path: Path, env: dict[str, str], inputs: list[list[str]], prepare: object = None) -> None:
    """Each input, from the same files, through ``python -m companion`` and through the full path alone."""
    state = _state(tmp_path, env)
    run(["card", "C1"], env, quick=False)  # the card cache
    run(["rule", "trash"], env, quick=False)
    if callable(prepare):
        prepare(state)
    kept = tmp_path / "kept"
    shutil.copytree(state, kept)
    for argv in inputs:
        results = []
        for quick in (True, False):
            shutil.rmtree(state)
            shutil.copytree(kept, state)
            results.append(run(argv, env, quick=quick))
        assert results[0] == results[1], argv
    shutil.rmtree(kept)


INPUTS = [["card", "C1"], ["card", "throne"], ["cards", "cost", "4"], ["card", "vilage"], ["card"],
          ["card", "zz\x1bz"], ["rule", "trash", "more"], ["cards", "prosperity"], ["rule", "trsh"],
          ["card", "'village'"], ["cards", "4", "5"]]


def _stale(state: Path) -> None:
    path = state / "cache" / "cards.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["key"][1] = [2, 7]
    doc["data"][0]["cards"][0]["text"] = ["Stale words nobody should hear."]
    path.write_text(json.dumps(doc), encoding="utf-8")


def _damaged(state: Path) -> None:
    path = state / "cache" / "cards.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["data"][0]["cards"][0]["text"] = ["Refused words nobody should hear."]
    doc["data"][1]["cards"][3]["cost"] = -1  # Bank: the loader refuses the whole cache
    path.write_text(json.dumps(doc), encoding="utf-8")


def _changed(state: Path) -> None:
    path = state / "cache" / "cards.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["data"][0]["cards"][0]["text"] = ["Changed words, valid ones."]
    path.write_text(json.dumps(doc), encoding="utf-8")


def _cut(state: Path) -> None:
    path = state / "cache" / "cards.json"
    path.write_bytes(path.read_bytes()[:1000])


@pytest.mark.parametrize("prepare", [None, _stale, _damaged, _changed, _cut])
def test_real_processes_agree_with_the_full_path(tmp_path: Path, home: Path, prepare: object) -> None:
    _compare(tmp_path, environment(tmp_path, COMPANION_HOME=str(home)), INPUTS[:4], prepare)


@pytest.mark.parametrize("settings", ['verbosity = "full"\n', 'speech = "on"\n', 'verbosity = "loud"\n', "[x]\n"])
def test_real_processes_agree_under_settings(tmp_path: Path, home: Path, settings: str) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.toml").write_text(settings, encoding="utf-8")
    env = environment(tmp_path, COMPANION_HOME=str(home), SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}")
    _compare(tmp_path, env, [["card", "C1"], ["rule"]] if "speech" in settings else INPUTS[:3] + INPUTS[6:8])


def test_real_processes_agree_in_the_platforms_folders(tmp_path: Path) -> None:
    config = tmp_path / "elsewhere" / "companion"
    config.mkdir(parents=True)
    (config / "settings.toml").write_text('verbosity = "brief"\n', encoding="utf-8")
    env = environment(tmp_path)
    run(["card", "C1"], env)
    run(["card", "C1"], env)  # the memo of the folders
    _compare(tmp_path, env, INPUTS[:4] + INPUTS[6:8])
    moved = dict(env, XDG_CONFIG_HOME=str(tmp_path / "elsewhere"))  # a new config folder: brief words
    out = run(["card", "C1"], moved)
    assert out == ("Copper, 0 coins.\nWorth 1 coin.\n", "", 0)
    assert out == run(["card", "C1"], moved, quick=False)


# ---------------------------------------------------------------- the folders' memo, in this process


@pytest.fixture
def platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No COMPANION_* and no XDG_* variable, HOME a fresh folder: the platform's folders, by platformdirs."""
    for name in list(os.environ):
        if name.startswith(("COMPANION_", "XDG_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    return tmp_path / "user"


def _platformdirs() -> tuple[str, str]:
    import platformdirs

    return (platformdirs.user_config_dir("companion", appauthor=False),
            platformdirs.user_state_dir("companion", appauthor=False))


def test_the_memo_gives_platformdirs_answer(platform: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert quick_folders.platform_folders() == _platformdirs()  # no state folder yet: nothing kept
    memo = Path(_platformdirs()[1], *quick_folders.MEMO)
    assert not memo.exists()
    memo.parent.mkdir(parents=True)
    assert quick_folders.platform_folders() == _platformdirs()
    if not sys.platform.startswith("linux"):
        assert not memo.exists()
        return
    assert memo.exists()
    assert quick_folders._remembered(_platformdirs()[1]) == _platformdirs()[0]
    monkeypatch.setenv("XDG_SESSION_COOKIE", "a secret")
    memo.unlink()
    quick_folders.platform_folders()
    assert "a secret" not in memo.read_text(encoding="utf-8")  # only what platformdirs reads is kept
    assert quick_folders._remembered(_platformdirs()[1]) == _platformdirs()[0]
    for variable, value in (("XDG_CONFIG_HOME", str(tmp_path / "x")), ("XDG_CONFIG_HOME", "relative"),
                            ("XDG_DATA_HOME", str(tmp_path / "d")), ("ANDROID_DATA", "/data"),
                            ("XDG_RUNTIME_DIR", str(tmp_path / "r")), ("XDG_CONFIG_DIRS", "/etc/xdg")):
        monkeypatch.setenv(variable, value)
        assert quick_folders._remembered(_platformdirs()[1]) is None  # another environment
        assert quick_folders.platform_folders() == _platformdirs()  # asked again, and kept for it
        assert quick_folders._remembered(_platformdirs()[1]) == _platformdirs()[0]
        monkeypatch.delenv(variable)
    assert quick_folders._remembered(_platformdirs()[1]) is None  # kept for the last one
    quick_folders.platform_folders()
    shadow = tmp_path / "shadow"
    (shadow / "platformdirs").mkdir(parents=True)
    (shadow / "platformdirs" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(shadow), *sys.path])
    assert quick_folders._remembered(_platformdirs()[1]) is None  # another platformdirs comes first
    monkeypatch.setattr(sys, "path", [str(tmp_path / "none"), *sys.path[1:]])
    assert quick_folders._remembered(_platformdirs()[1]) == _platformdirs()[0]  # the same one, found again
    where = quick_folders._first_platformdirs()
    assert where is not None
    copy = tmp_path / "copy"
    shutil.copytree(where, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = quick_folders._fingerprint(str(copy))
    os.utime(copy / "version.py", ns=(1, 1))  # its files changed (an upgrade)
    assert quick_folders._fingerprint(str(copy)) != before


def test_a_damaged_or_foreign_memo_is_not_used(platform: Path) -> None:
    if not sys.platform.startswith("linux"):
        assert quick_folders._guess() is None
        return
    state = _platformdirs()[1]
    Path(state, "cache").mkdir(parents=True)
    quick_folders.platform_folders()
    memo = Path(state, *quick_folders.MEMO)
    doc = json.loads(memo.read_text(encoding="utf-8"))
    for bad in ({**doc, "state": "/elsewhere"}, {**doc, "config": "relative"}, {**doc, "config": 3},
                {**doc, "fingerprint": {**doc["fingerprint"], "version": 0}}, [doc], "text"):
        memo.write_text(json.dumps(bad), encoding="utf-8")
        assert quick_folders._remembered(state) is None
    for raw in (b"", b"{", b"\xff", b" " * (quick_folders.MAX_BYTES + 1)):
        memo.write_bytes(raw)
        assert quick_folders._remembered(state) is None
    memo.unlink()
    memo.mkdir()
    assert quick_folders.platform_folders() == _platformdirs()


def test_an_output_that_cannot_be_written_is_left_to_the_full_path(tmp_path: Path) -> None:
    needs("/dev/full", os.path.exists("/dev/full"))
    home = tmp_path / "home"
    env = environment(tmp_path, COMPANION_HOME=str(home))
    run(["card", "C1"], env)
    statuses = []
    for code in (["-m", "companion"], ["-c", FULL_PATH]):
        with open("/dev/full", "wb") as full:
            done = subprocess.run([sys.executable, "-S", *code, "card", "C1"], stdout=full, stderr=subprocess.PIPE,
                                  env=env, cwd=CODE[0], timeout=60)
        statuses.append(done.returncode)
        log = (home / "state" / "errors.log").read_text(encoding="utf-8")
        assert log.count("No space left on device") >= len(statuses)  # the full path logged it, both times
    assert statuses[0] == statuses[1] != 0
    assert run(["card", "C1"], dict(env, PYTHONIOENCODING="ascii")) == (COPPER, "", 0)
