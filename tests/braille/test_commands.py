"""The braille commands as a user meets them: output, errors, the current kingdom, no liblouis."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from companion.braille import Grade, Translator, card_lines
from companion.braille import translator as translator_module
from companion.braille.cells import to_unicode
from companion.braille.reference import card_words
from companion.cards import catalogue
from companion.kingdom import choose_kingdom
from tests.braille.a11y import problems
from tests.braille.conftest import Recorder

CONFIRMATION = re.compile(r"Wrote (\d+) cards on (\d+) pages\.\nThe file is (.+), in (.+)\.\n")


def exported(recorder: Recorder, tmp_path: Path, args: str, name: str = "out.brf") -> tuple[str, bytes]:
    path = tmp_path / name
    said = recorder.run(f'{args} --output "{path}"')
    return said, path.read_bytes() if path.exists() else b""


# braille CARD

@pytest.mark.parametrize("name", ["Village", "Moat", "King's Court", "Curse", "Peddler", "Throne Room"])
def test_a_card_is_shown_in_unicode_braille_and_nothing_else(recorder: Recorder, louis: ModuleType, name: str) -> None:
    card = catalogue()[name]
    said = recorder.run(name.lower())
    lines = said.rstrip("\n").split("\n")
    assert all(re.fullmatch(r"[\u2801-\u28ff]+( [\u2801-\u28ff]+)*", line) for line in lines), said
    # Each line is what liblouis itself gives for the paragraph in Unicode braille, its blank cells (U+2800)
    # ordinary spaces: a screen reader finds words at spaces, and reads U+2800 as the word "braille".
    paragraphs = card_words(card)
    by_liblouis = [louis.translateString(["unicode.dis", "en-ueb-g2.ctb"], p).replace("\u2800", " ") for p in paragraphs]
    assert [line for line in lines if set(line) != {"\u2812"}] == by_liblouis
    assert problems(said, braille=True) == []


def test_uncontracted_on_request(recorder: Recorder, louis: ModuleType) -> None:
    said = recorder.run("witch --uncontracted")
    expected = [louis.translateString(["unicode.dis", "en-ueb-g1.ctb"], p).replace("\u2800", " ")
                for p in card_words(catalogue()["Witch"])]
    assert said.rstrip("\n").split("\n") == expected
    assert said != recorder.run("witch")


def test_unicode_cells_match_liblouis_for_every_cell(louis: ModuleType, contracted: Translator) -> None:
    """Our Braille ASCII to Unicode table against liblouis' own, over every card's text."""
    for card in catalogue():
        for paragraph in card_words(card):
            assert to_unicode(contracted.brf(paragraph)) == louis.translateString(["unicode.dis", "en-ueb-g2.ctb"], paragraph)


def test_a_card_wrapped_to_a_display_width(recorder: Recorder, contracted: Translator) -> None:
    said = recorder.run("library --width 20")
    lines = said.rstrip("\n").split("\n")
    assert lines == card_lines(catalogue()["Library"], contracted, 20)
    assert max(len(line) for line in lines) <= 20 and len(lines) > 3


@pytest.mark.parametrize(
    ("typed", "quoted"),
    [("vilage", "'vilage'"), ("", "braille village"), ("village --width 12", "--width 12"),
     ("village --width wide", "'wide'"), ("village --colour", "--colour"), ('"throne', "quote")],
)
def test_card_errors(recorder: Recorder, typed: str, quoted: str) -> None:
    said = recorder.run(typed)
    assert said.startswith("Error, ") and quoted in said
    assert problems(said) == []


@pytest.mark.parametrize("typed", ["", "--grade 1", "--width 30"])
def test_braille_with_no_card_says_it_needs_one_as_card_does(recorder: Recorder, typed: str) -> None:
    assert recorder.run(typed) == "Error, braille needs a card. Type braille and a card, like braille village.\n"


# braille export

def test_export_a_recommended_set(recorder: Recorder, tmp_path: Path, louis: ModuleType) -> None:
    said, data = exported(recorder, tmp_path, 'export --kingdom "First Game"')
    cards, pages, name, folder = CONFIRMATION.fullmatch(said).groups()  # type: ignore[union-attr]
    assert (int(cards), int(pages)) == (10, data.count(b"\f") + 1) == (10, 14)  # title, symbols, notes, contents, 10 cards
    assert (name, folder) == ("out.brf", str(tmp_path.resolve()))
    assert problems(said) == []


def test_basic_cards_and_packing(recorder: Recorder, tmp_path: Path, louis: ModuleType) -> None:
    said, data = exported(recorder, tmp_path, 'export --kingdom "Biggest Money" --basic --pack --width 32 --lines 20')
    cards, pages, _, _ = CONFIRMATION.fullmatch(said).groups()  # type: ignore[union-attr]
    kingdom = choose_kingdom("Biggest Money")
    assert int(cards) == 10 + len(kingdom.basic_cards) == 19  # Platinum and Colony too
    assert int(pages) == data.count(b"\f") + 1 < 19
    assert max(len(line) for line in data.replace(b"\f", b"").split(b"\r\n")) <= 32


def test_a_list_of_cards_and_a_seeded_random_kingdom(recorder: Recorder, tmp_path: Path, louis: ModuleType) -> None:
    names = "cellar, market, merchant, militia, mine, moat, remodel, smithy, village, workshop"
    said, listed = exported(recorder, tmp_path, f'export --kingdom "{names}"', "list.brf")
    assert said.startswith("Wrote 10 cards on 14 pages.")
    _, first = exported(recorder, tmp_path, "export --kingdom random --seed 5", "a.brf")
    _, again = exported(recorder, tmp_path, "export --kingdom random --seed 5", "b.brf")
    _, other = exported(recorder, tmp_path, "export --kingdom random --seed 6", "c.brf")
    assert first == again != other


def test_the_default_file_is_named_after_the_kingdom(recorder: Recorder, tmp_path: Path, louis: ModuleType,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    said = recorder.run('export --kingdom "first game"')
    assert said.endswith(f"The file is first-game.brf, in {tmp_path.resolve()}.\n") and (tmp_path / "first-game.brf").is_file()


@pytest.mark.parametrize("state", [{}, {"game": SimpleNamespace(kingdom=None)}, {"game": object()},
                                   {"table": SimpleNamespace(kingdom=["Village"])}])
def test_no_current_kingdom(recorder: Recorder, tmp_path: Path, state: dict) -> None:
    recorder.session.state.update(state)
    said, data = exported(recorder, tmp_path, "export")
    assert said.startswith("Error, there is no game or table with a kingdom now.") and not data
    assert '--kingdom "First Game"' in said
    assert problems(said) == []


@pytest.mark.parametrize(
    ("args", "quoted"),
    [('--kingdom "Nowhere Land"', "'Nowhere Land'"), ("--kingdom cellar", "Cellar is one card"),
     ("--kingdom village,smithy", "2 kingdom cards"), ('--kingdom "First Game" --width 19', "--width 19"),
     ('--kingdom "First Game" --width 101', "--width 101"), ('--kingdom "First Game" --lines 4', "--lines 4"),
     ('--kingdom "First Game" --width forty', "'forty'"), ('--kingdom "First Game" --seed 4', "'First Game'"),
     ("--kingdom random --seed x", "'x'"), ("--kingdom game", "no game"), ("--kingdom table", "no table"),
     ("--kingdom", "--kingdom"), ('--kingdom "First Game" --colour', "--colour")],
)
def test_export_refusals_write_nothing(recorder: Recorder, tmp_path: Path, args: str, quoted: str) -> None:
    said, data = exported(recorder, tmp_path, f"export {args}")
    assert said.startswith("Error, ") and quoted in said, said
    assert not data and not list(tmp_path.iterdir())
    assert problems(said) == []


@pytest.mark.parametrize("where", ["missing/folder/cards.brf", "a-file/cards.brf", ".", "/proc/cards.brf"])
def test_unwritable_paths_are_refused(recorder: Recorder, tmp_path: Path, louis: ModuleType, where: str) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    target = where if where.startswith("/") else str(tmp_path / where)
    said = recorder.run(f'export --kingdom "First Game" --output "{target}"')
    assert said.startswith("Error, ") and "--output" in said, said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]  # no half-written file left behind
    assert problems(said) == []


def test_an_empty_file_name_is_refused(recorder: Recorder) -> None:
    said = recorder.run('export --kingdom "First Game" --output ""')
    assert said.startswith("Error, the file name is empty.")


def test_a_failed_export_keeps_the_old_file(recorder: Recorder, tmp_path: Path, louis: ModuleType) -> None:
    _, before = exported(recorder, tmp_path, 'export --kingdom "First Game"')
    said, after = exported(recorder, tmp_path, 'export --kingdom "First Game" --width 3')
    assert said.startswith("Error,") and after == before


# Without liblouis

@pytest.fixture
def no_liblouis(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with neither liblouis nor its Python module."""
    monkeypatch.setattr(translator_module, "_importer", lambda name: None)
    monkeypatch.setattr(translator_module, "_on_disk", lambda name: False)


