"""A scripted person for game tests and benchmarks: picks what to type from what the game asks.

It types like a person would (play, buy, end, numbers for questions), only from the activity's
pending decision and its own hand, so a whole game can be played through the real shell.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from companion.game.activity import game_of
from companion.dispatch import run_line
from companion.engine import ChooseCards, ChooseOne, NameCard, OrderCards, Purpose, YesNo
from companion.game import render
from companion.game.activity import GameActivity
from companion.session import Session
from companion.settings import Settings

KINGDOM = "cellar, chapel, moat, militia, throne room, remodel, smithy, library, sentry, witch"
NEW = f'new --bots general --kingdom "{KINGDOM}" --seed 11'
WANT_ONCE = ("Smithy", "Militia")


def choose_line(act: GameActivity, seat: int | None = None) -> str:
    """What the scripted person types next (at ``seat``; by default the person holding the keyboard)."""
    g = act.game
    me = act.holder if seat is None else seat
    d = act.mine(me)
    if d is None:
        return ""
    if render.is_turn_decision(d):
        t = g.turn
        hand = g.players[me].hand
        if d.purpose is Purpose.PLAY_ACTION:
            best = max(d.options, key=lambda c: (c.cost, c.name))  # type: ignore[attr-defined]
            return f"play {best.name.lower()}"
        coins = t.coins
        if d.purpose is Purpose.PLAY_TREASURES:
            coins += sum(g.fx[c.name].coin for c in hand if g.is_treasure(c) and g.fx[c.name].play is None)
            if len(g.players[me].discard) % 2:
                return "play treasures"
        owned = g.players[me].counts()
        names = {c.name: c for c in g.supply}
        for name, price in (("Province", 8), ("Gold", 6)):
            if coins >= price and g.supply[names[name]]:
                return f"buy {name.lower()}"
        for name in WANT_ONCE:
            card = names.get(name)
            if card is None:
                continue
            if coins >= card.cost and not owned[card] and g.supply[card]:
                return f"buy {name.lower()}"
        if coins >= 3:
            return "buy silver"
        return "end"
    if isinstance(d, ChooseCards):
        if d.min == 0:
            return "none"
        distinct = render.distinct(d.options)
        picks: list[str] = []
        for i, c in enumerate(distinct, 1):
            picks += [str(i)] * d.options.count(c)
        return " ".join(picks[: d.min])
    if isinstance(d, YesNo):
        return "yes"
    if isinstance(d, ChooseOne):
        return "1"
    if isinstance(d, OrderCards):
        return "keep"
    if isinstance(d, NameCard):
        return "copper"
    return "none"


@dataclass
class Played:
    typed: list[str] = field(default_factory=list)
    responses: list[str] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    session: Session | None = None


def play_in_process(verbosity: str = "normal", new: str = NEW, limit: int = 400,
                    extra: list[str] | None = None) -> Played:
    """Play a whole game through dispatch (as the shell does), recording lines, responses and prompts."""
    out = io.StringIO()
    settings = Settings({"verbosity": verbosity})
    session = Session(out=out, settings=settings)
    rec = Played(session=session)

    def send(line: str) -> None:
        at = out.tell()
        run_line(session, line)
        rec.typed.append(line)
        rec.responses.append(out.getvalue()[at:])
        rec.prompts.append(session.prompt)

    send(new)
    for line in extra or []:
        send(line)
    for _ in range(limit):
        act = game_of(session)
        assert act is not None
        if act.over:
            break
        send(choose_line(act))
    return rec
