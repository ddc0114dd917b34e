"""A card named at a gain question that is not a choice says why: it costs too much, its pile is empty,
or it is not in the Supply, rather than only that it is not one of the choices. And a bare plural where
several cards are taken means every copy there."""

from __future__ import annotations

import pytest

from companion.cards import Card, catalogue
from companion.engine import ChooseCards, Purpose
from companion.game.answers import AnswerError, parse
from tests.accessibility import check_error

cat = catalogue()
NAMES = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Smithy", "Village")


class Table:
    """The part of a seat's view a gain question's refusal reads: the Supply's piles and what a card costs."""

    def __init__(self, empty: str = "") -> None:
        self.supply = {cat[n]: (0 if n == empty else 8) for n in NAMES}

    def cost(self, card: Card) -> int:
        return card.cost


def workshop(table: Table) -> ChooseCards:
    options = [c for c, left in table.supply.items() if left and c.cost <= 4]
    return ChooseCards(0, Purpose.GAIN, cat["Workshop"], options, 1, 1)


@pytest.mark.parametrize("typed", ["duchy", "DUCHIES", "1 duchy"])
def test_a_card_that_costs_too_much_says_its_cost_and_the_limit(typed: str) -> None:
    table = Table()
    with pytest.raises(AnswerError) as e:
        parse(workshop(table), typed, table)
    assert "Duchy costs 5 coins. You may gain a card costing up to 4 coins." in str(e.value)
    check_error("Error, " + str(e.value) + "\n", typed=typed)


def test_an_empty_pile_and_a_card_outside_the_supply_say_so() -> None:
    table = Table(empty="Smithy")
    with pytest.raises(AnswerError) as e:
        parse(workshop(table), "smithy", table)
    assert "the Smithy pile is empty." in str(e.value)
    with pytest.raises(AnswerError) as e:
        parse(workshop(table), "market", table)
    assert "Market is not in the Supply." in str(e.value)


def test_without_the_game_the_old_words_stay() -> None:
    with pytest.raises(AnswerError) as e:
        parse(workshop(Table()), "duchy")
    assert "is not one of the choices" in str(e.value)


COPPER, ESTATE, SILVER = cat["Copper"], cat["Estate"], cat["Silver"]


def _cellar() -> ChooseCards:
    return ChooseCards(0, Purpose.DISCARD, cat["Cellar"], [COPPER, COPPER, COPPER, ESTATE, ESTATE, SILVER], 0, 6)


@pytest.mark.parametrize("typed, wanted", [
    ("estates", (ESTATE, ESTATE)),
    ("2 estates and coppers", (ESTATE, ESTATE, COPPER, COPPER, COPPER)),
    ("coppers, silver", (COPPER, COPPER, COPPER, SILVER)),
    ("1 coppers", (COPPER,)),
    ("copper", (COPPER,)),
    ("2 coppers estate", (COPPER, COPPER, ESTATE)),
])
def test_a_bare_plural_where_several_cards_are_taken_means_every_copy(typed: str, wanted: tuple[Card, ...]) -> None:
    assert parse(_cellar(), typed) == wanted


def test_a_bare_plural_takes_as_many_copies_as_the_question_takes() -> None:
    """Chapel with 5 Coppers in hand: "coppers" trashes 4 (it was refused: "choose at most 4 cards")."""
    chapel = ChooseCards(0, Purpose.TRASH, cat["Chapel"], [COPPER] * 5 + [ESTATE], 0, 4)
    assert parse(chapel, "coppers") == (COPPER,) * 4
    with pytest.raises(AnswerError) as e:  # named with a number, too many is still too many
        parse(chapel, "5 coppers")
    assert str(e.value).startswith("'5 coppers', choose at most 4 cards."), str(e.value)


def test_a_plural_at_a_question_for_one_card_stays_one_and_errors_quote_what_was_typed() -> None:
    mine = ChooseCards(0, Purpose.TRASH, cat["Mine"], [COPPER, COPPER, SILVER], 0, 1)
    assert parse(mine, "coppers") == (COPPER,)
    with pytest.raises(AnswerError) as e:
        parse(_cellar(), "two coppers")
    assert str(e.value).startswith("'two coppers' is not one of the choices."), str(e.value)


class Hand(Table):
    """A view with a hand, as a seat's is."""

    def __init__(self, *hand: Card) -> None:
        super().__init__()
        self.hand = hand


def test_a_card_not_of_the_type_every_choice_is_says_so() -> None:
    """Mine's trash and gain questions, Throne Room's: it said only "is not one of the choices"."""
    table = Hand(COPPER, SILVER, ESTATE, cat["Smithy"], cat["Village"])
    trash = ChooseCards(0, Purpose.TRASH, cat["Mine"], [COPPER, SILVER], 0, 1)
    gain = ChooseCards(0, Purpose.GAIN, cat["Mine"], [COPPER, SILVER], 1, 1)
    throne = ChooseCards(0, Purpose.PLAY, cat["Throne Room"], [cat["Smithy"], cat["Village"]], 0, 1)
    for question, typed, said in ((trash, "estate", "Estate is not a Treasure."),
                                  (gain, "village", "Village is not a Treasure."),
                                  (throne, "copper", "Copper is not an Action.")):
        with pytest.raises(AnswerError) as e:
            parse(question, typed, table)
        assert str(e.value).startswith(f"'{typed}', {said} "), str(e.value)
        check_error("Error, " + str(e.value) + "\n", typed=typed)


def test_a_card_not_in_hand_is_not_blamed_on_its_type() -> None:
    """Chapel with only Treasures in hand: every choice is a Treasure, but Chapel trashes any card, so
    "estate" is not one of the choices, never "Estate is not a Treasure." (said so in a game in tmux)."""
    chapel = ChooseCards(0, Purpose.TRASH, cat["Chapel"], [COPPER, COPPER, COPPER, SILVER], 0, 4)
    with pytest.raises(AnswerError) as e:
        parse(chapel, "estate", Hand(COPPER, COPPER, COPPER, SILVER, cat["Chapel"]))
    assert str(e.value).startswith("'estate' is not one of the choices."), str(e.value)
