"""Whole BRF files through the real liblouis: valid bytes and pages, and they read back as the cards."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

import pytest

from companion.braille import PageFormat, Translator, reference_document
from companion.braille.cells import to_unicode
from companion.braille.document import card_lines
from companion.braille.layout import SEPARATOR_CELL, braille_number
from companion.braille.reference import card_blocks, card_words
from companion.cards import Card, catalogue
from companion.kingdom import choose_kingdom
from tests.braille.sheets import numbers_of

ALLOWED = set(range(0x20, 0x60))


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", "").replace("\u2019", ""))


def pages_of(data: bytes) -> list[list[str]]:
    return [page.decode("ascii").split("\r\n")[:-1] for page in data.split(b"\f")]


def assert_valid_brf(data: bytes, width: int, lines: int) -> list[list[str]]:
    """Only Braille ASCII, CR LF line ends, form feeds between pages, every line and page within size."""
    assert data, "the file is empty"
    stray = {b for b in data if b not in ALLOWED and b not in (0x0D, 0x0A, 0x0C)}
    assert not stray, f"bytes outside Braille ASCII: {sorted(stray)}"
    assert data.count(b"\r") == data.count(b"\n") == data.count(b"\r\n"), "a line end other than CR LF"
    assert data.endswith(b"\r\n")
    pages = pages_of(data)
    for n, page in enumerate(pages, start=1):
        assert len(page) <= lines, f"page {n} has {len(page)} lines"
        for line in page:
            assert len(line) <= width, f"line over {width} cells on page {n}: {line!r}"
            assert line == line.rstrip(), f"trailing blank cells on page {n}"
    assert numbers_of(pages) == bana_numbers(pages), "the pages are not numbered t1, t2 ..., p1 ..., 1 ... at the bottom"
    return pages


def bana_numbers(pages: list[list[str]]) -> list[str]:
    """The numbers BANA's pages take, counted as the file has them: t pages, then p pages, then 1, 2 ..."""
    letters = [number[0] if number[:1] in ("T", "P") else "" for number in numbers_of(pages)]
    assert letters == sorted(letters, key=["T", "P", ""].index) and letters[:1] == ["T"], letters
    return [braille_number(letters[:n + 1].count(letter), letter) for n, letter in enumerate(letters)]


def centred(line: str) -> bool:
    """A heading's line: centred, so at least 3 blank cells before it (a runover line has 2; the
    separation line is all dots 2-5)."""
    return line.startswith("   ") and set(line.strip()) != {SEPARATOR_CELL}


def without_running_head(translator: Translator, body: list[str]) -> list[str]:
    """A page's lines without the running head that tops a page a card runs on to ("Library, continued")."""
    for n in range(1, min(3, len(body)) + 1):
        head = body[:n]
        if all(centred(line) for line in head) and translator.back(" ".join(x.strip() for x in head)).endswith("continued"):
            return body[n:]
    return body


def card_chunks(pages: list[list[str]], first_card_page: int, translator: Translator) -> list[list[str]]:
    """The lines of each card, in order: a card starts at a centred heading at the top of a page or after a
    blank line; blank lines and running heads are left out."""
    chunks: list[list[str]] = []
    for page in pages[first_card_page - 1:]:
        after_blank = True
        for line in without_running_head(translator, page[:-1]):  # the page number is not part of a card
            if not line.strip():
                after_blank = True
                continue
            if centred(line) and after_blank:
                chunks.append([])
            chunks[-1].append(line)
            after_blank = False
    return chunks


def read_back(translator: Translator, lines: list[str]) -> list[str]:
    """What liblouis reads in a card's lines (the separation line is a format, not text)."""
    text = " ".join(line.strip() for line in lines if set(line.strip()) != {SEPARATOR_CELL})
    return words(translator.back(text))


def liblouis_round_trip(translator: Translator, card: Card) -> list[str]:
    """The words liblouis itself gets back from the card's paragraphs, translated without any layout."""
    return [w for p in card_words(card) for w in words(translator.back(translator.brf(p)))]


KINGDOMS = ["First Game", "Biggest Money", "random"]


