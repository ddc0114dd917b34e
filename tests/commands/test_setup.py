"""sets and setup: the recommended kingdoms, and laying out any kingdom for 2 to 6 players."""

from __future__ import annotations

import io

import pytest

from companion.cards import catalogue, recommended_sets
from companion.dispatch import run_line
from companion.kingdom import choose_kingdom
from companion.session import Session
from tests.accessibility import check_error, check_response


def say(line: str) -> str:
    out = io.StringIO()
    session = Session(out=out)
    run_line(session, line)
    return out.getvalue()


def test_sets_lists_the_playable_sets_of_both_rulebooks() -> None:
    out = say("sets")
    playable = [s for s in recommended_sets().current if s.playable]
    assert out.splitlines()[0] == f"{len(playable)} recommended sets can be played here."
    for s in playable:
        assert s.name in out
    assert "Underlings" not in out
    check_response(out, listing=True)


def test_sets_all_groups_by_boxes_with_both_spellings_of_one_pair_merged() -> None:
    out = say("sets all")
    lines = out.splitlines()
    assert lines[1].startswith("Dominion alone. First Game")
    assert lines[2].startswith("Prosperity alone. Beginners")
    assert sum(line.startswith("Dominion & Prosperity.") for line in lines) == 1
    assert "Prosperity & Dominion" not in out
    assert all(s.name in out for s in recommended_sets().current)


def test_a_set_by_part_of_its_name_cards_by_cost() -> None:
    out = say("sets first")
    assert out == ("First Game, from the Dominion rulebook.\n"
                   "Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market and Mine.\n")


def test_a_reprinted_set_is_prosperitys_and_names_the_retired_cards() -> None:
    out = say("sets the king's army")
    assert out.startswith("The King's Army, from the Prosperity rulebook.\n")
    assert "Collection" in out and "Goons" not in out.splitlines()[1]
    assert "With Platinum and Colony." in out
    assert out.splitlines()[-1] == "The Dominion rulebook's older version used Goons, retired from Prosperity."


def test_a_set_needing_other_boxes_says_which_cards() -> None:
    out = say("sets underlings")
    assert "Needs other boxes for Courtier, Diplomat, Minion, Nobles and Pawn" in out


def test_unknown_set_is_an_error_that_says_what_to_type() -> None:
    out = say("sets frist gmae")
    assert out.startswith("Error, no recommended set named 'frist gmae'.")
    assert out.rstrip().endswith("Type sets for the list.")
    check_error(out, "frist gmae")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_gives_every_pile_for_each_player_count(players: int) -> None:
    out = say(f"setup {players} beginners")
    kingdom = choose_kingdom("Beginners")
    for card, size in kingdom.pile_sizes(players).items():
        assert card.counted(size) in out or f"{size} each of" in out
    assert out.splitlines()[0] == f"Setup for {players} players."
    assert ("With 5 players" in out) == (players == 5) and ("With 6 players" in out) == (players == 6)
    assert "Platinum and Colony, for each blind player" in out and "VP tokens" in out


def test_setup_defaults_to_two_players_and_first_game() -> None:
    out = say("setup")
    assert "46 Coppers" in out and "8 Provinces" in out and "Kingdom First Game," in out
    assert "Platinum" not in out


def test_setup_of_a_random_kingdom_says_its_seed_and_repeats() -> None:
    first, again = say("setup 3 random --seed 4"), say("setup 3 random --seed 4")
    assert first == again
    assert first.splitlines()[0] == "Setup for 3 players, random kingdom, seed 4."
    assert sum(1 for c in catalogue().kingdom if c.name in first) == 10


@pytest.mark.parametrize(
    ("line", "typed"),
    [("setup 7", "7"), ("setup 1 first game", "1"), ("setup 2 --kingdom nowhere", "nowhere"),
     ("setup 2 --seed many random", "many"), ("setup 2 underlings", "underlings")],
)
def test_setup_errors(line: str, typed: str) -> None:
    out = say(line)
    assert out.startswith("Error,")
    check_error(out, typed)


def test_a_misspelled_set_is_suggested() -> None:
    assert say("sets frist").startswith("Error, no recommended set named 'frist'. Did you mean First Game?")


@pytest.mark.parametrize(
    ("line", "expected"),
    [("setup 3 --colony maybe", 'Error, --colony "maybe" is not a choice. Type --colony and on, off or rule.\n'),
     ("setup 2 village, smithy",
      "Error, 'village, smithy' names 2 kingdom cards, but a kingdom has 10. Name 10, separated by commas.\n")],
)
def test_option_and_list_errors_quote_what_was_typed(line: str, expected: str) -> None:
    out = say(line)
    assert out == expected
    check_error(out)
