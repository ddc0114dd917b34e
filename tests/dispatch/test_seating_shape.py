"""Every verb of a hosted game's seating that says words returns them in one shape, a ``Response``: the
host reads each seat's message with ``heard()`` whatever the verb (start, catch up, a bot for a seat and
the seat taken back), as it does for a typed line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game.starting import build_setup
from companion.net.seating import new_seating
from companion.response import Response


def test_each_verb_of_a_hosted_game_returns_a_response(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    seating = new_seating(build_setup(3, ["bigmoney"], ["Ana", "Ben"], "First Game", None, 7, None))
    opening = seating.start()
    assert opening and all(isinstance(m, Response) for m in opening)
    firsts = [m.text for m in opening if m.text.startswith("The game starts.")]
    assert len(firsts) == 2 and {m.seat for m in opening} == {0, 1}  # each person hears the start
    caught = seating.catch_up(1)
    assert isinstance(caught, Response) and caught.seat == 1 and "Hand, 5 cards." in caught.text
    handed = seating.hand_to_bot(1)
    assert isinstance(handed, Response) and 1 not in handed.others  # the seat handed over hears nothing of it
    back = seating.take_back(1)
    assert isinstance(back, Response) and back.heard()[1] == back.text and "Hand," in back.text