@pytest.mark.parametrize("pack", [False, True], ids=["one-a-page", "packed"])
@pytest.mark.parametrize("name", KINGDOMS)
def test_a_kingdom_is_valid_brf_and_reads_back_as_its_cards(contracted: Translator, name: str, pack: bool) -> None:
    kingdom = choose_kingdom(name, seed=11)
    cards = kingdom.cards + kingdom.basic_cards
    doc = reference_document(kingdom.name or "random", cards, contracted, PageFormat(pack=pack))
    pages = assert_valid_brf(doc.brf(), 40, 25)
    assert len(pages) == doc.page_count == len(doc.pages)
    chunks = card_chunks(pages, doc.front_pages + doc.card_pages[0], contracted)
    assert len(chunks) == len(cards)
    if not pack:
        assert len(pages) == doc.front_pages + len(cards)
    for card, chunk in zip(cards, chunks):
        expected = [w for p in card_words(card) for w in words(p)]
        got = read_back(contracted, chunk)
        if got != expected:  # allowed only where liblouis cannot read back its own translation either
            assert got == liblouis_round_trip(contracted, card), f"{card.name} reads back as {got}"


def test_the_title_page_names_the_kingdom_and_the_contents_where_each_card_is(contracted: Translator) -> None:
    kingdom = choose_kingdom("First Game")
    doc = reference_document("Kingdom: First Game", kingdom.cards, contracted, PageFormat(pack=True))
    pages = pages_of(doc.brf())
    title = words(contracted.back(" ".join(line.strip() for line in pages[0][:-1])))
    assert title[:6] == ["dominion", "reference", "cards", "kingdom", "first", "game"]
    contents = words(contracted.back(" ".join(re.sub(r' "{2,} ', " ", line.strip()) for line in pages[doc.front_pages - 1][:-1])))
    assert contents[0] == "contents"
    for card, page in zip(kingdom.cards, doc.card_pages):
        entry = words(f"{card.name} {page}")
        assert any(contents[i:i + len(entry)] == entry for i in range(len(contents))), f"{card.name} missing"
        headings = [words(contracted.back(line.strip())) for line in doc.sheet(page)]
        heading = words(f"{card.name} cost")
        assert heading in [h[: len(heading)] for h in headings], f"{card.name} not on page {page}"


def test_liblouis_reads_back_nearly_every_word_of_every_card(contracted: Translator, uncontracted: Translator) -> None:
    """The translation tables are right: at most 1 word in 200 is lost by liblouis' own round trip."""
    for translator in (contracted, uncontracted):
        total = lost = 0
        for card in catalogue():
            expected = [w for p in card_words(card) for w in words(p)]
            matcher = SequenceMatcher(a=expected, b=liblouis_round_trip(translator, card), autojunk=False)
            total += len(expected)
            lost += len(expected) - sum(block.size for block in matcher.get_matching_blocks())
        assert lost * 200 <= total, f"{translator.grade}: {lost} of {total} words lost"


def test_all_60_cards_uncontracted_at_the_narrowest_width(uncontracted: Translator) -> None:
    cards = catalogue().cards
    doc = reference_document("Everything", cards, uncontracted, PageFormat(width=20, lines=10, pack=True))
    pages = assert_valid_brf(doc.brf(), 20, 10)
    chunks = card_chunks(pages, doc.front_pages + doc.card_pages[0], uncontracted)
    assert len(chunks) == len(cards)  # a card longer than a page runs on, under its running head
    got = [w for chunk in chunks for w in read_back(uncontracted, chunk)]
    expected = [w for card in cards for w in liblouis_round_trip(uncontracted, card)]
    assert got == expected


def test_uncontracted_has_no_contractions(uncontracted: Translator, contracted: Translator) -> None:
    village = catalogue()["Village"]
    assert card_lines(village, uncontracted)[1] == to_unicode(",AC" + "TION")
    assert card_lines(village, contracted)[1] == to_unicode(",AC;N")


@pytest.mark.parametrize("width,lines", [(20, 5), (32, 20), (40, 25), (42, 28)])
def test_other_page_sizes(contracted: Translator, width: int, lines: int) -> None:
    kingdom = choose_kingdom("random", seed=width)
    doc = reference_document("random", kingdom.supply_cards, contracted, PageFormat(width, lines, pack=True))
    pages = assert_valid_brf(doc.brf(), width, lines)
    assert all(len(page) == lines for page in pages)


def test_card_blocks_follow_the_card_data() -> None:
    moat = catalogue()["Moat"]
    texts = [b.text for b in card_blocks(moat)]
    assert texts[0] == "Moat, cost 2 coins" and texts[1] == "Action, Reaction"
    assert [b.text for b in card_blocks(catalogue()["Curse"])][:3] == ["Curse, C-1, cost 0 coins", "Curse", "\u22121 VP"]
    assert texts[2:] == [*moat.text, "", *moat.below_line]


@pytest.mark.parametrize(("width", "lines"), [(19, 25), (101, 25), (40, 4), (40, 101)])
def test_page_sizes_no_embosser_can_use_are_refused(width: int, lines: int) -> None:
    from companion.braille import FormatError

    with pytest.raises(FormatError, match="Choose"):
        PageFormat(width, lines)
