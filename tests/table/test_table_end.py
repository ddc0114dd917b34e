"""The game ends at the end of the turn when the Province or Colony pile is empty, or 3 piles (4 with 5-6
players) are empty; the table warns as soon as that is so, first in the response, and says why."""

from __future__ import annotations

import pytest

from tests.table.checks import problems
from tests.table.driver import Driver

KINGDOM = "Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market, Mine"
NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay"]


def table(players: int, colony: bool = False) -> Driver:
    d = Driver()
    said = d.run(f'table new --players {",".join(NAMES[:players])} --kingdom "{KINGDOM}" --seed 1'
                 f' --colony {"on" if colony else "off"}')
    assert not said.startswith("Error"), said
    return d


def empty(d: Driver, card: str) -> str:
    """Bring a pile down to 1 by correction, then buy the last card; return what the buy said."""
    d.run(f"pile {card} 1")
    return d.run(f"buy {card}")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_province_pile_empty_warns_then_ends(players: int) -> None:
    d = table(players)
    said = empty(d, "province")
    lines = said.splitlines()
    assert lines[0] == "Province pile empty."
    assert lines[1] == "Game ends this turn, no Provinces left."
    assert lines[2].endswith("bought a Province, 0 left.")
    assert not problems("buy province", said)
    assert d.run("next").startswith("Game over, no Provinces left.\n")


@pytest.mark.parametrize("players", [2, 5])
def test_colony_pile_empty_warns_then_ends(players: int) -> None:
    d = table(players, colony=True)
    said = empty(d, "colony")
    assert said.splitlines()[:2] == ["Colony pile empty.", "Game ends this turn, no Colonies left."]
    assert d.run("next").startswith("Game over, no Colonies left.")


@pytest.mark.parametrize("players,needed", [(2, 3), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_empty_piles_end_the_game_at_three_or_four(players: int, needed: int) -> None:
    d = table(players)
    piles = ["village", "smithy", "cellar", "moat"][:needed]
    for i, card in enumerate(piles[:-1], start=1):
        said = empty(d, card)
        assert "Game ends" not in said
        if i == needed - 1:
            assert f"{i} piles empty. One more ends the game." in said
    said = empty(d, piles[-1])
    lines = said.splitlines()
    assert lines[0].endswith("pile empty.")
    assert lines[1] == f"Game ends this turn, {needed} piles empty."
    assert d.run("next").startswith(f"Game over, {needed} piles empty.")


def test_three_empty_piles_do_not_end_a_five_player_game() -> None:
    d = table(5)
    for card in ("village", "smithy", "cellar"):
        said = empty(d, card)
    assert "Game ends" not in said
    said = d.run("next")
    assert "Game over" not in said and said.endswith("'s turn 1.\n"), said


def test_the_warning_comes_once_and_undo_takes_it_back() -> None:
    d = table(2)
    d.run("pile province 2")
    said = d.run("buy province province")
    assert said.count("Game ends this turn") == 1
    assert "Game ends" not in d.run("buy duchy")
    assert "no longer" not in d.run("undo")  # the Duchy
    assert "The game no longer ends this turn." in d.run("undo")
    assert d.run("next") == "Ben's turn 1.\n"


def test_low_piles_are_announced_at_the_threshold_and_it_can_be_set() -> None:
    d = table(2)
    d.run("pile village 5")
    assert d.run("buy village") == "Ann bought a Village, 4 left.\n"
    assert d.run("buy village").splitlines()[0] == "Village pile low, 3 left."
    assert d.run("table low 1") == "Low piles, 1 card or fewer.\n"
    assert not d.run("buy village").startswith("Village pile low")
    assert d.run("buy village").splitlines()[0] == "Village pile low, 1 left."


def test_a_witch_gives_curses_in_turn_order_until_they_run_out() -> None:
    d = table(4)
    d.run("pile curse 2")
    said = d.run("gain others curse")
    lines = said.splitlines()
    assert lines[0] == "Curse pile empty."
    current = d.session.state["table"].table.state.current
    order = [NAMES[(current + i) % 4] for i in range(1, 4)]
    assert lines[1] == f"{order[0]} and {order[1]} gained a Curse, 0 left."
    assert lines[2] == f"{order[2]} got none."
    assert d.run("log 1").splitlines()[1] == f"{order[0]} and {order[1]} gained a Curse."
    assert d.run("undo").splitlines()[0] == f"Undone, {order[0]} and {order[1]} gained a Curse."


def test_buying_more_than_the_calculator_counted_is_said_at_every_buy() -> None:
    d = table(2)
    d.run("play C1 C1")
    assert d.run("buy silver").splitlines()[1] == "Spent 1 coin more than the calculator counted."
    # Said again, with the Buy past the count too (it was said once, then never; a Buy past was never said).
    assert d.run("buy estate").splitlines()[1] == "Spent 3 coins and 1 buy more than the calculator counted."
    assert d.run("play").splitlines() == ["0 coins, 0 buys.", "Spent 3 coins and 1 buy more than the calculator counted."]


def test_a_buy_past_the_buys_is_said_even_with_no_plays_typed() -> None:
    d = table(2)
    assert len(d.run("buy silver").splitlines()) == 1  # nothing played: the coins are not known, so not said
    assert d.run("buy estate").splitlines()[1] == "Spent 1 buy more than the calculator counted."
    assert d.run("buy estate").splitlines()[1] == "Spent 2 buys more than the calculator counted."


def test_a_pile_corrected_upwards_says_the_game_no_longer_ends() -> None:
    d = table(2)
    assert "Game ends this turn, no Provinces left." in d.run("pile province 0").splitlines()
    assert d.run("pile province 1").splitlines()[0] == "The game no longer ends this turn."
    assert d.run("status").splitlines()[0] == "Ann's turn 1."
    assert d.run("next").splitlines()[0] == "Ben's turn 1."
