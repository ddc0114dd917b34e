"""Whole games over loopback through real `companion join` processes: 2 and 4 remote seats with bots.

Every frame the host sends to each seat is recorded. Each seat's terminal output must be exactly the
texts of the messages it was sent; every one of those passes the accessibility checks; and no seat is
ever told another seat's hand.
"""

from __future__ import annotations

import socket

import pytest

from companion.net.hosted import Options
from tests.accessibility import check_error, check_response
from tests.conftest import needs
from tests.net.helpers import BIG_MONEY, add_game, finish, hidden_leaks, host_on_loopback, join_process, record_frames


def _loopback() -> bool:
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
        return True
    except OSError:
        return False


def test_whole_games_with_2_and_4_remote_seats(tmp_path):
    needs("a loopback socket", _loopback())
    with host_on_loopback(tmp_path / "hosted") as running:
        frames = record_frames(running)
        two = add_game(running, Options(3, ["bigmoney"], "First Game", 7), "111222333")
        four = add_game(running, Options(5, ["bigmoney"], "First Game", 11), "444555666")
        script = BIG_MONEY * 120
        procs = {}
        for name in ("Ana", "Ben"):
            procs[(two.id, name)] = join_process(tmp_path / name, running.port, "111 222 333", name, script)
        for name in ("Cleo", "Dan", "Eve", "Finn"):
            procs[(four.id, name)] = join_process(tmp_path / name, running.port, "444-555-666", name, script)
        outputs = {}
        for key, proc in procs.items():
            rc, out, err = finish(proc, tmp_path / key[1], 100)
            assert rc == 0, err[-2000:]
            assert not err.strip(), err[-2000:]
            outputs[key] = out
        for game, people in ((two, ("Ana", "Ben")), (four, ("Cleo", "Dan", "Eve", "Finn"))):
            assert game.over(), "the game did not reach its end"
            names = game.seating.names  # type: ignore[union-attr]
            for seat, st in enumerate(game.seats):
                sent = frames[(game.id, seat)]
                texts = [m["text"] for m in sent if m["type"] == "say" and m["text"]]
                # the terminal printed exactly these messages, one after another
                assert outputs[(game.id, st.name)] == "".join(t + "\n" for t in texts)
                assert any("Game over" in t for t in texts)
                for t in texts:
                    t += "\n"  # as printed
                    if t.startswith("Error:"):
                        check_error(t)
                    elif t.startswith("The game starts."):
                        check_response(t, first_line_chars=None, max_words=60)  # names the kingdom
                    else:
                        check_response(t)
                assert hidden_leaks(names, seat, texts) == []
            assert sorted(st.name for st in game.seats) == sorted(people)
