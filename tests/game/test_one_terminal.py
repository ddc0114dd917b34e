"""Seats by composition: what belongs to a terminal (output, speech, settings, prompt, the shell's hooks)
is one ``Terminal`` that friends at one keyboard share; what belongs to a person (responses, typed lines,
seat) is each person's own session."""

from __future__ import annotations

import io


from companion.commands.game import install
from companion.game.seats import SeatSession, attach
from companion.session import Session, Terminal
from companion.settings import Settings
from tests.game.helpers import Typist

FRIENDS = 'new --players 3 --bots bigmoney --names "Ana,Ben" --kingdom "First Game" --seed 7'


def test_friends_at_one_keyboard_share_one_terminal_and_keep_their_own_responses() -> None:
    t = Typist()
    t(FRIENDS)
    act = t.act
    ana, ben = (act.sessions[p] for p in act.people)
    assert isinstance(ana, SeatSession) and ana.front is t.session
    assert ana.terminal is t.session.terminal and ben.terminal is t.session.terminal
    assert ana.out is t.out and ana.settings is t.session.settings
    ana.prompt = "buy> "  # one prompt on the one screen, whoever sets it
    assert t.session.prompt == ben.prompt == "buy> "
    ana.quitting = True
    assert t.session.quitting and ben.quitting
    ana.quitting = False
    ana.begin()
    ana.say("Only Ana hears this.")
    ana.end()
    assert ana.last == "Only Ana hears this." and ben.last != ana.last and t.session.last != ana.last
    assert (ana.seat, ben.seat) == (0, 1) and ana.responses is not ben.responses
    assert ana.state is t.session.state  # the game on the table is the same for everyone at it


def test_a_seat_on_its_own_device_has_a_terminal_of_its_own() -> None:
    t = Typist()
    t(FRIENDS)
    act = t.act
    out = io.StringIO()
    mine = attach(act, 1, install=install, out=out, settings=Settings({"verbosity": "brief"}))
    assert mine.terminal is not t.session.terminal and mine.out is out and mine.verbosity == "brief"
    mine.prompt = "mine> "
    assert t.session.prompt != "mine> "


def test_a_session_given_a_terminal_uses_it_and_one_without_gets_its_own() -> None:
    shown = io.StringIO()
    screen = Terminal(out=shown, prompt="table. ")
    one, two = Session(terminal=screen), Session(terminal=screen)
    one.keep("Seen on the shared screen.")
    assert shown.getvalue() == "Seen on the shared screen.\n" and two.prompt == "table. "
    alone = Session(out=io.StringIO(), prompt="companion. ")
    assert alone.terminal is not screen and alone.terminal.prompt == "companion. "
