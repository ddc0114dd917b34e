"""hint: the strong bot's move and its reason, at every kind of decision; and the hints setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.bots import make_bot
from companion.engine import ChooseCards, Purpose
from companion.game.coach import advice, plan_words, treasure_words, turn_plan, words
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
        plan = turn_plan(act.game, seat)
        if plan is not None:
            assert said.strip() == text == plan_words(d, expected, ref.why, plan)
        elif d.card is None and d.purpose is Purpose.PLAY_TREASURES:
            assert said.strip() == text == treasure_words(act.game.view(seat), d, expected)
        else:
            assert said.strip() == text == words(d, expected, ref.why)
        if isinstance(d, ChooseCards) and d.purpose is Purpose.BUY and expected:
            assert said.startswith(f"Buy {expected[0].name}")
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
    assert "'please'" in out


def test_the_hints_setting_gives_a_hint_before_each_turn() -> None:
    t = Typist(hints="on")
    out = t('new --bots strong --kingdom "First Game" --seed 1')
    assert "Hint, " in out
    t2 = Typist()
    assert "Hint, " not in t2('new --bots strong --kingdom "First Game" --seed 1')


def test_bots_and_help_bots_list_every_bot_one_line_each() -> None:
    from companion.bots import BOTS, DRAWING_CARDS, bm_name

    t = Typist()
    out = t("help bots")
    listed = t("bots")
    family = {bm_name(card): card for card in DRAWING_CARDS}  # said by card, with how to type one: smithy-bm
    for name in BOTS:
        said = family.get(name, name)
        assert said in out and said in listed, name
    assert "--bots smithy-bm" in listed
    assert listed.count("\n") == 10  # a heading, what the figures measure, 7 bots and the Big Money family's line
    assert "Wins are of games of 2 players on random kingdoms" in listed
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


# ---- the turn's own questions: the whole plan where nothing hidden stands in the way ----
def _position(actions: str, hand: str, phase: str = "action", buys: int = 1) -> str:
    return f"""Dominion position 1
kingdom: {actions}
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse,
  {", ".join("10 " + a.strip() for a in actions.split(","))}
