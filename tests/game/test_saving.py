"""Never lose a game: SIGKILL mid-turn and resume, undo across a shuffle and a bot's turn,
save and load, damaged and future-version saves refused with nothing else lost."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from companion.engine import Purpose, dumps
from companion.engine.events import Shuffled
from companion.game import store
from tests.accessibility import check_error, check_response
from tests.game.driver import NEW, choose_line
from tests.game.helpers import Typist
from tests.game.shell import Shell


def test_killed_mid_turn_resumes_to_the_same_state(home: Path) -> None:
    shell = Shell(home)
    shell.send('new --bots bigmoney --kingdom "First Game" --seed 4')
    for _ in range(30):  # buy Villages until one is in hand, then play it: mid-turn
        if shell.prompt.startswith("action"):
            break
        out = shell.send("buy village")
        if out.startswith("Error,"):
            shell.send("end")
    else:
        pytest.fail("no Village came to hand")
    shell.send("play village")
    hand_before = shell.send("hand")
    status_before = shell.send("status")
    assert "2 actions" in status_before  # mid-turn: Village has been played
    saved = store.path_for(store.AUTOSAVE).read_text(encoding="utf-8")
    shell.kill(signal.SIGKILL)

    again = Shell(home)
    assert "Resume your game against Big Money" in again.first
    first = again.first.replace("\r\n", "\n")
    check_response(first.split("\n", 1)[1].rsplit("\n", 1)[0] + "\n")  # after the shell's greeting
    out = again.send("")
    assert out.startswith("Resumed.")
    assert again.send("status") == status_before
    assert again.send("hand") == hand_before
    assert json.loads(store.path_for(store.AUTOSAVE).read_text())["game"] == json.loads(saved)["game"]
    again.close()


def _play_until(t: Typist, stop) -> None:  # type: ignore[no-untyped-def]
    for _ in range(400):
        if stop():
            return
        t(choose_line(t.act))
    pytest.fail("never happened")


def test_undo_across_a_shuffle() -> None:
    t = Typist()
    t(NEW)
    found = False
    for _ in range(200):
        before = dumps(t.act.game)
        hand = list(t.act.game.players[t.act.holder].hand)
        at = len(t.act.game.log)
        line = choose_line(t.act)
        t(line)
        me = t.act.holder
        if any(isinstance(e, Shuffled) and e.player == me for e in t.act.game.log[at:]):
            out = t("undo")
            check_response(out)
            assert out.startswith("Took back")
            assert dumps(t.act.game) == before
            assert list(t.act.game.players[me].hand) == hand
            t(line)  # the same line again gives the same shuffle
            found = True
            break
    assert found


def test_undo_across_a_bots_turn() -> None:
    t = Typist()
    t(NEW)
    _play_until(t, lambda: t.act.mine() is not None and t.act.mine().purpose is Purpose.BUY)
    before = dumps(t.act.game)
    after_end = t("end")
    assert "Bot" in after_end
    game_after = dumps(t.act.game)
    out = t("undo")
    assert out.startswith("Took back ending your turn.")
    assert dumps(t.act.game) == before
    assert t("end") == after_end  # the bot plays its turn again, the same way
    assert dumps(t.act.game) == game_after


def test_going_back_into_a_turn_does_not_announce_it_again() -> None:
    """Undo of the buy that ended turn 1, then playing Treasures: the turn and its hand are not said again
    halfway through it ("Turn 1. 3 Estates." was said after "Played 2 Coppers.")."""
    t = Typist()
    t("new --bots bigmoney --seed 2")
    t("buy copper")
    assert t("undo").startswith("Took back buy copper.")
    out = t("play treasures")
    assert out == "Played 2 Coppers.\n2 coins, 1 buy.\n"
    out = t("buy copper")
    assert "Turn 2." in out  # the next turn is still announced, with its hand


def test_undo_with_nothing_to_undo() -> None:
    t = Typist()
    t("new --bots bigmoney --seed 2")
    while t.act.game.answers and t.act.marks:
        t("undo")
    out = t("undo")
    check_error(out)
    assert "nothing to undo" in out


def test_save_load_and_games() -> None:
    t = Typist()
    t(NEW)
    t(choose_line(t.act))
    record = dumps(t.act.game)
    out = t("save friday")
    check_response(out)
    t(choose_line(t.act))
    assert "friday" in t("games")
    out = t("load friday")
    assert out.startswith("Loaded friday.")
    assert dumps(t.act.game) == record
    check_error(t("load nosuchgame"), typed="nosuchgame")
    check_error(t("save ../../etc"), typed="../../etc")


@pytest.mark.parametrize("damage", ["not json", "checksum", "future"])
def test_damaged_or_future_saves_are_refused_and_nothing_else_is_lost(damage: str) -> None:
    t = Typist()
    t(NEW)
    t("save good")
    record = dumps(t.act.game)
    path = store.path_for("bad")
    text = store.path_for("good").read_text()
    if damage == "not json":
        text = text[: len(text) // 2]
    elif damage == "checksum":
        text = text.replace('"seed":11', '"seed":12')
    else:
        data = json.loads(text)
        data["version"] = 99
        text = json.dumps(data)
    path.write_text(text)
    out = t("load bad")
    check_error(out, typed="bad")
    assert ("newer version" in out) if damage == "future" else ("damaged" in out)
    assert dumps(t.act.game) == record  # the game being played is untouched
    assert path.read_text() == text  # the bad file is kept as it was
    assert "good" in t("games")


def test_damaged_autosave_at_start_is_kept_aside(home: Path) -> None:
    store.games_dir().mkdir(parents=True)
    store.path_for(store.AUTOSAVE).write_text("{ damaged")
    shell = Shell(home)
    assert "Error, the last game could not be loaded" in shell.first
    assert any(p.name.startswith("autosave-damaged-") for p in store.games_dir().iterdir())
    assert shell.send("new --seed 3").startswith("New game")
    shell.close()


def test_friends_at_one_keyboard() -> None:
    t = Typist()
    out = t('new --players 3 --bots bigmoney --names "Ana,Ben" --seed 5')
    assert "against Big Money" in out
    lines = []
    for _ in range(20):
        act = t.act
        if act.waiting:
            name = act.game.players[act.holder].name
            assert t.session.prompt == f"{name}, press Enter. "
            check_error(t("hand"))  # a hand is only spoken to its owner, after Enter
            check_error(t("play copper"))
            out = t("")
            assert f"{name}'s turn" in out
            lines.append(name)
            continue
        out = t("end")
        assert "Press Enter when" in out or "Game over" in out
    assert {"Ana", "Ben"} <= set(lines)


def test_friends_undo_only_their_own_moves() -> None:
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --seed 5')
    first = t.act.game.players[t.act.holder].name
    t("")
    t("end")
    assert t.act.waiting
    t("")  # the other person takes the keyboard
    out = t("undo")
    check_error(out)
    assert f"the last move was {first}'s" in out


def test_friends_hear_that_the_other_bought_nothing() -> None:
    t = Typist()
    t('new --names "Ana,Ben" --kingdom "First Game" --seed 5')
    first = t.act.game.players[t.act.holder].name
    t("")
    t("end")  # nothing bought
    out = t("")  # the other person takes the keyboard and hears what happened
    assert f"{first} bought nothing." in out
    check_response(out)


def test_a_game_started_while_resume_is_asked_withdraws_that_question() -> None:
    """The start-up's "resume your game?" is about starting a game: once the person starts another with
    new, Enter in the new game is the new game's, not a yes that resumes the old one."""
    from companion.commands.game import ASK
    from companion.commands.starting import offer_game

    first = Typist()
    first(NEW)
    first("buy silver")
    old = dumps(first.act.game)
    first.act.release()  # that window is closed

    t = Typist()
    t.session.begin()  # the shell frames each on-start hook as one response
    offer_game(t.session)
    t.session.end()
    assert "Resume your game" in t.out.getvalue() and t.session.state.get(ASK) is not None
    out = t('new --bots bigmoney --kingdom "First Game" --seed 5')
    assert "saved as" in out  # the old game was kept under a name, as new always does
    assert not t.session.prompt.startswith("resume")
    new = dumps(t.act.game)
    said = t("")
    assert "Resumed" not in said
    assert dumps(t.act.game) == new != old
    assert said == ""  # the new game's turn prompt again, as a bare Enter at a turn gives


