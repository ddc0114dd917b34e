"""Two real shells on one table and on one game: one writes, the other is told plainly and may look
read-only; when the first is gone, however it went, the second takes the record over with nothing lost."""

from __future__ import annotations

import signal
from pathlib import Path

from companion.game import store
from companion.table import storage
from tests.accessibility import check_error
from tests.conftest import needs
from tests.game.shell import Shell


def test_two_shells_on_one_table(home: Path) -> None:
    first = Shell(home)
    second = None
    try:
        assert first.send('table new --players Ann,Ben --kingdom "First Game" --seed 3').startswith("Table game 1")
        assert first.send("buy silver").startswith("Ann bought a Silver")
        second = Shell(home)
        assert "Table game 1 is open in another window. Type table resume read only to look at it." in second.first
        said = second.send("table resume")
        assert said.startswith("Error, 'table resume', table game 1 is open in another window."), said
        check_error(said)
        assert second.send("table resume read-only").startswith("Table game 1 resumed, read only.")
        said = second.send("buy gold")
        assert said.startswith("Error, 'buy gold', table game 1 is open read only here."), said
        check_error(said)
        assert first.send("buy gold").startswith("Ann bought a Gold")  # the holder goes on
        first.close()  # the first window is closed
        assert second.send("table resume").startswith("Table game 1 resumed.\n")
        assert second.send("buy province").startswith("Ann bought a Province")
        entries = storage.load("game 1").table.entries
        assert [e.cards for e in entries] == [("Silver",), ("Gold",), ("Province",)]  # nothing lost
    finally:
        first.close()
        if second is not None:
            second.close()


def test_two_shells_on_one_game(home: Path) -> None:
    first = Shell(home)
    second = None
    try:
        first.send('new --bots bigmoney --kingdom "First Game" --seed 4')
        first.send("buy silver")
        answers = len(store.read(store.AUTOSAVE)[0].answers)
        second = Shell(home)
        assert "Your saved game is open in another window. Type resume read only to look at it." in " ".join(second.first.split())
        said = second.send('new --bots bigmoney --kingdom "First Game" --seed 5')
        assert " ".join(said.split()).startswith("Error, another window plays a game"), said
        check_error(said)
        assert " ".join(second.send("resume read-only").split()).startswith("Resumed. Read only, as another window is playing it.")
        said = second.send("end")
        assert " ".join(said.split()).startswith("Error, this game is open read only here"), said
        check_error(said)
        assert len(store.read(store.AUTOSAVE)[0].answers) == answers  # the look changed nothing
        first.kill(signal.SIGKILL)  # the holder is gone without a word: its lock went with it
        assert second.send("resume").startswith("Resumed.")
        assert not second.send("end").startswith("Error,")
        assert len(store.read(store.AUTOSAVE)[0].answers) > answers
    finally:
        if first.proc.poll() is None:
            first.close()
        if second is not None:
            second.close()


def test_the_lock_works_without_posix_calls() -> None:
    """The lock is filelock's: fcntl on POSIX, msvcrt on Windows; the project itself calls neither."""
    root = Path(__file__).resolve().parents[2] / "companion"
    needs("filelock", __import__("importlib").util.find_spec("filelock") is not None)
    offenders = [p.name for p in root.rglob("*.py") if "import fcntl" in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_a_finished_game_does_not_block_new_in_another_window(home: Path) -> None:
    """The game is over and saved: its window is not playing any more, so another may start a game. The
    finished one can still be undone only while no other window plays."""
    home.mkdir(parents=True, exist_ok=True)
    end = home / "end.txt"
    end.write_text("""Dominion position 1
kingdom: Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market, Mine
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 1 Province, 10 Curse, 10 Cellar, 10 Moat, \
10 Merchant, 10 Village, 10 Workshop, 10 Militia, 10 Remodel, 10 Smithy, 10 Market, 10 Mine
trash: none
players: 2
turn: player 1
phase: treasures
actions: 1
buys: 1
coins: 0
random: seed 1, setup, 0 draws
player 1 turns: 9
player 1 deck: 4 Copper, Estate
player 1 hand: Gold, Gold, Copper, Copper, Estate
player 1 discard: none
player 2 turns: 8
player 2 deck: 5 Copper, 2 Estate
player 2 hand: 2 Copper, 3 Estate
player 2 discard: none
""", encoding="utf-8")
    first = Shell(home)
    second = None
    try:
        first.send(f"new --position {end} --bots bigmoney")
        assert "game over" in first.send("buy province").lower()
        second = Shell(home)
        said = second.send('new --bots bigmoney --kingdom "First Game" --seed 5')
        assert said.startswith("New game against Big Money."), said
        said = first.send("undo")
        assert " ".join(said.split()).startswith("Error, this game is over, and another window is playing"), said
        check_error(said)
    finally:
        first.close()
        if second is not None:
            second.close()
