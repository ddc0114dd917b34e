"""With hints on, the hint never pushes out the news: your buy, the other players' turns and the piles are
said before it, and it is the first thing to shorten (its reason), then to go ("Hint, type hint.")."""

from __future__ import annotations

import re

import pytest

from companion.bots.cardsense import COLONY
from companion.game.lessons import LESSONS
from companion.game.fitting import Attack, Hint, Said, TurnLine, fit_first_line, fit_response
from tests.accessibility import check_response
from tests.game.driver import choose_line
from tests.game.helpers import Typist


def _move(said: str) -> str:
    """The line a person types to follow the turn's hint ("Hint, Play Treasures, 6 coins, buy Gold.")."""
    hint = next((line for line in said.splitlines() if line.startswith("Hint, ")), "")
    m = re.search(r"buy (.+?)\.?$", hint.lower())
    if m:
        return "end" if m.group(1) == "nothing" else f"buy {m.group(1)}"
    return ""


@pytest.mark.parametrize("verbosity", ["normal", "brief"])
def test_following_each_hint_every_turn_says_your_buy_and_the_bots_turn(verbosity: str) -> None:
    t = Typist(verbosity, hints="on")
    said = t('new --players 2 --bots strong --kingdom "The King\'s Army" --seed 1')
    turns = 0
    while turns < 10 and not t.act.game.over:
        line = _move(said) or choose_line(t.act)
        before = t.act.game.players[t.act.holder].turns
        said = t(line)
        check_response(said, verbosity)
        if t.act.game.players[t.act.holder].turns == before:
            continue  # a move within the turn
        turns += 1
        assert "type log" not in said.lower() and "Log:" not in said, said
        if line.startswith("buy ") and verbosity == "normal":  # brief leaves out what you did yourself
            assert "bought" in said.split("Strong Bot")[0].lower(), said  # your own buy, first
        assert "Strong Bot" in said, said  # the bot's whole turn, never gone
        if verbosity == "normal":
            assert "Hint," in said, said  # the hint is still offered, if only as "type hint"
    assert turns == 10


def test_the_hint_gives_way_first_its_reason_then_itself() -> None:
    turn = "Your turn 5. 3 Coppers, Estate and Silver."
    hint = Hint("Hint, Play Treasures, 5 coins, buy Rabble.\nBig Money with Rabble is the plan here, and your "
                "14 cards have no Rabble.", "Hint, Play Treasures, 5 coins, buy Rabble.")
    mine = Said("You played 2 Coppers and 2 Silvers, bought Gold.", "You bought Gold.", droppable=True)
    bot = TurnLine("Strong Bot played Rabble, 3 Coppers and Silver, bought Gold.", "Strong Bot bought Gold.",
                   "Strong Bot", "Gold")
    hit = Said("Strong Bot's Rabble: you discarded Copper, Gold and Silver.", "Strong Bot's Rabble: you "
               "discarded Copper, Gold and Silver.")
    out = fit_response([mine, hit, bot, turn, hint], "normal")
    assert out[0].startswith("You ") and "bought Gold" in out[0] and out[1] == str(hit)
    assert "Strong Bot" in out[2] and "bought Gold" in out[2]
    assert out[3:] == [turn, hint.short]  # the reason went first; every line of news is said
    long_turn = turn + " " + " ".join(["Copper"] * 12)
    out = fit_response([mine, hit, bot, long_turn, hint], "normal")
    assert out[-1] == "Hint, type hint."
    assert "You bought Gold." in out and "Strong Bot bought Gold." in " ".join(out)


def test_a_lesson_kept_whole_still_fits_the_words() -> None:
    """The last lesson with a long end of the game: the news gives way around it, within 40 words. It is the
    rule of this game (2 players, no Colony; the whole rule is rule end of game): it said "the game ends when
    the Provinces run out", which is not when, and not true of a game of 5 or 6 or one with Colonies."""
    mine = Said("You played 3 Coppers, 2 Golds and Silver, bought Province.", "You bought Province.", droppable=True)
    bot = TurnLine("Easy Bot played Smithy, 3 Coppers and Gold, gained 2 Golds, bought Province.",
                   "Easy Bot gained 2 Golds, bought Province.", "Easy Bot", "Province")
    end = "Game over. You win. The Province pile is empty. VP, You 39 and Easy Bot 15."
    lesson = LESSONS["end"]
    assert lesson == "Lesson, this game ends after a turn that empties the Provinces or any 3 piles."
    out = fit_response([mine, bot, end, Hint(lesson, lesson, lesson, kept=True)], "normal")
    check_response("\n".join(out) + "\n")
    assert out[-1] == lesson and end in out


def test_two_piles_and_an_attack_do_not_push_out_the_bots_buy() -> None:
    """Heard in a whole game (seed 1, The King's Army, turn 20): two piles, your buy, the bot's Rabble on
    you, its turn, your hand and the hint are 7 lines. The bot's buy of a Colony became "1 other turn: type
    log." although the piles in one line and your buy with the attack in one line left room for it."""
    piles = [Said("3 Provinces left.", "3 Provinces left."), Said("3 Colonies left.", "3 Colonies left.")]
    mine = Said("You played 2 Coppers and 2 Golds, bought Province.", "You bought Province.", droppable=True)
    hit = Attack("Strong Bot's Rabble: you revealed Copper, Estate and Silver, discarded Copper and Silver.",
                 "Strong Bot's Rabble: you discarded Copper and Silver.", who="Strong Bot", card=None,
                 what="discarded Copper and Silver", brief=False)
    bot = TurnLine("Strong Bot played Rabble, played 2 Golds, 2 Silvers, Copper and Platinum, bought Colony.",
                   "Strong Bot played Rabble, bought Colony.", "Strong Bot", "Colony", (COLONY,))
    turn = "Your turn 20. Rabble, Copper, Estate, Gold and Silver."
    hint = Hint("Hint, Play Rabble.\nIt is your only Action card.", "Hint, Play Rabble.")
    out = fit_response([*piles, mine, hit, bot, turn, hint], "normal")
    said = "\n".join(out)
    check_response(fit_first_line(said) + "\n")  # as the response is printed: its first line broken for braille
    assert "Strong Bot played Rabble, bought Colony." in said and "type log" not in said, out
    assert "3 Provinces left." in said and "3 Colonies left." in said and "You bought Province." in said
    assert out[-2] == turn