players: 2
turn: player 1
phase: {phase}
buys: {buys}
player 1 hand: {hand}
player 1 deck: Gold, Copper, Silver, Estate, Copper
player 2 hand: Copper, Copper, Silver, Estate, Estate
player 2 deck: Gold, Estate, Copper, Copper, Copper
"""


BASE = "Moneylender, Smithy, Village, Market, Militia, Cellar, Moat, Workshop, Remodel, Mine"


def test_a_turn_of_only_treasures_hints_the_coins_and_the_buy() -> None:
    """Not just "Play your Treasures", how many coins they make and what to buy with them, and why."""
    t = Typist()
    t('new --bots strong --kingdom "First Game" --seed 1')
    said = t("hint")
    check_response(said)
    first, _, reason = said.strip().partition("\n")
    assert first == "Play Treasures, 3 coins, buy Silver."
    assert reason.startswith("Your deck has 7 coins in 10 cards")
    assert len(said.split()) <= 30


def test_the_hints_setting_gives_the_plan_at_the_turn_start() -> None:
    t = Typist(hints="on")
    out = t('new --bots strong --kingdom "First Game" --seed 1')
    assert "Hint, Play Treasures, 3 coins, buy Silver.\n" in out


def test_the_hints_setting_at_brief_verbosity_gives_the_move_alone_as_hint_does() -> None:
    t = Typist("brief", hints="on")
    out = t('new --bots strong --kingdom "First Game" --seed 1')
    whole = 0
    for _ in range(12):  # the news comes first: where it leaves no room, the hint is "Hint, type hint."
        hint = out[out.index("Hint, "):] if "Hint, " in out else ""
        if hint and hint != "Hint, type hint.\n":
            assert hint.removeprefix("Hint, ").strip() == t("hint").strip()  # no reason, as hint says it
            whole += 1
        out = t("end")
    assert whole


def test_no_action_worth_playing_says_why_and_what_to_buy(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position(BASE, "Moneylender, Silver, Silver, Estate, Estate"), bots="strong")
    said = t("hint")
    check_response(said)
    first, _, reason = said.strip().partition("\n")
    assert first.startswith("Play no Action, then buy ")
    assert "Moneylender has no Copper to trash" in reason and "4 coins" in reason
    assert len(said.split()) <= 30


def test_an_action_that_draws_is_hinted_alone(tmp_path: Path) -> None:
    """What a drawing card brings is hidden: the hint says the Action and why, no coins or buy."""
    t = Typist()
    t.start_at(tmp_path, _position(BASE, "Smithy, Copper, Copper, Copper, Estate"), bots="strong")
    said = t("hint")
    check_response(said)
    assert said.startswith("Play Smithy.\n")
    assert "coins" not in said and "buy" not in said.lower()


def test_two_buys_name_both_cards_and_keep_the_first_line_short(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position(BASE, "Gold, Gold, Gold, Silver, Copper", "treasures", 2), bots="strong")
    said = t("hint")
    check_response(said)
    assert said.startswith("Play Treasures, 12 coins.\nBuy Province and Smithy.\nProvince is worth 6 points")
    t("play treasures")
    said = t("hint")
    check_response(said)
    assert said.startswith("Buy Province and Smithy.\nProvince is worth 6 points")


@pytest.mark.parametrize("kingdom", KINGDOMS)
@pytest.mark.parametrize("players", [2, 4])
def test_a_turn_plan_is_what_the_bot_then_does(kingdom: str, players: int) -> None:
    """At a turn's own question, the coins and buys the hint names are those the strong bot then makes;
    an Action that is played is never looked past (what it draws is hidden)."""
    from companion.game.coach import turn_plan

    t = Typist()
    bots = ",".join(["strong"] * (players - 1))
    t(f'new --players {players} --bots {bots} --kingdom "{kingdom}" --seed 4')
    seat = t.act.holder
    ref = make_bot("strong", 99)
    plans = 0
    plan, coins, bought, turn = None, None, [], -1
    for _ in range(500):
        act = t.act
        d = act.mine()
        if d is None:
            break
        g = act.game
        if plan is not None and (g.players[seat].turns != turn or not (
                d.card is None and d.purpose in (Purpose.PLAY_TREASURES, Purpose.BUY))):
            assert (coins, tuple(bought)) == (plan.coins, plan.buys)  # the turn went as the hint said
            plan = None
        if plan is None and d.card is None and d.purpose is not Purpose.BUY:
            plan = turn_plan(g, seat)
            coins, bought, turn = None, [], g.players[seat].turns
            if plan is not None:
                plans += 1
                said = t("hint")
                check_response(said)
                assert f"{plan.coins} coins" in said and len(said.split()) <= 40
                assert all(c.name in said for c in plan.buys)
        expected = ref.decide(g.view(seat), d)
        if plan is not None and d.purpose is Purpose.BUY and d.card is None:
            coins = g.turn.coins if coins is None else coins
            bought.extend(d.normalise(expected))
        with act.change():
            act.answer(expected)
    assert plans >= 5


def test_yes_and_no_reasons_fit_the_question() -> None:
    """A yes to Vault's or Moneylender's question is not "every card here still helps your deck"; Tiara's
    "put it onto your deck" is not about an order of cards."""
    from companion.cards import catalogue
    from companion.engine import YesNo

    cat = catalogue().by_name
    gold, copper, smithy = cat["Gold"], cat["Copper"], cat["Smithy"]
    cases = [
        (YesNo(0, Purpose.DISCARD, cat["Vault"]), True, "2 weak cards"),
        (YesNo(0, Purpose.DISCARD, cat["Vault"]), False, "fewer than 2 weak cards"),
        (YesNo(0, Purpose.TRASH, cat["Moneylender"], copper), True, "3 coins"),
        (YesNo(0, Purpose.TRASH, cat["Moneylender"], copper), False, "keep the Copper"),
        (YesNo(0, Purpose.TOPDECK, cat["Tiara"], gold), True, "in your next hand"),
        (YesNo(0, Purpose.TOPDECK, cat["Tiara"], gold), False, "can wait in your discard pile"),
        (YesNo(0, Purpose.SET_ASIDE, cat["Library"], smithy), True, "no Action left"),
        (YesNo(0, Purpose.SET_ASIDE, cat["Library"], smithy), False, "an Action left"),
    ]
    for d, answer, reason in cases:
        said = words(d, answer, "")
        assert said.startswith("Yes.\n" if answer else "No.\n") and reason in said, said
        assert "still helps your deck" not in said and "comes back first" not in said
        check_response(said + "\n")


def test_a_card_put_on_the_deck_is_named_before_the_deck() -> None:
    from companion.cards import catalogue

    cat = catalogue().by_name
    harbinger = ChooseCards(0, Purpose.TOPDECK, cat["Harbinger"], [cat["Gold"], cat["Copper"]], 0, 1)
    assert words(harbinger, (cat["Gold"],), "").startswith("Put Gold on your deck.\n")


PROSPERITY = "Watchtower, Tiara, Hoard, Mint, Bishop, Expand, Forge, King's Court, Vault, Crystal Ball"


def test_a_treasure_that_asks_is_named_with_what_the_treasures_are_worth(tmp_path: Path) -> None:
    """Crystal Ball's question hides what comes after it: the hint says what the Treasures are worth (not "at
    least": Anvil's discard can lower it), and which one asks; not "Treasures with abilities go first"."""
    t = Typist()
    t.start_at(tmp_path, _position(PROSPERITY, "Crystal Ball, Silver, Copper, Estate, Estate", "treasures"),
               bots="strong")
    said = t("hint")
    check_response(said)
    assert said.startswith("Play Crystal Ball first.\n")
    assert "worth 4 coins" in said and "Crystal Ball asks" in said and "go first" not in said


