"""Never lose the record: saved after every entry, resumed after a crash, several tables by name."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from companion.commands.table import resume_offer
from companion.table import storage
from tests.table.checks import problems
from tests.table.driver import Driver

ROOT = Path(__file__).resolve().parents[2]
GAME = (Path(__file__).parent / "games" / "two_players.txt").read_text().splitlines()

KILLED = """
import os, signal, sys
sys.path.insert(0, {root!r})
from tests.table.driver import Driver
d = Driver()
for line in {lines!r}:
    d.run(line)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_every_entry_is_on_disk_at_once(data_dir) -> None:
    d = Driver()
    for line in GAME[:40]:
        d.run(line)
        saved = d.session.state["table"]
        on_disk = storage.load(saved.name).table
        assert on_disk.entries == saved.table.entries, line
        assert on_disk.state == saved.table.state, line
    raw = json.loads((data_dir / "tables" / "game-1.json").read_text())
    assert raw["version"] == storage.FORMAT_VERSION and raw["name"] == "game 1"


def test_killed_mid_game_then_resumed_equals_the_game_before(data_dir, tmp_path, monkeypatch) -> None:
    lines = GAME[:60]
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "uninterrupted"))
    expected = Driver()
    for line in lines:
        expected.run(line)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data_dir))
    script = KILLED.format(root=str(ROOT), lines=lines)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()
    offer = resume_offer(Driver().session)
    assert offer == f"Table game 1 is not finished, it is {expected.session.state['table'].table.current_name}'s turn. Type table resume."
    d = Driver()
    said = d.run("table resume")
    assert said.startswith("Table game 1 resumed.\n"), said
    assert not problems("table resume", said)
    # The last entry kept is said, as it may have been saved and never heard: typed again, it counts twice.
    last = expected.run("log 1").splitlines()[1]
    assert said.splitlines()[1].lower() == f"last entry kept, {last}".lower(), said
    assert d.session.state["table"].table.state == expected.session.state["table"].table.state
    assert d.session.state["table"].table.entries == expected.session.state["table"].table.entries
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "uninterrupted"))
    for line in GAME[60:]:
        said = expected.run(line)
        monkeypatch.setenv("COMPANION_DATA_DIR", str(data_dir))
        assert d.run(line) == said, line
        monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "uninterrupted"))


def test_resume_says_the_last_entry_kept_and_nothing_when_there_is_none(data_dir) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    d.session.close()  # as a process that stopped: the lock is given up
    said = Driver().run("table resume")
    assert said.splitlines()[:2] == ["Table game 1 resumed.", "Ann's turn 1."], said
    d = Driver()
    d.run("table resume")
    d.run("play 3 coppers")
    d.run("buy silver")
    d.session.close()
    said = Driver().run("table resume").splitlines()
    assert said[:3] == ["Table game 1 resumed.", "Last entry kept, Ann bought a Silver.", "Ann's turn 1."], said


def test_no_temporary_files_are_left_behind(data_dir) -> None:
    d = Driver()
    for line in GAME[:20]:
        d.run(line)
    assert sorted(p.name for p in (data_dir / "tables").iterdir()) == [".locks", "game-1.json"]


def test_several_tables_by_name(data_dir) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    d.run("buy silver")
    assert d.run("table save friday") == "Saved as friday.\nLater entries are saved there too.\n"
    d.run("buy gold")
    said = d.run("table new --players Cal,Dee,Eve --kingdom random --seed 9")
    assert said.splitlines()[0] == "Table game 1, 3 players."
    assert said.splitlines()[-1] == "friday is saved. Table load friday returns to it."
    listed = d.run("table list")
    assert listed.splitlines()[0] == "2 saved tables, newest first."
    assert "friday, Ann and Ben, Ann's turn 1." in listed
    assert "game 1, Cal, Dee and Eve" in listed
    said = d.run("table load fri")
    assert said.startswith("Table friday loaded.\nAnn's turn 1.")
    t = d.session.state["table"].table
    assert t.state.decks[0]["Gold"] == 1 and t.state.decks[0]["Silver"] == 1
    assert d.run("table save game 1").startswith("Error, 'table save game 1', that name is taken.")


def test_resume_offer_is_none_without_a_table_or_when_the_game_is_over(data_dir) -> None:
    assert resume_offer(Driver().session) is None
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    assert resume_offer(Driver().session) is not None
    assert resume_offer(d.session) is None  # this session has it open already
    d.run("table end")
    assert resume_offer(Driver().session) is None


def test_a_damaged_file_is_reported_not_raised(data_dir) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    (data_dir / "tables" / "game-1.json").write_text('{"version": 1, "name": "game 1", "setup": {}}')
    said = Driver().run("table resume")
    assert said.startswith("Error, 'table resume', the table game 1 is damaged"), said
    (data_dir / "tables" / "game-1.json").write_text('{"version": 99}')
    said = Driver().run("table load game 1")
    assert said.startswith("Error, 'table load game 1', this table file is version 99"), said


