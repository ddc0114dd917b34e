"""Damaged, hand-edited and crafted files are refused with a sentence, never a traceback, and a damaged
autosave is set aside once rather than tried at every start. Saves of earlier versions still load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from companion.commands.starting import offer_game
from companion.engine import SaveError
from companion.engine.record import _checksum
from companion.game import store
from companion.table import storage
from tests.accessibility import check_error
from tests.game.helpers import Typist
from tests.table.driver import Driver

ROOT = Path(__file__).resolve().parents[2]
V1_GAME = ROOT / "tests" / "engine" / "saves" / "v1_tiara_then_watchtower.json"
DEEP = "[" * 50_000 + "]" * 50_000


def game_text(change: Callable[[dict[str, Any]], None]) -> str:
    """The version 1 save with its game part changed and its checksum made to match again (a hand edit
    that knows the format, so only the field checks can catch it)."""
    data = json.loads(V1_GAME.read_text(encoding="utf-8"))
    change(data["game"])
    data["checksum"] = _checksum(data["game"])
    return json.dumps(data)


def kingdom_of(cards: list[str]) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        body["kingdom"]["cards"] = cards
    return change


def setting(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        body[key] = value
    return change


def bot(name: str) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        body["seats"][1]["bot"] = name
    return change


TEN = json.loads(V1_GAME.read_text(encoding="utf-8"))["game"]["kingdom"]["cards"]
GAMES: dict[str, tuple[str, str]] = {  # case: (file text, words the refusal must contain)
    "deep nesting": ('{"format": "companion-dominion-game", "version": 2, "game": ' + DEEP + "}", "nests too deeply"),
    "seed Infinity": (game_text(setting("seed", float("inf"))), "Infinity"),
    "seed NaN": (game_text(setting("seed", float("nan"))), "NaN"),
    "unknown bot": (game_text(bot("skynet")), "'skynet'"),
    "turn limit x": (game_text(setting("turn_limit", "x")), "turn limit"),
    "seed as text": (game_text(setting("seed", "7")), "seed"),
    "kingdom of 9": (game_text(kingdom_of(TEN[:9])), "9 cards"),
    "ten Cellars": (game_text(kingdom_of(["Cellar"] * 10)), "Cellar twice"),
    "Province as kingdom": (game_text(kingdom_of(TEN[:9] + ["Province"])), "Province"),
    "unknown card": (game_text(kingdom_of(TEN[:9] + ["Coppar"])), "'Coppar'"),
    "answer of a wrong seat": (game_text(lambda b: b["answers"][0].__setitem__(0, 7)), "answer 1"),
    "answer nested deeply": (game_text(lambda b: b["answers"][0].__setitem__(2, [[[[[1]]]]])), "nests too deeply"),
    "not JSON": ("{\"format\": ", "not JSON"),
    "checksum": (json.dumps({**json.loads(V1_GAME.read_text()), "checksum": "0" * 64}), "checksum"),
}


@pytest.mark.parametrize("case", list(GAMES))
def test_a_damaged_game_save_is_refused_with_a_sentence(home: Path, case: str) -> None:
    text, words = GAMES[case]
    folder = home / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "friday.json").write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        store.read("friday")
    assert words in str(refused.value), str(refused.value)
    said = Typist()("load friday")
    assert said.startswith("Error, 'friday' is damaged,"), said
    check_error(said)


@pytest.mark.parametrize("case", ["deep nesting", "unknown bot", "turn limit x", "answer nested deeply"])
def test_a_damaged_autosave_is_set_aside_once_not_at_every_start(home: Path, case: str) -> None:
    folder = home / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "_autosave.json").write_text(GAMES[case][0], encoding="utf-8")
    first = Typist()
    first.session.begin()  # the shell frames each on-start hook as one response
    offer_game(first.session)
    first.session.end()
    said = first.out.getvalue()
    assert said.startswith("Error, the last game could not be loaded. The save file is damaged,"), said
    kept = [p.name for p in folder.glob("autosave-damaged-*.json")]
    assert len(kept) == 1 and kept[0] in said
    again = Typist()
    again.session.begin()
    offer_game(again.session)
    again.session.end()
    assert again.out.getvalue() == ""  # set aside: not tried again


def test_the_companion_block_is_inside_the_checksum(home: Path) -> None:
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 4')
    t("buy silver")
    path = store.path_for(store.AUTOSAVE)
    data = json.loads(path.read_text(encoding="utf-8"))
    marks = data["companion"]["marks"]
    assert marks and data["companion_checksum"]
    data["companion"]["marks"] = marks + [marks[-1]]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="checksum"):
        store.read(store.AUTOSAVE)


def test_saves_of_earlier_versions_still_load(home: Path) -> None:
    folder = home / "data" / "games"
    folder.mkdir(parents=True)
    (folder / "autosave.json").write_text(V1_GAME.read_text(encoding="utf-8"), encoding="utf-8")  # version 1's place
    game, extra = store.read(store.AUTOSAVE)
    assert len(game.answers) > 100 and extra == {}
    assert (folder / "_autosave.json").exists() and not (folder / "autosave.json").exists()


# ---- tables ---------------------------------------------------------------------------------------
def table_file(home: Path, change: Callable[[dict[str, Any]], None], checksum: bool = True) -> str:
    """A real table's file, changed (its checksum made to match again unless ``checksum`` is False)."""
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3 --name friday')
    d.run("buy silver")
    d.run("next")
    d.session.close()
    path = home / "data" / "tables" / "friday.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    if checksum:
        raw["checksum"] = storage.checksum({k: v for k, v in raw.items() if k != "checksum"})
    return json.dumps(raw)


