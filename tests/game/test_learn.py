"""`learn`: the First Game against the easy bot, each new thing explained once, the hint offered each
turn, left and resumed; in-process for a whole game, and through the real shell in tmux."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.game.lessons import HINT_OFFER, LESSONS, OFFER_TURNS
from tests.accessibility import check_error, check_response
from tests.game.helpers import Typist
from tests.terminal import Terminal, needs_posix_terminal


def _said(out: str) -> str:
    return " ".join(out.split())


def _buy(t: Typist) -> str:
    """A plain Big Money turn: play an Action if there is one, then buy by coins."""
    g = t.act.game
    hand = g.players[t.act.holder].hand
    acts = [c for c in hand if g.is_action(c)]
    if acts and g.turn.actions:
        return t(f"play {acts[0].name.lower()}")
    coins = g.turn.coins + sum(g.fx[c.name].coin for c in hand if g.is_treasure(c))
    want = "province" if coins >= 8 else "gold" if coins >= 6 else "smithy" if coins in (4, 5) and \
        sum(1 for c in g.players[t.act.holder].all_cards() if c.name == "Smithy") < 1 else \
        "silver" if coins >= 3 else None
    return t(f"buy {want}") if want else t("end")


# Seeded, so that a failure is the same on every run. In the first two games an Attack is first gained in the
# same response as a +Actions card is played: the attack lesson gave way to the +Actions one and was then
# lost (the log is looked at once), so an unseeded game failed about once in seventy.
@pytest.mark.parametrize("hints, seed", [("off", 21), ("on", 92), ("off", 73), ("on", 73)])
def test_a_whole_first_game_explains_each_new_thing_once(hints: str, seed: int) -> None:
    """With hints on too: the lessons were all dropped then, the turn's hint taking their place."""
    t = Typist()
    t(f"set hints {hints}")
    out = t(f"learn --seed {seed}")
    check_response(out, listing=False)
    assert _said(out).startswith("Your first game, against Easy Bot.")
    heard = [out]
    for _ in range(400):
        if t.act.game.over:
            break
        d = t.act.mine()
        if d is not None and not (d.card is None and d.purpose.name in ("PLAY_ACTION", "PLAY_TREASURES", "BUY")):
            for answer in ("none", "1 2", "1", "yes"):  # a card's question (Militia, Moat, Cellar...)
                out = t(answer)
                if not out.startswith("Error,"):
                    break
                check_error(out)
        else:
            out = _buy(t)
            if out.startswith("Error,"):
                check_error(out)
                out = t("end")
        check_response(out)
        heard.append(out)
    assert t.act.game.over
    said = [_said(h) for h in heard]
    for key in ("buy", "cleanup", "shuffle", "end"):
        assert sum(LESSONS[key] in s for s in said) == 1, f"the {key} lesson was not said exactly once"
    # how a game ends is told while there is time to act on it (and at the end it made the last response too
    # long: seed 73's tie said 55 words)
    assert LESSONS["end"] not in said[-1]
    # the offer in the first turns only, not on most turns of the game; never when the hint is said anyway
    offers = sum(HINT_OFFER in s for s in said)
    assert (1 <= offers <= OFFER_TURNS) if hints == "off" else offers == 0
    if hints == "on":
        assert sum("Hint, " in s for s in said) >= 10  # and the hints are said with the lessons
    told = t.act.lessons.told
    g = t.act.game
    plus_actions = [e for e in g.log if type(e).__name__ == "Played" and any(
        re.search(r"\+\d+ Actions?", line) for line in e.card.text)]
    if plus_actions:  # by anyone: the easy bot's Merchant teaches it when you never buy a Village
        assert sum(LESSONS["actions"] in s for s in said) == 1, "the +Actions lesson was not said once"
    if any(type(e).__name__ == "Gained" and e.card.name in g.attack_names for e in g.log):
        assert "attack" in told  # an Attack gained (the easy bot never plays one) is enough
    if "Easy Bot goes first." in heard[0]:
        assert heard[0].splitlines()[2].startswith("Easy Bot "), heard[0]  # the bot's first turn, said
    assert len(told) == len(set(told))


def test_learn_again_comes_back_to_the_first_game_with_its_lessons(home: Path) -> None:
    t = Typist()
    t("learn")
    t("buy silver")
    turn = t.act.game.players[t.act.holder].turns
    t("new --bots bigmoney --seed 3")
    out = t("learn")
    check_response(out)
    assert _said(out).startswith("Back to your first game.")
    assert t.act.lessons is not None and "buy" in t.act.lessons.told
    assert t.act.game.players[t.act.holder].turns == turn
    out = t("learn")
    assert _said(out).startswith("You are in your first game.")
    check_error(t("learn please"), "learn please")


def test_a_damaged_lessons_record_is_forgotten_not_fatal(home: Path) -> None:
    t = Typist()
    t("learn")
    path = home / "data" / "games" / "learn.json"
    text = path.read_text(encoding="utf-8")
    import json

    data = json.loads(text)
    from companion.game.lessons import Lessons

    assert Lessons.from_state({"told": [1, "buy", "nonsense"], "seen": -4}).state() == \
        {"told": ["buy"], "seen": 0, "offered": 0, "waiting": []}
    assert Lessons.from_state({"told": ["buy"], "waiting": ["attack", "buy", 3, "nonsense"]}).waiting == ["attack"]
    assert Lessons.from_state("junk").told == []
    assert data  # the save holds the game


