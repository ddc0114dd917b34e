"""The installed package, from the wheel and from the sdist, works as the checkout does: the smoke set a person
would try first, run with the venv's own ``companion`` command in a folder outside the checkout."""

from __future__ import annotations

import os
import re
import select
import subprocess
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import companion
from tests.conftest import ROOT, needs
from tests.home import run_companion
from tests.speech.test_speech import speech_dispatcher, wait_for_spoken  # noqa: F401 - a fixture
from tests.install.conftest import Dists, Installed, tracked_files
from tests.net import browser as chromium

DATA = "data/braille_reference/"
HAND = r"Hand, 5 cards. \d Coppers and (?:Estate|\d Estates)\.$"  # a starting hand, said


def test_the_wheel_holds_every_file_of_the_package_and_the_card_data(dists: Dists) -> None:
    with zipfile.ZipFile(dists.wheel) as wheel:
        names = set(wheel.namelist())
        links = [i.filename for i in wheel.infolist() if (i.external_attr >> 16) & 0o170000 == 0o120000]
        metadata = wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    wanted = {name for name in tracked_files() if name.startswith("companion/")}
    wanted |= {"companion/carddata/" + name[len(DATA):] for name in tracked_files() if name.startswith(DATA)}
    assert wanted - names == set()
    assert {"companion/net/page/index.html", "companion/net/page/play.js", "companion/carddata/base2e.yaml"} <= names
    assert not links
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert re.search(r"^Name: dominion-companion$", metadata, re.M)
    assert re.search(rf"^Version: {re.escape(companion.__version__)}$", metadata, re.M)
    assert re.search(r"^License-Expression: MIT$", metadata, re.M)
    assert "Classifier: Topic :: Adaptive Technologies" in metadata


def test_the_sdist_holds_the_licence_the_readme_and_the_data(dists: Dists) -> None:
    with tarfile.open(dists.sdist) as sdist:
        names = {m.name.split("/", 1)[1] for m in sdist.getmembers() if "/" in m.name}
        assert not [m.name for m in sdist.getmembers() if m.issym() or m.islnk()]
    assert {"LICENSE", "README.md", "pyproject.toml", "companion/net/page/play.js"} <= names
    assert {name for name in tracked_files() if name.startswith(DATA)} <= names


def test_the_installed_program_answers_as_the_checkout_does(installed: Installed, tmp_path: Path) -> None:
    home = tmp_path / "home"
    where = subprocess.run([str(installed.python), "-c", "import companion; print(companion.__file__)"],
                           capture_output=True, text=True, cwd=installed.work, env=installed.env(home), timeout=60)
    assert Path(where.stdout.strip()).is_relative_to(installed.venv), where  # never the checkout
    card = installed.run("card", "C1", home=home)
    assert (card.returncode, card.stdout, card.stderr) == (0, "Copper, 0 coins, Treasure.\nWorth 1 coin.\nBraille code C1.\n", "")
    again = installed.run("card", "C1", home=home)  # from the card cache this time
    assert again.stdout == card.stdout
    village = installed.run("card", "village", home=home)
    assert village.stdout.startswith("Village, 3 coins, Action.")
    version = installed.run("--version", home=home)
    assert version.stdout == f"companion {companion.__version__}, pure Python engine\n"
    helped = installed.run("help", home=home)
    assert helped.returncode == 0 and helped.stdout == run_companion(tmp_path / "checkout", "help").stdout.decode()
    sets = installed.run("sets", home=home)
    assert sets.returncode == 0 and "First Game" in sets.stdout


def test_the_installed_program_writes_the_same_braille(installed: Installed, tmp_path: Path) -> None:
    from companion.system_packages import import_system_package

    needs("liblouis and python3-louis", import_system_package("louis") is not None)
    home = tmp_path / "home"
    done = installed.run("braille", "export", "--kingdom", "First Game", "--output", str(tmp_path / "mine.brf"), home=home)
    assert done.returncode == 0, done
    assert done.stdout.startswith("Wrote 10 cards")
    run_companion(tmp_path / "checkout", "braille", "export", "--kingdom", "First Game", "--output",
                  str(tmp_path / "checkout.brf"))
    assert (tmp_path / "mine.brf").read_bytes() == (tmp_path / "checkout.brf").read_bytes()