@pytest.mark.parametrize("args", ["village", 'export --kingdom "First Game"'])
def test_without_liblouis_the_commands_say_how_to_install_it(recorder: Recorder, tmp_path: Path, no_liblouis: None,
                                                             args: str) -> None:
    said, data = exported(recorder, tmp_path, args) if args.startswith("export") else (recorder.run(args), b"")
    assert said.count("\n") == 1 and said.startswith("Error, liblouis is not installed.")
    assert "apt-get install liblouis-data python3-louis" in said
    assert not data and not list(tmp_path.iterdir())
    assert problems(said) == []


def test_other_commands_work_without_liblouis(recorder: Recorder, no_liblouis: None) -> None:
    """Errors that need no braille are still the ordinary ones."""
    assert recorder.run("vilage").startswith("Error, no card named 'vilage'.")
    assert recorder.run("export --kingdom nowhere").startswith("Error, no recommended set named 'nowhere'.")


def test_grades_name_their_tables() -> None:
    assert (Grade.CONTRACTED.table, Grade.UNCONTRACTED.table) == ("en-ueb-g2.ctb", "en-ueb-g1.ctb")


def test_a_random_kingdom_without_a_seed_says_its_seed_to_make_it_again(recorder: Recorder, tmp_path: Path,
                                                                       louis: ModuleType) -> None:
    said, first = exported(recorder, tmp_path, "export --kingdom random", "first.brf")
    seed = re.search(r"\nRandom kingdom, seed (\d+)\.\n$", said)
    assert seed, said
    _, again = exported(recorder, tmp_path, f"export --kingdom random --seed {seed.group(1)}", "again.brf")
    assert again == first
    assert problems(said) == []
    assert "Random kingdom" not in recorder.run(f'export --kingdom random --seed 3 --output "{tmp_path / "x.brf"}"')


def test_every_card_passes_the_checks_in_both_grades(recorder: Recorder, louis: ModuleType) -> None:
    for card in catalogue():
        for flag in ("", " --uncontracted"):
            said = recorder.run(f'"{card.name}"{flag}')
            assert not said.startswith("Error,") and problems(said, braille=True) == [], card.name
