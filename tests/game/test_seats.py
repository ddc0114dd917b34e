"""Seats: each person hears only their own, at one keyboard (hotseat) and on their own device.

At one keyboard, `review` and `repeat` replay only what was said to the person holding the keyboard;
the prompt and `status` name whose turn it is; a handover says whose turn it is and what they missed;
a resumed game says the hand after Enter. On their own devices (what a network host builds on), each
seat's session hears only what that seat may know.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from companion.engine import Purpose
from companion.game import render
from companion.game.activity import game_of
from companion.commands.game import install
from companion.dispatch import run_line
from companion.game.seats import attach
from companion.session import Session
from companion.settings import Settings
from tests.accessibility import check_error, check_response
from tests.game.driver import choose_line
from tests.game.helpers import Typist
from tests.game.shell import Shell

@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def run_for(session: Session, line: str) -> str:
    """A line typed at a seat on its own device, as the shell runs it: what that seat heard."""
    run_line(session, line)
    return session.said


FRIENDS = 'new --players 3 --bots bigmoney --names "Ana,Ben" --kingdom "First Game" --seed 7'


def _check(out: str, line: str, verbosity: str = "normal") -> None:
    out = out.rstrip("\n") + "\n"
    if out.startswith("Error,"):
        check_error(out, typed=line)
    else:
        check_response(out, verbosity, listing=line.startswith(("new", "log", "review", "supply")))


def test_at_one_keyboard_review_and_repeat_replay_only_your_own_responses() -> None:
    """A whole game of two friends and a bot: whoever holds the keyboard, `review` says exactly the
    responses given to them and `repeat` their last; nothing said while the other played comes back."""
    t = Typist()
    said: dict[str, list[str]] = {}  # each person's responses, and the keyboard's own while it changes hands
    checked = 0

    def holder_for(line: str) -> str:
        act = game_of(t.session)
        if act is None:
            return "keyboard"
        if act.waiting:
            return act.game.players[act.holder].name if not line.strip() else "keyboard"
        return act.game.players[act.holder].name

    def send(line: str) -> str:
        who = holder_for(line)
        out = t(line)
        _check(out.rstrip("\n"), line)
        said.setdefault(who, []).append(out.rstrip("\n"))
        return out

    send(FRIENDS)
    for step in range(600):
        act = t.act
        if act.over:
            break
        line = "" if act.waiting else choose_line(act)
        handover = act.waiting
        send(line)
        if handover or step % 7 == 0:
            who = holder_for("status")
            mine = said.get(who, [])
            review = t("review 200").rstrip("\n")
            _check(review, "review 200")
            body = review.split("\n", 1)[1] if "\n" in review else ""
            assert body == "\n".join(mine[-200:]), f"{who} heard another's responses in review"
            assert t("repeat").rstrip("\n") == mine[-1]
            checked += 1
    assert t.act.over and checked > 20
    for me, other in (("Ana", "Ben"), ("Ben", "Ana")):
        heard = "\n".join(said[me])
        assert re.search(rf"^{me}'s turn \d+\. ", heard, re.M)  # each hears their own turns and hands
        assert not re.search(rf"{other}'s turn \d+\. ", heard)  # and never the other's
    assert not any(re.search(r"(Ana|Ben)'s turn \d+\. ", r) for r in said.get("keyboard", []))


def test_at_one_keyboard_you_is_said_only_for_your_own_doings() -> None:
    t = Typist()
    t(FRIENDS)
    first = t.act.game.players[t.act.holder].name
    t("")
    out = t("buy silver" if t.act.game.players[t.act.holder].hand.count(
        next(c for c in t.act.game.supply if c.name == "Copper")) >= 3 else "end")
    assert "Press Enter when" in out
    second = t.act.game.players[t.act.holder].name
    heard = t("")  # the second person hears the first's turn by name, never as "You"
    assert re.search(rf"^{first} ", heard, re.M) and "You " not in heard
    assert f"{second}'s turn" in heard


def test_a_hotseat_game_in_a_terminal_names_the_player_keeps_each_review_private_and_resumes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shell = Shell(home)
    responses: list[tuple[str, str]] = []

    def send(line: str) -> str:
        out = shell.send(line)
        _check(out.rstrip("\n"), line)
        responses.append((line, out))
        return out

    out = send('new --names "Ana,Ben" --kingdom "First Game" --seed 5')
    first = "Ana" if "Ana goes first" in out else "Ben"
    second = "Ben" if first == "Ana" else "Ana"
    assert f"{first}'s turn. Press Enter when {first} has the keyboard." in out
    assert shell.prompt == f"{first}, press Enter. "
    mine = send("")
    assert mine.startswith(f"{first}'s turn 1. ")
    assert shell.prompt.startswith(f"{first}, ")  # the prompt names whose turn it is
    assert send("status").startswith(f"{first}'s turn 1, ")
    hand = send("hand")
    assert hand.startswith("Hand, 5 cards")
    out = send("end")
    assert f"{second}'s turn" in out and shell.prompt == f"{second}, press Enter. "
    public = send("review 9")  # the keyboard is changing hands: nobody's responses
    assert hand not in public and mine not in public
    assert send("hand").startswith("Error, 'hand', waiting for")
    missed = send("")
    assert missed.startswith(f"{first} bought nothing.")  # what they missed, then their turn
    assert f"{second}'s turn 1. " in missed
    review = send("review 9")
    assert hand not in review and mine not in review and f"{first}'s turn 1." not in review
    assert send("repeat") == review.split("\n", 1)[1]  # repeat: the review, this person's last response
    shell.close()

    again = Shell(home)  # the program is started again: the game is offered, and Enter gives the hand
    assert "Resume your game for Ana and Ben, turn 1? Enter for yes." in " ".join(again.first.split())
    out = again.send("")
    _check(out.rstrip("\n"), "")
    assert f"{second}'s turn 1. Press Enter when {second} has the keyboard." in out
    out = again.send("")
    _check(out.rstrip("\n"), "")
    assert out.startswith(f"{second}'s turn 1. ") and out.strip() != "Done."
    assert again.prompt.startswith(f"{second}, ")
    again.close()


# ---- seats on their own devices: what a network host builds on ------------------------------------
def test_seats_on_their_own_devices_hear_only_their_own() -> None:
    """Two people each on their own output and a bot: every byte each seat receives is recorded; no
    other seat's hand or drawn cards ever reach it, and each is told the others' turns as they happen."""
    t = Typist()
    t(FRIENDS)
    act = t.act
    outs = {p: io.StringIO() for p in act.people}
    seats = {p: attach(act, p, install=install, out=outs[p], settings=Settings({"verbosity": "normal"})) for p in act.people}
    names = {p: act.game.players[p].name for p in range(act.game.n)}
    hands_said = 0
    for _ in range(600):
        g = act.game
        if g.over:
            break
        d = g.pending
        assert d is not None and d.player in seats
        me = seats[d.player]
        other = next(s for p, s in seats.items() if p != d.player)
        before = outs[other.seat].tell()
        hand = run_for(me, "hand")
        assert hand == render.fit_first_line(render.hand_line(g, d.player))  # that seat's own hand
        hands_said += 1
        assert run_for(other, "hand") == render.fit_first_line(render.hand_line(g, other.seat))
        assert run_for(other, "play treasures").startswith("Error, 'play treasures', it is not your turn")
        act.holder = d.player  # the scripted player reads the decision of the seat it types for
        line = choose_line(act)
        said = run_for(me, line)
        _check(said, line)
        told = outs[other.seat].getvalue()[before:]
        if g.over or act.game.over:
            assert "Game over" in told
        elif d.purpose is Purpose.BUY or line == "end":
            assert names[d.player] in told or "Game over" in told  # the other seat heard this turn
    assert act.game.over and hands_said > 20
    for p, out in outs.items():
        text = out.getvalue()
        assert re.search(r"^Turn \d+\. ", text, re.M)
        for q in act.people:
            if q != p:  # another person's drawn cards or hand never reach this seat
                assert not re.search(rf"\b{names[q]} (?:[^.]*, )?drew [A-Z]", text)
                assert not re.search(rf"{names[q]}'s turn \d+\. ", text)


def test_a_seat_on_its_own_device_is_told_its_turn_and_waits_otherwise() -> None:
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --kingdom "First Game" --seed 5')
    act = t.act
    ana = attach(act, 0, install=install, out=io.StringIO())
    ben = attach(act, 1, install=install, out=io.StringIO())
    first, later = (ana, ben) if act.game.pending.player == 0 else (ben, ana)
    assert later.prompt == f"waiting for {act.game.players[first.seat].name}. "
    assert run_for(later, "status").endswith(f"Waiting for {act.game.players[first.seat].name}.")
    run_for(first, "end")
    told = later.said
    assert told.startswith(f"{act.game.players[first.seat].name} bought nothing.")
    assert "\nTurn 1." in told  # on your own device your turn is yours: not by name
    assert later.prompt.endswith(". ") and not later.prompt.startswith("waiting")
    assert first.prompt.startswith("waiting for ")
    assert told not in run_for(first, "review 9")  # what one seat was told is not in the other's review


def test_a_seat_on_its_own_device_gets_its_hint_on_its_turn() -> None:
    """On their own devices `hint` is for the seat that types it: the host's seat was told "Nothing is
    yours to decide now" on its own turn, since the hint looked at the keyboard's holder, not the seat."""
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --kingdom "First Game" --seed 5')
    act = t.act
    seats = {p: attach(act, p, install=install, out=io.StringIO()) for p in (0, 1)}
    for _ in range(4):  # two turns each, every seat asking for its hint on its turn and off it
        mover = seats[act.game.pending.player]
        other = seats[1 - mover.seat]
        hint = run_for(mover, "hint")
        assert hint.startswith("Play Treasures, ") and "buy" in hint.splitlines()[0], hint
        assert run_for(other, "hint").startswith("Nothing is yours to decide now.")  # not the mover's advice
        run_for(mover, "end")


