"""The braille deck's codes (C1 Copper, P5 Platinum, C10 Colony, the Curse's C-1...) on every sheet: in the
card's heading, in the contents and on screen, read back through liblouis."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.braille import Translator
from companion.braille.cells import to_ascii
from companion.cards import catalogue
from tests.braille.conftest import Recorder
from tests.braille.sheets import body_start, contents_text, pages_of, text

CODES = {"Copper": ("C1", ",C#A"), "Silver": ("S2", ",S#B"), "Gold": ("G3", ",G#C"), "Platinum": ("P5", ",P#E"),
         "Estate": ("E1", ",E#A"), "Duchy": ("D3", ",D#C"), "Province": ("P6", ",P#F"), "Colony": ("C10", ",C#AJ"),
         "Curse": ("C-1", ";,C-#A")}


def test_the_codes_are_the_decks() -> None:
    assert {c.name: c.code for c in catalogue() if c.code} == {name: code for name, (code, _) in CODES.items()}


@pytest.mark.parametrize("name", list(CODES))
def test_on_screen_the_heading_gives_the_code(recorder: Recorder, contracted: Translator, name: str) -> None:
    code, cells = CODES[name]
    first = recorder.run(name.lower()).split("\n")[0]
    assert f"{cells}1 " in to_ascii(first)  # capital, number sign, digits as liblouis gives them; then a comma
    assert contracted.back(to_ascii(first)).startswith(f"{name}, {code}, cost ")


def test_every_basic_card_sheet_and_contents_entry_has_its_code(recorder: Recorder, tmp_path: Path,
                                                                 contracted: Translator) -> None:
    out = tmp_path / "basic.brf"
    said = recorder.run(f'export --kingdom "Biggest Money" --basic --output "{out}"')
    assert said.startswith("Wrote 19 cards"), said
    data = out.read_bytes()
    contents = contents_text(contracted, data)
    headings = [text(contracted, page[:2]) for page in pages_of(data)[body_start(pages_of(data)) - 1:]]
    for name, (code, cells) in CODES.items():
        assert f"{name}, {code} " in contents, name
        assert any(h.startswith(f"{name}, {code}, cost ") for h in headings), name
        assert any(line.startswith("   ") and f"1 {cells}1 CO/" in line for page in pages_of(data) for line in page), name
    # Platinum and Province, Copper, Colony and Curse are told apart by their codes
    assert len({CODES[n][1] for n in ("Platinum", "Province", "Copper", "Colony", "Curse")}) == 5


def test_kingdom_cards_have_no_code(contracted: Translator, recorder: Recorder) -> None:
    first = recorder.run("village").split("\n")[0]
    assert contracted.back(to_ascii(first)) == "Village, cost 3 coins"