def test_an_investment_kept_in_hand_says_why(tmp_path: Path) -> None:
    t = Typist()
    kingdom = PROSPERITY.replace("Crystal Ball", "Investment")
    t.start_at(tmp_path, _position(kingdom, "Investment, Silver, Silver, Gold, Gold", "treasures"), bots="strong")
    said = t("hint")
    check_response(said)
    assert said.startswith("Play 2 Golds and 2 Silvers, 10 coins.\nBuy Province.\n")
    assert "Investment would trash a card you need" in said


def test_clerk_at_the_start_of_the_turn_says_why() -> None:
    from companion.cards import catalogue

    clerk = catalogue().by_name["Clerk"]
    d = ChooseCards(0, Purpose.START_OF_TURN, None, [clerk], 0, 1)
    said = words(d, (clerk,), "")
    assert said.startswith("Play Clerk.\n") and "uses none of your Actions" in said
    check_response(said + "\n")


def test_sentry_and_crystal_ball_name_the_card_in_the_reason() -> None:
    from companion.cards import catalogue
    from companion.engine import ChooseOne

    cat = catalogue().by_name
    estate, gold, copper = cat["Estate"], cat["Gold"], cat["Copper"]
    for asker, options in (("Sentry", ("trash", "discard", "keep")),
                           ("Crystal Ball", ("trash", "discard", "play", "leave"))):
        for answer, about, reason in (("trash", estate, "Estate only weakens your deck"),
                                      ("trash", copper, "coins enough without this Copper"),
                                      ("discard", estate, "Estate would weaken your next hand"),
                                      ("keep" if asker == "Sentry" else "leave", gold, "want Gold in your next hand"),
                                      ("play", gold, "Gold played now adds to this turn")):
            if answer not in options:
                continue
            d = ChooseOne(0, Purpose.CHOOSE, cat[asker], options, about=about)
            said = words(d, answer, "")
            assert said.startswith(f"Choose {answer}.\n") and reason in said, said
            check_response(said + "\n")


