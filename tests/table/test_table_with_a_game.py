"""A table and a game in one session: the shared verbs go to the one that is on, starting one puts the other
away (saved) and says how to go back, and the shell's start-up offers both, the game's question last."""

from __future__ import annotations

import io

from companion.game.activity import game_of
from companion.session import Session
from tests.accessibility import check_error
from tests.table.checks import problems
from tests.table.driver import Driver

GAME = 'new --players 2 --bots bigmoney --kingdom "First Game" --seed 1'
TABLE = 'table new --players Ann,Ben --kingdom "First Game" --seed 3'


def test_a_table_started_during_a_game_takes_the_shared_verbs_and_says_how_to_go_back() -> None:
    d = Driver()
    assert d.run(GAME).startswith("New game against Big Money.")
    said = d.run(TABLE)
    assert said.splitlines()[-1] == "Your game is saved. Type resume to go back to it."
    assert game_of(d.session) is None
    assert d.run("buy silver") == "Ann bought a Silver, 39 left.\n"
    assert d.session.prompt == "table, Ann. "  # not the game's prompt: the table's, naming whose turn it is
    assert d.run("status").startswith("Ann's turn 1.\n")  # the table's status, as in the game


def test_a_game_started_at_a_table_puts_the_table_away() -> None:
    d = Driver()
    d.run(TABLE)
    d.run("buy silver")
    said = d.run(GAME)
    assert "Table game 1 is saved. Table load game 1 returns to it." in said.replace("\n", " ")
    assert d.session.state.get("table") is None
    assert "Bought Silver." in d.run("buy silver").splitlines()[0]  # the game's buy now
    back = d.run("table load game 1")
    assert back.startswith("Table game 1 loaded.\nAnn's turn 1.\n")
    assert back.splitlines()[-1] == "Your game is saved. Type resume to go back to it."
    assert d.session.state["table"].table.state.decks[0]["Silver"] == 1  # nothing was lost
    assert d.run("resume").startswith("Resumed.")
    assert d.session.state.get("table") is None


def test_a_verb_of_the_other_activity_says_where_it_works() -> None:
    d = Driver()
    d.run(TABLE)
    for line in ("hand", "options", "supply"):
        said = d.run(line)
        assert said == f"Error, '{line}' works in a game, not at a table. Type help for the commands.\n"
        check_error(said, line)
    said = d.run("end")  # a person at a table ending a turn, as in a game
    assert said == "Error, 'end' works in a game, not at a table. To end the turn, type next.\n"
    check_error(said, "end")
    d.run(GAME)
    said = d.run("next")
    assert said == "Error, 'next' works at a table, not in a game. To end the turn, type end.\n"
    check_error(said, "next")
    for line in ("piles", "vp 2", "count Ann"):
        said = d.run(line)
        verb = line.split()[0]
        assert said == f"Error, '{verb}' works at a table, not in a game. Type help for the commands.\n"
        check_error(said, line)
    # gain is a game's verb too (it answers a gain prompt), so in a game it says what it does there
    said = d.run("gain silver")
    assert said == "Error, 'gain silver', no card asks you to gain now. Type buy and a card to buy one.\n"
    check_error(said, "gain silver")


def test_a_refused_table_new_leaves_the_game_on() -> None:
    d = Driver()
    d.run(GAME)
    said = d.run("table new --players Ann")
    assert not problems("table new --players Ann", said)
    assert game_of(d.session) is not None
    assert d.run("hand").startswith("Hand, 5 cards")


def shell(lines: str) -> str:
    from companion.shell.app import start_shell

    out = io.StringIO()
    start_shell(stdin=io.StringIO(lines), stdout=out, session=Session(out=out))
    return out.getvalue()


def played(lines: str) -> None:
    """Lines typed in a shell that then ends, as a person's would: its session closes and lets go of its
    game's lock (a game and its session refer to each other, so only the garbage collector would)."""
    d = Driver()
    try:
        d.lines(lines)
    finally:
        d.session.close()


def test_the_shell_offers_a_table_then_asks_about_the_game_and_enter_answers_the_game() -> None:
    assert shell("") == ""  # nothing to resume: nothing said
    played(GAME)
    played(TABLE)
    out = shell("\nscore\n").splitlines()
    assert out[0] == "Table game 1 is not finished, it is Ann's turn. Type table resume."
    assert out[1].startswith("Resume your game against Big Money")
    assert "Resumed." in out and out[-1].startswith("Score. You ")


def test_typing_table_resume_at_the_start_drops_the_games_question() -> None:
    played(GAME)
    played(TABLE)
    out = shell("table resume\n\nscore\n")
    assert "Table game 1 resumed.\nAnn's turn 1.\n2 players.\n" in out
    assert "Resumed." not in out  # Enter after that answers nothing
    assert out.endswith("All tied at 3 VP.\nBen 3 VP, Ann 3 VP.\n"), out  # the table's score


def test_one_shot_shared_verbs_say_they_need_the_shell(data_dir) -> None:
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env["PYTHONPATH"] = str(ROOT)
    for words in (["buy", "silver"], ["piles"]):
        done = subprocess.run([sys.executable, "-m", "companion", *words], capture_output=True, text=True, cwd=ROOT,
                              env=env, timeout=60)
        assert done.stdout == f"Error, '{words[0]}' works only in the shell. Type companion to start it.\n"
        check_error(done.stdout, " ".join(words))
        assert done.returncode != 0
