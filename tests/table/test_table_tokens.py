"""VP tokens the table counts from what it already knows: a Bishop's from the card trashed after it, a
Collection's from each Action card gained. Before, both were said as "Not counted" on every later play, and
the tokens had to be typed with vp."""

from __future__ import annotations

from tests.table.checks import problems
from tests.table.driver import Driver

KINGDOM = "Bishop, Collection, Throne Room, Village, Smithy, Quarry, Market, Vault, Monument, Crystal Ball"


def a_table(d: Driver) -> Driver:
    said = d.run(f'table new --players Ann,Ben --kingdom "{KINGDOM}" --first Ann')
    assert "Ann goes first" in said, said
    for card in ("bishop", "gold", "throne room", "collection", "quarry"):
        d.run(f"gain {card}")
    return d


def tokens(d: Driver, seat: int = 0) -> int:
    return d.session.state["table"].table.state.tokens[seat]


def test_bishop_counts_the_card_trashed_after_it_and_is_said_once(driver: Driver) -> None:
    d = a_table(driver)
    said = d.run("play bishop")
    assert not problems("play bishop", said), problems("play bishop", said)
    assert "Not counted" not in said
    assert "For Bishop, type trash and the card it trashes, to count its VP." in said
    assert tokens(d) == 1  # its own +1 VP
    said = d.run("trash gold")
    assert "Bishop, Ann took 3 VP tokens, 4 in all." in said, said  # Gold costs 6
    assert tokens(d) == 4
    for line in ("play C1", "play C1"):  # the friction: "Not counted, Bishop." on every later play
        said = d.run(line)
        assert "Bishop" not in said and "Not counted" not in said, said
    d.run("undo")
    d.run("undo")
    d.run("undo")  # the trash: its tokens go back with it
    assert tokens(d) == 1
    said = d.run("trash C1")
    assert "Bishop, no VP tokens for it." in said
    d.run("trash Ben estate")  # Bishop's other players may trash: no tokens, for anyone
    d.run("trash estate")  # a second trash this turn is not the Bishop's
    assert tokens(d) == 1 and tokens(d, 1) == 0


def test_throne_room_bishop_counts_two_trashed_cards_at_their_cost_this_turn(driver: Driver) -> None:
    d = a_table(driver)
    said = d.run("play throne room bishop")
    assert said.count("For Bishop, type trash") == 1
    assert tokens(d) == 2
    d.run("trash gold estate")
    assert tokens(d) == 2 + 3 + 1
    d.run("next")
    d.run("next")
    for card in ("bishop", "smithy", "crystal ball"):
        d.run(f"gain {card}")
    said = d.run("play quarry crystal ball bishop")  # the Crystal Ball plays the Bishop, in the Buy phase
    assert not said.startswith("Error"), said
    d.run("trash smithy")  # Quarry: Action cards cost 2 coins less, so the Smithy costs 2
    assert tokens(d) == 6 + 1 + 1


def test_collection_counts_each_action_card_gained_this_turn(driver: Driver) -> None:
    d = a_table(driver)
    said = d.run("play collection")
    assert "Not counted" not in said, said
    said = d.run("buy village")
    assert "Collection, Ann took 1 VP token, 1 in all." in said, said
    d.run("gain silver")
    d.run("gain Ben village")  # another player's gain
    assert tokens(d) == 1 and tokens(d, 1) == 0
    said = d.run("play C1")
    assert "Collection" not in said


def test_a_table_saved_with_bishop_tokens_typed_by_hand_loads_as_it_was(driver: Driver) -> None:
    """Before, Bishop's tokens were typed with vp: such a table replays with no tokens counted twice."""
    from companion.table import storage
    from companion.table.model import Entry, Table

    d = a_table(driver)
    saved = d.session.state["table"]
    old = [*saved.table.entries, Entry("play", cards=("Bishop",)), Entry("trash", (0,), ("Gold",)),
           Entry("vp", (0,), amount=3)]
    saved.table = Table(saved.table.setup, old)
    storage.save(saved)
    d.run("table close")
    d.run("table resume")
    assert tokens(d) == 1 + 3
