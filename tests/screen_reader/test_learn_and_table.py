"""``learn``'s first turns and a turn at the table, in the installed shell, heard through Orca."""

from __future__ import annotations

from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import big_money, check_answer, coins_said
from tests.screen_reader.shell import Shell


def test_learn_first_turns_sound_right(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with Shell(desktop, program, tmp_path / "home") as shell:
        first = shell.line("learn")
        check_answer(first.said, first.typed)
        assert "Your first game" in first.words and "Lesson" in first.words, first.words
        for _ in range(3):
            for typed in ("hand", "hint"):
                answer = shell.line(typed)
                check_answer(answer.said, typed)
            played = shell.line("play all")
            check_answer(played.said, played.typed)
            bought = shell.line(big_money(coins_said(played.words)))
            check_answer(bought.said, bought.typed)
            assert "Turn " in bought.words, bought.words


def test_a_table_turn_sounds_right(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with Shell(desktop, program, tmp_path / "home") as shell:
        for typed in ('table new --players Ann,Ben --kingdom "First Game" --first Ann', "play copper copper copper",
                      "buy silver", "next", "play copper copper", "next", "status"):
            answer = shell.line(typed)
            check_answer(answer.said, typed)