def test_a_game_saved_under_its_own_name_is_not_kept_again_under_a_date(home: Path) -> None:
    """new keeps the unfinished game; one already saved as it is (save friday) is said to be there, not
    copied again, so copies do not pile up. Played on after saving, it is kept again, as before."""
    t = Typist()
    t(NEW)
    t("buy silver")
    assert t("save friday").startswith("Saved")
    out = t('new --bots bigmoney --kingdom "First Game" --seed 5')
    assert "Your last game is saved as friday." in out
    assert sorted(p.stem for p in (home / "data" / "games").glob("*.json") if not p.stem.startswith("_")) == \
        ["friday"]
    t("save monday")
    t(choose_line(t.act))  # played on after saving: monday no longer holds it as it is
    out = t('new --bots bigmoney --kingdom "First Game" --seed 6')
    assert "Your last game is saved as game " in out


@pytest.mark.parametrize("name", ["con", "NUL", "com1", "Lpt9", "aux"])
def test_a_name_windows_keeps_for_a_device_is_refused_on_every_system(name: str) -> None:
    """con.json cannot be made on Windows: the save would fail there. Refused everywhere, with what to type."""
    t = Typist()
    t(NEW)
    said = t(f"save {name}")
    assert "Windows keeps for a device" in said and "save friday" in said
    check_error(said)
    assert t("save console").startswith("Saved as console.")  # a longer name is fine
