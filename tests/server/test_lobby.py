"""The lobby of `companion server` (one process, games in its data folder), through real `companion join`
processes with no code: listing, making and sitting at games, private codes, who and say, words typed in
the wrong place, leaving a game for the lobby and coming back to the same seat, and a whole game played
from the lobby in which no seat is told another's hand."""

from __future__ import annotations

import pytest

import json
import re
import time

from tests.net.helpers import BIG_MONEY, finish, hidden_leaks
from tests.server.helpers import lobby_process, file_server, wait_for

pytestmark = [pytest.mark.network, pytest.mark.process]  # real sockets on loopback (and processes it starts)


def test_lobby_words_and_a_private_game_played_to_the_end(tmp_path):
    with file_server(tmp_path) as server:
        frames: dict[tuple[str, int], list[dict]] = {}
        server.host.tap = lambda gid, seat, text: frames.setdefault((gid, seat), []).append(json.loads(text))
        address = f"127.0.0.1:{server.port}"
        ana = lobby_process(tmp_path / "Ana", address, "Ana",
                            "help\nwho\nhand\nfrobnicate\ncreate\n2\n\n\nyes\n", more_to_come=True)
        out = wait_for(tmp_path / "Ana" / "out", "Waiting for 1 more player", proc=ana)
        code = re.search(r"sit Ana's game and its code, (\d{3} \d{3} \d{3})", out).group(1)  # type: ignore[union-attr]
        assert "New game. How many players, 2 to 6?" in out and "Which kingdom?" in out
        assert "You are in the lobby, not at a game, so 'hand' does nothing here." in out
        assert "Error, 'frobnicate' is not a lobby word. Type help" in out
        assert "Only you are in the lobby." in out
        # quit goes back to the lobby, and sit takes the same seat back (the program kept its token)
        ana.stdin.write(f"quit\nsit Ana's game {code}\n".encode())  # type: ignore[union-attr]
        ana.stdin.flush()  # type: ignore[union-attr]
        out = wait_for(tmp_path / "Ana" / "out", "Going to Ana's game.", proc=ana)
        deadline = time.monotonic() + 30
        while "Welcome back, Ana. Waiting for 1 more player." not in out:  # her own seat: no "is taken" error
            assert time.monotonic() < deadline and "Error" not in out.split("Going to")[-1], out
            out = (tmp_path / "Ana" / "out").read_text()
        assert out.count("Ana joined.") == 1  # back at her seat: not her own join said to her again
        assert "You left Ana's game, and your seat is kept. Type sit Ana's game to go back.\nBack in the lobby, Ana. 1 open game" in out
        ben = lobby_process(tmp_path / "Ben", address, "Ben",
                            "games\nsay hello Ana\nsit ana\nsit ana 111111111\n"
                            f"sit ana {code}\ngames\n" + BIG_MONEY * 60 + "quit\n")
        ana.stdin.write((BIG_MONEY * 60 + "quit\n").encode())  # type: ignore[union-attr]
        ana.stdin.close()  # type: ignore[union-attr]
        ana.stdin = None
        game = None
        deadline = time.monotonic() + 240
        while game is None or not game.over():
            assert time.monotonic() < deadline, "the game did not end in time"
            game = game or next(iter(server.host.by_id.values()), None)
            time.sleep(0.05)
        names = game.seating.names  # type: ignore[union-attr]
        results = {}
        for name, proc in (("Ana", ana), ("Ben", ben)):
            rc, text, err = finish(proc, tmp_path / name, 120)
            assert rc == 0, (text[-2000:], err[-2000:])
            results[name] = text
    ben_out = results["Ben"]
    assert "1 open game.\nAna's game. Ana sits, 1 seat free, First Game, no bots, private." in ben_out
    assert "Error, Ana's game is private. Type sit Ana's game and its code" in ben_out
    assert "Error, that is not the code of Ana's game." in ben_out
    assert "You said, hello Ana" in ben_out
    assert "hello Ana" not in results["Ana"]  # she was at her game: what is said in the lobby stays there
    # a lobby word in a game says where the person is
    assert ("You are at Ana's game, not in the lobby. Type quit to go back to the lobby, then games. Your seat "
            "is kept.") in ben_out
    for seat, st in enumerate(game.seats):
        texts = [m["text"] for m in frames[(game.id, seat)] if m["type"] == "say" and m["text"]]
        assert any("Game over" in t for t in texts)
        assert hidden_leaks(names, seat, texts) == []
        heard = results[st.name]
        at = 0
        for t in texts:  # the terminal printed every message of its seat, in order
            found = heard.find(t, at)
            assert found >= 0, t
            at = found + len(t)
    assert "Back in the lobby, Ben." in ben_out.split("Game over")[-1]  # the end of a game brings back the lobby
