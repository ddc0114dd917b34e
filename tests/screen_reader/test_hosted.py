"""A hosted game with two seats, heard through Orca: Ana hosts in gnome-terminal (the installed ``companion
host``), Ben joins from the browser page in Chromium. Each answer is announced once, in order, nothing is
lost when several come at once, no symbol is read as a word, and Ben's own line does not run into the prompt."""

from __future__ import annotations

from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import big_money, check_answer, coins_said
from tests.screen_reader.page import Page
from tests.screen_reader.shell import Answer, Shell
from tests.ports import free_port

CODE = "271828182"
# What the host says to type or open: there every sign is meant, and heard ("dash dash code").
COMMANDS = r"companion join \S+ --code \d+ --name NAME|https?://\S+"


def test_a_hosted_game_with_a_terminal_seat_and_a_page_seat_sounds_right(desktop: Desktop, program: Installed,
                                                                         tmp_path: Path) -> None:
    port = free_port()
    args = ("host", "--players", "2", "--kingdom", "First Game", "--seed", "4", "--name", "Ana", "--port", str(port),
            "--code", CODE)
    with Shell(desktop, program, tmp_path / "ana", args=args) as ana:
        check_answer(ana.opening, "", meant=COMMANDS)
        with Page(desktop, f"http://127.0.0.1:{port}/") as ben:
            answers: list[Answer] = [ben.line(CODE, until="Type your name")]
            joined = ben.line("Ben", until="goes first")
            answers.append(joined)
            words = joined.words
            assert words.count("The game starts") == 1, words
            # the lines of one response in their order: the start, the kingdom, who goes first, the turn
            assert words.index("The game starts") < words.index("Kingdom First Game") < words.index("goes first"), words
            if "Ben goes first" in words:
                played = ben.line("play all", until="coins")
                bought = ben.line(big_money(coins_said(played.words)), until="Bought")
                answers += [played, bought]
        for answer in answers:
            check_answer(answer.said, answer.typed)
            # Ben's own line, if it is read, is read on its own: never run into the prompt before it
            assert f"phase {answer.typed}" not in answer.words and f"Ana {answer.typed}" not in answer.words, answer.words