def test_at_one_keyboard_the_end_names_the_winner() -> None:
    """Both friends hear the end at the one keyboard: "You win." told whoever held it that the game was
    theirs; it names the winner and every score by name."""
    t = Typist()
    t('new --names "Ana,Ben" --kingdom "First Game" --seed 2')
    out = ""
    for _ in range(800):
        act = t.act
        if act.game.over:
            break
        out = t(choose_line(act))  # "" presses Enter while the keyboard changes hands
    assert t.act.game.over
    end = next(line for line in out.splitlines() if line.startswith("Game over."))
    assert "You" not in end and re.search(r"Game over\. (Ana|Ben) wins\.|Ana and Ben share the win\.", end), end
    assert re.search(r"VP, (Ana \d+ and Ben \d+|Ben \d+ and Ana \d+)\.", end), end


def test_on_their_own_devices_ending_without_a_buy_is_said_to_the_seat_that_ended() -> None:
    """In a hosted game the host's seat heard only "Done." for end with Treasures in hand, while the
    joined seat heard "Nothing bought, 3 Treasures unplayed.", the note went to the keyboard's holder."""
    t = Typist()
    t('new --players 2 --bots none --names "Ana,Ben" --kingdom "First Game" --seed 5')
    act = t.act
    seats = {p: attach(act, p, install=install, out=io.StringIO()) for p in (0, 1)}
    for _ in range(4):  # two turns each
        mover = seats[act.game.pending.player]
        said = run_for(mover, "end")
        assert said.startswith("Nothing bought, "), said
