"""A half-installed package: a card data file or the browser seat's page missing or empty is said at start in
one sentence naming the file and how to reinstall, and the host refuses to start rather than serve 404s.

The package is the built wheel's own files, unpacked into a folder outside the checkout, then damaged."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from companion.installed import REINSTALL
from tests.install.conftest import Dists


@pytest.fixture
def unpacked(dists: Dists, tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    with zipfile.ZipFile(dists.wheel) as wheel:
        wheel.extractall(folder)
    return folder


def companion(site: Path, *args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTEST", "PYTHON"))}
    env.update(PYTHONPATH=str(site), COMPANION_HOME=str(site.parent / "home"))
    return subprocess.run([sys.executable, "-m", "companion", *args], input=input, capture_output=True, text=True,
                          cwd=site.parent, env=env, timeout=60)


def test_the_unpacked_wheel_works_before_it_is_damaged(unpacked: Path) -> None:
    done = companion(unpacked, "card", "C1")
    assert done.stdout == "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n"


@pytest.mark.parametrize("how", ["deleted", "emptied"])
@pytest.mark.parametrize("name", ["base2e.yaml", "glossary.yaml", "recommended_sets.yaml"])
def test_a_card_data_file_missing_is_said_once_at_start(unpacked: Path, name: str, how: str) -> None:
    path = unpacked / "companion" / "carddata" / name
    if how == "deleted":
        path.unlink()
    else:
        path.write_bytes(b"")
    said = f"Error, the program's card data file {path} is {'missing' if how == 'deleted' else 'empty'}. {REINSTALL}\n"
    for args, typed in ((("card", "C1"), None), (("help",), None), ((), "card C1\n")):
        done = companion(unpacked, *args, input=typed)
        assert (done.returncode, done.stdout, done.stderr) == (1, said, ""), args


def test_the_card_data_folder_missing_is_said_once_at_start(unpacked: Path) -> None:
    folder = unpacked / "companion" / "carddata"
    for f in folder.iterdir():
        f.unlink()
    folder.rmdir()
    done = companion(unpacked, "rule", "trash")
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout == f"Error, the program's card data folder {folder} is missing. {REINSTALL}\n"
    assert REINSTALL.startswith("Reinstall the companion. Type pipx reinstall dominion-companion")


@pytest.mark.parametrize("name", ["index.html", "play.js"])
def test_the_host_refuses_to_start_without_its_page(unpacked: Path, name: str) -> None:
    path = unpacked / "companion" / "net" / "page" / name
    path.unlink()
    done = companion(unpacked, "host", "--players", "2", "--port", "0", "--code", "135792468", input="quit\n")
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout == (f"Error, the host cannot start, the browser seat's file {path} is missing, so friends "
                           f"could not open the page. {REINSTALL}\n")
    assert not (unpacked.parent / "home" / "data" / "hosted").exists()  # no game was made
    card = companion(unpacked, "card", "C1")  # the rest of the program is unaffected
    assert card.returncode == 0
