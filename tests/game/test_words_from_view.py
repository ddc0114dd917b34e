"""A seat's words come from that seat's view alone: in random games, at random points, everything the word
layer says to seat A is the same whatever the other seats' hidden cards are. The other seats' hands,
decks and discard piles (all but the top card) are dealt again from the same cards, keeping every
pile's size, and every event A may not see in full gets other cards (and a shuffle another count).
Anything A hears that changed would be a word built from another seat's hidden cards."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import RandomBot
from companion.cards import Card
from companion.engine import Game, GameSetup, replay
from companion.engine.events import Event, Shuffled
from companion.engine.view import PUBLIC, PlayerView
from companion.game import lines, questions, sentences
from companion.game.cues import game_cues
from companion.game.money import money, short_of
from companion.kingdom import random_kingdom

VERBOSITIES = ("brief", "normal", "full")


def _played(seed: int, players: int, steps: int, stand_ins: bool) -> Game:
    """A game of random answers, ``steps`` answers in (or over), people at every seat but the last;
    with ``stand_ins`` some people's answers are a bot's (a bot standing in at their seat)."""
    rng = random.Random(seed)
    kingdom = random_kingdom(rng, ("base2e", "prosperity2e"))
    seats: list[str | None] = [None] * (players - 1) + ["random"]
    g = Game(GameSetup.of(kingdom, seats, seed=seed, turn_limit=12))
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    for _ in range(steps):
        d = g.pending
        if d is None:
            break
        person = g.setup.seats[d.player].is_person and not (stand_ins and rng.random() < 0.3)
        g.answer(bots[d.player].decide(g.view(d.player), d), person=person)
    return g


def _others_dealt_again(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game (replayed from its answers) with every other seat's hidden cards dealt again and
    every event ``seat`` cannot see in full given other hidden content."""
    again = replay(g.setup, g.answers)
    for p, ps in enumerate(again.players):
        if p == seat:
            continue
        hidden_discard = ps.discard[:-1]
        pool = list(ps.hand) + list(ps.deck) + hidden_discard
        rng.shuffle(pool)
        sizes = (len(ps.hand), len(ps.deck))
        ps.hand[:] = pool[:sizes[0]]
        ps.deck[:] = pool[sizes[0]:sizes[0] + sizes[1]]
        ps.discard[:-1] = pool[sizes[0] + sizes[1]:]
    cards = sorted({c for ps in again.players for c in ps.all_cards()}, key=lambda c: c.name)
    for i, e in enumerate(again.log):
        if e.seen_by(seat) != e:
            again.log[i] = _other_hidden(e, cards, rng)
    return again


def _other_hidden(e: Event, cards: list[Card], rng: random.Random) -> Event:
    changes: dict[str, Any] = {}
    hidden = getattr(e, "cards", None)
    if hidden is not None:
        changes["cards"] = tuple(rng.choice(cards) for _ in hidden)
    if isinstance(e, Shuffled) and e.count is not None:
        changes["count"] = e.count + rng.randint(1, 9)
    return replace(e, **changes)  # type: ignore[type-var]


def _words(view: PlayerView) -> list[object]:
    """Everything the word layer says to the seat of ``view`` now."""
    said: list[object] = [lines.status_line(view), lines.status_line(view, named=True), lines.hand_line(view),
                          lines.score_line(view), lines.supply_lines(view), lines.supply_lines(view, True),
                          sentences.pile_news(view, {}), sentences.pile_news(view, {}, True)]
    d = view.pending
    said.append(questions.prompt_for(view, d))
    if view.player >= 0:
        said += [lines.deck_line(view), lines.owned_lines(view), lines.discard_line(view)]
    m = money(view)
    said.append(m)
    said.extend(short_of(view, c, m, auto) for c in view.supply for auto in (True, False))
    starts = view.turn_starts()
    for verbosity in VERBOSITIES:
        said.append(lines.log_lines(view, verbosity))
        said.append(lines.log_tail(view, verbosity, 2))
        for since in [0, *starts[-2:]]:
            start = view.turn_at(since)
            said.append(sentences.render_events(view, view.log(since), verbosity,
                                                None if start is None else start.player,
                                                None if start is None else start.turn, view.done_by_bot(since)))
        if view.player >= 0:
            said.append(lines.turn_start(view, verbosity, 1))
            said.append(lines.turn_start(view, verbosity, 2))
        if d is not None:
            said.append(lines.options_line(view, verbosity))
            said.append(questions.question(view, d, verbosity))
        if view.over:
            said.append(lines.end_message(view, verbosity))
    said.append(game_cues(view, view.log(0), []))
    return said


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 400),
       stand_ins=st.booleans(), seat=st.integers(-1, 3), shuffle=st.integers(0, 1000))
def test_a_seats_words_do_not_change_with_other_seats_hidden_cards(seed: int, players: int, steps: int,
                                                                     stand_ins: bool, seat: int,
                                                                     shuffle: int) -> None:
    seat = PUBLIC if seat < 0 else seat % players
    g = _played(seed, players, steps, stand_ins)
    other = _others_dealt_again(g, seat, random.Random(shuffle))
    assert _words(other.view(seat)) == _words(g.view(seat))


def test_dealing_again_changes_what_other_seats_may_know() -> None:
    """The check above can fail: the words for another seat, built from the cards dealt again, differ."""
    g = _played(11, 3, 60, stand_ins=False)
    other = _others_dealt_again(g, 0, random.Random(1))
    assert [lines.hand_line(other.view(p)) for p in (1, 2)] != [lines.hand_line(g.view(p)) for p in (1, 2)]
    full = [lines.log_lines(g.view(p), "full") for p in (1, 2)]
    assert [lines.log_lines(other.view(p), "full") for p in (1, 2)] != full
