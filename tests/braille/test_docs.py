"""docs/braille.md against the program: the first page it shows is the page the program writes, the
answer it quotes is the answer given, and its way to check a file with lou_translate reads the file."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.braille.conftest import Recorder
from tests.braille.sheets import pages_of
from tests.conftest import ROOT, needs

DOC = (ROOT / "docs" / "braille.md").read_text()
NUMBERS = {"Eight": 8, "Eleven": 11, "Twelve": 12, "Ten": 10, "Nine": 9, "Thirteen": 13, "Fourteen": 14, "Fifteen": 15,
           "Sixteen": 16}
DAY = "1795867200"  # 28 November 2026, the day of the page the doc shows


def block_after(heading: str, fence: str) -> str:
    section = DOC.split(heading, 1)[1]
    block = section.split(f"```{fence}\n", 1)[1].split("```", 1)[0]
    return "\n".join(line.removeprefix("  ") if fence == "sh" else line for line in block.split("\n")).rstrip(" \n")


def test_the_first_page_shown_is_the_page_written(recorder: Recorder, tmp_path: Path, louis: object,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", DAY)
    assert f"SOURCE_DATE_EPOCH={DAY}` gives 28 November 2026" in DOC and "made on 28 November 2026" in DOC
    out = tmp_path / "first-game.brf"
    said = recorder.run(f'export --kingdom "First Game" --output "{out}"')
    page = pages_of(out.read_bytes())[0]
    shown = block_after("### The first page of a kingdom's sheets", "text").split("\n")
    assert page[: len(shown)] == shown
    blank = re.search(r"(\w+) blank lines follow, and line (\d+) ends with the page number `([^`]+)`", DOC)
    assert blank, "the doc says what follows the page's text"
    count, last, number = NUMBERS[blank.group(1)], int(blank.group(2)), blank.group(3)
    assert page[len(shown): len(shown) + count] == [""] * count and len(page) == len(shown) + count + 1 == last
    assert page[-1].strip() == number
    assert said.startswith("Wrote 10 cards on 14 pages.\n") and "Wrote 10 cards on 14 pages." in DOC


def test_the_check_before_embossing_reads_the_file(recorder: Recorder, tmp_path: Path, louis: object) -> None:
    needs("lou_translate (apt-get install liblouis-bin)", shutil.which("lou_translate") is not None)
    out = tmp_path / "first-game.brf"
    recorder.run(f'export --kingdom "First Game" --output "{out}"')
    command = block_after("## Check a file before embossing", "sh").strip()
    done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "error" not in done.stderr.lower(), done.stderr
    read = " ".join(done.stdout.split()).replace("\u2019", "'")
    assert "Dominion reference cards Kingdom: First Game. 10 cards. From Dominion, second edition, 2021." in read
    assert "Transcribed by the Dominion Companion" in read and "Braille pages t1-t3, p1, 1-10." in read
    assert "Transcriber's Notes The word coins stands for the coin symbol" in read
    assert "Made with liblouis." in read  # the backslash cell read as a cell, not an escape


@pytest.mark.parametrize("words", ["Linux and macOS", "lp -d EMBOSSER -o raw", "Windows", "copy /b", "set braille uncontracted",
                                   "--grade 1", "C10 Colony", "C-1 Curse"])
def test_the_doc_says(words: str) -> None:
    assert words in DOC
