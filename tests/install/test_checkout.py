"""No symbolic links in the repository: a checkout made without them (Git on Windows by default, a ZIP
download) installs and finds its cards."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import ROOT
from tests.install.conftest import install, run, tracked_files


def test_the_repository_holds_no_symbolic_links() -> None:
    links = [name for name in tracked_files() if os.path.islink(ROOT / name)]
    assert links == []
    staged = subprocess.run(["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert [line for line in staged.splitlines() if line.startswith("120000 ")] == []


def test_a_clone_without_links_installs_and_looks_a_card_up(tmp_path: Path) -> None:
    tracked_files()  # (a git checkout is needed)
    clone = tmp_path / "clone"
    run(["git", "clone", "--quiet", "--no-hardlinks", "-c", "core.symlinks=false", str(ROOT), str(clone)],
        cwd=tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    made = install(tmp_path / "venv", clone, work)
    done = made.run("card", "C1", home=tmp_path / "home")
    assert (done.returncode, done.stdout, done.stderr) == (0, "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n", "")
    rule = made.run("rule", "trash", home=tmp_path / "home")
    assert rule.stdout.startswith("Trash means")