def test_table_close_frees_the_shared_verbs(data_dir) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    assert d.run("table close") == "Table game 1 put away and saved. Type table load game 1 to return.\n"
    assert d.run("buy silver") == "Error, start a game with new, or a table with table new.\n"


def test_the_last_winner_goes_last_next_game_unless_asked(data_dir) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben,Cal --kingdom "First Game" --first Ben')
    assert d.session.state["table"].table.current_name == "Ben"
    d.run("gain Cal province")
    d.run("table end")
    said = d.run('table new --players Ann,Ben,Cal --kingdom "First Game"')
    assert "Ann goes first, as Cal won the last game and goes last. Turn order, Ann, Ben and Cal." in said
    d.run("table end")  # Ben and Cal tie with fewer turns than Ann: a shared win, so the first player is drawn again
    said = d.run('table new --players Ann,Ben,Cal --kingdom "First Game" --seed 1')
    assert "won the last game" not in said


def test_log_reads_back_the_last_entries(first_game: Driver) -> None:
    d = first_game
    assert d.run("log") == "Nothing recorded yet.\nType buy, gain, trash or play.\n"
    for line in ("play C1 C1 C1", "buy silver", "next", "gain others curse", "vp 2"):
        d.run(line)
    assert d.run("log") == ("Last 4 entries of 5.\nAnn bought a Silver.\nThe end of Ann's turn.\n"
                            "Ann gained a Curse.\nBen took 2 VP tokens.\n")
    assert d.run("log 1") == "Last entry of 5.\nBen took 2 VP tokens.\n"
    d.run("undo")
    assert d.run("log 9").startswith("All 4 entries.\nAnn played 3 Coppers.\n")


def test_a_table_open_read_only_says_what_the_other_window_has_recorded(data_dir) -> None:
    writer, looker = Driver(), Driver()
    writer.run('table new --players Ann,Ben --kingdom "First Game" --first Ann')
    assert looker.run("table resume read-only").startswith("Table game 1 resumed, read only.")
    writer.lines("play C1 C1 C1", "buy silver", "next")
    assert looker.run("status").splitlines()[0] == "Ben's turn 1."
    assert looker.session.prompt == "table, Ben, read only. "
    assert looker.run("pile silver") == "Silver, 39 left of 40.\n"
    assert looker.run("log 1").splitlines()[1] == "The end of Ann's turn."
    assert looker.run("count Ann").splitlines()[0] == "Ann has 11 cards."
    assert looker.run("buy gold").startswith("Error, 'buy gold', table game 1 is open read only here.")
    assert storage.load("game 1").table.entries == writer.session.state["table"].table.entries


def test_loading_a_finished_table_says_its_name_once(first_game: Driver) -> None:
    first_game.lines("pile province 1", "buy province", "next", "table close")
    assert first_game.run("table load game 1") == ("Table game 1 loaded.\nGame over, no Provinces left.\n"
                                                   "Type score for the result.\n")


def test_coins_taken_away_are_said_without_a_minus_sign(first_game: Driver) -> None:
    d = first_game
    d.lines("play C1 C1 C1", "coins 3", "coins -2")
    assert d.run("log 2").splitlines()[1:] == ["3 coins added to Ann's turn.", "2 coins taken from Ann's turn."]
    assert d.run("undo") == "Undone, 2 coins taken from Ann's turn.\n6 coins, 1 buy.\n"


def test_undoing_a_buy_in_a_counted_turn_says_the_coins_and_buys_back(first_game: Driver) -> None:
    d = first_game
    d.lines("play 5 coppers", "buy silver")
    assert d.run("undo") == "Undone, Ann bought a Silver.\nSilver pile, 40 left.\n5 coins, 1 buy left.\n"
    d.lines("buy Ben silver")  # not Ann's turn: her coins are not touched, so not said
    assert d.run("undo") == "Undone, Ben bought a Silver.\nSilver pile, 40 left.\n"


def test_the_last_winner_goes_last_after_the_table_is_put_away_or_the_shell_restarts(data_dir) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben,Cal --kingdom "First Game" --first Ann')
    d.lines("gain Ann province", "table end", "table close")
    for seed in range(1, 6):  # whatever the draw would have been
        said = Driver().run(f'table new --players Ann,Ben,Cal --kingdom "First Game" --seed {seed} --name s{seed}')
        assert "Ben goes first, as Ann won the last game and goes last. Turn order, Ben, Cal and Ann." in said, said
        storage.remove(f"s{seed}")  # the unfinished table is no longer the last one played
