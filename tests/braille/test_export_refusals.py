"""What braille export refuses before a byte is written, in one line, and what it does with a date it cannot
use: a transcriber's name liblouis has no braille for (it wrote escape codes), ``--output`` naming a folder
that is not there (it wrote a file of that name), ``SOURCE_DATE_EPOCH`` out of range (the generic error)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from companion.braille import Translator
from tests.braille.a11y import problems
from tests.braille.conftest import Recorder
from tests.braille.sheets import pages_of, text


@pytest.mark.parametrize(("name", "odd"), [("日本 club", "日 and 本, which"), ("Клуб", "К, л, у and б, which"),
                                         ("club 😀", "characters")])
def test_a_transcriber_liblouis_cannot_braille_is_refused(recorder: Recorder, tmp_path: Path, louis: object,
                                                          name: str, odd: str) -> None:
    out = tmp_path / "a.brf"
    said = recorder.run(f'export --cards moat --transcriber {name} --output "{out}"')
    assert said == (f"Error, '{name.replace('😀', '?')}' has {odd} liblouis cannot braille. Type the name after --transcriber "
                    "in the Latin alphabet.\n"), said
    assert not out.exists() and not list(tmp_path.iterdir())
    assert problems(said) == []


def test_a_transcriber_with_accents_liblouis_brailles_is_kept(recorder: Recorder, tmp_path: Path,
                                                              contracted: Translator) -> None:
    out = tmp_path / "a.brf"
    said = recorder.run(f'export --cards moat --transcriber Zoë of the café --output "{out}"')
    assert said.startswith("Wrote 1 card on"), said
    assert "\\X" not in out.read_bytes().decode("ascii").upper()  # no escape code for a character


@pytest.mark.parametrize("epoch", ["99999999999999", "253402300800", "-5", "soon", "1e9"])
def test_a_source_date_epoch_that_is_no_usable_time_gives_today_and_says_so(
        recorder: Recorder, tmp_path: Path, contracted: Translator, monkeypatch: pytest.MonkeyPatch,
        epoch: str) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    out = tmp_path / "a.brf"
    said = recorder.run(f'export --cards moat --output "{out}"')
    assert said.startswith("Wrote 1 card on"), said
    assert said.endswith("SOURCE_DATE_EPOCH is not a usable time, so the title page has today's date.\n"), said
    today = date.today()
    title = text(contracted, pages_of(out.read_bytes())[0][:-1])
    assert f"{today.day} {today.strftime('%B')} {today.year}." in title


def test_a_usable_source_date_epoch_says_nothing_more(recorder: Recorder, tmp_path: Path, contracted: Translator,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "253402300799")  # the last second of the year 9999
    out = tmp_path / "a.brf"
    said = recorder.run(f'export --cards moat --output "{out}"')
    assert "SOURCE_DATE_EPOCH" not in said
    assert "31 December 9999." in text(contracted, pages_of(out.read_bytes())[0][:-1])


def test_output_naming_a_folder_that_is_not_there_is_refused(recorder: Recorder, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch, louis: object) -> None:
    monkeypatch.chdir(tmp_path)
    said = recorder.run("export --cards moat --output newdir/")
    assert said == ("Error, there is no folder 'newdir'. Make it first, or after --output type a file name, "
                    "like cards.brf.\n"), said
    assert not list(tmp_path.iterdir())  # no file named newdir
    (tmp_path / "sheets").mkdir()
    said = recorder.run("export --cards moat --output sheets/")
    assert said == "Error, 'sheets' is a folder. After --output type a file name, like sheets/cards.brf.\n", said
    assert problems(said) == []
