"""`companion host` itself: what the host's own seat is told when it leaves."""

from __future__ import annotations

import io

from companion.net.hosted import Options
from companion.net.hosting import run_host


def test_the_host_leaving_hears_that_the_game_stops_for_everyone(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    out = io.StringIO()
    status = run_host(Options(2, [], "First Game", 3), name="Ana", listen="127.0.0.1", port=0, code="192837465",
                      stdin=io.StringIO("quit\n"), stdout=out)
    said = out.getvalue()
    assert status == 0
    assert "Join code 192 837 465." in said
    # not a friend's goodbye ("your seat is kept"): the host's leaving stops the game for everyone
    assert "Your seat is kept" not in said
    assert said.rstrip().endswith("The game is saved and stops for everyone. Type the same companion host "
                                  "command to go on.")
