"""``braille export`` of the open table's or game's kingdom, with a REAL table and a REAL game started by
their own commands in the same session (no stand-in objects), read back through liblouis."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from companion.braille import Translator
from companion.dispatch import run_line
from companion.kingdom import choose_kingdom
from companion.session import Session
from tests.braille.a11y import problems
from tests.braille.sheets import contents_text


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Tables and games are saved in a folder of this test's own."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    for name in ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "home"


class Person:
    """One session fed whole lines, as the shell feeds them."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.session = Session(out=self.out)

    def __call__(self, line: str) -> str:
        start = self.out.tell()
        run_line(self.session, line)
        return self.out.getvalue()[start:]


def read(translator: Translator, data: bytes, page: int) -> str:
    """One page of a BRF file as liblouis reads it back (page number left out), lower case."""
    lines = data.decode("ascii").split("\f")[page - 1].split("\r\n")[:-2]
    return translator.back(" ".join(line.strip() for line in lines if line.strip())).replace("\u2019", "'").lower()


@pytest.mark.parametrize("typed", ["", " --kingdom table", " --kingdom current"])
def test_an_open_table_beginners_kingdom(tmp_path: Path, contracted: Translator, typed: str) -> None:
    person = Person()
    said = person('table new --players Ann,Ben --kingdom "Beginners"')
    assert "Ann" in said and not said.startswith("Error")
    out = tmp_path / "table.brf"
    said = person(f'braille export{typed} --output "{out}"')
    assert said.startswith("Wrote 12 cards on "), said  # Beginners uses Platinum and Colony: 10 and 2
    assert problems(said) == []
    data = out.read_bytes()
    title = read(contracted, data, 1)
    assert "kingdom: beginners." in title and "with platinum and colony." in title
    contents = contents_text(contracted, data).lower()
    for card in choose_kingdom("Beginners").cards:
        assert card.name.lower().replace("'", "'") in contents, card.name
    assert "platinum, p5" in contents and "colony, c10" in contents


def test_the_setup_of_an_open_table_is_for_its_players(tmp_path: Path, contracted: Translator) -> None:
    person = Person()
    person('table new --players Ann,Ben,Cy --kingdom "First Game"')
    out = tmp_path / "setup.brf"
    said = person(f'braille export --setup --output "{out}"')
    assert said.startswith("Wrote a setup for 3 players on 4 pages."), said
    text = read(contracted, out.read_bytes(), 3)  # after the title and notes pages
    assert text.startswith("setup for 3 players take out 17 piles.")
    assert "30 curses" not in text and "20 curses" in text  # 3 players: 20 Curses


def test_a_game_in_the_shell(tmp_path: Path, contracted: Translator) -> None:
    person = Person()
    said = person('new --bots bigmoney --kingdom "Biggest Money" --seed 2')
    assert not said.startswith("Error"), said
    out = tmp_path / "game.brf"
    said = person(f'braille export --kingdom game --output "{out}"')
    assert re.match(r"Wrote 12 cards on \d+ pages\.", said), said
    assert "kingdom: biggest money." in read(contracted, out.read_bytes(), 1)


def test_a_game_started_after_a_table_is_what_is_exported(tmp_path: Path, contracted: Translator
                                                                              ) -> None:
    person = Person()
    person('table new --players Ann,Ben --kingdom "Beginners"')
    person('new --bots bigmoney --kingdom "First Game" --seed 2')
    out = tmp_path / "x.brf"
    person(f'braille export --output "{out}"')
    assert "kingdom: first game." in read(contracted, out.read_bytes(), 1)
