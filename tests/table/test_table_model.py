"""The model alone: the turn calculator, scoring with Gardens and tokens, the tie rule, replay and undo."""

from __future__ import annotations

import random

import pytest

from companion.cards import catalogue
from companion.kingdom import choose_kingdom
from companion.table.effects import effect_of
from companion.table.model import Entry, Setup, Table, TableError
from companion.table.scoring import result_line, scores, winners

CAT = catalogue()


def make(kingdom: str, players: int = 2, colony: bool = False) -> Table:
    k = choose_kingdom(kingdom, platinum_colony=colony)
    names = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay")[:players]
    return Table(Setup(names, tuple(c.name for c in k.cards), k.platinum_colony, k.name, 0, 1))


def play(t: Table, cards: str) -> None:
    """Play ``cards``, first giving the player any they lack (with count): these tests are of the counting;
    what a player may play is tested in test_table_plays."""
    names = [c.name for c in CAT.find_many(cards)]
    deck, turn = t.state.decks[t.state.current], t.state.turn
    for name in dict.fromkeys(names):
        need = turn.played.count(name) + names.count(name)
        if deck.get(name, 0) < need:
            t.record(Entry("count", (t.state.current,), (name,), need))
    t.record(Entry("play", cards=tuple(names)))


def counts(t: Table) -> tuple[int, int, int]:
    turn = t.state.turn
    return turn.coins, turn.buys, turn.actions


@pytest.mark.parametrize("card,coins,buys,actions", [
    ("Copper", 1, 0, 0), ("Silver", 2, 0, 0), ("Gold", 3, 0, 0), ("Platinum", 5, 0, 0),
    ("Village", 0, 0, 2), ("Festival", 2, 1, 2), ("Market", 1, 1, 1), ("Laboratory", 0, 0, 1),
    ("Council Room", 0, 1, 0), ("Militia", 2, 0, 0), ("Worker's Village", 0, 1, 2), ("Grand Market", 2, 1, 1),
    ("Collection", 2, 1, 0), ("Monument", 2, 0, 0), ("Smithy", 0, 0, 0),
])
def test_fixed_effects_are_read_from_the_card_text(card: str, coins: int, buys: int, actions: int) -> None:
    e = effect_of(CAT[card])
    assert (e.coins, e.buys, e.actions) == (coins, buys, actions)
    assert not e.variable


@pytest.mark.parametrize("card", ["Moneylender", "Vault", "Investment"])
def test_cards_with_variable_coins_are_marked(card: str) -> None:
    assert effect_of(CAT[card]).variable


def test_bank_counts_every_treasure_in_play_as_it_is_played() -> None:
    """Bank was "Not counted", though every Treasure in play was played before it, so the table knows them."""
    assert effect_of(CAT["Bank"]).coins_per_treasure == 1 and not effect_of(CAT["Bank"]).variable
    t = make("Bank, Market, City, Vault, Mint, Quarry, Peddler, Tiara, Monument, Bishop")
    play(t, "C1 C1 G3 bank")
    assert counts(t)[0] == 1 + 1 + 3 + 4 and t.state.turn.uncounted == []  # Bank counts 4 Treasures, itself too
    t.record(Entry("trash", (0,), ("Copper",)))  # a Copper trashed from play is no longer in play
    play(t, "bank")
    assert counts(t)[0] == 9 + 4  # Copper, Gold and 2 Banks


def test_bank_alone_is_worth_one_coin() -> None:
    t = make("Bank, Market, City, Vault, Mint, Quarry, Peddler, Tiara, Monument, Bishop")
    play(t, "market bank")
    assert counts(t)[0] == 1 + 1  # Market's coin and Bank itself: an Action in play is no Treasure


@pytest.mark.parametrize("card,variable", [("Bishop", True), ("Investment", True), ("Collection", True),
                                           ("Monument", False), ("Market", False)])
def test_cards_whose_vp_tokens_depend_on_the_play_are_marked(card: str, variable: bool) -> None:
    assert effect_of(CAT[card]).variable_vp is variable


def test_collection_counts_its_tokens_from_the_gains_and_is_not_said_as_not_counted() -> None:
    t = make("Collection, Market, City, Vault, Mint, Quarry, Peddler, Bank, Tiara, Monument")
    play(t, "collection")
    assert t.state.turn.uncounted == [] and t.state.turn.vp_per_action_gain == 1
    assert (t.state.turn.coins, t.state.turn.buys) == (2, 2)  # its fixed coins and Buy still count


