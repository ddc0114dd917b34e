"""Plays the record says cannot be: a card the player does not have, more copies than they have, an Action
with no Action left and nothing that allows it, Grand Market bought with a Copper in play. Each is refused
with one line that says what to type if the record is what is wrong, and changes nothing; what the rules
allow (Vassal, Crystal Ball, Clerk at the start of a turn, Throne Room, a card played then trashed) is kept."""

from __future__ import annotations

import pytest

from tests.table.checks import problems
from tests.table.driver import Driver

PROSPERITY = "Vassal, Village, Smithy, Clerk, Crystal Ball, Grand Market, Investment, Throne Room, Market, Mint"


def a_table(d: Driver, kingdom: str = "First Game", players: str = "Ann,Ben") -> Driver:
    said = d.run(f'table new --players {players} --kingdom "{kingdom}" --first Ann')
    assert "Ann goes first" in said, said
    return d


def entries(d: Driver) -> tuple:
    t = d.session.state["table"].table
    return tuple(t.entries), t.state.turn


def refused(d: Driver, line: str) -> str:
    before = entries(d)
    said = d.run(line)
    assert said.startswith("Error, "), said
    assert not problems(line, said), problems(line, said)
    assert entries(d) == before
    return said


def test_a_card_the_player_never_gained_is_refused_saying_how_to_record_the_gain(driver: Driver) -> None:
    d = a_table(driver)
    said = refused(d, "play C1 C1 S2")
    assert said == "Error, 'S2', Ann has no Silvers on record. If Ann gained one, type gain silver first.\n"
    assert d.run("gain silver").startswith("Ann gained a Silver")
    assert d.run("play C1 C1 S2").startswith("4 coins, 1 buy.")


def test_more_copies_than_the_player_has_are_refused(driver: Driver) -> None:
    d = a_table(driver)
    assert d.run("play 7 coppers").startswith("7 coins")
    said = refused(d, "play copper")
    assert "Ann has 7 Coppers on record, not 8 played this turn. If Ann gained another, type gain copper first." in said


def test_many_copies_at_once_are_said_as_the_number_typed(driver: Driver) -> None:
    d = a_table(driver)
    d.run("play C1 C1")
    said = refused(d, "play 99 coppers")
    assert said.startswith("Error, 'coppers', Ann has 7 Coppers on record, not 101 played this turn."), said


def test_a_card_whose_pile_is_empty_is_fixed_with_count(driver: Driver) -> None:
    d = a_table(driver)
    d.run("pile gold 0")
    said = refused(d, "play gold")
    assert "type count Ann gold 1 first." in said


def test_an_action_with_no_action_left_is_refused_saying_to_type_the_plays_in_order(driver: Driver) -> None:
    d = a_table(driver)
    for card in ("smithy", "smithy", "village"):
        d.run(f"gain {card}")
    d.run("play smithy")
    said = refused(d, "play smithy")
    assert "Ann has no Action left to play Smithy. Type the plays in order, with undo for any out of order." in said
    refused(d, "play village")  # the Village came first: typing it now cannot help, so the words say undo
    assert d.run("undo").startswith("Undone, Ann played a Smithy.")
    assert d.run("play village smithy smithy").startswith("0 coins, 1 buy, 0 actions.")


def test_plays_out_of_order_in_one_line_are_refused_whole(driver: Driver) -> None:
    d = a_table(driver)
    for card in ("smithy", "smithy", "village"):
        d.run(f"gain {card}")
    said = refused(d, "play smithy village smithy")
    assert said.startswith("Error, 'village', Ann has no Action left to play Village."), said


