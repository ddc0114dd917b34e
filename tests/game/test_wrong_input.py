"""Every kind of prompt given wrong input answers with a clear error and changes nothing."""

from __future__ import annotations


import pytest

from companion.engine import Purpose
from companion.game import render
from companion.game.words import count
from tests.accessibility import check_error
from tests.game.driver import NEW, choose_line
from tests.game.helpers import Typist

LONG = "x" * 10_240


def _refused(t: Typist, line: str, typed: str | None) -> None:
    before = t.snapshot()
    out = t(line)
    assert out.startswith("Error,"), (line[:40], out)
    check_error(out, typed=typed)
    assert t.snapshot() == before, f"{line[:40]!r} changed the game"


def _reach(t: Typist, want: str) -> None:
    """Play on with the scripted person until the prompt kind ``want`` comes up."""
    for _ in range(300):
        d = t.act.mine()
        kind = "question" if d is not None and not render.is_turn_decision(d) else (
            d.purpose.name if d is not None else "none")
        if kind == want:
            return
        line = choose_line(t.act)
        if want == "question" and d is not None and line.startswith(("buy", "end")) and \
                not any(c.name == "Cellar" for c in t.act.game.players[t.act.holder].all_cards()):
            line = "buy cellar"  # Cellar asks a question when played
        if want == "question" and d is not None and d.purpose is Purpose.PLAY_ACTION and \
                any(c.name == "Cellar" for c in d.options):  # type: ignore[attr-defined]
            line = "play cellar"
        t(line)
    pytest.fail(f"never reached {want}")


@pytest.mark.parametrize("kind", ["PLAY_ACTION", "PLAY_TREASURES", "BUY", "question"])
def test_wrong_input_at_every_prompt(kind: str) -> None:
    t = Typist()
    t(NEW)
    _reach(t, kind)
    # a bare Enter is no mistake: nothing changes, no error (at a card's question, the question again)
    before = t.snapshot()
    assert not t("").startswith("Error") and t.snapshot() == before
    # unknown card, illegal card, 10 kB line
    _refused(t, LONG, None)
    if kind == "question":
        d = t.act.mine()
        _refused(t, "zzzzq", "zzzzq")
        _refused(t, "province", "province")
        n = len(render.distinct(d.options)) if hasattr(d, "options") else 2  # type: ignore[union-attr]
        _refused(t, " ".join(["1"] * 9), None)
        _refused(t, str(n + 5), str(n + 5))
        return
    _refused(t, "play zzzzq", "zzzzq")
    _refused(t, "buy zzzzq", "zzzzq")
    _refused(t, "play province", "play province")
    _refused(t, "buy platinum", "buy platinum")  # not in this game
    _refused(t, "buy province province province", "buy province province province")
    _refused(t, "gold", "gold")  # a card alone is not a command
    if kind != "BUY":
        _refused(t, "play witch", "play witch")  # not in hand
    _refused(t, "end now", "end now")
    _refused(t, "trash copper", "trash copper")  # no card asks: not heard as the trash's contents
    _refused(t, "discard estate", "discard estate")


def test_wrong_answers_to_the_new_questions() -> None:
    t = Typist()
    assert t("new").startswith("New game. How many players, 2 to 6?\nEnter for 2.")
    out = t("9")
    check_error(out, typed="9")
    out = t(LONG)
    assert out.startswith("Error,")
    assert t("").startswith("People at this keyboard")  # Enter takes the default
    out = t("5")
    check_error(out, typed="5")
    assert out.startswith("Error, '5' is not 1 or 2 people. Type 1 or 2.")  # two players: 1 or 2 of them here
    assert t("1").startswith("Which kingdom")
    check_error(t("zzzzq"), typed="zzzzq")
    out = t("")
    assert out.startswith("New game against Strong Bot.")
    assert t.act.setup.kingdom.name == "First Game"


def test_new_options_refused_clearly() -> None:
    t = Typist()
    for line, typed in (("new --players 9", "9"), ("new --bots robot", "robot"), ("new --kingdom zzzzq", "zzzzq"),
                        ("new --colony maybe", "maybe")):
        out = t(line)
        check_error(out, typed=typed)
    assert "game" not in t.session.state


def test_buying_more_cards_than_buys_says_how_many_buys_and_buys_nothing() -> None:
    t = Typist()
    t(NEW)
    _reach(t, "PLAY_TREASURES")
    buys = t.act.game.turn.buys
    cheap = "copper " * (buys + 1)
    _refused(t, f"buy {cheap.strip()}", f"buy {cheap.strip()}")
    assert f"you have {count(buys, 'buy')}, not {buys + 1}" in t(f"buy {cheap.strip()}")


@pytest.mark.parametrize("line", ["play treasures", "buy copper"])
def test_leaving_actions_unplayed_is_said_after_what_was_done(line: str) -> None:
    t = Typist()
    t(NEW)
    _reach(t, "PLAY_ACTION")
    d = t.act.mine()
    names = sorted({c.name for c in d.options})  # type: ignore[union-attr]
    out = t(line).split("\n")
    # the turn's first line: what was played, or, for a buy that ends the turn, what was bought (the
    # Treasures of a turn that ends go unsaid at normal verbosity, as another player's do)
    assert out[0].startswith("Bought" if line.startswith("buy") else "Played"), out
    assert any(line.endswith(" not played.") for line in out[1:3])
    assert all(name in "\n".join(out[1:3]) for name in names)
    assert "not played" not in t("undo")
    assert t.act.mine() is not None and t.act.mine().purpose is Purpose.PLAY_ACTION  # type: ignore[union-attr]
    assert "not played" not in t(f"play {names[0].lower()}")


def test_a_second_card_too_dear_is_said_after_the_first() -> None:
    t = Typist()
    t(NEW)
    _reach(t, "PLAY_TREASURES")
    t.act.game.turn.buys = 2  # as if a Market had been played
    _refused(t, "buy copper province", "buy copper province")
    t.act.game.turn.buys = 2  # (the refusal rebuilt the game from its record)
    assert "after Copper, Province costs 8 coins" in t("buy copper province")


def test_play_alone_suggests_a_card_in_hand() -> None:
    t = Typist()
    t(NEW)
    _reach(t, "PLAY_ACTION")
    first = t.act.mine().options[0].name.lower()  # type: ignore[union-attr]
    _refused(t, "play", None)
    assert t("play") == f"Error, play needs a card. Type play {first}, or play treasures.\n"
    _reach(t, "PLAY_TREASURES")
    assert t("play") == "Error, play needs a card. Type play treasures.\n"


@pytest.mark.parametrize("line", ["hand Ana", "hd bot", "deck theirs", "owned all", "score me", "kingdom cards"])
def test_a_command_that_takes_nothing_refuses_words_after_it(line: str) -> None:
    """"hand Ana" said your own hand as if it were Ana's: the words after it are refused, and nothing changes."""
    t = Typist()
    t(NEW)
    _refused(t, line, line)
    verb = {"hd": "hand", "st": "status"}.get(line.split()[0], line.split()[0])
    assert f"{verb} takes nothing after it" in t(line) and f"Type {verb} alone." in t(line)
