"""Setup for 2 to 6 players, pile sizes, game end at the end of a turn, scoring, and ties."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.engine import Game, GameEndReason, GameSetup, IllegalAnswer, Purpose
from companion.engine.effects import EFFECTS, RegistryError, check_registry, load_effects
from companion.engine.scoring import winners
from companion.engine.events import Score
from tests.engine.scene import CAT, Scene, card, kingdom


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pile_sizes_follow_the_rulebook(players: int) -> None:
    g = Game(GameSetup.of(kingdom(["Gardens"], colony=True), players, seed=1))
    s = {c.name: n for c, n in g.supply.items()}
    assert s["Province"] == {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players]
    assert s["Curse"] == 10 * (players - 1)
    for victory in ("Estate", "Duchy", "Gardens", "Colony"):
        assert s[victory] == (8 if players == 2 else 12)
    assert s["Platinum"] == 12
    if players <= 4:  # 60 Coppers, less the starting decks; 40 Silvers; 30 Golds
        assert s["Copper"] == 60 - 7 * players and s["Silver"] == 40 and s["Gold"] == 30
    else:  # all the extra Coppers, Silvers and Golds are added
        assert s["Copper"] == 120 - 7 * players and s["Silver"] == 80 and s["Gold"] == 60  # two boxes' worth
    for c in kingdom(["Gardens"]).cards:
        if not c.is_victory:
            assert s[c.name] == 10
    for ps in g.players:  # 7 Coppers and 3 Estates, 5 of them drawn
        assert Counter(c.name for c in ps.all_cards()) == {"Copper": 7, "Estate": 3}
        assert len(ps.hand) == 5 and len(ps.deck) == 5


def test_no_platinum_or_colony_unless_chosen() -> None:
    g = Game(GameSetup.of(kingdom(), 2, seed=1))
    assert card("Colony") not in g.supply and card("Platinum") not in g.supply


def test_starting_player_is_random_and_seeded() -> None:
    starts = {Game(GameSetup.of(kingdom(), 4, seed=s)).current for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert Game(GameSetup.of(kingdom(), 4, seed=9)).current == Game(GameSetup.of(kingdom(), 4, seed=9)).current


def test_player_counts_outside_2_to_6_are_refused() -> None:
    from companion.kingdom import KingdomError

    for n in (1, 7):
        with pytest.raises(KingdomError):
            GameSetup.of(kingdom(), n)


def test_registry_has_one_effect_per_card_both_ways() -> None:
    load_effects()
    assert set(EFFECTS) == {c.name for c in CAT}
    with pytest.raises(RegistryError, match="without an effect"):
        check_registry({k: v for k, v in EFFECTS.items() if k != "Village"}, CAT)
    with pytest.raises(RegistryError, match="without a card"):
        check_registry({**EFFECTS, "Goons": EFFECTS["Village"]}, CAT)


def _buy_out(s: Scene, name: str, left: int = 1) -> None:
    s.game.supply[card(name)] = left


def test_province_pile_ends_the_game_at_the_end_of_the_turn() -> None:
    s = Scene(["Festival"])
    s.set(0, hand="Gold*3, Festival", deck="Copper*5").set(1, deck="Copper*5")
    _buy_out(s, "Province", 1)
    s.start(0).play("Festival").treasures("Gold*3")
    s.expect(Purpose.BUY).answer("Province")
    assert s.game.supply[card("Province")] == 0
    s.expect(Purpose.BUY)  # the turn goes on: a second Buy is still there
    s.answer("Copper")  # the last Buy: the turn ends
    assert s.game.over and s.game.result.reason is GameEndReason.PROVINCES


@pytest.mark.parametrize("players,piles,ends", [(2, 3, True), (2, 2, False), (4, 3, True), (5, 3, False),
                                                (5, 4, True), (6, 4, True), (6, 3, False)])
def test_empty_supply_piles_end_the_game(players: int, piles: int, ends: bool) -> None:
    s = Scene(players=players)
    for name in ("Curse", "Cellar", "Moat", "Village")[:piles - 1]:
        s.game.supply[card(name)] = 0
    _buy_out(s, "Estate", 1)
    s.set(0, hand="Copper*2", deck="Copper*5")
    for q in range(1, players):
        s.set(q, hand="Copper*5", deck="Copper*5")
    s.start(0).treasures("Copper*2").answer("Estate")
    assert s.game.over is ends
    if ends:
        assert s.game.result.reason is GameEndReason.PILES


def test_colony_pile_ends_the_game_only_with_platinum_and_colony() -> None:
    s = Scene(colony=True)
    s.set(0, hand="Platinum*2, Gold", deck="Copper*5").set(1, hand="Copper*5", deck="Copper*5")
    _buy_out(s, "Colony", 1)
    s.start(0).treasures("Platinum*2, Gold").answer("Colony")
    assert s.game.result.reason is GameEndReason.COLONIES


def test_scoring_counts_every_card_wherever_it_is_and_vp_tokens() -> None:
    s = Scene(["Gardens"])
    g = s.game
    s.set(0, hand="Estate", deck="Duchy, Copper*10", discard="Province, Curse", play="Gardens")
    g.players[0].aside = [card("Estate")]
    g.players[0].vp_tokens = 4
    from companion.engine.scoring import victory_points

    # 16 cards: Gardens is worth 1; 1 + 3 + 6 - 1 + 1 + 1 (Gardens) + 4 tokens
    assert victory_points(g, 0) == 1 + 3 + 6 - 1 + 1 + 1 + 4


def test_ties_go_to_fewer_turns_then_are_shared() -> None:
    assert winners((Score(0, "A", 30, 17), Score(1, "B", 30, 16))) == (1,)
    assert winners((Score(0, "A", 30, 16), Score(1, "B", 30, 16))) == (0, 1)
    assert winners((Score(0, "A", 31, 17), Score(1, "B", 30, 16), Score(2, "C", 31, 17))) == (0, 2)


def test_a_game_ending_with_equal_vp_goes_to_the_player_with_fewer_turns() -> None:
    s = Scene()
    s.set(0, hand="Copper*5", deck="Copper*5").set(1, hand="Gold*3", deck="Copper*5")
    _buy_out(s, "Province", 1)
    s.game.players[0].turns = 4  # player 1 took the same number of turns, having started second
    s.game.players[1].turns = 4
    s.game.players[0].discard = [card("Province")]
    s.start(1).treasures("Gold*3").answer("Province")
    res = s.game.result
    assert res.reason is GameEndReason.PROVINCES
    assert [sc.turns for sc in res.scores] == [4, 5]
    assert res.winners == (0,)  # same VP, fewer turns


def test_a_game_ending_with_equal_vp_and_equal_turns_is_a_shared_victory() -> None:
    """"If the tied players have had the same number of turns, they rejoice in their shared victory"."""
    s = Scene(players=3)
    s.set(0, hand="Copper*5", deck="Copper*5").set(1, hand="Copper*5", deck="Copper*5")
    s.set(2, hand="Gold*3", deck="Copper*5")
    _buy_out(s, "Province", 1)
    for p, turns in enumerate((5, 5, 4)):  # player 2 is last in turn order: the round ends with it
        s.game.players[p].turns = turns
    s.game.players[0].discard = [card("Province")]
    s.game.players[1].discard = [card("Duchy")]
    s.start(2).treasures("Gold*3").answer("Province")
    res = s.game.result
    assert [sc.turns for sc in res.scores] == [5, 5, 5] and [sc.vp for sc in res.scores] == [6, 3, 6]
    assert res.winners == (0, 2)


def test_illegal_answers_are_refused_with_a_reason_and_change_nothing() -> None:
    s = Scene()
    s.set(0, hand="Copper*3, Estate*2", deck="Silver*5").start(0)
    before = (list(s.game.players[0].hand), len(s.game.answers), s.game.pending)
    for bad, words in [((card("Gold"),), "cannot be chosen"), ((card("Copper"),) * 4, "at most"),
                       ("yes", "not a list")]:
        with pytest.raises(IllegalAnswer, match=words):
            s.game.answer(bad)
        assert s.game.validate(bad) is not None
    assert (list(s.game.players[0].hand), len(s.game.answers), s.game.pending) == before
    s.treasures("Copper*3")
    with pytest.raises(IllegalAnswer, match="cannot be chosen"):
        s.answer("Gold")  # 3 coins do not buy a Gold
    s.answer("Silver")
    assert s.zone(0, "discard")[-1] == "Silver" or "Silver" in s.zone(0, "discard")


def test_every_recommended_set_of_the_two_boxes_can_be_played_and_others_are_refused() -> None:
    from companion.bots import make_bot
    from companion.cards import recommended_sets
    from companion.kingdom import KingdomError, choose_kingdom

    played = 0
    for rs in recommended_sets().current:
        if rs.missing:
            with pytest.raises(KingdomError) as e:
                choose_kingdom(rs.name)
            assert all(m in str(e.value) for m in rs.missing)
            continue
        k = choose_kingdom(rs.name)
        assert k.platinum_colony == rs.platinum_colony
        g = Game(GameSetup.of(k, ["general", "bmu"], seed=played, turn_limit=100), log=False, check_bots=True)
        g.advance([make_bot("general"), make_bot("bmu")])
        assert g.result is not None and g.result.reason is not GameEndReason.TURN_LIMIT
        played += 1
    assert played >= 10


def test_decisions_read_as_short_sentences() -> None:
    s = Scene(["Chapel", "Bureaucrat"]).set(0, hand="Chapel, Copper, Estate*2").set(1, hand="Estate, Duchy")
    s.start(0)
    assert str(s.pending) == "Play an Action, or none to end your Actions."
    s.play("Chapel")
    assert str(s.pending) == "Chapel: trash up to 3 cards."
    s2 = Scene(["Bureaucrat"]).set(0, hand="Bureaucrat").set(1, hand="Estate, Duchy").start(0).play("Bureaucrat")
    assert str(s2.pending) == "Bureaucrat: put a card onto your deck."
    for text in (str(s.pending), str(s2.pending)):
        assert "$" not in text and len(text.split()) <= 12


def test_private_cards_stay_private_in_other_players_logs() -> None:
    s = Scene(["Sentry", "Artisan"]).set(0, hand="Sentry, Copper", deck="Silver, Gold, Estate").start(0)
    s.play("Sentry")
    mine, theirs = s.game.view(0).log(), s.game.view(1).log()
    looked_mine = [e for e in mine if type(e).__name__ == "LookedAt"][0]
    looked_theirs = [e for e in theirs if type(e).__name__ == "LookedAt"][0]
    assert [c.name for c in looked_mine.cards] == ["Gold", "Estate"] and looked_theirs.cards == ()
    drew = [e for e in theirs if type(e).__name__ == "Drew"][0]
    assert drew.count == 1 and drew.cards == ()


@pytest.mark.parametrize("name,retired", [("Biggest Money", {"Royal Seal", "Venture"}),
                                          ("The King's Army", {"Goons"})])
def test_a_set_both_rulebooks_print_is_played_as_prosperitys_and_the_old_one_names_its_retired_cards(
        name: str, retired: set[str]) -> None:
    from companion.cards import recommended_sets
    from companion.kingdom import choose_kingdom

    k = choose_kingdom(name)
    assert {c.set for c in k.cards} == {"base2e", "prosperity2e"} and len(k.cards) == 10
    assert not retired & {c.name for c in k.cards}
    old = recommended_sets().retired(name)
    assert old is not None and old.source == "base2e" and set(old.missing) == retired
    assert recommended_sets().find(name).source == "prosperity2e"
