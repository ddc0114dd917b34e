"""Layout as BANA's Braille Formats ask, checked on whole files through the real liblouis: centred headings
within 3-cell margins at every width and a blank line after them; contents with guide dots and page numbers
at the right margin, never parted from their entry, and a heading on a continued contents page; a running
head where a card runs over a page; the transcriber's notes on a page of their own; UEB's minus sign in -1 VP."""

from __future__ import annotations

import re

import pytest

from companion.braille import PageFormat, Translator, reference_document
from companion.braille.layout import braille_number
from companion.cards import catalogue
from companion.kingdom import choose_kingdom
from tests.braille.sheets import pages_of, text

WIDTHS = [20, 21, 25, 28, 32, 40, 41, 60, 100]
ENTRY_END = re.compile(r' "{2,} (#[A-J]+)$')


def document(translator: Translator, width: int = 40, lines: int = 25, pack: bool = False, cards: tuple = ()):
    kingdom = choose_kingdom("Biggest Money")
    chosen = cards or kingdom.cards + kingdom.basic_cards
    return reference_document("Kingdom: Biggest Money", chosen, translator, PageFormat(width, lines, pack),
                              ("With Platinum and Colony.",))


def headings(translator: Translator, pages: list[list[str]]) -> list[tuple[int, int, list[str]]]:
    """Every centred heading: (page, first line, its lines)."""
    found = []
    for n, page in enumerate(pages, start=1):
        i = 0
        while i < len(page) - 1:
            if page[i].startswith("   ") and set(page[i].strip()) != {"3"} and not page[i].lstrip().startswith("@.<") \
                    and (i == 0 or not page[i - 1].strip()):
                j = i
                while j < len(page) - 1 and page[j].startswith("   ") and page[j].strip():
                    j += 1
                found.append((n, i, page[i:j]))
                i = j
            else:
                i += 1
    return found


@pytest.mark.parametrize("width", WIDTHS)
def test_centred_headings_keep_3_cells_each_side_and_a_blank_line_follows(contracted: Translator, width: int) -> None:
    doc = document(contracted, width, 25)
    pages = pages_of(doc.brf())
    found = [h for h in headings(contracted, pages) if h[0] > doc.title_pages or h[:2] == (1, 0)]
    assert doc.symbols_pages == 1  # the Curse's minus sign, and Mint's and Grand Market's dividing lines
    # every card, the title, the special symbols, the notes, the contents
    assert len(found) == 19 + 1 + doc.symbols_pages + doc.notes_pages + doc.contents_pages
    for page, first, lines in found:
        for line in lines:
            left = len(line) - len(line.lstrip())
            assert left >= 3 and width - len(line) >= 3, (page, line)
            assert abs((width - len(line)) - left) <= 1, (page, line)  # centred
        after = first + len(lines)
        assert pages[page - 1][after] == "" or after == len(pages[page - 1]) - 1, (page, lines)


@pytest.mark.parametrize("width", [20, 32, 40])
def test_contents_entries_end_in_guide_dots_and_the_page_at_the_right_margin(contracted: Translator, width: int) -> None:
    doc = document(contracted, width, 12)
    pages = pages_of(doc.brf())
    contents = pages[doc.title_pages + doc.symbols_pages + doc.notes_pages:doc.front_pages]
    assert doc.contents_pages >= 2
    numbers = []
    for n, page in enumerate(contents):
        head = text(contracted, page[:2])
        assert head == ("Contents" if n == 0 else "Contents, continued"), head
        assert page[1] == ""
        body = [line for line in page[2:-1] if line]
        assert body and ENTRY_END.search(body[-1]), "an entry is parted from its page number"
        for line in body:
            end = ENTRY_END.search(line)
            if end:
                assert len(line) == width, line  # the page number ends at the right margin
                numbers.append(end.group(1))
            else:
                assert len(line) <= width - 4 - 3, line  # runover text stops short of the page numbers
    assert numbers == [braille_number(p) for p in doc.card_pages]


def test_each_contents_number_is_the_page_of_that_cards_heading(contracted: Translator) -> None:
    doc = document(contracted, 32, 20, pack=True)
    pages = pages_of(doc.brf())
    for page, section in zip(doc.card_pages, doc.sections):
        sheet = pages[doc.front_pages + page - 1]
        assert f"{section.entry}, cost" in text(contracted, sheet[:-1]), section.entry
        assert sheet[-1].strip() == braille_number(page)  # the number the contents give is the one on the page


def test_a_card_that_runs_over_has_a_running_head(contracted: Translator) -> None:
    library = catalogue()["Library"]
    doc = document(contracted, 20, 8, cards=(library, catalogue()["Village"]))
    pages = pages_of(doc.brf())
    start = doc.front_pages + doc.card_pages[0]
    assert doc.card_pages[1] > doc.card_pages[0] + 1  # Library takes more than one page
    for page in pages[start:doc.front_pages + doc.card_pages[1] - 1]:
        assert text(contracted, page[:1]) == "Library, continued", page
        assert page[0].startswith("   ")


