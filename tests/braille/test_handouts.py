"""What a blind player hands out or keeps: a Colony kingdom's handout with Platinum and Colony, the basic
cards, one card, a whole box or both (60 cards, no cap), and a kingdom's setup, each a BRF file that
liblouis reads back as the cards' own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.braille import Translator
from companion.braille.reference import card_words
from companion.cards import Card, catalogue
from companion.kingdom import choose_kingdom
from tests.braille.a11y import problems
from tests.braille.conftest import Recorder
from tests.braille.sheets import body_start, page_text, pages_of
from tests.braille.test_export import assert_valid_brf, card_chunks, read_back, words

CONFIRMED = re.compile(r"Wrote (\d+) cards? on (\d+) pages\.\n")


def export(recorder: Recorder, tmp_path: Path, args: str) -> tuple[int, bytes]:
    out = tmp_path / "out.brf"
    out.unlink(missing_ok=True)
    said = recorder.run(f'export {args} --output "{out}"')
    found = CONFIRMED.match(said)
    assert found, said
    data = out.read_bytes()
    assert int(found.group(2)) == data.count(b"\f") + 1
    return int(found.group(1)), data


def cards_read_back(translator: Translator, data: bytes) -> list[list[str]]:
    """Each card of a file as liblouis reads it back, from the first page after the title and contents."""
    pages = assert_valid_brf(data, 40, 25)
    return [read_back(translator, chunk) for chunk in card_chunks(pages, body_start(pages), translator)]


def expected(translator: Translator, cards: tuple[Card, ...]) -> list[list[str]]:
    """What liblouis gets back from each card's own paragraphs (liblouis misreads a few words itself)."""
    return [[w for p in card_words(c) for w in words(translator.back(translator.brf(p)))] for c in cards]


def test_a_colony_kingdom_hands_out_platinum_and_colony(recorder: Recorder, tmp_path: Path, contracted: Translator) -> None:
    kingdom = choose_kingdom("Biggest Money")
    assert kingdom.platinum_colony
    count, data = export(recorder, tmp_path, '--kingdom "Biggest Money"')
    cat = catalogue()
    cards = kingdom.cards + (cat["Platinum"], cat["Colony"])
    assert count == 12
    assert cards_read_back(contracted, data) == expected(contracted, cards)
    assert "With Platinum and Colony. 12 cards." in page_text(contracted, data, 1)


@pytest.mark.parametrize(("kingdom", "count"), [("First Game", 17), ("Biggest Money", 19)])
def test_basic_adds_every_basic_card(recorder: Recorder, tmp_path: Path, contracted: Translator, kingdom: str,
                                     count: int) -> None:
    got, data = export(recorder, tmp_path, f'--kingdom "{kingdom}" --basic')
    chosen = choose_kingdom(kingdom)
    assert got == count == len(chosen.cards + chosen.basic_cards)
    assert cards_read_back(contracted, data) == expected(contracted, chosen.cards + chosen.basic_cards)


def test_one_card(recorder: Recorder, tmp_path: Path, contracted: Translator, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    said = recorder.run("export --cards throne room")
    assert said.startswith("Wrote 1 card on 3 pages.\nThe file is throne-room.brf,"), said  # title page, notes, the card
    data = (tmp_path / "throne-room.brf").read_bytes()
    assert page_text(contracted, data, 1).startswith("Dominion reference cards Card: Throne Room.")
    assert cards_read_back(contracted, data) == expected(contracted, (catalogue()["Throne Room"],))


@pytest.mark.parametrize(("box", "sets"), [("base", ("base2e",)), ("prosperity", ("prosperity2e",)),
                                           ("all", ("base2e", "prosperity2e"))])
def test_a_whole_box_or_both(recorder: Recorder, tmp_path: Path, uncontracted: Translator, box: str,
                             sets: tuple[str, ...]) -> None:
    every = tuple(c for s in sets for c in catalogue() if c.set == s)
    count, data = export(recorder, tmp_path, f"--set {box} --grade 1")
    assert count == len(every) and (box != "all" or count == 60)
    got = cards_read_back(uncontracted, data)
    assert sorted(map(tuple, got)) == sorted(map(tuple, expected(uncontracted, every)))
    basics = [c for c in every if not c.is_kingdom and c.set == sets[0]]
    assert got[: len(basics)] == expected(uncontracted, tuple(basics))  # a box's basic cards first, as laid out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_kingdoms_setup(recorder: Recorder, tmp_path: Path, contracted: Translator, players: int) -> None:
    out = tmp_path / "setup.brf"
    said = recorder.run(f'export --kingdom "Biggest Money" --setup --players {players} --output "{out}"')
    assert said.startswith(f"Wrote a setup for {players} players on 4 pages."), said
    assert problems(said) == []
    data = out.read_bytes()
    assert_valid_brf(data, 40, 25)
    start = body_start(pages_of(data))
    body = [line for page in pages_of(data)[start - 1:] for line in page[:-1] if line.strip()]
    heading = f"Setup for {players} players"
    read = [contracted.back(line.strip()) for line in body]
    read = [line for line in read if line not in (heading, f"{heading}, continued")]
    from companion.commands.braille import setup_sheet

    lines = setup_sheet(choose_kingdom("Biggest Money"), players)
    assert words(" ".join(read)) == [w for _, line in lines for w in words(contracted.back(contracted.brf(line)))]
    assert f"setup for {players} players" in page_text(contracted, data, 1).lower()


def test_a_setup_sheet_keeps_print_punctuation_and_one_pile_a_line(recorder: Recorder, tmp_path: Path,
                                                                   contracted: Translator) -> None:
    """The sheet is print: "Basic piles:" with its colon (speech has commas), then each pile on a line of its
    own, in cell 3 under its label (BANA's nested list), not a sentence of 9 piles."""
    out = tmp_path / "setup.brf"
    recorder.run(f'export --kingdom "First Game" --setup --output "{out}"')
    pages = pages_of(out.read_bytes())
    lines = [line for page in pages[body_start(pages) - 1:] for line in page[:-1]]
    read = [contracted.back(line.strip()) if line.strip() else "" for line in lines]
    basic = read.index("Basic piles:")
    assert read[basic + 1:basic + 8] == ["46 Coppers", "40 Silvers", "30 Golds", "8 Estates", "8 Duchies",
                                         "8 Provinces", "10 Curses"]
    assert all(lines[basic + n].startswith("  ") and lines[basic + n][2] != " " for n in range(1, 8))
    kingdom = read.index("Kingdom piles, First Game:")
    assert read[kingdom + 1] == "10 Cellars" and read[kingdom + 10] == "10 Mines"
    assert "Reference cards: the 10 kingdom cards, for each blind player." in " ".join(read)
    assert "Each player starts with: 7 Coppers and 3 Estates." in " ".join(read)
    assert not any(line.startswith(("Take out", "Basic piles,")) and "," in line for line in read)
    # Speech keeps its commas: setup and table new say the same layout with no colon.
    from companion.table.text import layout_lines

    said = " ".join(layout_lines(choose_kingdom("First Game"), 2))
    assert ":" not in said and "Basic piles, 46 Coppers" in said


def test_setup_is_only_for_a_kingdom(recorder: Recorder, tmp_path: Path) -> None:
    said = recorder.run(f'export --cards village --setup --output "{tmp_path / "x.brf"}"')
    assert said.startswith("Error, --setup is for a kingdom, not for --cards.")
    assert not list(tmp_path.iterdir())
