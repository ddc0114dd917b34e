"""Reading typed answers to every kind of question: numbers, names, codes, several at once."""

from __future__ import annotations

import pytest

from companion.cards import catalogue
from companion.engine import ChooseCards, ChooseOne, NameCard, OrderCards, Purpose, YesNo
from companion.game.answers import AnswerError, parse
from companion.game.render import question
from tests.accessibility import check_error

cat = catalogue()
COPPER, ESTATE, SILVER, CELLAR = cat["Copper"], cat["Estate"], cat["Silver"], cat["Cellar"]


def cellar() -> ChooseCards:
    return ChooseCards(0, Purpose.DISCARD, CELLAR, [COPPER, COPPER, COPPER, ESTATE, ESTATE], 0, 5)


@pytest.mark.parametrize("typed, wanted", [
    ("1 1 2", (COPPER, COPPER, ESTATE)),
    ("copper copper estate", (COPPER, COPPER, ESTATE)),
    ("2 coppers estate", (COPPER, COPPER, ESTATE)),
    ("C1 E1", (COPPER, ESTATE)),
    ("none", ()),
    ("2", (ESTATE,)),
])
def test_cards_by_number_name_or_code(typed: str, wanted: tuple) -> None:  # type: ignore[type-arg]
    assert parse(cellar(), typed) == wanted


@pytest.mark.parametrize("typed", ["1 1 1 1", "3", "silver", "zzzzq", ""])
def test_wrong_cards_are_refused(typed: str) -> None:
    with pytest.raises(AnswerError) as e:
        parse(cellar(), typed)
    check_error("Error, " + str(e.value) + "\n", typed=typed or None)


def test_yes_no_choose_one_order_and_name() -> None:
    moat = YesNo(1, Purpose.REACT, cat["Moat"], cat["Moat"])
    assert parse(moat, "yes") is True and parse(moat, "n") is False
    assert "Moat" in question(None, moat, "normal")  # type: ignore[arg-type]
    sentry = ChooseOne(0, Purpose.CHOOSE, cat["Sentry"], ["trash", "discard", "keep"], SILVER)
    assert parse(sentry, "2") == "discard" and parse(sentry, "ke") == "keep"
    order = OrderCards(0, Purpose.ORDER, cat["Sentry"], [SILVER, COPPER])
    assert parse(order, "2 1") == (COPPER, SILVER)
    assert parse(order, "keep") == (SILVER, COPPER)
    with pytest.raises(AnswerError):
        parse(order, "1 1")
    name = NameCard(1, Purpose.NAME, cat["War Chest"], list(cat), 0)
    assert parse(name, "gold") == cat["Gold"]
    for typed in ("1", "zzzq"):  # a name not found says what to type, as every error does
        with pytest.raises(AnswerError) as e:
            parse(name, typed)
        assert str(e.value).startswith(f"no card named '{typed}'.")
        assert str(e.value).endswith("Type a card's name, such as gold.")


def test_the_question_says_how_many_and_numbers_the_choices() -> None:
    said = question(None, cellar(), "normal")  # type: ignore[arg-type]
    assert said == "Cellar, discard up to 5. 1 Copper, 3 of them. 2 Estate, 2 of them. Or none."
    militia = ChooseCards(0, Purpose.DISCARD, cat["Militia"], [COPPER, ESTATE, SILVER, SILVER], 1, 1)
    assert question(None, militia, "normal") == "Militia, discard 1. 1 Copper. 2 Estate. 3 Silver, 2 of them."


def test_a_wrong_count_says_how_many_and_two_choices_read_as_1_or_2() -> None:
    mine_gain = ChooseCards(0, Purpose.GAIN, cat["Mine"], [SILVER, COPPER], 1, 1)
    with pytest.raises(AnswerError) as e:
        parse(mine_gain, "none")
    assert str(e.value) == "'none', choose exactly 1 card. Type 1 or 2."
    militia = ChooseCards(0, Purpose.DISCARD, cat["Militia"], [COPPER, COPPER, ESTATE, SILVER, SILVER], 2, 2)
    with pytest.raises(AnswerError) as e:
        parse(militia, "1 2 3")
    assert str(e.value) == "'1 2 3', choose exactly 2 cards. Type numbers from 1 to 3. Repeat one for copies."
    chapel = ChooseCards(0, Purpose.TRASH, cat["Chapel"], [COPPER] * 5, 0, 4)
    with pytest.raises(AnswerError) as e:
        parse(chapel, "1 1 1 1 1")
    assert str(e.value).endswith(", choose at most 4 cards. Type 1, or none.")
    sentry = ChooseOne(0, Purpose.CHOOSE, cat["Sentry"], ("trash", "discard"), about=COPPER)
    with pytest.raises(AnswerError) as e:
        parse(sentry, "keep")
    assert str(e.value).endswith("Type 1 or 2, or trash or discard.")  # every word it takes
