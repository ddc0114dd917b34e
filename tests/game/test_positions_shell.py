"""`position` in a game, and `new --position`: a game started from a position is played, undone,
saved and loaded like any other."""

from __future__ import annotations

from pathlib import Path


from companion.engine.position import parse_position, position_of
from tests.accessibility import check_error, check_response
from tests.game.helpers import Typist


def test_position_is_said_saved_and_played_from(home: Path) -> None:
    t = Typist()
    t("new --bots bigmoney --seed 4")
    out = t("position")  # mid-game: what it would tell, and how to hear it, never the hidden cards at once
    check_response(out)
    assert out.startswith("Position shows hidden cards.\nIt tells Big Money's hand,") and "deck:" not in out
    assert "position show" in out and "position save NAME" in out
    out = t("position show")
    check_response(out, listing=True)
    assert out.startswith("Position, 20 lines.")
    said = parse_position(out.split("\n", 1)[1])
    assert said == position_of(t.act.game)
    out = t("position save Opening")
    check_response(out)
    assert (home / "data" / "positions" / "opening.txt").read_text(encoding="utf-8") == said.text()
    out = t("new --position opening --bots bigmoney")
    check_response(out, listing=True)
    assert " ".join(out.split()).startswith("New game from a position against Big Money.")
    g = t.act.game
    assert position_of(g) == said and g.setup.start == said
    t("play treasures")
    t("buy silver")
    assert g is not t.act.game or g.players[0].turns == 2
    out = t("undo")
    check_response(out)
    assert position_of(t.act.game).phase == "buy" and "Silver" not in t.act.game.players[0].discard[-1:]
    t("buy silver")
    check_response(t("save fromhere"))
    t("new --bots bigmoney --seed 9")
    t("load fromhere")
    assert t.act.game.setup.start == said and t.act.game.players[0].turns == 2


def test_position_errors_say_what_to_type(home: Path) -> None:
    t = Typist()
    out = t("position")
    assert out.startswith("Error,")
    t("new --bots bigmoney --seed 4 --kingdom Chapel,Village,Smithy,Market,Mine,Moat,Cellar,Remodel,Militia,Witch")
    for typed in ("position save", "position print", "position show now", "position save ../../etc", "new --position missing",
                  "new --position bad"):
        if typed.endswith("bad"):
            (home / "data" / "positions").mkdir(parents=True, exist_ok=True)
            (home / "data" / "positions" / "bad.txt").write_bytes(b"Dominion position 1\nkingdom: Gold\n\xff")
        out = t(typed)
        check_error(out, typed)
    (home / "data" / "positions" / "bad.txt").write_text("Dominion position 1\nturn: player 1\n", encoding="utf-8")
    out = t("new --position bad")
    check_error(out, "new --position bad")
    assert "kingdom" in out


def test_position_is_refused_when_more_than_one_person_plays(home: Path) -> None:
    """A position holds every hand and every deck's order: with two people at the keyboard it would tell
    one player the other's hidden cards."""
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --seed 5')
    t("")  # Ana takes the keyboard
    for typed in ("position", "position save peek"):
        out = t(typed)
        check_error(out, typed)
        assert "one person" in out
    assert not (home / "data" / "positions").exists()


def test_help_puts_position_with_the_tools_not_the_moves(home: Path) -> None:
    t = Typist()
    t("new --bots bigmoney --seed 4")
    assert "position" not in t("help game")  # the moves
    assert "Game tools. position and analysis." in t("help")