def test_the_only_action_in_hand_says_what_it_does() -> None:
    """"Your best Action for your last Action" told a beginner nothing with one Action card in hand."""
    from companion.cards import catalogue

    cat = catalogue().by_name
    smithy, village, bandit = cat["Smithy"], cat["Village"], cat["Bandit"]
    last = "it is your best Action for your last Action."
    said = words(ChooseCards(0, Purpose.PLAY_ACTION, None, [smithy], 0, 1), (smithy,), last)
    assert said == "Play Smithy.\nIt is your only Action card. Smithy, +3 Cards."
    said = words(ChooseCards(0, Purpose.PLAY_ACTION, None, [bandit], 0, 1), (bandit,), last)
    assert said == "Play Bandit.\nIt is your only Action card."  # its text is too long to say here
    two = ChooseCards(0, Purpose.PLAY_ACTION, None, [smithy, village], 0, 1)
    assert words(two, (village,), "it gives +2 Actions.") == "Play Village.\nIt gives +2 Actions."
    said = words(ChooseCards(0, Purpose.PLAY_ACTION, None, [smithy, smithy], 0, 1), (smithy,), last)
    assert said == "Play Smithy.\nYou have 2 Smithies and no other Action card. Smithy, +3 Cards."


def test_at_brief_verbosity_the_hint_is_the_move_alone() -> None:
    t = Typist("brief")
    t('new --bots strong --kingdom "First Game" --seed 1')
    said = t("hint")
    check_response(said, "brief")
    assert said == "Play Treasures, 3 coins, buy Silver.\n"


def test_at_brief_verbosity_a_plan_on_two_lines_keeps_both(tmp_path: Path) -> None:
    t2 = Typist("brief")
    t2.start_at(tmp_path, _position(BASE, "Gold, Gold, Gold, Silver, Copper", "treasures", 2), bots="strong")
    said = t2("hint")
    check_response(said, "brief")
    assert said == "Play Treasures, 12 coins.\nBuy Province and Smithy.\n"


def test_a_treasure_the_bot_plays_first_is_named_first(tmp_path: Path) -> None:
    """play treasures plays Coppers before Anvil, leaving Anvil nothing to discard; the bot plays Anvil
    first, so the hint says so."""
    t = Typist()
    t.start_at(tmp_path, _position(PROSPERITY.replace("Mint", "Anvil"), "Anvil, Copper, Copper, Copper, Estate",
                                   "treasures"), bots="strong")
    said = t("hint")
    check_response(said)
    assert said.startswith("Play Anvil first.\nThen the others.")
    assert "worth 4 coins" in said


def test_an_order_fits_a_braille_line() -> None:
    """Sentry's order was "Put Colony and Estate back in that order, the first on top.": 59 characters."""
    from companion.cards import catalogue
    from companion.engine import OrderCards

    cat = catalogue().by_name
    d = OrderCards(0, Purpose.ORDER, cat["Sentry"], [cat["Estate"], cat["King's Court"]])
    said = words(d, (cat["King's Court"], cat["Estate"]), "")
    assert said.startswith("Top first, King's Court, Estate.\n")
    check_response(said + "\n")


def test_in_a_colony_game_the_silver_reason_names_colonies() -> None:
    """Following each hint in a Colony game (the audit's seed-1 game): Silver's reason said "toward Gold
    and Provinces" while the next hint said "Colonies need 11 coins"."""
    t = Typist()
    t("set hints on")
    out = t('new --players 2 --bots strong --kingdom "The King\'s Army" --seed 1')
    reasons = []
    for _ in range(12):
        move = next(line for line in out.splitlines() if line.startswith("Hint, "))
        reasons += [line for line in out.splitlines() if "Silver raises that toward" in line]
        buy = move.rstrip(".").rpartition("buy ")[2]
        out = t(f"buy {buy}" if "buy " in move else "end")
    assert reasons and all(r.endswith("toward Gold and Colonies.") for r in reasons), reasons
