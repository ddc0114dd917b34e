"""A server's lobby and a game made there, over the browser page in Chromium, heard through Orca.

- Each lobby answer (the welcome, games, a chat line, create) is heard once and in order, no symbol read as a
  word, the typed line not read back.
- Five chat lines of another person that come at once (the most the lobby passes on at once) are each heard once, in the order they were said.
- The game goes on past turn 1 against two bots: each of Ben's answers is heard once, in order; after his
  buy, his purchase, both bots' turns and his next turn come together and are all heard, once each, in
  order; every turn is announced once; his own line never runs into the prompt.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import big_money, check_answer, coins_said
from tests.screen_reader.served import OWN_BUY, LobbyPage, heard, once_in_order, served, turn
from tests.screen_reader.shell import Answer

TURNS = 4  # Ben's turns: three bursts of bot turns after turn 1
OTHER_BOT = r"(?<!Second )Strong Bot(?! goes first)"  # the first bot, by its name: not "Second Strong Bot"
CHAT = ("apple", "banana", "cherry", "damson", "elder")  # words heard nowhere else
PROMPTS = ("lobby", "phase", "waiting", "Your name", "Command")


def not_run_into_prompt(answer: Answer) -> None:
    for prompt in PROMPTS:
        assert f"{prompt} {answer.typed}" not in answer.words, answer.words


def test_the_lobby_and_a_game_past_turn_1_over_the_page(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with served(desktop, program, tmp_path / "server") as url, LobbyPage(desktop, url) as ben:
        welcome = ben.line("Ben", until="Welcome to the lobby")
        once_in_order(welcome.said, "Joining the lobby as Ben", "Welcome to the lobby, Ben")
        games = ben.line("games", until="Type create")
        once_in_order(games.said, "No open games")
        chat = ben.line("say hello everyone", until="hello everyone")
        once_in_order(chat.said, "You said", "hello everyone")
        lobby = [welcome, games, chat]

        # Cleo, in the lobby from the terminal program (piped, not heard), says five lines at once: added to the
        # page one by one, Orca announced five such lines "one, three, two, five, four".
        mark = desktop.mark()
        address = url.removeprefix("http://").rstrip("/")
        cleo = subprocess.Popen([str(program.companion), "join", address, "--name", "Cleo"], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=program.env(tmp_path / "cleo"), cwd=tmp_path)
        try:
            assert cleo.stdin is not None
            cleo.stdin.write("".join(f"say {word}\n" for word in CHAT).encode())
            cleo.stdin.flush()
            burst = desktop.heard_since(mark, lambda s: all(w in " ".join(heard(s)) for w in CHAT), timeout=90,
                                        quiet=3.0)
            once_in_order(burst, *CHAT)
            assert " ".join(heard(burst)).count("Cleo says") == len(CHAT), heard(burst)
            check_answer(burst, "")
        finally:
            if cleo.stdin is not None:
                cleo.stdin.close()
            cleo.wait(timeout=60)

        made = ben.line('create --players 3 --bots strong,strong --kingdom "First Game" --name Friday --seed 4',
                        until=lambda s: bool(re.search(turn(1), " ".join(heard(s)))))
        once_in_order(made.said, "Made the game Friday", "The game starts", "Kingdom First Game", "goes first",
                      turn(1))
        answers = [*lobby, made]
        for n in range(1, TURNS):
            played = ben.line("play all", until="coins")
            once_in_order(played.said, r"\d+ coins?")
            bought = ben.line(big_money(coins_said(played.words)),
                              until=lambda s, n=n: bool(re.search(turn(n + 1), " ".join(heard(s)))))
            # his purchase, both bots' turns (each named once), his next turn
            once_in_order(bought.said, OWN_BUY, OTHER_BOT, "Second Strong Bot", turn(n + 1))
            answers += [played, bought]
        everything = " ".join(a.words for a in answers)
        for n in range(1, TURNS + 1):
            assert len(re.findall(turn(n), everything)) == 1, (n, [heard(a.said) for a in answers])
        for answer in answers:
            check_answer(answer.said, answer.typed)
            not_run_into_prompt(answer)
