"""``companion braille ...`` as a separate process, the way a person types it at a terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from tests.braille.a11y import problems
from tests.conftest import ROOT

# Until the modules other areas are writing (companion.settings, companion.commands.lookup) are on this
# branch, stand-ins are put in their place; where the real ones exist, this is exactly ``python -m companion``.
PRELUDE = """
import importlib.util, sys, types
def absent(name):
    try:
        return importlib.util.find_spec(name) is None
    except ModuleNotFoundError:
        return True
if absent("companion.settings"):
    sys.modules["companion.settings"] = types.ModuleType("companion.settings")
    sys.modules["companion.settings"].load_settings = lambda: None
if absent("companion.commands.lookup"):
    sys.modules["companion.commands.lookup"] = types.ModuleType("companion.commands.lookup")
"""
RUN = PRELUDE + "from companion.__main__ import main\nsys.exit(main())\n"


def companion(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", SOURCE_DATE_EPOCH="1800000000")  # one day for every run
    return subprocess.run([sys.executable, "-c", RUN, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


def test_braille_village(louis: ModuleType) -> None:
    done = companion("braille", "village")
    assert done.returncode == 0 and done.stderr == ""
    first = louis.translateString(["unicode.dis", "en-ueb-g2.ctb"], "Village, cost 3 coins").replace("\u2800", " ")
    assert done.stdout.split("\n")[0] == first
    assert problems(done.stdout, braille=True) == []


def test_braille_export_first_game(louis: ModuleType, tmp_path: Path) -> None:
    done = companion("braille", "export", "--kingdom", "First Game", "--output", "first-game.brf", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"Wrote 10 cards on 14 pages.\nThe file is first-game.brf, in {tmp_path.resolve()}.\n"
    assert (tmp_path / "first-game.brf").read_bytes().count(b"\f") == 13
    assert problems(done.stdout) == []


def test_wrong_input_gives_one_error_and_no_traceback(tmp_path: Path) -> None:
    for args in (["braille", "vilage"], ["braille", "king's", "curt"], ["braille", "export", "--kingdom", "Nowhere"],
                 ["braille", "export", "--kingdom", "First Game", "--width", "12"], ["braille", "export", "--lines"]):
        done = companion(*args, cwd=tmp_path)
        assert done.returncode == 1 and done.stderr == "", args
        assert done.stdout.startswith("Error, ") and done.stdout.count("\n") == 1, done.stdout
        assert problems(done.stdout) == [], args
    assert list(tmp_path.iterdir()) == []


def test_listing_commands_does_not_load_liblouis() -> None:
    code = PRELUDE + "from companion.commands import registry\nregistry.names()\nprint('louis' in sys.modules)\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "False\n", done.stderr


def test_braille_export_to_standard_output_is_the_file_and_nothing_else(louis: ModuleType, tmp_path: Path) -> None:
    """--output - was taken as a file named "-"; now the BRF goes to standard output, byte for byte as the
    file would hold it, and what was written is said on the error stream."""
    companion("braille", "export", "--kingdom", "First Game", "--output", "first-game.brf", cwd=tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", SOURCE_DATE_EPOCH="1800000000")  # one day for every run
    done = subprocess.run([sys.executable, "-c", RUN, "braille", "export", "--kingdom", "First Game", "--output",
                           "-"], cwd=tmp_path, env=env, capture_output=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout == (tmp_path / "first-game.brf").read_bytes()
    assert done.stderr.decode() == "Wrote 10 cards on 14 pages.\n"
    assert not (tmp_path / "-").exists()