def test_first_game_turn_with_merchant_and_silvers() -> None:
    t = make("First Game")
    play(t, "village")
    assert counts(t) == (0, 1, 2)
    play(t, "merchant merchant")
    assert counts(t) == (0, 1, 2)
    play(t, "C1 C1 S2 S2")
    assert counts(t) == (2 + 2 + 2 + 2, 1, 2)  # each Merchant gives +1 coin on the first Silver only


def test_merchant_after_the_first_silver_gives_nothing() -> None:
    t = make("Merchant, Crystal Ball, Village, Smithy, Market, Cellar, Moat, Mine, Witch, Gardens")
    play(t, "S2 crystal ball merchant S2")  # the Crystal Ball plays the Merchant, in the Buy phase
    assert t.state.turn.coins == 2 + 1 + 2


def test_throne_room_village_leaves_four_actions() -> None:
    t = make("Throne Room, Village, Festival, Market, Smithy, Cellar, Moat, Mine, Witch, Gardens")
    play(t, "throne room village")
    assert counts(t) == (0, 1, 4)
    play(t, "throne room festival")
    assert counts(t) == (4, 3, 7)


def test_kings_court_and_tiara_repeat_and_bank_counts_the_treasures_in_play() -> None:
    t = make("King's Court, Tiara, Bank, Market, Monument, City, Vault, Mint, Quarry, Peddler", colony=True)
    play(t, "king's court market")
    assert counts(t) == (3, 4, 3)
    play(t, "tiara gold bank")
    assert counts(t) == (3 + 6 + 3, 5, 3)  # Gold twice; Bank counts Tiara, Gold and itself
    assert t.state.turn.uncounted == []


def test_monument_takes_a_vp_token_and_undo_gives_it_back() -> None:
    t = make("Monument, Bishop, Market, City, Vault, Mint, Quarry, Peddler, Bank, Tiara")
    play(t, "monument")
    assert t.state.tokens[0] == 1 and t.state.turn.coins == 2
    t.undo()
    assert t.state.tokens[0] == 0 and t.state.turn.coins == 0


def test_charlatan_makes_curses_worth_a_coin() -> None:
    t = make("Charlatan, Market, City, Vault, Mint, Quarry, Peddler, Bank, Tiara, Monument")
    play(t, "charlatan curse C1")
    assert t.state.turn.coins == 3 + 1 + 1
    with pytest.raises(TableError):
        make("First Game").record(Entry("play", cards=("Curse",)))


def test_city_counts_the_empty_piles_the_table_knows() -> None:
    t = make("City, Market, Vault, Mint, Quarry, Peddler, Bank, Tiara, Monument, Bishop")
    play(t, "city")
    assert counts(t) == (0, 1, 2)
    t.record(Entry("pile", cards=("Market",), amount=0))
    t.record(Entry("pile", cards=("Vault",), amount=0))
    play(t, "city")
    assert counts(t) == (1, 2, 3)


def test_peddler_costs_less_per_action_in_play() -> None:
    t = make("Peddler, City, Market, Vault, Mint, Quarry, Bank, Tiara, Monument, Bishop")
    play(t, "city market market")
    assert t.state.turn.cost(CAT["Peddler"]) == 8 - 6


def test_next_resets_the_calculator_and_counts_turns() -> None:
    t = make("First Game", 3)
    play(t, "market")
    t.record(Entry("next"))
    assert counts(t) == (0, 1, 1)
    assert t.state.current == 1 and t.state.turns == [1, 1, 0]


def test_gardens_count_every_card_and_tokens_add_up() -> None:
    t = make("Gardens, Workshop, Village, Market, Smithy, Cellar, Moat, Mine, Witch, Festival")
    for _ in range(3):
        t.record(Entry("gain", (0,), ("Gardens",)))
    for _ in range(17):
        t.record(Entry("gain", (0,), ("Copper",)))
    t.record(Entry("vp", (0,), amount=4))
    ann = scores(t)[0]
    assert ann.cards == 30
    assert ann.vp == 3 + 3 * 3 + 4  # 3 Estates, 3 Gardens worth 3 each, 4 tokens
    t.record(Entry("trash", (0,), ("Copper",)))
    assert scores(t)[0].vp == 3 + 3 * 2 + 4


