"""Golden transcripts of whole sessions: friends at one keyboard, a hosted game of two seats, and a server's
lobby. Every word each person hears must stay as it is unless a change means to change it; after such a
change, write the files again and read their diff before committing it:

    UPDATE_GOLDEN=1 python -m pytest -p no:cacheprovider -q tests/transcripts
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pytest

from tests.transcripts import play

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(folder))
    for name in ("COMPANION_CONFIG_DIR", "COMPANION_DATA_DIR", "COMPANION_STATE_DIR", "COMPANION_INPUT"):
        monkeypatch.delenv(name, raising=False)
    return folder


def _compare(name: str, made: Callable[[], str]) -> None:
    text = play.normal(made())
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name}: the words changed; see the module's docstring"


def test_friends_at_one_keyboard_hear_what_they_heard() -> None:
    _compare("hotseat", play.hotseat)


def test_a_hosted_game_of_two_seats_says_what_it_said(tmp_path: Path) -> None:
    _compare("hosted", lambda: play.hosted(tmp_path))


def test_the_lobby_says_what_it_said(tmp_path: Path) -> None:
    _compare("lobby", lambda: play.lobby(tmp_path))


def test_a_transcript_tells_a_changed_word(tmp_path: Path) -> None:
    """The comparison can fail: one word changed in the kept hotseat game is a difference."""
    kept = (GOLDEN / "hotseat.txt").read_text(encoding="utf-8")
    assert "buy phase." in kept and kept.replace("buy phase.", "buy.", 1) != kept
