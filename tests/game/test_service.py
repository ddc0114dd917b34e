"""The game's service (companion.game.service): each intent returns an Outcome with what every seat hears,
the same words the shell then says; it is saved before it is said; a refusal changes nothing; the news
of a seat is a pure query of a mark the caller keeps; and telling the other seats happens when an
Outcome is said, whichever verb made it."""

from __future__ import annotations

from companion.dispatch import say
from companion.response import Response

import io
from pathlib import Path

import pytest

from companion.cards import catalogue
from companion.commands.game import install, say_outcome
from companion.engine import Purpose
from companion.game import render, store
from companion.game.fitting import fit_response
from companion.game.seats import attach
from companion.game.service import GameService
from companion.refusal import CommandError
from tests.game.helpers import Typist

FIRST = 'new --players 2 --bots bigmoney --kingdom "First Game" --seed 3'
FRIENDS = 'new --players 2 --bots none --names "Ana,Ben" --kingdom "First Game" --seed 5'


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _text(lines: object) -> str:
    return "\n".join(fit_response(list(lines), "normal"))  # type: ignore[call-overload]


def test_an_outcome_holds_the_words_the_shell_says_and_is_saved_first(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games from the same seed, each in its own home: one bought through the shell, one through
    the service; the words are the same, and the service's game was on disk, with the buy, before
    anything was said."""
    shell, direct = Typist(), Typist()
    shell(FIRST)
    said = shell("buy silver").strip()
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "other"))
    direct(FIRST)
    act = direct.act
    seat = act.holder
    answers = len(act.game.answers)
    outcome = GameService(act).buy(seat, [catalogue().find("silver")], "buy silver", "normal")
    assert outcome.changed and outcome.saved and outcome.save_problem is None
    assert outcome.seat == seat and outcome.others == {}
    assert render.fit_first_line(_text(outcome.own.lines)) == said
    assert outcome.own.prompt == act.prompt(seat)
    kept, _ = store.read(store.AUTOSAVE)  # nothing has been said yet: the save already holds the buy
    assert len(kept.answers) > answers and kept.answers == act.game.answers


def test_a_refused_intent_raises_and_changes_nothing() -> None:
    t = Typist()
    t(FIRST)
    act = t.act
    before = t.snapshot()
    silver = catalogue().find("silver")
    with pytest.raises(CommandError, match=r"^'buy silver silver', you have 1 buy, not 2\. Type fewer cards\.$"):
        GameService(act).buy(act.holder, [silver, silver], "buy silver silver", "normal")
    assert t.snapshot() == before
    province = catalogue().find("province")
    with pytest.raises(CommandError, match="^'buy province', "):
        GameService(act).buy(act.holder, [province], "buy province", "normal")
    assert t.snapshot() == before


def test_news_since_is_a_query_and_the_caller_keeps_the_mark() -> None:
    t = Typist()
    t(FIRST)
    t("end")  # the bot plays its turn: news for this seat
    act = t.act
    seat = act.holder
    mark = act.heard[seat]
    act.heard[seat] = act.heard[seat].__class__(0, mark.supply, None)  # as if nothing had been heard
    start = act.heard[seat]
    first = act.news_since(seat, start, "normal")
    again = act.news_since(seat, start, "normal")
    assert first == again and first.lines  # the same answer twice: nothing was changed by asking
    assert act.heard[seat] == start
    assert first.mark.log == len(act.game.log)
    later = act.news_since(seat, first.mark, "normal")
    assert all("bought" not in str(line) for line in later.lines)  # from the new mark, the turn is not told again


def test_other_seats_are_told_when_an_outcome_is_said_whichever_verb_made_it() -> None:
    """A verb that only calls the service and says its Outcome tells the other seats: no verb has to
    remember to. The others' words go into the line's response, and the shell's adapter says them in each
    other seat's session."""
    t = Typist()
    t(FRIENDS)
    act = t.act
    outs = {p: io.StringIO() for p in act.people}
    seated = {p: attach(act, p, install=install, out=outs[p]) for p in act.people}
    mover = act.game.pending.player
    other = next(p for p in act.people if p != mover)
    before = outs[other].tell()
    outcome = GameService(act).end_turn(mover, "end", "normal")
    assert set(outcome.others) == {other}
    told = _text(outcome.others[other].lines)
    assert "Turn 1." in told and outs[other].getvalue()[before:] == ""  # not said until it is said
    seated[mover].begin()
    said = say_outcome(seated[mover], outcome)
    assert said.others[other] == render.fit_first_line(told)
    assert outs[other].getvalue()[before:] == ""  # in the response, not yet delivered
    seated[mover].end()
    say(seated[mover], Response(mover, others=dict(said.others), prompts=dict(said.prompts)))
    assert told in outs[other].getvalue()[before:]
    assert seated[other].said == render.fit_first_line(told)
    assert seated[other].prompt == outcome.others[other].prompt


def test_the_buy_loop_stops_where_the_turn_stops_asking_for_a_buy() -> None:
    """Buying two cards with two buys answers both; with one buy, the error counts them and nothing is
    bought (the first card's buy is taken back too)."""
    t = Typist()
    t(FIRST)
    act = t.act
    d = act.mine(act.holder)
    assert d is not None and d.purpose in (Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.BUY)
    copper = catalogue().find("copper")
    answers = len(act.game.answers)
    with pytest.raises(CommandError, match="you have 1 buy, not 2"):
        GameService(act).buy(act.holder, [copper, copper], "buy copper copper", "normal")
    assert len(act.game.answers) == answers
    outcome = GameService(act).buy(act.holder, [copper], "buy copper", "normal")
    assert outcome.changed and "Copper" in _text(outcome.own.lines)


def test_a_seat_handed_to_a_bot_is_played_saved_and_told_to_the_others() -> None:
    """A host's person goes away on their turn: the bot plays it at once, the game is saved, and the
    other seat hears that turn; given back (None), the seat waits for its person again."""
    from companion.bots import make_bot

    t = Typist()
    t(FRIENDS)
    act = t.act
    for p in act.people:
        attach(act, p, install=install, out=io.StringIO())
    away = act.game.pending.player
    other = next(p for p in act.people if p != away)
    answers = len(act.game.answers)
    outcome = GameService(act).hand_to_bot(away, make_bot("bigmoney", 1))
    assert outcome.changed and outcome.saved and len(act.game.answers) > answers
    assert set(outcome.heard) == {other}  # the away seat hears nothing: nobody is there
    name = act.game.players[away].name
    assert name in _text(outcome.heard[other].lines)
    kept, _ = store.read(store.AUTOSAVE)
    assert kept.answers == act.game.answers
    back = GameService(act).hand_to_bot(away, None)
    assert act.agents[away] is None and back.seat == away
