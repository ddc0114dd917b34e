"""Killed at random moments, most of them inside a save (every save slowed by COMPANION_TEST_SLOW_FSYNC),
the program never loses what it has said: whatever a player was told is on disk, the file is whole, and the
temporary files the kills leave are cleared when the record is next opened."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.engine.record import to_dict
from companion.game import store
from companion.table import storage
from tests.table.driver import Driver

ROOT = Path(__file__).resolve().parents[2]
TABLE_LINES = (ROOT / "tests" / "table" / "games" / "two_players.txt").read_text().splitlines()[:70]
SLOW = "0.03"  # seconds per save: most of the child's time is spent inside saves

# Every time the child says something, it first prints which line it is on and a digest of the record it
# holds in memory: what the player is being told about.
TABLE_CHILD = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
from companion.session import Session
from tests.table.driver import Driver
at = [-1]
said = Session.say
def say(self, text):
    t = self.state.get("table")
    entries = [] if t is None else [e.to_json() for e in t.table.entries]
    print("SAID", at[0], hashlib.sha256(json.dumps(entries).encode()).hexdigest(), flush=True)
    said(self, text)
Session.say = say
d = Driver()
for i, line in enumerate({lines!r}):
    at[0] = i
    d.run(line)
print("DONE", flush=True)
"""

GAME_CHILD = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
from companion.engine.record import to_dict
from companion.game.activity import game_of
from companion.session import Session
from tests.game.driver import NEW, choose_line
from tests.game.helpers import Typist
said = Session.say
def say(self, text):
    act = game_of(self)
    if act is not None:
        answers = to_dict(act.game)["game"]["answers"]
        print("SAID", len(answers), hashlib.sha256(json.dumps(answers).encode()).hexdigest(), flush=True)
    said(self, text)
Session.say = say
t = Typist()
t(NEW)
for _ in range(300):
    if t.act.over:
        break
    t(choose_line(t.act))
print("DONE", flush=True)
"""


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value).encode()).hexdigest()


def run_and_kill(script: str, home: Path, after: int, delay: float) -> list[list[str]]:
    """Run ``script``; after ``after`` SAID lines and ``delay`` seconds more, SIGKILL it. Its SAID lines."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(home), COMPANION_TEST_SLOW_FSYNC=SLOW,
               PYTHONHASHSEED="0")
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    said: list[list[str]] = []
    enough = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if not line.endswith("\n"):  # cut by the kill: print writes its pieces one by one when
                break  # PYTHONUNBUFFERED is set, and what the line was about was never said
            words = line.split()
            if words and words[0] == "SAID":
                said.append(words[1:])
                if len(said) >= after:
                    enough.set()
        enough.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    enough.wait(60)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    reader.join(10)
    return said


def temporary_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] if folder.is_dir() else []


def test_a_killed_table_keeps_every_entry_it_said(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The record after each line, from an uninterrupted run.
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "whole"))
    d = Driver()
    states = []
    for line in TABLE_LINES:
        d.run(line)
        states.append(digest([e.to_json() for e in d.session.state["table"].table.entries]))
    d.session.close()
    rng = random.Random(7)
    left_inside_a_save = 0
    for run in range(12):  # 6 runs, and more (up to 12) until a kill has landed inside a save
        if run >= 6 and left_inside_a_save:
            break
        home = tmp_path / f"run{run}"
        monkeypatch.setenv("COMPANION_HOME", str(home))
        script = TABLE_CHILD.format(root=str(ROOT), lines=TABLE_LINES)
        said = run_and_kill(script, home, after=rng.randrange(1, 90), delay=rng.uniform(0, 0.05))
        assert said, "the child said nothing before it was killed"
        folder = home / "data" / "tables"
        left_inside_a_save += bool(temporary_files(folder))
        line, told = int(said[-1][0]), said[-1][1]
        if line < 0 or told == digest([]) and not (folder / "game-1.json").exists():
            continue  # killed before the table was made
        on_disk = storage.load("game 1")  # whole, not damaged
        now = digest([e.to_json() for e in on_disk.table.entries])
        possible = {told} | ({states[line + 1]} if line + 1 < len(states) else set())
        assert now in possible, f"run {run}: line {line} ({TABLE_LINES[line]!r}) was said but is not on disk"
        resumed = Driver()
        assert resumed.run("table resume").startswith("Table game 1 resumed.")
        assert temporary_files(folder) == []  # the table's own temporary files go when it is opened
        resumed.session.close()
    assert left_inside_a_save >= 1, "no kill landed inside a save"  # (where a save could be lost)


def test_a_killed_game_keeps_every_answer_it_said(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.game.helpers import Typist

    rng = random.Random(11)
    left_inside_a_save = 0
    for run in range(10):  # 5 runs, and more (up to 10) until a kill has landed inside a save
        if run >= 5 and left_inside_a_save:
            break
        home = tmp_path / f"run{run}"
        monkeypatch.setenv("COMPANION_HOME", str(home))
        said = run_and_kill(GAME_CHILD.format(root=str(ROOT)), home, after=rng.randrange(2, 60),
                            delay=rng.uniform(0, 0.05))
        assert said
        folder = home / "data" / "games"
        left_inside_a_save += bool(temporary_files(folder))
        count, told = int(said[-1][0]), said[-1][1]
        game, _ = store.read(store.AUTOSAVE)  # whole, not damaged
        answers = to_dict(game)["game"]["answers"]
        assert len(answers) >= count and digest(answers[:count]) == told, f"run {run}: a said answer was lost"
        t = Typist()
        assert t("resume").startswith("Resumed.")
        assert temporary_files(folder) == []
        t.session.close()
    assert left_inside_a_save >= 1, "no kill landed inside a save"  # (where a save could be lost)