def _responses(raw: bytes) -> list[tuple[str, str]]:
    """(typed, response) pairs from a dumb terminal's bytes: each prompt line holds what was typed."""
    text = raw.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "")
    parts = re.split(r"^((?:companion|[a-z, 0-9]+)\. )(.*)$", text, flags=re.M)
    pairs = []
    for i in range(1, len(parts) - 2, 3):
        typed, response = parts[i + 1], parts[i + 2].strip("\n") + "\n"
        if typed.strip():
            pairs.append((typed.strip(), response))
    return pairs


def test_learn_through_the_real_shell(home: Path) -> None:
    needs_posix_terminal()
    with Terminal(home, term="dumb") as term:
        term.wait_for("companion. ")
        # Seeded: every first hand of this deal makes at least 3 coins (an unseeded one can hold 2 Coppers).
        for line, wait in (("learn --seed 1", "Lesson,"), ("buy silver", "Turn 2"), ("buy silver", "Turn 3"),
                           ("quit", "Goodbye")):
            term.type(line)
            term.key("Enter")
            term.wait_for(wait, timeout=30)
        term.ended()  # its game and lock let go before the next run opens them
        first = term.raw()
    with Terminal(home, term="dumb") as term:
        term.wait_for("Enter for yes")
        term.type("learn")
        term.key("Enter")
        term.wait_for("Back to your first game", timeout=30)
        term.type("quit")
        term.key("Enter")
        term.wait_for("Goodbye", timeout=30)
        second = term.raw()
    pairs = _responses(first) + _responses(second)
    assert [p[0] for p in pairs][:2] == ["learn --seed 1", "buy silver"]
    for typed, response in pairs:
        if response.startswith("Error,"):
            check_error(response, typed)
        else:
            check_response(response)
    everything = _said(first.decode() + second.decode())
    assert everything.count(LESSONS["buy"]) == 1  # not told again after coming back


@pytest.mark.parametrize("seed", range(8))
def test_learn_says_truly_who_goes_first(seed: int) -> None:
    from companion.engine.events import TurnStarted

    t = Typist()
    out = _said(t(f"learn --seed {seed}"))
    g = t.act.game
    first = next(e.player for e in g.log if isinstance(e, TurnStarted))
    if first == t.act.holder:
        assert "You go first." in out
        assert "Easy Bot played" not in out
    else:
        assert "Easy Bot goes first." in out, out


def test_the_attack_and_plus_actions_lessons_come_without_an_attack_played() -> None:
    """The easy bot never plays an Attack: the lesson comes when one is first gained; +Actions comes when a
    card that gives them is in hand, before it is played."""
    t = Typist()
    t("learn --seed 3")
    said = []
    for _ in range(60):
        if t.act.game.over:
            break
        d = t.act.mine()
        hand = t.act.game.players[t.act.holder].hand
        names = [c.name for c in hand]
        if d is not None and d.purpose.name == "PLAY_ACTION":
            said.append(t("play village" if "Village" in names else "end"))
        elif d is not None and d.card is None:
            coins = sum(c.name == "Copper" for c in hand) + 2 * sum(c.name == "Silver" for c in hand)
            said.append(t("buy militia" if coins >= 4 and "attack" not in t.act.lessons.told
                          else "buy village" if coins >= 3 and "actions" not in t.act.lessons.told
                          else "buy silver" if coins >= 3 else "end"))
        else:
            for answer in ("none", "1 2", "1", "yes"):  # a card's question
                out = t(answer)
                if not out.startswith("Error,"):
                    break
            said.append(out)
        assert not said[-1].startswith("Error,"), said[-1]
        check_response(said[-1])
    told = t.act.lessons.told
    assert "attack" in told and "actions" in told, told
    assert any("Militia is an Attack" in s for s in said)


def _finish(t: Typist) -> None:
    """Play the first game to its end, Big Money, answering a card's question with the first answer taken."""
    for _ in range(400):
        if t.act.game.over:
            return
        d = t.act.mine()
        if d is not None and not (d.card is None and d.purpose.name in ("PLAY_ACTION", "PLAY_TREASURES", "BUY")):
            for answer in ("none", "1 2", "1", "yes"):
                if not t(answer).startswith("Error,"):
                    break
        elif _buy(t).startswith("Error,"):
            t("end")
    assert t.act.game.over


def test_learn_after_the_first_game_is_over_offers_a_new_one_and_never_an_old_turn(home: Path) -> None:
    """The first game's own save was written only with a lesson, last at about turn 14: once the game was
    over, learn resumed that save at turn 14, in this run and in the next."""
    t = Typist()
    t("learn --seed 21")
    _finish(t)
    for typist in (t, Typist()):  # this run, and the next one (the same home)
        out = typist("learn")
        check_response(out)
        assert "Back to your first game" not in out, out
        assert _said(out).startswith("Your first game is over."), out
        assert "learn new" in out
    out = t("learn new")
    assert _said(out).startswith("Your first game, against Easy Bot."), out
    assert not t.act.game.over and t.act.game.players[t.act.holder].turns <= 1