def test_vassal_and_crystal_ball_let_one_action_each_be_played_without_an_action(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    for card in ("vassal", "smithy", "smithy", "smithy", "crystal ball"):
        d.run(f"gain {card}")
    assert d.run("play vassal").startswith("2 coins, 1 buy, 0 actions.")
    assert d.run("play smithy").startswith("2 coins, 1 buy, 0 actions.")  # the card Vassal played
    refused(d, "play smithy")
    assert d.run("play crystal ball").startswith("3 coins")
    assert d.run("play smithy").startswith("3 coins")  # the card Crystal Ball played


def test_clerks_at_the_start_of_a_turn_use_no_action(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    for card in ("clerk", "clerk", "smithy", "smithy"):
        d.run(f"gain {card}")
    assert d.run("play clerk clerk").startswith("4 coins, 1 buy, 1 action.")
    assert d.run("play smithy").startswith("4 coins, 1 buy, 0 actions.")
    refused(d, "play smithy")


def test_throne_room_plays_without_an_action_and_a_card_trashed_from_play_still_counts(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    for card in ("throne room", "vassal", "investment", "investment"):
        d.run(f"gain {card}")
    assert d.run("play throne room vassal").startswith("4 coins, 1 buy, 0 actions.")
    d.run("play investment")
    d.run("trash investment")  # trashed itself: it was there to play all the same
    assert not d.run("play investment").startswith("Error")


def test_grand_market_is_not_bought_with_a_copper_in_play(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    d.run("gain gold")
    d.run("gain gold")
    d.run("play C1 G3 G3")
    said = refused(d, "buy grand market")
    assert "Ann has 1 Copper in play, so cannot buy Grand Market. If a Copper was typed by mistake, type undo." in said
    d.run("undo")
    d.run("play G3 G3")
    assert d.run("buy grand market").startswith("Ann bought a Grand Market")


def test_gain_and_other_players_buys_are_not_limited_by_the_turn(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    d.run("play C1")
    assert d.run("gain grand market").startswith("Ann gained a Grand Market")
    assert d.run("buy Ben grand market").startswith("Ben bought a Grand Market")


@pytest.mark.parametrize("players", ["Ann,Ben", "Ann,Ben,Cal,Dee,Eve,Fay"])
def test_the_check_is_for_the_player_whose_turn_it_is(driver: Driver, players: str) -> None:
    d = a_table(driver, players=players)
    d.run("gain Ben silver")
    refused(d, "play S2")
    d.run("next")
    assert d.run("play S2").startswith("2 coins")


def test_a_table_saved_with_a_play_the_record_did_not_allow_still_loads(driver: Driver) -> None:
    from companion.table import storage
    from companion.table.model import Entry, Table

    d = a_table(driver)
    saved = d.session.state["table"]
    saved.table = Table(saved.table.setup, [Entry("play", cards=("Gold", "Smithy", "Smithy"))])
    storage.save(saved)
    d.run("table close")
    said = d.run("table resume")
    assert said.startswith("Table game 1 resumed."), said
    assert "3 coins" in said


def test_an_action_typed_after_the_treasures_is_refused_saying_actions_come_first(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    d.run("gain throne room")
    d.run("gain smithy")
    d.run("play throne room")
    d.run("play C1")  # the Throne Room's Action was not typed before the Treasures
    said = refused(d, "play smithy")
    assert "Ann has played Treasures, so cannot play Smithy now. If it came first, undo, then type the plays in " \
        "order." in said


def test_no_action_is_played_after_a_treasure_even_with_actions_left(driver: Driver) -> None:
    """The rulebook: Actions are played in the Action phase, and a Treasure played ends it. The calculator took
    an Action after a Treasure while the player had an Action left."""
    d = a_table(driver, PROSPERITY)
    d.run("gain village")
    d.run("gain smithy")
    d.run("play C1")
    said = refused(d, "play village")
    assert "Ann has played Treasures, so cannot play Village now." in said
    assert d.run("undo").startswith("Undone, Ann played a Copper")
    assert d.run("play village C1").startswith("1 coin, 1 buy.")


def test_crystal_ball_plays_one_action_in_the_buy_phase_and_its_actions_play_no_more(driver: Driver) -> None:
    """Crystal Ball's note (Prosperity rulebook): an Action it plays in the Buy phase that gives +Actions does
    not let more Action cards be played in that Buy phase."""
    d = a_table(driver, PROSPERITY)
    for card in ("crystal ball", "village", "smithy"):
        d.run(f"gain {card}")
    d.run("play crystal ball")
    assert d.run("play village").startswith("1 coin, 1 buy.")  # the card Crystal Ball played: no actions said after a Treasure
    said = refused(d, "play smithy")
    assert "Ann has played Treasures, so cannot play Smithy now." in said


def test_a_vassals_play_that_never_came_is_not_kept_for_the_buy_phase(driver: Driver) -> None:
    d = a_table(driver, PROSPERITY)
    for card in ("vassal", "smithy"):
        d.run(f"gain {card}")
    d.run("play vassal C1")  # the Vassal discarded a Treasure: it played nothing
    refused(d, "play smithy")


def test_play_with_a_players_name_is_for_the_player_whose_turn_it_is(driver: Driver) -> None:
    d = a_table(driver)
    assert d.run("play Ann C1 C1").startswith("2 coins")
    said = refused(d, "play Ben C1")
    assert said == "Error, 'Ben', only Ann, whose turn it is, plays now. If it is Ben's turn, type next first.\n"


@pytest.mark.parametrize("line,problem", [
    ("coins 100", "at most 99 coins at a time. Type a smaller number."),
    ("coins -100", "at most 99 coins at a time. Type a smaller number."),
    ("coins 0", "0 coins changes nothing. Type coins 3, or coins -1."),
    ("coins x", "needs a number of coins. Type coins 3, or coins -1."),
])
def test_coins_out_of_range_says_the_range(driver: Driver, line: str, problem: str) -> None:
    d = a_table(driver)
    said = refused(d, line)
    assert problem in said, said


HOARD = "Hoard, Mint, Tiara, Grand Market, Charlatan, Market, Village, Smithy, Vassal, Throne Room"


def test_buying_a_victory_card_with_hoard_in_play_says_to_record_the_gold(driver: Driver) -> None:
    d = a_table(driver, HOARD)
    d.run("count Ann hoard 2")
    d.run("count Ann tiara 1")
    d.run("play tiara hoard hoard C1 C1 C1")
    said = d.run("buy estate")
    assert "Hoard, Ann gains 3 Golds too. Type gain 3 golds." in said.splitlines(), said
    d.run("undo")
    d.run("undo")
    d.run("play hoard C1 C1 C1 C1 C1 C1")  # one Hoard, 2 Provinces: a Gold for each
    said = d.run("buy 2 provinces")
    assert "Hoard, Ann gains 2 Golds too. Type gain 2 golds." in said.splitlines(), said
    d.run("undo")
    d.run("pile gold 0")
    assert "Hoard" not in d.run("buy estate")  # no Gold left to gain
    d.run("undo")
    d.run("undo")
    assert "Hoard" not in d.run("buy silver")  # not a Victory card
    d.run("next")
    assert "Hoard" not in d.run("buy estate")  # Ben played none


def test_gaining_mint_with_treasures_in_play_says_to_trash_them(driver: Driver) -> None:
    d = a_table(driver, HOARD)
    d.run("count Ann charlatan 1")
    d.run("count Ann gold 1")
    d.run("count Ann curse 1")
    d.run("play charlatan C1 C1 C1 G3 curse")
    said = d.run("buy mint")
    assert "Mint trashes the Treasures in play. Type trash 3 coppers gold curse." in said.splitlines(), said
    d.run("trash 3 coppers gold curse")
    assert "Mint trashes" not in d.run("gain mint")  # none left in play
    assert d.run("buy grand market").startswith("Ann bought a Grand Market")  # no Copper in play now
