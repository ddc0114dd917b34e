"""The order of "when you gain" effects: the player picks it, and is asked only where it can matter.

Rulebook (2nd edition): "When two things happen to one player at the same time, that player picks the
order to do them, even if some are mandatory and some are not." Reading (docs/engine.md): an effect
that moves the gained card (Tiara, Watchtower) moves it only from where it was gained; Hoard's Gold
and Collection's VP token do not depend on where the card is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.bots import GeneralBot
from companion.engine import ChooseOne, IllegalAnswer, Purpose, dumps, loads
from companion.engine.events import Gained, PutOnDeck, TookVP
from tests.engine.scene import Scene, card

SAVES = Path(__file__).parent / "saves"


def _bought(names: list[str], hand: str, buy: str = "Province", deck: str = "Copper*5") -> Scene:
    """Player 1 plays every Treasure in ``hand`` (Tiara playing nothing twice), then buys ``buy``."""
    s = Scene(names).set(0, hand=hand, deck=deck).start(0)
    s.game.turn.buys = 2  # a second Buy: the turn goes on after the gain, so the deck can be read
    if s.pending.purpose is Purpose.PLAY_ACTION:  # Watchtower in hand: not played
        s.answer(())
    treasures = ", ".join(c for c in (x.strip() for x in hand.split(",")) if c != "Watchtower")
    s.treasures(treasures)
    while s.pending.purpose is Purpose.PLAY:  # Tiara: play no Treasure twice
        s.answer(())
    if s.pending.purpose is Purpose.PLAY_TREASURES:
        s.answer(())
    s.expect(Purpose.BUY).answer(buy)
    return s


def _order(s: Scene) -> ChooseOne:
    d = s.pending
    assert isinstance(d, ChooseOne) and d.purpose is Purpose.ORDER and d.card is None, repr(d)
    return d


def _first(s: Scene, name: str) -> Scene:
    """Answer the order question with ``name`` (Scene.answer would read a card name as a card)."""
    _order(s)
    s.game.answer(name)
    return s


def _state(s: Scene) -> tuple:  # type: ignore[type-arg]
    g = s.game
    return (len(g.log), len(g.answers), repr(g.pending), str(g.pending), dict(g.supply), list(g.trash),
            [(list(p.hand), list(p.deck), list(p.discard), list(p.play), p.vp_tokens) for p in g.players])


# ---- Tiara and Watchtower: asked; each order can stop the other ----------------------------------------
TIARA_WATCHTOWER = (["Tiara", "Watchtower"], "Tiara, Gold, Gold, Silver, Watchtower")


def test_tiara_and_watchtower_on_one_gained_card_ask_which_first() -> None:
    s = _bought(*TIARA_WATCHTOWER, buy="Gold")
    d = _order(s)
    assert d.options == ("Tiara", "Watchtower") and d.about == card("Gold") and d.player == 0
    assert str(d) == "Gold gained. Tiara or Watchtower first?"


def test_tiara_first_puts_it_on_the_deck_and_watchtower_cannot_then_trash_it() -> None:
    s = _bought(*TIARA_WATCHTOWER, buy="Gold")
    _first(s, "Tiara").expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.pending.purpose is Purpose.BUY and s.pending.player == 0  # Watchtower lost track of the Gold: not asked
    assert s.deck_top(0) == ["Gold"] and s.trash == []


def test_watchtower_first_trashes_it_and_tiara_cannot_then_put_it_on_the_deck() -> None:
    s = _bought(*TIARA_WATCHTOWER, buy="Gold")
    _first(s, "Watchtower").expect(Purpose.REACT, "Watchtower").answer("trash")
    assert s.pending.purpose is Purpose.BUY and s.pending.player == 0  # Tiara is not asked about a card in the trash
    assert s.trash == ["Gold"] and s.deck_top(0) == ["Copper"]


def test_the_first_effect_declined_leaves_the_other_to_ask() -> None:
    s = _bought(*TIARA_WATCHTOWER, buy="Gold")
    _first(s, "Tiara").expect(Purpose.TOPDECK, "Tiara").answer(False)
    s.expect(Purpose.REACT, "Watchtower").answer("trash")
    assert s.trash == ["Gold"]
    s = _bought(*TIARA_WATCHTOWER, buy="Gold")
    _first(s, "Watchtower").expect(Purpose.REACT, "Watchtower").answer("no")
    s.expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0) == ["Gold"] and s.trash == []


# ---- Hoard with Tiara or Watchtower: asked; the order decides which card is on top -----------------------
@pytest.mark.parametrize("mover", ["Tiara", "Watchtower"])
def test_hoard_and_a_card_that_moves_the_gained_card_ask_and_the_order_sets_the_deck(mover: str) -> None:
    hand = "Tiara, Hoard, Gold, Gold" if mover == "Tiara" else "Hoard, Gold, Gold, Watchtower"
    deck_it = (Purpose.TOPDECK, True) if mover == "Tiara" else (Purpose.REACT, "deck")
    tops = []
    for first in ("Hoard", mover):
        s = _bought(["Tiara", "Watchtower", "Hoard"], hand)
        assert set(_order(s).options) == {"Hoard", mover}
        _first(s, first)
        for _ in range(2):  # the Province and Hoard's Gold: each put on the deck
            s.expect(deck_it[0], mover).answer(deck_it[1])
        assert s.pending.purpose is Purpose.BUY and s.pending.player == 0
        tops.append(s.deck_top(0, 3))
    assert tops == [["Province", "Gold", "Copper"], ["Gold", "Province", "Copper"]]


def test_hoard_still_gains_gold_after_watchtower_trashed_the_bought_card() -> None:
    s = _bought(["Watchtower", "Hoard"], "Hoard, Gold, Gold, Watchtower")
    _first(s, "Watchtower").expect(Purpose.REACT, "Watchtower").answer("trash")
    s.expect(Purpose.REACT, "Watchtower").answer("no")  # Hoard's Gold: Watchtower asks about it
    assert s.trash == ["Province"] and [e.card.name for e in s.events(Gained)] == ["Province", "Gold"]
    assert s.zone(0, "discard") == ["Gold"]


def test_several_effects_are_asked_one_at_a_time_until_one_is_left() -> None:
    s = _bought(["Tiara", "Watchtower", "Hoard"], "Tiara, Hoard, Gold, Gold, Watchtower")
    assert _order(s).options == ("Tiara", "Hoard", "Watchtower")  # as played, then reactions in hand
    _first(s, "Hoard")
    assert _order(s).about == card("Gold")  # the Gold's own effects: Tiara or Watchtower
    _first(s, "Tiara").expect(Purpose.TOPDECK, "Tiara").answer(False)
    s.expect(Purpose.REACT, "Watchtower").answer("no")
    assert _order(s).options == ("Tiara", "Watchtower") and _order(s).about == card("Province")


# ---- not asked: the same result in any order --------------------------------------------------------
def test_two_hoards_give_the_same_result_either_way_so_nothing_is_asked() -> None:
    s = _bought(["Hoard", "Festival"], "Hoard, Hoard, Gold, Silver")
    assert s.pending.purpose is Purpose.BUY and s.pending.player == 0 and not s.events(PutOnDeck)
    assert [e.card.name for e in s.events(Gained)] == ["Province", "Gold", "Gold"]


def test_order_free_effects_go_first_without_a_question() -> None:
    """Collection's VP token and Mint's trashing do not depend on where the card is: only Tiara asks."""
    s = Scene(["Collection", "Tiara", "Workshop"]).set(0, hand="Collection, Tiara, Gold, Workshop")
    s.start(0).play("Workshop").expect(Purpose.GAIN, "Workshop").answer("Workshop")
    assert s.pending.purpose is Purpose.PLAY_TREASURES  # nothing in play yet: no effect waits
    s.treasures("Collection, Tiara, Gold").expect(Purpose.PLAY, "Tiara").answer(())
    s.expect(Purpose.BUY).answer("Workshop")
    assert s.events(TookVP)[-1].total == 1
    s.expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0) == ["Workshop"]
    s = Scene(["Mint", "Tiara"]).set(0, hand="Tiara, Gold, Silver", deck="Copper").start(0)
    s.treasures("Tiara, Gold, Silver").expect(Purpose.PLAY, "Tiara").answer(()).expect(Purpose.BUY).answer("Mint")
    assert s.trash == ["Gold", "Silver", "Tiara"]
    s.expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0, 2) == ["Mint", "Copper"]


def test_hoard_with_the_gold_pile_empty_does_nothing_so_tiara_is_not_ordered_against_it() -> None:
    s = Scene(["Tiara", "Hoard"]).set(0, hand="Tiara, Hoard, Gold, Gold", deck="Copper").start(0)
    s.game.supply[card("Gold")] = 0
    s.treasures("Tiara, Hoard, Gold, Gold").answer(()).expect(Purpose.BUY).answer("Province")
    s.expect(Purpose.TOPDECK, "Tiara").answer(True)
    assert s.deck_top(0) == ["Province"] and not any(e.card.name == "Gold" for e in s.events(Gained))


def test_a_gain_in_another_players_turn_has_only_their_reaction() -> None:
    """This turn's effects are the current player's: with Tiara in play, the victim of a Witch (played by
    Crystal Ball in the Buy phase) has only their Watchtower, so no order question."""
    s = Scene(["Tiara", "Watchtower", "Witch", "Crystal Ball"]).set(0, hand="Tiara, Crystal Ball",
                                                                     deck="Witch, Copper*2")
    s.set(1, hand="Watchtower").start(0).treasures("Tiara, Crystal Ball").expect(Purpose.PLAY, "Tiara").answer(())
    s.expect(Purpose.CHOOSE, "Crystal Ball").answer("play")
    s.expect(Purpose.REACT, "Watchtower", player=1).answer("trash")
    assert s.trash == ["Curse"] and s.pending.player == 0


# ---- wrong answers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("wrong", ["Hoard", "tiara", "", None, 1, ("Tiara",), card("Tiara"), True])
def test_an_answer_that_is_not_a_waiting_effect_is_refused_and_changes_nothing(wrong: object) -> None:
    s = _bought(*TIARA_WATCHTOWER, buy="Gold")
    before = _state(s)
    assert s.game.validate(wrong) == "Choose Tiara or Watchtower."
    with pytest.raises(IllegalAnswer, match="Choose Tiara or Watchtower"):
        s.game.answer(wrong)
    assert _state(s) == before
    _first(s, "Watchtower").expect(Purpose.REACT, "Watchtower")  # and the game goes on


# ---- bots ------------------------------------------------------------------------------------------
def test_general_bot_trashes_first_with_watchtower_and_otherwise_moves_before_hoard() -> None:
    s = _bought(["Tiara", "Watchtower", "Hoard"], "Tiara, Hoard, Gold, Gold, Watchtower")
    bot, view = GeneralBot(), s.game.view(0)
    assert bot.decide(view, _order(s)) == "Tiara"
    curse = ChooseOne(0, Purpose.ORDER, None, ("Tiara", "Watchtower"), card("Curse"))
    assert bot.decide(view, curse) == "Watchtower"
    assert bot.decide(view, ChooseOne(0, Purpose.ORDER, None, ("Hoard", "Watchtower"), card("Duchy"))) == "Watchtower"


# ---- saves -----------------------------------------------------------------------------------------
def test_a_version_1_save_replays_under_the_fixed_order_it_was_played_with() -> None:
    """Played before this question existed: a random-bot game where Tiara put a gained card on the deck
    and Watchtower then trashed it from there. It loads, ends as it did, and saves again as version 1."""
    text = (SAVES / "v1_tiara_then_watchtower.json").read_text()
    game = loads(text)
    assert game.setup.legacy_gains and game.over
    assert [sc.vp for sc in game.result.scores] == [3, 1] and len(game.log) == 1210  # as the old engine ended
    assert sorted(c.name for c in game.trash) == ["Cellar", "Copper", "Copper", "Copper", "Moat", "Village"]
    assert json.loads(dumps(game)) == json.loads(text)
    data = json.loads(text)
    data["version"] = 2  # the same answers under today's rules do not fit: the version matters
    with pytest.raises(ValueError, match="Choose Tiara or Watchtower"):
        loads(json.dumps(data))


def test_an_order_answer_is_saved_and_replayed() -> None:
    from companion.bots import agents_for
    from companion.engine import Game, GameSetup
    from tests.engine.scene import kingdom

    k = kingdom(["Tiara", "Watchtower", "Hoard", "Workshop", "Festival"])
    for seed in range(40):
        game = Game(GameSetup.of(k, ["random", "random"], seed=seed))
        game.advance(agents_for(game.setup))
        asked = [i for i, a in enumerate(game.answers) if isinstance(a.value, str) and a.value in ("Tiara", "Hoard")]
        if asked:
            break
    else:
        pytest.fail("no random game of 40 asked the order of 'when you gain' effects")
    text = dumps(game)
    assert json.loads(text)["version"] == 2
    again = loads(text)
    assert again.log == game.log and [sc.vp for sc in again.result.scores] == [sc.vp for sc in game.result.scores]
