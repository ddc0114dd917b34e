"""A save claiming a version that never existed (0, or below) is refused with a sentence, not loaded."""

from __future__ import annotations

import json

import pytest

from companion.engine import SaveError, dumps, loads
from companion.engine.game import Game
from companion.game.starting import build_setup


@pytest.mark.parametrize("version", [0, -5])
def test_versions_below_1_are_refused(version: int) -> None:
    game = Game(build_setup(2, ["bigmoney"], [], "First Game", None, 3, False))
    data = json.loads(dumps(game))
    data["version"] = version
    with pytest.raises(SaveError) as e:
        loads(json.dumps(data))
    assert str(e.value) == f"The save file is damaged, it claims version {version}, and versions start at 1."
