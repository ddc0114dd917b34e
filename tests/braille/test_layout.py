"""Page layout on Braille ASCII alone: wrapping, dividing long words, packing, page numbers, bytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.braille.cells import BRAILLE_ASCII
from companion.braille.layout import (
    HYPHEN,
    PREFIX_CELLS,
    BrailleBlock,
    braille_number,
    encode_brf,
    lay_out,
    number_pages,
    paginate,
    split_word,
    wrap,
)
from companion.braille.reference import Style

WORD_CELLS = BRAILLE_ASCII.replace(" ", "")


def rejoin(lines: list[str]) -> list[str]:
    """The braille words of wrapped lines, with the hyphens that divided long words taken out."""
    words: list[str] = []
    joining = False
    for line in lines:
        for i, word in enumerate(line.split()):
            if joining and i == 0:
                words[-1] += word
            else:
                words.append(word)
        joining = False
        if words and words[-1].endswith(HYPHEN) and line.endswith(HYPHEN):
            words[-1] = words[-1][:-1]
            joining = True
    return words


def test_words_that_fit_are_never_broken() -> None:
    lines = wrap(",Y MAY PLAY AN ,AC;N C>D F YR H& TWICE4", 20, 18)
    assert lines == [",Y MAY PLAY AN ,AC;N", "C>D F YR H& TWICE4"]


def test_runover_lines_use_their_own_width() -> None:
    lines = wrap("AAAA BBBB CCCC DDDD", 9, 4)
    assert lines == ["AAAA BBBB", "CCCC", "DDDD"]


def test_a_word_longer_than_the_line_is_divided_with_a_hyphen() -> None:
    word = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    lines = wrap(f"XY {word}", 10, 10)
    assert lines[0] == "XY"  # the long word starts a line of its own
    assert all(len(line) <= 10 for line in lines)
    assert all(line.endswith(HYPHEN) for line in lines[1:-1])
    assert "".join(line.removesuffix(HYPHEN) for line in lines[1:]) == word


def test_an_existing_hyphen_is_the_place_to_divide() -> None:
    head, tail = split_word("NON-DURATION,TR1SURES", 12)
    assert (head, tail) == ("NON-", "DURATION,TR1SURES")


@pytest.mark.parametrize("prefix", sorted(PREFIX_CELLS))
def test_a_two_cell_sign_is_not_divided(prefix: str) -> None:
    word = "ABCDEFGH" + prefix + "IJKLMNOP"  # the line would end just after the prefix cell
    head, tail = split_word(word, 10)
    assert not head.removesuffix(HYPHEN).endswith(prefix)
    assert head.removesuffix(HYPHEN) + tail == word
    assert len(head) <= 10


@given(
    words=st.lists(st.text(alphabet=WORD_CELLS.replace(HYPHEN, ""), min_size=1, max_size=60), min_size=1, max_size=30),
    width=st.integers(min_value=20, max_value=60),
    indent=st.integers(min_value=0, max_value=4),
)
@settings(max_examples=200, deadline=None)
def test_wrapping_keeps_every_word_and_every_line_fits(words: list[str], width: int, indent: int) -> None:
    lines = wrap(" ".join(words), width, width - indent)
    assert lines and len(lines[0]) <= width
    assert all(len(line) <= width - indent for line in lines[1:])
    assert all(line == line.strip() and "  " not in line for line in lines)
    assert rejoin(lines) == words  # every word comes back whole, in order
    for word in words:  # a word that fits a line is on one line, whole
        if len(word) <= width - indent:
            assert any(word in line.split() for line in lines)


def test_heading_is_centred_within_margins_and_items_run_over_in_cell_3() -> None:
    blocks = [BrailleBlock(Style.HEADING, ",VILLAGE1 CO/ #C CO9S"), BrailleBlock(Style.ITEM, "AAAA BBBB CCCC DDDD EEEE FFFF")]
    lines = lay_out(blocks, 20)
    assert lines[0] == "   ,VILLAGE1 CO/"  # wrapped at 20 less 6, centred: (20 - 13) // 2 blank cells
    assert lines[1] == "      #C CO9S"
    assert lines[2] == "AAAA BBBB CCCC DDDD"
    assert lines[3] == "  EEEE FFFF"


def test_separator_spans_cells_7_to_width_less_6() -> None:
    (line,) = lay_out([BrailleBlock(Style.SEPARATOR)], 40)
    assert line == " " * 6 + "3" * 28


def test_unwrapped_layout_is_one_line_a_block() -> None:
    blocks = [BrailleBlock(Style.HEADING, "A " * 40), BrailleBlock(Style.ITEM, "B " * 40)]
    assert [len(line.split()) for line in lay_out(blocks, None)] == [40, 40]


def card(n: int) -> list[str]:
    return [f"CARD{n}"] * n


def test_one_card_a_page() -> None:
    paged = paginate(["TITLE"], [card(3), card(2)], body=10, pack=False)
    assert paged.pages == (("TITLE",), tuple(card(3)), tuple(card(2)))
    assert paged.card_pages == (2, 3)


def test_packing_puts_cards_together_with_a_blank_line_between() -> None:
    paged = paginate(["TITLE"], [card(3), card(2), card(4)], body=10, pack=True)
    assert paged.pages[1] == tuple(card(3) + [""] + card(2))
    assert paged.pages[2] == tuple(card(4))  # 3 + 1 + 2 + 1 + 4 = 11 lines would not fit in 10
    assert paged.card_pages == (2, 2, 3)


def test_packing_never_splits_a_card_that_fits_a_page() -> None:
    cards = [card(n) for n in (4, 5, 3, 6, 2, 7, 1)]
    paged = paginate(["TITLE"], cards, body=8, pack=True)
    for n, start in zip((4, 5, 3, 6, 2, 7, 1), paged.card_pages):
        page = paged.pages[start - 1]
        assert page.count(f"CARD{n}") == n
    assert all(len(page) <= 8 for page in paged.pages)


def test_a_card_longer_than_a_page_runs_on() -> None:
    paged = paginate(["TITLE"], [card(2), card(12)], body=5, pack=True)
    assert paged.card_pages == (2, 3)
    assert [len(p) for p in paged.pages] == [1, 2, 5, 5, 2]


def test_a_long_title_takes_several_pages() -> None:
    paged = paginate(["T"] * 12, [card(1)], body=5, pack=False)
    assert paged.title_pages == 3 and paged.card_pages == (4,)


def test_pages_are_filled_and_numbered_at_the_bottom_right() -> None:
    pages = number_pages([["A"], ["B", "C"]], lines=5, width=20)
    assert [len(p) for p in pages] == [5, 5]
    assert pages[1][-1] == " " * 18 + "#B"
    assert pages[0][1:4] == ["", "", ""]


@pytest.mark.parametrize(("n", "cells"), [(1, "#A"), (10, "#AJ"), (25, "#BE")])
def test_braille_numbers(n: int, cells: str) -> None:
    assert braille_number(n) == cells


def test_bytes_use_cr_lf_and_a_form_feed_between_pages() -> None:
    assert encode_brf([["A", "B"], ["C"]]) == b"A\r\nB\r\n\fC\r\n"
