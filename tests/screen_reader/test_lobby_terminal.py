"""A server's lobby in ``companion join`` in gnome-terminal, heard through Orca: each answer heard once and in
order, no symbol read as a word, the typed line not read back; five chat lines of another person that come
at once are each heard once, in order, and the prompt is said once after them, not after each. Written one
by one, Orca read the last line of one write again with the next (in 2 of 3 runs); the lobby now writes a
burst in one write."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import big_money, check_answer, coins_said
from tests.screen_reader.served import OWN_BUY, heard, once_in_order, served, turn
from tests.screen_reader.shell import Shell

CHAT = ("apple", "banana", "cherry", "damson", "elder")  # words heard nowhere else


def test_the_lobby_in_the_terminal(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with served(desktop, program, tmp_path / "server") as url:
        address = url.removeprefix("http://").rstrip("/")
        with Shell(desktop, program, tmp_path / "ben", args=("join", address, "--name", "Ben")) as ben:
            check_answer(ben.opening, "", meant=r"companion join \S+ --name \S+|https?://\S+")
            assert "Welcome to the lobby, Ben." in " ".join(heard(ben.opening)), heard(ben.opening)
            games = ben.line("games")
            once_in_order(games.said, "No open games", "lobby")
            chat = ben.line("say hello everyone")
            once_in_order(chat.said, "You said", "hello everyone", "lobby")
            answers = [games, chat]

            mark = desktop.mark()
            cleo = subprocess.Popen([str(program.companion), "join", address, "--name", "Cleo"], stdin=subprocess.PIPE,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    env=program.env(tmp_path / "cleo"), cwd=tmp_path)
            try:
                assert cleo.stdin is not None
                cleo.stdin.write("".join(f"say {word}\n" for word in CHAT).encode())
                cleo.stdin.flush()
                burst = desktop.heard_since(mark, lambda s: all(w in " ".join(heard(s)) for w in CHAT), timeout=90,
                                            quiet=3.0)
                words = " ".join(heard(burst))
                once_in_order(burst, *CHAT)  # each once, in the order Cleo said them
                assert words.count("Cleo says") == len(CHAT), heard(burst)
                check_answer(burst, "")
                after = words[words.index(CHAT[0]):]
                assert after.count("lobby.") <= 1, heard(burst)  # the prompt once after the burst, not after each
            finally:
                if cleo.stdin is not None:
                    cleo.stdin.close()
                cleo.wait(timeout=60)

            made = ben.line('create --players 2 --bots strong --kingdom "First Game" --name Friday --seed 4')
            once_in_order(made.said, "Made the game Friday", "The game starts")
            answers.append(made)
            if re.search(turn(1), made.words):
                played = ben.line("play all")
                bought = ben.line(big_money(coins_said(played.words)))
                once_in_order(bought.said, OWN_BUY, "Strong Bot", turn(2))
                answers += [played, bought]
            for answer in answers:
                check_answer(answer.said, answer.typed)