def entry_card(name: str) -> Callable[[dict[str, Any]], None]:
    def change(raw: dict[str, Any]) -> None:
        raw["entries"][0]["cards"] = [name]
    return change


def in_setup(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(raw: dict[str, Any]) -> None:
        raw["setup"][key] = value
    return change


TABLES: dict[str, tuple[Callable[[dict[str, Any]], None], bool, str]] = {
    "unknown card in an entry": (entry_card("Coppar"), True, "'Coppar'"),
    "card from outside the game": (entry_card("Chapel"), True, "not in this game"),
    "seed Infinity": (in_setup("seed", float("inf")), True, "Infinity"),
    "kingdom of 9": (lambda raw: raw["setup"]["kingdom"].pop(), True, "9 cards"),
    "Province as kingdom": (lambda raw: raw["setup"]["kingdom"].__setitem__(0, "Province"), True, "Province"),
    "one player": (in_setup("players", ["Ann"]), True, "players"),
    "first player out of range": (in_setup("first", 5), True, "first player"),
    "entry of a player not playing": (lambda raw: raw["entries"][0].__setitem__("players", [4]), True, "entry 1"),
    "low as text": (lambda raw: raw.__setitem__("low", "x"), True, "low pile"),
    "edited without the checksum": (lambda raw: raw["entries"].pop(), False, "checksum"),
}


@pytest.mark.parametrize("case", list(TABLES))
def test_a_damaged_table_is_refused_with_a_sentence(home: Path, case: str) -> None:
    change, checksum, words = TABLES[case]
    text = table_file(home, change, checksum)
    (home / "data" / "tables" / "friday.json").write_text(text, encoding="utf-8")
    with pytest.raises(storage.StorageError) as refused:
        storage.load("friday")
    assert str(refused.value).startswith("the table friday is damaged,") and words in str(refused.value)
    d = Driver()
    said = d.run("table load friday")
    assert said.startswith("Error, 'table load friday', the table friday is damaged,"), said
    check_error(said)
    assert "friday, damaged." in d.run("table list")


def test_a_deeply_nested_table_is_refused(home: Path) -> None:
    folder = home / "data" / "tables"
    folder.mkdir(parents=True)
    (folder / "friday.json").write_text('{"version": 2, "entries": ' + DEEP + "}", encoding="utf-8")
    said = Driver().run("table load friday")
    assert said.startswith("Error, 'table load friday', the table friday is damaged, it nests too deeply."), said


def test_tables_of_version_1_still_load_and_their_pointer_is_ignored(home: Path) -> None:
    text = table_file(home, lambda raw: None)
    raw = json.loads(text)
    old = {k: v for k, v in raw.items() if k not in ("checksum", "saved")}
    old["version"] = 1
    folder = home / "data" / "tables"
    (folder / "friday.json").write_text(json.dumps(old), encoding="utf-8")
    (folder / "last.json").write_text('{"version": 1, "name": "friday"}', encoding="utf-8")
    assert storage.saved_names() == ["friday"]
    d = Driver()
    assert d.run("table resume").startswith("Table friday resumed.\nLast entry kept, the end of Ann's turn.\nBen's turn 1.")
    assert json.loads((folder / "friday.json").read_text())["version"] == storage.FORMAT_VERSION


# ---- names ----------------------------------------------------------------------------------------
def test_no_table_name_destroys_another_record(home: Path) -> None:
    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3 --name Last!')
    d.run("buy silver")
    assert d.run("table save last") == "Saved as last.\nLater entries are saved there too.\n"
    d.run('table new --players Cal,Dee --kingdom "First Game" --seed 3')
    assert storage.saved_names() == ["game 1", "last"]
    d.session.close()
    assert storage.load("last").table.entries[0].cards == ("Silver",)
    assert Driver().run("table resume").startswith("Table game 1 resumed.")


def test_game_save_names_are_never_silently_replaced(home: Path) -> None:
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 4')
    said = t("save previous")
    assert said.startswith("Error, 'previous' is a name the program keeps for"), said
    assert t("save autosave").startswith("Error, 'autosave' is the automatic save.")
    assert t("save friday") == "Saved as friday.\nType load friday to come back to it.\n"
    t("buy silver")
    assert t("save friday") == "Saved as friday.\nType load friday to come back to it.\n"  # its own name
    first = store.read("friday")[0].answers
    t('new --bots bigmoney --kingdom "First Game" --seed 5')
    said = t("save friday")
    assert said.startswith("Error, a game is already saved as 'friday'."), said
    check_error(said)
    assert store.read("friday")[0].answers == first
    listed = t("games")  # the first game is kept as friday, just as it is: new made no dated copy of it
    assert "friday" in listed and not any(n.startswith("game ") for n in store.saved_names())


def test_temporary_files_of_killed_saves_are_cleared_and_nothing_else(home: Path) -> None:
    import os
    import time

    from companion.commands.starting import clear_abandoned

    d = Driver()
    d.run('table new --players Ann,Ben --kingdom "First Game" --seed 3')
    d.session.close()
    tables, games = home / "data" / "tables", home / "data" / "games"
    games.mkdir(parents=True)
    ours = [tables / ".game-1.json.123-0badcafe.tmp", tables / "game-1.jsonab12_x9z.tmp",
            games / ".friday.json.77-00ff00ff.tmp", games / "._autosave.json.9.tmp"]
    theirs = [tables / "notes.tmp", games / "friday.json.bak", games / ".hidden.tmp"]
    for path in ours + theirs:
        path.write_text("x", encoding="utf-8")
    fresh = games / ".sunday.json.78-00ff00fe.tmp"  # a save that may still be writing
    fresh.write_text("x", encoding="utf-8")
    old = time.time() - 3600
    for path in ours + theirs:
        os.utime(path, (old, old))
    clear_abandoned(Driver().session)
    assert [p for p in ours if p.exists()] == []
    assert all(p.exists() for p in theirs) and fresh.exists()
    new_temp = tables / ".game-1.json.124-0badcaff.tmp"  # young, but the table's own writer is gone
    new_temp.write_text("x", encoding="utf-8")
    Driver().run("table resume")
    assert not new_temp.exists()
