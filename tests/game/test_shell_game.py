"""A whole game played through the real shell in a pty, at each verbosity, against golden transcripts.

The lines are chosen by a scripted person (tests/game/driver.py) playing the same seeded game
in-process; the pty run must print exactly the golden transcript, and every response must pass the
accessibility checks. Set UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.accessibility import check_error, check_response, escape_sequences
from tests.game.shell import Shell, script_in_subprocess, write_settings

GOLDEN = Path(__file__).parent / "golden"
LISTINGS = ("new", "log", "supply")


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_whole_game_in_a_pty(verbosity: str, tmp_path: Path) -> None:
    script_typed, script_responses = script_in_subprocess(
        verbosity, tmp_path / "script", ["hand", "status", "supply low", "score", "options"])
    assert "Game over" in script_responses[-1]
    typed = script_typed + ["score", "log 3"]

    home = tmp_path / "pty"
    write_settings(home, verbosity=verbosity)
    shell = Shell(home)
    responses = [shell.send(line) for line in typed]
    shell.close()
    transcript = shell.transcript()

    assert not escape_sequences(transcript)
    for line, response in zip(typed, responses):
        if response.startswith("Error,"):
            check_error(response, typed=line)
        else:
            check_response(response, verbosity, listing=line.startswith(LISTINGS))
    # the pty game is the in-process game, line for line
    for line, mine, expected in zip(typed, responses, script_responses):
        assert mine == expected, f"after {line!r}"
    assert "Game over" in responses[len(script_typed) - 1]
    assert responses[len(script_typed) - 1].count("pile is empty") <= 1  # the end's reason is said once
    assert responses[-1].startswith("Last 3 of")

    golden = GOLDEN / f"game_{verbosity}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(transcript, encoding="utf-8")
    assert transcript == golden.read_text(encoding="utf-8")