def test_ties_go_to_fewer_turns_else_they_share() -> None:
    t = make("First Game")
    t.record(Entry("next"))  # Ben has had a turn too: both 1
    assert result_line(scores(t)) == "Ann and Ben share the win with 3 VP."
    t.record(Entry("next"))  # Ann's second turn: Ben tied with fewer turns
    won = winners(scores(t))
    assert [s.player for s in won] == ["Ben"]
    assert result_line(scores(t)) == "Ben wins with 3 VP, in fewer turns."


def test_colony_counts_ten() -> None:
    t = make("First Game", colony=True)
    t.record(Entry("buy", (1,), ("Colony",)))
    assert scores(t)[1].vp == 13


def test_a_refused_entry_changes_nothing() -> None:
    t = make("First Game")
    before = (t.state.piles.copy(), [d.copy() for d in t.state.decks], list(t.entries))
    with pytest.raises(TableError):
        t.record(Entry("trash", (0,), ("Estate", "Estate", "Estate", "Estate")))
    t.record(Entry("pile", cards=("Duchy",), amount=1))
    with pytest.raises(TableError):
        t.record(Entry("gain", (0, 1), ("Duchy",)))
    assert t.state.piles["Duchy"] == 1
    assert (t.state.decks, t.entries[:-1]) == (before[1], before[2])


def test_undo_equals_replay_of_all_but_the_last_for_random_games() -> None:
    rng = random.Random(5)
    t = make("First Game", 3)
    supply = [c.name for c in t.setup.supply]
    for _ in range(300):
        verb = rng.choice(["buy", "gain", "trash", "play", "next", "vp"])
        p = rng.randrange(3)
        entry = {
            "buy": Entry("buy", (t.state.current,), (rng.choice(supply),)),
            "gain": Entry("gain", (p,), (rng.choice(supply),)),
            "trash": Entry("trash", (p,), (rng.choice(["Copper", "Estate"]),)),
            "play": Entry("play", cards=(rng.choice(["Copper", "Silver", "Village", "Market", "Merchant"]),)),
            "next": Entry("next"),
            "vp": Entry("vp", (p,), amount=rng.randint(1, 3)),
        }[verb]
        try:
            t.record(entry)
        except TableError:
            continue
        if rng.random() < 0.2:
            expected = Table(t.setup, t.entries[:-1]).state
            t.undo()
            assert t.state == expected
    assert Table(t.setup, t.entries).state == t.state


def test_the_calculator_never_says_a_negative_number() -> None:
    from companion.table.text import turn_line

    t = make("Bank, Market, City, Vault, Mint, Quarry, Peddler, Tiara, Monument, Bishop")
    play(t, "vault")
    t.record(Entry("buy", (0,), ("Gold",)))
    t.record(Entry("buy", (0,), ("Gold",)))
    line = turn_line(t.state)
    assert line.splitlines()[0] == "0 coins, 0 buys, 0 actions."
    assert "Spent 12 coins and 1 buy more than the calculator counted." in line
    assert "Not counted, Vault." in line


def test_coins_added_by_hand_count_and_undo() -> None:
    t = make("Moneylender, Market, Smithy, Village, Cellar, Moat, Mine, Witch, Gardens, Festival")
    play(t, "moneylender")
    assert t.state.turn.uncounted == ["Moneylender"] and t.state.turn.coins == 0
    t.record(Entry("trash", (0,), ("Copper",)))
    t.record(Entry("coins", amount=3))
    play(t, "S2")
    assert t.state.turn.coins == 5
    with pytest.raises(TableError):
        t.record(Entry("coins", amount=-6))
    t.record(Entry("next"))
    assert t.state.turn.coins == 0


def test_throne_room_on_throne_room_is_said_once_with_the_number_of_actions_waiting() -> None:
    t = make("Throne Room, King's Court, Market, Monument, City, Vault, Mint, Quarry, Peddler, Bank")
    play(t, "throne room throne room")
    assert t.state.turn.waiting() == ["next 2 Actions twice each"]
    play(t, "market")
    assert t.state.turn.waiting() == ["next Action twice"]
