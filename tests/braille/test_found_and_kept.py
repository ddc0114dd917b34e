"""What a person meets around the sheets: help and Tab for export, the grade kept as a setting, a typed
list named from its cards, --kingdom with one card, setup and table new naming braille export, the user
guide's braille section, and a missing liblouis told apart from a missing table, per platform."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from companion.braille import Translator
from companion.braille import translator as translator_module
from companion.dispatch import run_line
from companion.session import Session
from companion.settings import load_settings
from companion.shell.completion import complete_line
from tests.braille.a11y import problems
from tests.braille.conftest import Recorder
from tests.braille.sheets import contents_text, page_text
from tests.conftest import ROOT

LIST = "cellar, market, merchant, militia, mine, moat, remodel, smithy, village, workshop"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    for name in ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "home"


def shell_session() -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    return Session(out=out, settings=load_settings()), out


def said_by(session: Session, out: io.StringIO, line: str) -> str:
    start = out.tell()
    run_line(session, line)
    return out.getvalue()[start:]


# --help and Tab

def test_export_help_says_every_option(recorder: Recorder) -> None:
    said = recorder.run("export --help")
    assert said.startswith("Type braille export and options.\n")
    assert 'For example, braille export --kingdom "First Game"\n' in said
    for option in ("--kingdom", "--cards", "--set", "--basic", "--setup", "--players", "--output", "--grade 1",
                   "--uncontracted", "--grade 2", "--contracted", "set braille", "--width", "--lines", "--pack"):
        assert option in said, option
    assert not said.startswith("Error")


def test_braille_help_names_the_grade_as_the_options_do(recorder: Recorder) -> None:
    said = recorder.run("--help")
    assert "--grade 1 or --uncontracted" in said and "set braille uncontracted" in said
    assert "braille export --help" in said


@pytest.mark.parametrize(("typed", "offered"), [
    ("braille export --k", ["export --kingdom"]),
    ("braille export --gr", ["export --grade"]),
    ("braille export --kingdom fir", ['export --kingdom "First Game"']),
    ("braille export --set p", ["export --set prosperity"]),
    ("braille export --grade ", ["export --grade 1", "export --grade 2"]),
    ("braille export --cards thr", ['export --cards "Throne Room"']),
    ("braille export --kingdom random --se", ["export --kingdom random --set", "export --kingdom random --setup",
                                              "export --kingdom random --seed"]),
    ("braille exp", ["export", "Expand"]),
    # After a comma in a list, the next card's name, not "--" and every option:
    ("braille export --cards village,sm", ["export --cards village,Smithy"]),
    ("braille export --cards village, sm", ["export --cards village, Smithy"]),
    ("braille export --cards village, throne r", ["export --cards village, Throne Room"]),
    ("braille export --kingdom village, smithy, ma", ["export --kingdom village, smithy, Magnate",
                                                     "export --kingdom village, smithy, Market"]),
    ("braille export --cards throne r", ['export --cards "Throne Room"']),
    ("braille export --cards village --se", ["export --cards village --set", "export --cards village --setup",
                                             "export --cards village --seed"]),
])
def test_tab_completes_export_options_and_their_values(typed: str, offered: list[str]) -> None:
    session = Session(out=io.StringIO())
    start, found = complete_line(session, typed)
    assert typed[:start] == "braille "
    assert found == offered


def test_tab_after_a_comma_offers_every_card_and_no_option() -> None:
    session = Session(out=io.StringIO())
    _, found = complete_line(session, "braille export --cards village, ")
    assert len(found) == 60 and all(f.startswith("export --cards village, ") for f in found)
    assert not any("--" in f[len("export --cards "):] for f in found)


@pytest.mark.parametrize(("typed", "said"), [
    ("braille export --kingdom random --se", "3 matches, --set, --setup and --seed."),
    ("braille export --grade ", "2 matches, 1 and 2."),
    ("braille export --kingdom village, smithy, ma", "2 matches, Magnate and Market."),
    ("braille export --kingdom b", "4 matches, Bad Omens, Beginners, Biggest Money and Bounty of the Hunt."),
])
def test_a_list_of_matches_is_said_as_what_tells_them_apart(typed: str, said: str) -> None:
    from companion.shell.completion import describe_matches

    _, found = complete_line(Session(out=io.StringIO()), typed)
    assert describe_matches(found) == said


# The grade, kept

def test_the_grade_is_a_saved_setting(tmp_path: Path, louis: ModuleType) -> None:
    session, out = shell_session()
    assert said_by(session, out, "set braille uncontracted") == "Braille is now uncontracted.\n"
    again, out2 = shell_session()  # a new run reads the file
    uncontracted = said_by(again, out2, "braille witch").split("\n")[0]
    assert uncontracted == louis.translateString(["unicode.dis", "en-ueb-g1.ctb"], "Witch, cost 5 coins").replace("\u2800", " ")
    contracted = said_by(again, out2, "braille witch --grade 2").split("\n")[0]
    assert contracted == louis.translateString(["unicode.dis", "en-ueb-g2.ctb"], "Witch, cost 5 coins").replace("\u2800", " ")
    assert said_by(again, out2, "braille witch --contracted").split("\n")[0] == contracted


def test_grade_1_is_uncontracted_in_both_spellings(recorder: Recorder, tmp_path: Path, uncontracted: Translator) -> None:
    assert recorder.run("witch --grade 1") == recorder.run("witch --uncontracted") != recorder.run("witch")
    recorder.run(f'export --kingdom "First Game" --grade 1 --output "{tmp_path / "a.brf"}"')
    recorder.run(f'export --kingdom "First Game" --uncontracted --output "{tmp_path / "b.brf"}"')
    assert (tmp_path / "a.brf").read_bytes() == (tmp_path / "b.brf").read_bytes()
    assert "Unified English Braille, uncontracted" in page_text(uncontracted, (tmp_path / "a.brf").read_bytes(), 1)


@pytest.mark.parametrize(("typed", "quoted"), [("--grade 3", "'3'"), ("--grade 1 --contracted", "both"),
                                                ("--grade 1 --grade 2", "both"), ("--grade 2 --grade 1", "both"),
                                                ("--grade 1 --grade 3", "'3'")])
def test_a_grade_that_is_not_one_is_refused(recorder: Recorder, typed: str, quoted: str) -> None:
    said = recorder.run(f"village {typed}")
    assert said.startswith("Error, ") and quoted in said and problems(said) == []
    said = recorder.run(f'export --kingdom "First Game" {typed}')  # before, the last --grade was taken
    assert said.startswith("Error, ") and quoted in said and problems(said) == []


def test_the_same_grade_twice_is_that_grade(recorder: Recorder) -> None:
    assert recorder.run("witch --grade 1 --grade 1") == recorder.run("witch --grade 1 --uncontracted") == \
        recorder.run("witch --grade 1")


# Names

def test_a_typed_list_is_named_from_its_cards(recorder: Recorder, tmp_path: Path, contracted: Translator,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    said = recorder.run(f'export --kingdom "{LIST}"')
    assert "The file is cellar-moat-merchant-and-7-more.brf," in said, said
    data = (tmp_path / "cellar-moat-merchant-and-7-more.brf").read_bytes()
    assert "Kingdom: Cellar, Moat, Merchant and 7 more." in page_text(contracted, data, 1)
    other = LIST.replace("workshop", "witch")
    assert "The file is cellar-moat-merchant-and-7-more-2.brf," in recorder.run(f'export --kingdom "{other}"')
    assert (tmp_path / "cellar-moat-merchant-and-7-more.brf").read_bytes() == data  # the first is kept


def test_one_card_after_kingdom_says_a_kingdom_has_10(recorder: Recorder, tmp_path: Path) -> None:
    said = recorder.run(f'export --kingdom village --output "{tmp_path / "x.brf"}"')
    assert said == "Error, Village is one card, and a kingdom has 10. Name 10 with commas, or type --cards village for it alone.\n"
    assert "Villager" not in said and not list(tmp_path.iterdir())


# Where reference cards are mentioned

def test_setup_names_braille_export_and_what_it_names_works(tmp_path: Path, contracted: Translator) -> None:
    session, out = shell_session()
    said = said_by(session, out, "setup 3 --seed 4 random --colony off")
    line = next(x for x in said.split("\n") if "braille export" in x)
    assert line == "To emboss them, type braille export --kingdom random --seed 4 --colony off."
    command = line.removeprefix("To emboss them, type ").removesuffix(".")
    kingdom = re.search(r"Kingdom, (.*)\.", said).group(1)  # type: ignore[union-attr]
    done = said_by(session, out, f'{command} --output "{tmp_path / "s.brf"}"')
    assert done.startswith("Wrote 10 cards"), done
    contents = contents_text(contracted, (tmp_path / "s.brf").read_bytes())
    for name in kingdom.removeprefix("10 each of ").replace(" and ", ", ").split(", "):
        assert name in contents, name


def test_table_new_names_braille_export(tmp_path: Path) -> None:
    session, out = shell_session()
    said = said_by(session, out, 'table new --players Ann,Ben --kingdom "Beginners"')
    lines = said.split("\n")
    at = next(i for i, x in enumerate(lines) if x.startswith("Reference cards,"))
    assert lines[at + 1] == "To emboss them, type braille export."


def test_the_user_guide_has_a_braille_section() -> None:
    guide = (ROOT / "docs" / "user-guide.md").read_text()
    section = guide.split("\n## Braille\n", 1)[1].split("\n## ", 1)[0]
    for words in ("### braille", "### braille export", "--kingdom", "--cards", "--set", "--setup", "--output",
                  "set braille uncontracted", "--grade 1", "embosser", "braille.md"):
        assert words in section, words


# Without liblouis

@pytest.mark.parametrize(("platform", "way"), [("linux", "sudo apt-get install liblouis-data python3-louis"),
                                                ("darwin", "brew install liblouis"),
                                                ("win32", "for Windows")])
def test_the_missing_liblouis_sentence_is_the_platforms(platform: str, way: str) -> None:
    from companion.braille.translator import install_hint

    said = install_hint("module", platform=platform)
    assert said.startswith("liblouis is not installed.") and way in said
    assert len({install_hint(m, "en-ueb-g2.ctb", platform) for m in ("module", "library", "table")}) == 3


def test_a_missing_library_is_told_from_a_missing_module(recorder: Recorder, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_library(name: str) -> None:
        raise OSError("liblouis.so.20: cannot open shared object file")

    monkeypatch.setattr(translator_module, "_importer", no_library)
    monkeypatch.setattr(translator_module, "_on_disk", lambda name: True)
    said = recorder.run("village")
    assert said.startswith("Error, The liblouis library is missing, though its Python module is here.")
    assert "liblouis20" in said and problems(said) == []


def test_a_missing_table_is_named(recorder: Recorder, monkeypatch: pytest.MonkeyPatch) -> None:
    def check_table(tables: list[str]) -> None:
        if "en-ueb-g2.ctb" in tables:
            raise RuntimeError(f"Can't compile: tables {tables}")

    broken = SimpleNamespace(checkTable=check_table, setLogLevel=lambda level: None, LOG_OFF=0)
    monkeypatch.setattr(translator_module, "_importer", lambda name: broken)
    said = recorder.run("village")
    assert said.startswith("Error, liblouis is installed, but its braille table en-ueb-g2.ctb is missing.")
    assert "apt-get install liblouis-data" in said and problems(said) == []
