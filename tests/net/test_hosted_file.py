"""A hosted game's file is read like every file the program reads back (companion.filecheck): each field
checked, the bad one named, and a damaged file skipped by the host, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.filecheck import Damaged
from companion.net.hosted import HostedGame, Options, load_game


def saved(folder: Path) -> Path:
    game = HostedGame("0a1b2c3d4e5f", "123 456 789", Options(3, ["bigmoney"], "First Game", 4), folder)
    game.take_seat("Ana")
    game.hosted_with = {"listen": "127.0.0.1", "tls": False}
    game.save()
    return game.path()


def edited(path: Path, change: str, to: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert change in text
    path.write_text(text.replace(change, to, 1), encoding="utf-8")
    return path


def test_a_saved_game_waiting_for_players_reads_back_as_it_was(tmp_path):
    again = load_game(saved(tmp_path))
    assert (again.id, again.code, again.options) == ("0a1b2c3d4e5f", "123 456 789",
                                                      Options(3, ["bigmoney"], "First Game", 4))
    assert [s.name for s in again.seats] == ["Ana", ""] and again.seats[0].digest and not again.seats[1].digest
    assert again.hosted_with == {"listen": "127.0.0.1", "tls": False}


@pytest.mark.parametrize("change,to,named", [
    ('"id":"0a1b2c3d4e5f"', '"id":"../../outside"', "its id is not this program's"),
    ('"players":3', '"players":true', "its number of players is not a whole number"),
    ('"seed":4', '"seed":NaN', "it holds NaN, not a number"),
    ('"name":"Ana"', '"name":7', "seat 1's name is not a text"),
    ('"last_line":0', '"last_line":-1', "seat 1's last line is -1, not 0 to"),
    ('"code":"123 456 789"', '"code":"12345"', "its join code is not nine digits"),
    ('"tls":false', '"tls":"no"', "its encryption is not true or false"),
    ('"format":1', '"format":99', "it is not a hosted game of this version"),
])
def test_a_damaged_field_is_named(tmp_path, change, to, named):
    with pytest.raises(Damaged, match=named):
        load_game(edited(saved(tmp_path), change, to))


def test_a_host_skips_a_damaged_file_names_it_and_writes_nothing_where_its_id_points(tmp_path, monkeypatch):
    from companion.net.server import Host

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    folder = tmp_path / "hosted" / "games"
    path = saved(folder)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["companion"]["net"]["id"] = "../escaped"
    path.write_text(json.dumps(data), encoding="utf-8")
    host = Host(folder)
    try:
        assert host.resume_all() == [] and host.problems == [path.name]
    finally:
        host.release()
    assert not (folder.parent / "escaped.json").exists()