def test_the_installed_program_says_speech_off_and_on(installed: Installed, tmp_path: Path,
                                                      speech_dispatcher: tuple[str, Path]) -> None:  # noqa: F811
    address, out = speech_dispatcher
    home = tmp_path / "home"
    done = installed.run(input="speech\nspeech on\ncard smithy\nspeech off\ncard gold\n", home=home,
                         SPEECHD_ADDRESS=address)
    assert done.stdout == ("Speech is off.\nType speech on or speech off.\nSpeech is now on.\n"
                           "Smithy, 4 coins, Action.\n+3 Cards.\nSpeech is now off.\n"
                           "Gold, 6 coins, Treasure.\nWorth 3 coins.\nBraille code G3.\n"), done
    wait_for_spoken(out, "Smithy, 4 coins, Action.")  # through Debian's python3-speechd, from a fresh venv
    time.sleep(0.3)
    assert "Gold" not in (out / "spoken.txt").read_text()
    nowhere = installed.run("--speech", "card", "village", home=home,
                            SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}")
    assert nowhere.stdout.startswith("Village, 3 coins, Action.")
    assert "Traceback" not in nowhere.stdout + nowhere.stderr


class _Lines:
    """A running program's standard output, read line by line with a time limit."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc, self.seen = proc, ""

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.seen)
            if found:
                return found
            left = deadline - time.monotonic()
            assert left > 0 and self.proc.poll() is None, f"no {pattern!r} in:\n{self.seen}"
            # Read the pipe itself: readline() would leave the rest of a chunk of several lines in the file
            # object's buffer, where select() cannot see it (the host's start is one chunk of 3 lines, and
            # waiting for its third line timed out once in CI).
            fd = self.proc.stdout.fileno()
            ready, _, _ = select.select([fd], [], [], min(left, 1.0))
            if ready:
                self.seen += os.read(fd, 65536).decode("utf-8", "replace")


def test_the_installed_host_serves_its_page_to_a_terminal_and_a_browser(installed: Installed, tmp_path: Path) -> None:
    sync_playwright = chromium.playwright()
    code = "246813579"
    host = subprocess.Popen([str(installed.companion), "host", "--players", "3", "--kingdom", "First Game", "--seed",
                             "4", "--port", "0", "--code", code, "--name", "Ana"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                            cwd=installed.work, env=installed.env(tmp_path / "host"))
    said = _Lines(host)
    ben = None
    try:
        port = int(said.wait_for(r"Or open http://127\.0\.0\.1:(\d+) in a browser")[1])
        for name in ("index.html", "play.js"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{'' if name == 'index.html' else name}",
                                        timeout=10) as answer:
                assert answer.status == 200
                assert answer.read() == (ROOT / "companion" / "net" / "page" / name).read_bytes()
        assert host.stdin is not None
        host.stdin.write("end\n")  # Ana's line waits for her turn, then ends it
        host.stdin.flush()
        (tmp_path / "ben").mkdir()
        ben = subprocess.Popen([str(installed.companion), "join", f"127.0.0.1:{port}", "--code", code, "--name", "Ben"],
                               stdin=subprocess.PIPE, stdout=(tmp_path / "ben" / "out").open("w"),
                               stderr=subprocess.STDOUT, text=True, cwd=installed.work, env=installed.env(tmp_path / "ben"))
        assert ben.stdin is not None
        ben.stdin.write("hand\n")
        ben.stdin.close()  # his one line goes when the game waits for him; then his input ends
        said.wait_for("Ben joined")
        with sync_playwright() as pw:
            browser = chromium.launch(pw)
            try:
                cal = chromium.open_seat(browser, port, code, "Cal")
                cal.wait_for_function("document.body.innerText.includes('The game starts.')", timeout=30_000)
                heard = chromium.type_line(cal, "hand")
                assert any(re.match(HAND, h) for h in heard), heard
                chromium.type_line(cal, "end")  # ends her turn if it is hers; else the host says whose it is
                status = ben.wait(timeout=60)  # Ben's turn comes in the first round, whoever goes first
            finally:
                browser.close()
        heard_ben = (tmp_path / "ben" / "out").read_text()
        assert status == 0, heard_ben
        assert re.search("^" + HAND[:-1] + "$", heard_ben, re.M), heard_ben
        assert "connection to the host was lost" not in heard_ben
    finally:  # the host's own seat may still wait for its turn to send its line: it is stopped
        for proc in (host, ben):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
