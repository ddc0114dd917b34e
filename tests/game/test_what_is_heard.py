"""What a player hears is true, complete where it matters, and follows the rulebook's hidden information.

Through the shell's own path (dispatch, as the shell sends each line), with the accessibility checks on
every response; the terminal matters (the 40-cell wrap, short keys typed at a prompt) in a pty.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from companion.cards import catalogue
from companion.cards.names import NameError_
import pytest

from companion.engine import Purpose, YesNo
from companion.engine.view import PlayerView
from companion.game import render
from companion.game.answers import ALL_WORDS, NO_WORDS, NONE_WORDS, YES_WORDS, AnswerError, parse
from companion.game.fitting import Said, TurnLine, fit_first_line, fit_response
from tests.accessibility import check_error, check_response
from tests.game.driver import choose_line
from tests.game.helpers import Typist
from tests.game.shell import Shell

@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


KEYS = {"hd": "Hand, ", "st": "Your turn", "su": "0 coins. ", "sc": "Score. ", "lg": "Last ", "op": ""}
WANTED = ("Throne Room", "Clerk")


def _checked(t: Typist, line: str) -> str:
    out = t(line)
    if out.startswith("Error,"):
        check_error(out, typed=line)
    else:
        check_response(out, t.session.verbosity, listing=line.startswith(("new", "log", "lg", "supply", "su",
                                                                          "owned")))
    return out


def _scripted(t: Typist) -> str:
    """Buy Throne Room and Clerk when they fit, else what the scripted person types."""
    act = t.act
    d = act.mine()
    g = act.game
    if d is not None and render.is_turn_decision(d) and d.purpose is not Purpose.PLAY_ACTION:
        coins = g.turn.coins + sum(g.fx[c.name].coin for c in g.players[act.holder].hand
                                   if g.is_treasure(c) and g.fx[c.name].play is None)
        owned = g.players[act.holder].counts()
        for name in WANTED:
            card = next((c for c in g.supply if c.name == name), None)
            if card is not None and coins >= 4 and owned[card] < 2 and g.supply[card]:
                return f"buy {name.lower()}"
    return choose_line(act)


def test_the_turn_and_hand_come_before_its_first_question_and_play_tr_is_throne_room() -> None:
    t = Typist()
    _checked(t, 'new --bots bigmoney --kingdom "clerk, throne room, village, smithy, cellar, moat, militia, '
                'market, mine, remodel" --seed 4')
    asked_first = played_tr = 0
    last = ""
    for _ in range(500):
        act = t.act
        if act.over or (asked_first and played_tr):
            break
        d = act.mine()
        hand = act.game.players[act.holder].hand
        if d is not None and d.purpose is Purpose.START_OF_TURN:
            lines = last.splitlines()
            turn = [i for i, line in enumerate(lines) if line.startswith("Turn ")]
            asks = [i for i, line in enumerate(lines) if line.startswith("Start of turn,")]
            assert turn and asks and turn[-1] < asks[-1], last  # the turn and hand first, then the question
            asked_first += 1
        if d is not None and d.purpose is Purpose.PLAY_ACTION and any(c.name == "Throne Room" for c in hand):
            last = _checked(t, "play tr")
            assert last.startswith("Played Throne Room"), last
            played_tr += 1
            continue
        last = _checked(t, _scripted(t))
    assert asked_first and played_tr


def test_owned_says_every_card_and_where_the_rules_let_you_know() -> None:
    t = Typist()
    _checked(t, 'new --bots bigmoney --kingdom "First Game" --seed 3')
    _checked(t, "buy silver")
    out = _checked(t, "owned")
    ps = t.act.game.players[t.act.holder]
    flat = " ".join(out.split())
    assert flat.startswith(f"You own {len(ps.all_cards())} cards. ")
    assert "7 Coppers, 3 Estates and Silver" in flat
    assert "In hand, " in flat and f"{len(ps.deck)} card" in flat
    assert not re.search(r"\d+ cards? in your discard", flat)  # a discard pile is not counted


def test_a_discard_pile_is_never_counted_and_no_one_counts_another_deck() -> None:
    t = Typist("full")
    _checked(t, 'new --bots bigmoney --kingdom "First Game" --seed 3')
    _checked(t, "buy silver")
    out = _checked(t, "discard")
    assert out.startswith("Your discard pile has ") and not re.search(r"\d", out)
    assert not re.search(r"discard \d", t("repeat"))
    for line in t.out.getvalue().splitlines():
        assert not re.search(r"[Dd]iscard(?: pile)?:? \d", line), line
    assert list(inspect.signature(PlayerView.deck_size).parameters) == ["self"]  # only your own deck


def test_short_review_keys_work_and_never_answer_a_question() -> None:
    cat = catalogue()
    for key in [*KEYS, "rp"]:
        try:
            cat.find(key)
            raise AssertionError(f"{key} names a card")
        except NameError_:
            pass
        assert key not in YES_WORDS | NO_WORDS | NONE_WORDS | ALL_WORDS
    t = Typist()
    _checked(t, 'new --bots bigmoney --kingdom "First Game" --seed 3')
    for key, start in KEYS.items():
        out = _checked(t, key)
        assert out.startswith(start) and not out.startswith("Error")
    assert _checked(t, "rp") == t("repeat")
    # while a card asks a question, a key says its view and the question still waits
    for _ in range(400):
        d = t.act.mine()
        if d is not None and not render.is_turn_decision(d) and t.act.game.players[t.act.holder].hand:
            break
        if t.act.over:
            break
        t(_scripted(t) if d is not None else "")
    d = t.act.mine()
    if d is not None and not render.is_turn_decision(d):
        assert _checked(t, "hd").startswith("Hand, ")
        assert t.act.mine() is d


def test_what_is_cut_to_fit_is_counted_and_victory_buys_are_kept_longest() -> None:
    cat = catalogue()
    silver, province = cat.find("silver"), cat.find("province")
    turns: list[str] = []
    for i in range(1, 6):
        card = province if i == 2 else silver
        turns.append(TurnLine(f"Bot {i} played Smithy, drew 3 cards, played 4 Coppers and Silver, bought {card.name}.",
                              f"Bot {i} bought {card.name}.", f"Bot {i}", card.name, (card,)))
    pile = Said("The Curse pile is empty, 2 more empty piles end the game.", "The Curse pile is empty, 2 more "
                "empty piles end the game.")
    question = "Your turn 9. 3 Coppers, 2 Silvers, Gold and Smithy, with more words here and there."
    said = fit_response([pile, *turns, question], "brief")
    text = "\n".join(said)
    assert "Curse pile" in text and "Your turn 9" in text  # piles and your turn are never cut
    assert "Province" in text or re.search(r"Log, \d turns|other turns, type log", text)
    said = fit_response([pile, *turns, question], "normal")
    text = "\n".join(said)
    assert "Province" in text  # another player's Province is the last buy cut
    names = [f"Bot {i}" for i in range(1, 6)]
    assert all(n in text for n in names) or text.count("Others bought") or re.search(r"\d+ (more|other) turns?", text)
    # with many long turns and a long question, the count of what was cut is still said
    crowd = [TurnLine(f"Bot {i} played Smithy, drew 3 cards, bought Silver and gained a Curse, then more.",
                      f"Bot {i} played Witch, gained Duchy, bought Silver.", f"Bot {i}", "", ())
             for i in range(1, 7)]
    text = "\n".join(fit_response([pile, *crowd, question, question], "normal"))
    assert re.search(r"6 other turns, type log", text) or all(f"Bot {i}" in text for i in range(1, 7)), text


def test_small_things_heard_right() -> None:
    cat = catalogue()
    moat, witch = cat.find("moat"), cat.find("witch")
    assert render.question(None, YesNo(0, Purpose.REACT, moat, witch), "normal") == \
        "Reveal Moat against Witch? Yes or no."
    said = "You played 2 Coppers, 2 Golds and Silver, bought Province."
    assert fit_first_line(said) == said  # one sentence, never broken inside: a line is heard as one utterance
    assert fit_first_line(f"{said} Strong Bot bought Gold.") == f"{said}\nStrong Bot bought Gold."
    assert fit_first_line("Score. You 3 VP. Strong Bot 3 VP and Colony 9.") == \
        "Score. You 3 VP.\nStrong Bot 3 VP and Colony 9."  # the last sentence end within 40 cells
    t = Typist()
    _checked(t, 'new --bots bigmoney --kingdom "First Game" --seed 3')
    g = t.act.game
    me = t.act.holder
    hand = list(g.players[me].hand)
    g.players[me].hand.clear()
    assert render.turn_start(g, me, "normal", 1).endswith("Your hand is empty.")
    g.players[me].hand.extend(hand)
    out = _checked(t, "load nosuchgame")
    assert out.count("Type games") == 1
    from companion.engine import ChooseCards

    cellar = ChooseCards(me, Purpose.DISCARD, cat.find("cellar"), tuple(hand), 0, 2)
    try:
        parse(cellar, "1 1 1 1 1 1 1 1 1")
        raise AssertionError("too many cards were accepted")
    except AnswerError as e:
        check_error(f"Error, {e}\n", typed="1 1 1 1 1 1 1 1 1")


def test_keys_owned_and_counts_in_a_terminal(tmp_path: Path) -> None:
    shell = Shell(tmp_path / "home")
    said = [shell.send('new --bots bigmoney --kingdom "First Game" --seed 3')]
    for line in ("hd", "st", "sc", "owned", "discard", "rp"):
        out = shell.send(line)
        check_response(out, "normal", listing=line == "owned")
        said.append(out)
    shell.close()
    assert said[1].startswith("Hand, 5 cards") and said[2].startswith("Your turn 1")
    assert said[3].startswith("Score. ") and said[4].startswith("You own 10 cards")
    assert said[6] == said[5]
