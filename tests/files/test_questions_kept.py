"""A command that fails while new's questions are being asked leaves the questions where they were."""

from __future__ import annotations

from pathlib import Path

from tests.accessibility import check_error
from tests.game.helpers import Typist


def test_a_failed_resume_keeps_the_question_of_new(home: Path) -> None:
    t = Typist()
    assert t("new").endswith("How many players, 2 to 6?\nEnter for 2.\n")
    said = t("resume")
    assert said == "Error, there is no game to resume yet. Type new to start one.\n"
    check_error(said)
    assert t.session.prompt.startswith("players, Enter for 2")  # still asked
    assert t("3").startswith("People at this keyboard? Enter for 1.")


def test_a_damaged_autosave_refused_by_resume_keeps_the_question(home: Path) -> None:
    folder = home / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "_autosave.json").write_text('{"format": "companion-dominion-game", "version": 2, "game": 7}')
    t = Typist()
    t("new")
    said = t("resume")
    assert said.startswith("Error, could not resume. The save file is damaged,"), said
    assert t("").startswith("People at this keyboard? Enter for 1.")
