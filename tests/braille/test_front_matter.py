"""BANA's front matter on whole files through the real liblouis: a title page, every line centred, with the
transcriber's line (who, when) and the code and grade; the transcriber's notes on their own page; the pages
before the cards numbered as BANA's Braille Formats (2016, section 2) number them: the transcriber-generated
pages (title, notes) t1, t2, the contents p1, p2, and the cards from 1, each at the right of the last line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from companion.braille import PageFormat, Translator, reference_document
from companion.cards import catalogue
from companion.kingdom import choose_kingdom
from tests.braille.conftest import Recorder
from tests.braille.sheets import pages_of, text

DAY = date(2026, 11, 28)


def first_game(translator: Translator, **kwargs: object):
    kingdom = choose_kingdom("First Game")
    return reference_document("Kingdom: First Game", kingdom.cards, translator, facts=("10 cards.",), when=DAY,
                              **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("grade", ["contracted", "uncontracted"])
def test_the_title_page_says_who_transcribed_it_when_and_in_which_code(request: pytest.FixtureRequest,
                                                                      grade: str) -> None:
    translator: Translator = request.getfixturevalue(grade)
    title = pages_of(first_game(translator).brf())[0]
    read = text(translator, title[:-1])
    assert read == ("Dominion reference cards Kingdom: First Game. 10 cards. From Dominion, second edition, 2021. "
                    "Designed by Donald X. Vaccarino. Published by Rio Grande Games. Transcribed by the Dominion "
                    f"Companion, 28 November 2026. Unified English Braille, {grade}. In 1 volume. Braille pages "
                    "t1-t3, p1, 1-10.")
    for line in title[:-1]:
        if line.strip():
            left = len(line) - len(line.lstrip())
            assert left >= 3 and abs((40 - len(line)) - left) <= 1, line  # centred, as a title page is


@pytest.mark.parametrize(("cards", "source"), [
    ("Village", "From Dominion, second edition, 2021."),
    ("Bank", "From Dominion: Prosperity, second edition, 2022."),
    ("Village, Bank", "From Dominion, second edition, 2021, and Dominion: Prosperity, second edition, 2022."),
])
def test_the_title_page_gives_the_print_source(contracted: Translator, cards: str, source: str) -> None:
    """BANA 2016, 2.3: the print the braille comes from, its maker and publisher, on the title page."""
    chosen = catalogue().find_many(cards)
    title = text(contracted, pages_of(reference_document("Cards", chosen, contracted, when=DAY).brf())[0][:-1])
    assert f"{source} Designed by Donald X. Vaccarino. Published by Rio Grande Games." in title


def test_the_title_page_gives_the_volume_and_its_pages(contracted: Translator) -> None:
    doc = reference_document("Every card", catalogue().cards, contracted, when=DAY)
    pages = pages_of(doc.brf())
    title = text(contracted, pages[0][:-1])
    assert title.endswith("In 1 volume. Braille pages t1-t3, p1-p3, 1-60.")
    numbers = [page[-1].strip() for page in pages]
    assert numbers[2] == "T#C" and numbers[5] == "P#C" and numbers[-1] == "#FJ" and len(pages) == 3 + 3 + 60
    liblouis = text(contracted, pages[doc.title_pages + doc.symbols_pages][:-1])
    assert liblouis.endswith("Made with liblouis.") and "liblouis" not in title


def test_the_transcriber_can_be_named(contracted: Translator) -> None:
    title = pages_of(first_game(contracted, transcriber="the Riverside braille club").brf())[0]
    assert "Transcribed by the Riverside braille club, 28 November 2026." in text(contracted, title[:-1])


@pytest.mark.parametrize("pack", [False, True])
def test_pages_are_numbered_t_then_p_then_from_1(contracted: Translator, pack: bool) -> None:
    kingdom = choose_kingdom("Biggest Money")
    doc = reference_document("Kingdom: Biggest Money", kingdom.cards + kingdom.basic_cards, contracted,
                             PageFormat(32, 12, pack), when=DAY)
    pages = pages_of(doc.brf())
    numbers = [page[-1] for page in pages]
    assert doc.title_pages >= 1 and doc.symbols_pages == doc.notes_pages == 1 and doc.contents_pages >= 2
    body = len(pages) - doc.front_pages
    transcribers = doc.title_pages + doc.symbols_pages + doc.notes_pages
    expected = ([f"T#{'JABCDEFGHI'[n]}" for n in range(1, transcribers + 1)]
                + [f"P#{'JABCDEFGHI'[n]}" for n in range(1, doc.contents_pages + 1)]
                + [f"#{''.join('JABCDEFGHI'[int(d)] for d in str(n))}" for n in range(1, body + 1)])
    assert [n.strip() for n in numbers] == expected
    assert all(len(n) == 32 and n.startswith(" " * 3) for n in numbers)  # at the right margin of the last line
    assert text(contracted, [pages[doc.title_pages + 1][0]]) == "Transcriber's Notes"
    assert text(contracted, [pages[transcribers][0]]) == "Contents"
    statement = f"Braille pages t1-t{transcribers}, p1-p{doc.contents_pages}, 1-{body}."
    assert statement in text(contracted, [line for page in pages[:doc.title_pages] for line in page[:-1]])
    assert doc.card_pages[0] == 1 and "Harbinger, cost" in text(contracted, list(doc.sheet(1))[:-1])


def test_one_card_has_a_title_page_and_notes_and_starts_on_page_1(contracted: Translator) -> None:
    doc = reference_document("Moat", [catalogue()["Moat"]], contracted, when=DAY)
    pages = pages_of(doc.brf())
    assert [p[-1].strip() for p in pages] == ["T#A", "T#B", "T#C", "#A"]  # title, special symbols, notes
    assert doc.contents_pages == 0 and doc.card_pages == (1,)


def test_the_date_is_today_unless_source_date_epoch_says(contracted: Translator,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")  # 15 January 2027
    title = pages_of(reference_document("Moat", [catalogue()["Moat"]], contracted).brf())[0]
    assert "15 January 2027." in text(contracted, title[:-1])


def test_export_takes_a_transcriber_and_refuses_a_long_one(recorder: Recorder, tmp_path: Path, contracted: Translator,
                                                                     louis: object) -> None:
    out = tmp_path / "moat.brf"
    said = recorder.run(f'export --cards moat --transcriber Riverside braille club --output "{out}"')
    assert said.startswith("Wrote 1 card on 4 pages."), said
    assert "Transcribed by Riverside braille club," in text(contracted, pages_of(out.read_bytes())[0][:-1])
    long = "x" * 61
    refused = recorder.run(f'export --cards moat --transcriber {long} --output "{tmp_path / "b.brf"}"')
    assert refused.startswith("Error,") and "at most 60" in refused and not (tmp_path / "b.brf").exists()
