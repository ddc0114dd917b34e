"""hint: the strong bot's move and its reason, at every kind of decision; and the hints setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.bots import make_bot
from companion.engine import ChooseCards, Purpose
from companion.game.coach import advice, words
from tests.accessibility import check_error, check_response
from tests.game.helpers import Typist

KINGDOMS = [
    "chapel, moat, militia, throne room, remodel, smithy, library, sentry, witch, cellar",
    "bandit, bureaucrat, harbinger, vassal, poacher, mine, artisan, merchant, moneylender, gardens",
    "watchtower, tiara, hoard, mint, bishop, expand, forge, king's court, vault, crystal ball",
    "anvil, bank, charlatan, city, clerk, collection, investment, magnate, war chest, quarry",
]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("kingdom", KINGDOMS)
def test_hint_says_the_move_the_strong_bot_makes(kingdom: str) -> None:
    """Follow the hint for a whole game: at every decision, what hint says is what a strong bot that
    has played the whole game would answer, with its reason; card questions included."""
    t = Typist()
    t(f'new --bots strong --kingdom "{kingdom}" --seed 3')
    seat = t.act.holder
    ref = make_bot("strong", 99)  # one bot all game long: its plan must match a fresh hint's
    purposes = set()
    for _ in range(400):
        act = t.act
        d = act.mine()
        if d is None:
            break
        said = t("hint")
        check_response(said)
        answer, text = advice(act.game, seat)
        expected = ref.decide(act.game.view(seat), d)
        assert d.normalise(answer) == d.normalise(expected)
        assert said.strip() == text == words(d, expected, ref.why)
        if isinstance(d, ChooseCards) and d.purpose is Purpose.BUY and expected:
            assert said.startswith(f"Buy {expected[0].name}.\n")
        purposes.add(d.purpose)
        with act.change():
            act.answer(expected)
    assert {Purpose.PLAY_TREASURES, Purpose.BUY} <= purposes
    assert len(purposes) >= 3  # a card's question too


def test_hint_outside_a_game_and_with_words_after_it() -> None:
    t = Typist()
    out = t("hint")
    check_error(out, typed="hint")
    t('new --bots strong --kingdom "First Game" --seed 1')
    out = t("hint please")
    check_error(out, typed="hint please")
    assert '"please"' in out


def test_the_hints_setting_gives_a_hint_before_each_turn() -> None:
    t = Typist(hints="on")
    out = t('new --bots strong --kingdom "First Game" --seed 1')
    assert "Hint: " in out
    t2 = Typist()
    assert "Hint: " not in t2('new --bots strong --kingdom "First Game" --seed 1')


def test_bots_and_help_bots_list_every_bot_one_line_each() -> None:
    from companion.bots import BOTS

    t = Typist()
    out = t("help bots")
    listed = t("bots")
    for name in BOTS:
        assert name in out and name in listed
    assert listed.count("\n") == 8  # a heading, 6 bots and the Big Money family's line
    check_response(listed, listing=True)


def test_the_reason_fits_the_card_that_asks() -> None:
    """Mine's, Remodel's and Expand's trash makes a better card, not a card that "helps your deck least";
    Watchtower's "no" is not a reveal that keeps an attack off."""
    from companion.cards import catalogue
    from companion.engine import ChooseOne

    cat = catalogue().by_name
    silver, copper, gold, curse = cat["Silver"], cat["Copper"], cat["Gold"], cat["Curse"]
    mine = ChooseCards(0, Purpose.TRASH, cat["Mine"], [silver, copper], 0, 1)
    said = words(mine, (silver,), "")
    assert said.startswith("Trash Silver.\n")
    assert "help your deck least" not in said and "Mine turns it into a Treasure" in said
    remodel = ChooseCards(0, Purpose.TRASH, cat["Remodel"], [gold, silver], 1, 1)
    assert "up to 2 coins more" in words(remodel, (gold,), "")
    chapel = ChooseCards(0, Purpose.TRASH, cat["Chapel"], [curse, copper], 0, 4)
    assert "help your deck least" in words(chapel, (curse,), "")
    for answer, reason in (("no", "can wait in your discard pile"), ("deck", "in your next hand"),
                           ("trash", "would only weaken your deck")):
        watchtower = ChooseOne(0, Purpose.REACT, cat["Watchtower"], ("trash", "deck", "no"), about=gold)
        said = words(watchtower, answer, "")
        assert said.startswith(f"Choose {answer}.\n") and reason in said
        assert "attack" not in said
