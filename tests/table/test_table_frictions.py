"""What was found at a real table: each refusal says what was wrong in words a player can act on, and the
calculator counts only what can be so (a trashed card is not played; a pile of 40 is not empty)."""

from __future__ import annotations

import pytest

from tests.table.checks import problems
from tests.table.driver import Driver

SETUP = 'table new --players Ann,Ben --kingdom "First Game" --seed 3'


def started() -> Driver:
    d = Driver()
    assert "Ann goes first" in d.run(SETUP)
    return d


@pytest.mark.parametrize(("players", "where"), [("Ann,,Cy", "between two commas"), ("Ann,Ben,", "at the end"),
                                                (",Ann,Ben", "at the start"), ("Ann, ,Cy", "between two commas")])
def test_an_empty_players_name_is_refused_not_dropped(players: str, where: str) -> None:
    d = Driver()
    line = f'table new --players {players} --kingdom "First Game"'
    said = d.run(line)
    assert said.startswith(f"Error, '--players {players}' has an empty name {where}."), said
    assert not problems(line, said), problems(line, said)
    assert "table" not in d.session.state or d.session.state["table"] is None  # no table was made


def test_names_parted_by_spaces_alone_still_make_a_table() -> None:
    d = Driver()
    assert d.run('table new --players Ann Ben Cy --kingdom "First Game"').startswith("Table game 1, 3 players.")


@pytest.mark.parametrize(("option", "hint"), [("--cards village", "For the kingdom's cards, type --kingdom"),
                                              ("--colour on", "It takes --players, --kingdom, --seed")])
def test_an_option_table_new_does_not_take_is_named(option: str, hint: str) -> None:
    d = Driver()
    line = f'table new --players Ann,Ben --kingdom "First Game" {option}'
    said = d.run(line)
    word = option.split()[0]
    assert said.startswith(f"Error, '{word}' is not an option of table new. {hint}"), said
    assert not problems(line, said), problems(line, said)


def test_a_short_option_is_still_understood() -> None:
    d = Driver()
    assert d.run('table new --play Ann,Ben --king "First Game" --se 3').startswith("Table game 1, 2 players.")


def test_a_card_trashed_before_it_was_played_cannot_be_played() -> None:
    d = started()
    d.run("trash 3 coppers")
    said = d.run("play 7 coppers")
    assert said.startswith("Error, ") and "Ann has 4 Coppers on record, not 7 played this turn" in said, said
    assert d.run("play 4 coppers") == "4 coins, 1 buy.\n"


def test_a_card_played_then_trashed_still_counts_as_played() -> None:
    """Mint's gain or Investment trashes cards in play: those were played, and the rest can still be."""
    d = started()
    assert d.run("play 7 coppers") == "7 coins, 1 buy.\n"
    d.run("trash 2 coppers")
    said = d.run("play copper")
    assert said.startswith("Error, ") and "not 8 played" in said, said


def test_buying_more_than_a_pile_holds_says_how_many_are_left() -> None:
    d = started()
    said = d.run("buy 99 silvers")
    assert said == ("Error, 'buy 99 silvers', only 40 Silvers left, not 99. Type pile silver to check, or pile "
                    "silver N to correct it.\n"), said
    assert not problems("buy 99 silvers", said)
    d.run("gain 39 silvers")
    assert d.run("gain 2 silvers").startswith("Error, 'gain 2 silvers', only 1 Silver left, not 2.")
    d.run("gain silver")
    assert d.run("gain silver").startswith("Error, 'gain silver', the Silver pile is empty.")


WORKERS = "table new --players Ann,Ben --kingdom worker's village, market, city, vault, mint, quarry, peddler, " \
          "tiara, monument, bishop --seed 3"


@pytest.mark.parametrize("line", ["buy village", "gain Ben village", "trash village", "play village"])
def test_a_card_not_in_the_game_read_as_one_that_is_is_said(line: str) -> None:
    d = Driver()
    d.run(WORKERS)
    if line.startswith(("trash", "play")):
        d.run("gain worker's village")
    said = d.run(line).splitlines()
    assert said[-1] == "Village is not in this game, so it was taken as Worker's Village.", said
    assert "Worker's Village" in said[0] or said[0] == "0 coins, 2 buys, 2 actions."  # play: its +Buy counted


def test_a_card_named_as_it_is_says_nothing_more() -> None:
    d = Driver()
    d.run(WORKERS)
    assert d.run("buy worker's village") == "Ann bought a Worker's Village, 9 left.\n"
    assert d.run("gain silver") == "Ann gained a Silver, 39 left.\n"