def notes_page(translator: Translator, doc) -> str:
    """The transcriber's notes page as liblouis reads it ("" when the file has none)."""
    if not doc.notes_pages:
        return ""
    return text(translator, pages_of(doc.brf())[doc.title_pages + doc.symbols_pages][:-1])


def test_the_transcribers_notes_are_on_their_own_page(contracted: Translator) -> None:
    moat = catalogue()["Moat"]
    doc = document(contracted, cards=(moat, catalogue()["Copper"], catalogue()["Estate"]))
    pages = pages_of(doc.brf())
    assert doc.notes_pages == 1
    page = pages[doc.title_pages + doc.symbols_pages]
    assert text(contracted, page[:1]) == "Transcriber's Notes" and page[0].startswith("   ") and page[1] == ""
    paragraphs = [n for n, line in enumerate(page[:-1]) if line.startswith("  ") and not line.startswith("   ")]
    assert len(paragraphs) == 4  # coins, VP, the codes, liblouis: each a paragraph from cell 3
    for n, line in enumerate(page[2:-1], start=2):
        assert not line or n in paragraphs or line[0] != " ", line  # runover lines in cell 1
    note = notes_page(contracted, doc)
    assert "The word coins stands for the coin symbol" in note and "VP stands for victory points." in note
    assert "braille code" in note and note.endswith("Made with liblouis.")
    assert "dividing line" not in note  # on the special symbols page now, with the sign itself
    assert "@.<" not in "".join(page)  # on the notes page itself, notes need no transcriber's note indicators
    assert "coin symbol" not in text(contracted, pages[0][:-1])  # the title page no longer holds the notes


def test_the_special_symbols_list_the_minus_sign_and_the_divider_with_their_signs(contracted: Translator) -> None:
    """BANA Braille Formats 2016, 2.5: a page of its own after the title page, its heading centred, then each
    sign from cell 1 followed by its meaning; only the signs the file uses."""
    doc = document(contracted, cards=(catalogue()["Moat"], catalogue()["Curse"]))
    assert doc.symbols_pages == 1
    page = pages_of(doc.brf())[doc.title_pages]
    assert text(contracted, page[:2]) == "Special Symbols Used in This Volume" and page[0].startswith("   ")
    items = [line for line in page[:-1] if line and not line.startswith(" ")]
    assert items[0].startswith('"- ') and contracted.back(items[0][3:]) == "minus sign"  # dots 5, 3-6
    assert items[1].startswith("3333 ")  # a line of dots 2-5, as the sheets draw
    assert "a card's dividing line" in text(contracted, page[:-1])
    assert [line[-1].strip() for line in pages_of(doc.brf())[:3]] == ["T#A", "T#B", "T#C"]  # title, symbols, notes
    village = document(contracted, cards=(catalogue()["Village"],))
    assert village.symbols_pages == 0  # no sign to explain: no page
    only_minus = document(contracted, cards=(catalogue()["Curse"],))
    listed = text(contracted, pages_of(only_minus.brf())[only_minus.title_pages][:-1])
    assert "minus sign" in listed and "dividing line" not in listed


def test_the_note_speaks_only_of_what_the_file_has(contracted: Translator) -> None:
    note = notes_page(contracted, document(contracted, cards=(catalogue()["Village"], catalogue()["Smithy"])))
    assert "coin symbol" in note and "dividing line" not in note and "braille code" not in note
    assert "VP" not in note and "victory points" not in note  # neither card says VP: it was explained all the same


def test_a_setup_file_notes_only_the_words_it_uses(contracted: Translator) -> None:
    from companion.braille.reference import setup_section

    kingdom = choose_kingdom("First Game")
    plain = reference_document("First Game", [setup_section("Setup for 2 players", ["Take out 17 piles."])],
                               contracted, facts=(kingdom.name or "",))
    assert notes_page(contracted, plain) == "Transcriber's Notes Made with liblouis."
    tokens = reference_document("First Game", [setup_section("Setup", ["Put out the VP tokens."])], contracted)
    assert notes_page(contracted, tokens) == "Transcriber's Notes VP stands for victory points. Made with liblouis."


@pytest.mark.parametrize("grade", ["contracted", "uncontracted"])
def test_the_curse_is_minus_1_vp_with_the_ueb_minus_sign(request: pytest.FixtureRequest, grade: str) -> None:
    translator: Translator = request.getfixturevalue(grade)
    doc = document(translator, cards=(catalogue()["Curse"], catalogue()["Village"]))
    sheet = list(doc.sheet(doc.card_pages[0]))
    assert any(line.startswith('"-#A ,,VP') for line in sheet), sheet  # dots 5, 3-6: minus; not the hyphen -#A
    assert "\u22121 VP" in text(translator, sheet[:-1])
