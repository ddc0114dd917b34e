"""Small frictions a player met by ear: each says what happened in words a careful editor would keep."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.accessibility import check_response
from tests.game.helpers import Typist


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _position(hand: str) -> str:
    return f"""Dominion position 1
kingdom: Cellar, Moat, Merchant, Village, Workshop, Militia, Remodel, Smithy, Market, Throne Room
supply: 46 Copper, 40 Silver, 30 Gold, 8 Estate, 8 Duchy, 8 Province, 10 Curse, 9 Cellar, 10 Moat, 10 Merchant, \
10 Village, 10 Workshop, 10 Militia, 10 Remodel, 10 Smithy, 10 Market, 9 Throne Room
trash: none
players: 2
turn: player 1
phase: action
actions: 1
buys: 1
coins: 0
random: seed 1, setup, 0 draws
player 1 turns: 3
player 1 deck: 4 Copper, Estate
player 1 hand: {hand}
player 1 discard: Estate
player 2 turns: 2
player 2 deck: 5 Copper, 2 Estate
player 2 hand: 2 Copper, 3 Estate
player 2 discard: none
"""


def test_throne_room_with_no_action_to_double_says_why(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Throne Room, Copper, Copper, Estate, Copper"))
    out = t("play throne room")
    check_response(out)
    assert out.startswith("Played Throne Room.\nNo Action card to play with Throne Room.\n"), out
    t("undo")
    t.start_at(tmp_path, _position("Throne Room, Smithy, Copper, Estate, Copper"))
    assert "No Action card" not in t("play throne room")  # Smithy played twice: nothing to explain


def test_undo_of_an_answer_names_the_question_not_only_the_answer(tmp_path: Path) -> None:
    t = Typist()
    t.start_at(tmp_path, _position("Cellar, Copper, Copper, Estate, Copper"))
    t("play cellar")
    t("none")
    out = t("undo")
    check_response(out)
    assert out.startswith("Took back your answer to Cellar, none.\n"), out


def test_learn_with_a_seed_in_other_numerals_says_what_to_type() -> None:
    t = Typist()
    out = t("learn --seed ²")
    assert out == "Error, 'learn --seed ²', '²' is not a number written with the digits 0 to 9. Type 2 instead.\n"
    assert t("learn --seed ٣").startswith("Your first game")  # digits of any script are digits


def test_hint_while_the_keyboard_changes_hands_says_what_works() -> None:
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --seed 5')
    t("")
    t("end")
    out = t("hint")
    assert out == "Nothing is yours to decide now. Press Enter when Ben has the keyboard.\n" or \
        out == "Nothing is yours to decide now. Press Enter when Ana has the keyboard.\n", out
    name = out.split("when ")[1].split(" has")[0]
    assert t("options").startswith("Error,")  # what hint used to point to
    assert name in t.act.prompt()


@pytest.mark.process
@pytest.mark.terminal
def test_handover_clear_wipes_the_last_hand_from_a_real_terminal(tmp_path: Path) -> None:
    """At one keyboard, the previous player's hand stays in the terminal's scrollback where a review cursor
    reads it; set handover clear wipes the screen and scrollback as the keyboard changes hands."""
    from tests.terminal import Terminal, needs_posix_terminal

    needs_posix_terminal()
    with Terminal(tmp_path / "home") as term:
        term.wait_for("companion. ")
        for line, wanted, n in (("set handover clear", "Handover is now clear.", 1),
                                ('new --players 2 --bots none --names "Ana,Ben" --seed 5', "press Enter. ", 1),
                                ("", "s turn 1.", 1), ("end", "has the keyboard.", 2)):
            term.waiting()
            term.type(line)
            term.key("Enter")
            term.wait_for(wanted, count=n)
        raw = term.raw()
        hand = raw.rindex(b"s turn 1.")
        turn = raw[raw.rindex(b"\n", 0, hand) + 1:hand + len(b"s turn 1.")].decode()  # "Ben's turn 1."
        clear = raw.rindex(b"\x1b[3J")
        assert hand < clear < raw.rindex(b"has the keyboard.")
        term.waiting()
        assert turn not in term.screen()  # gone from the screen, and from the scrollback
        history = term._tmux("capture-pane", "-p", "-S", "-", "-t", "t").stdout
        assert turn not in history and "has the keyboard." in history


def test_without_handover_clear_nothing_is_cleared() -> None:
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --seed 5')
    t("")
    assert "\x1b" not in t("end")


class _Screen(io.StringIO):
    """A terminal's output, as far as set handover clear asks (it clears only a terminal)."""

    def isatty(self) -> bool:
        return True


def test_handover_clear_comes_after_the_leaving_players_own_words() -> None:
    """It came before the whole response, so the leaving player's "Bought ..." line stayed on the screen for the
    next person; now only the hand-over line follows it."""
    from companion.commands.game import CLEAR

    t = Typist(handover="clear")
    t.out = _Screen()
    t.session.out = t.out
    t('new --players 2 --bots none --names "Ana,Ben" --seed 5')
    t("")
    out = t("buy copper")
    assert out.count(CLEAR) == 1, out
    mine, _, after = out.partition(CLEAR)
    assert "Bought Copper." in mine and "Bought Copper." not in after, out
    assert after.startswith(("Ben's turn.", "Ana's turn.")) and after.rstrip().endswith("has the keyboard."), out
