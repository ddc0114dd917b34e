"""Positions as text: written, read back and played on, over thousands of positions from random play
and from hypothesis; a game started from a position is played, undone, saved and loaded like any other."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import RandomBot
from companion.cards import Card
from companion.engine import Game, GameSetup, IllegalAnswer, Purpose, Seat, dumps, loads, undo
from companion.engine.position import (
    PHASES, PlayerPosition, Position, PositionError, parse_position, position_of, where_now,
)
from companion.engine.record import SaveError
from companion.kingdom import Kingdom, ordered, random_kingdom
from tests.engine.scene import CAT, Scene, card

GAMES = 48  # random-bot games; every turn-level point of each is a position (about 5,000 in all)


def _state(g: Game) -> tuple:
    return (tuple((tuple(p.deck), tuple(p.hand), tuple(p.discard), tuple(p.play), tuple(p.aside), p.vp_tokens,
                   p.turns) for p in g.players),
            tuple(g.supply.items()), tuple(g.trash), g.current, g.result)


def _random_game(seed: int) -> tuple[Game, list[tuple[int, str]]]:
    """A random-bot game over a random kingdom; the position text at each point a position exists."""
    rng = random.Random(seed)
    n = 2 + seed % 5
    kingdom = random_kingdom(rng, ("base2e", "prosperity2e"), platinum_colony=bool(seed % 2))
    g = Game(GameSetup.of(kingdom, n, seed=seed, turn_limit=12))
    bots = [RandomBot(seed * 10 + i) for i in range(n)]
    points: list[tuple[int, str]] = []
    while g.pending is not None:
        if where_now(g) is not None:
            points.append((len(g.answers), position_of(g).text()))
        d = g.pending
        g.answer(bots[d.player].decide(g.view(d.player), d), person=False)
    return g, points


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(4))
def test_positions_from_random_play_round_trip_and_play_on_exactly(batch: int) -> None:
    total = 0
    for seed in range(batch * GAMES // 4, (batch + 1) * GAMES // 4):
        g, points = _random_game(seed)
        total += len(points)
        assert points, f"game {seed} had no position"
        for i, (at, text) in enumerate(points):
            position = parse_position(text)
            assert position.text() == text, f"game {seed}, answer {at}"
            h = Game(GameSetup.from_position(position, g.setup.seats, g.setup.turn_limit), log=False)
            assert position_of(h) == position, f"game {seed}, answer {at}"
            if i % 25 == 0 or i == len(points) - 1:
                # Played on with the same answers, the game from the position ends exactly as the game did:
                # the same shuffles, the same piles, the same scores.
                for a in g.answers[at:]:
                    h.answer(a.value, person=False)
                assert h.over and _state(h) == _state(g), f"game {seed}, from answer {at}"
    assert total > 800


def test_a_game_from_a_position_is_undone_saved_and_loaded_like_any_other() -> None:
    g, points = _random_game(7)
    at, text = points[len(points) // 2]
    setup = GameSetup.from_position(parse_position(text), (Seat("Ana"), Seat("Bo", bot="random")) + tuple(
        Seat(f"P{i}", bot="random") for i in range(3, g.n + 1)), g.setup.turn_limit)
    h = Game(setup)
    played = 0
    while h.pending is not None and played < 6:
        h.answer(RandomBot(played).decide(h.view(h.pending.player), h.pending), person=True)
        played += 1
    saved = dumps(h)
    assert '"version": 3' in saved and "Dominion position 1" in saved
    back = loads(saved)
    assert _state(back) == _state(h) and back.setup.start == setup.start
    before = undo(h)
    assert len(before.answers) == len(h.answers) - 1
    assert position_of(Game(setup)) == setup.start  # undoing everything is the position itself
    with pytest.raises(IllegalAnswer):
        undo(Game(setup))
    damaged = saved.replace("Dominion position 1", "Dominion position 9")
    with pytest.raises(SaveError):
        loads(damaged)


def test_a_game_without_a_starting_position_is_still_saved_as_version_2() -> None:
    g = Game(GameSetup.of(random_kingdom(random.Random(1)), 2, seed=1))
    assert '"version": 2' in dumps(g) and '"start"' not in dumps(g)


def test_a_position_is_written_between_plays_only() -> None:
    s = Scene(["Chapel"]).set(0, hand="Chapel, Copper, Estate").start(0).play("Chapel")
    assert s.pending.purpose is Purpose.TRASH and where_now(s.game) is None
    with pytest.raises(PositionError, match="between plays"):
        position_of(s.game)


def test_a_written_position_reads_as_documented() -> None:
    s = Scene(["Merchant", "Hoard", "Quarry", "War Chest"]).set(
        0, hand="Merchant, Hoard, Quarry, Silver", deck="Gold, Copper, Estate").start(0).play("Merchant")
    s.treasures("Hoard, Quarry")
    text = position_of(s.game).text()
    assert "phase: treasures" in text and "gain effects: Hoard" in text and "discount: 2" in text
    assert "merchants waiting: 1" in text and "player 1 play: Merchant, Hoard, Quarry" in text
    assert "player 1 deck: Copper, Estate" in text  # top card first
    h = Game(GameSetup.from_position(parse_position(text)))
    h.answer((card("Silver"),))  # the waiting Merchant pays its +1 coin in the new game too
    assert h.turn.coins == s.coins + 3


PUZZLE = """Dominion position 1
# Ana to play: can she take the last Province?
kingdom: Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop
supply: 40 Copper, 30 Silver, 20 Gold, 8 Estate, 4 Duchy, 1 Province, 10 Curse, 10 Cellar, 10 Market,
  10 Merchant, 10 Militia, 10 Mine, 10 Moat, 10 Remodel, 10 Smithy, 10 Village, 10 Workshop
players: 2
turn: player 1
phase: action
player 1 hand: Smithy, Merchant, Silver, Copper, Estate
player 1 deck: Gold, Copper, Silver, Estate
"""


def test_a_hand_written_puzzle_needs_only_what_differs_from_the_defaults() -> None:
    p = parse_position(PUZZLE)  # comments and indented lines that go on with the line before
    assert p == parse_position(PUZZLE)
    with pytest.raises(PositionError):  # not indented: "10 Merchant, ..." is not "name: value"
        parse_position(PUZZLE.replace(",\n  10 Merchant", ",\n10 Merchant"))
    assert (p.actions, p.buys, p.coins, p.current, p.phase) == (1, 1, 0, 0, "action")
    assert [pl.turns for pl in p.players] == [1, 0]  # the turn under way counts ("Your turn 0" was said)
    g = Game(GameSetup.from_position(p))
    g.answer((card("Merchant"),))
    g.answer((card("Smithy"),))
    g.answer(tuple(c for c in g.players[0].hand if c.is_treasure))
    assert g.turn.coins == 1 + 2 + 1 + 3 + 2 + 1  # Merchant's +1 on the first Silver
    g.answer((card("Province"),))
    assert g.over  # the last Province ends the game


BAD = [
    ("", "empty"), ("hello", "starts with"), ("Dominion position 2", "version 2"),
    (PUZZLE.replace("phase: action", "phase: lunch"), "phase"),
    (PUZZLE.replace("Smithy, Merchant", "Smithy, Chapel"), "Chapel"),
    (PUZZLE.replace("turn: player 1", "turn: player 3"), "turn"),
    (PUZZLE.replace("players: 2", "players: 2\nplayers: 2"), "twice"),
    (PUZZLE.replace("1 Province", "1 Platinum"), "Supply"),
    (PUZZLE.replace("players: 2", "players: 7"), "2 to 6"),
    (PUZZLE.replace("phase: action", "phase: action\nfavourite: Gold"), "unknown"),
    (PUZZLE.replace("phase: action",
                                                                 "phase: action\nrandom: seed x"), "random"),
    (PUZZLE.replace("Gold, Copper", "99999 Gold, Copper"), "many"),
    (PUZZLE.replace("turn: player 1", "turn: player 1\nplayer 1 turns: 0"), "at least 1"),
]


@pytest.mark.parametrize("text,why", BAD)
def test_a_damaged_position_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(PositionError) as e:
        parse_position(text)
    assert why.lower() in str(e.value).lower()


# ---- hypothesis: positions of every shape -----------------------------------------------------------
KINGDOM_CARDS = sorted(CAT.kingdom, key=lambda c: c.name)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    cards = draw(st.lists(st.sampled_from(KINGDOM_CARDS), min_size=10, max_size=10, unique=True))
    kingdom = Kingdom(ordered(cards), draw(st.booleans()))
    in_game = list(kingdom.supply_cards)
    zone = st.lists(st.sampled_from(in_game), max_size=12).map(tuple)
    n = draw(st.integers(2, 6))
    players = tuple(PlayerPosition(draw(zone), draw(zone), draw(zone), draw(zone), draw(st.lists(
        st.sampled_from(in_game), max_size=2).map(tuple)), draw(st.integers(0, 40)), draw(st.integers(0, 30)))
        for _ in range(n))
    small = st.integers(0, 12)
    merchants = draw(st.integers(0, 3))
    current = draw(st.integers(0, n - 1))
    players = tuple(replace(pl, turns=max(pl.turns, 1)) if i == current else pl for i, pl in enumerate(players))
    return Position(
        kingdom=kingdom, supply=tuple((c, draw(st.integers(0, 60))) for c in kingdom.supply_cards),
        players=players, current=current, phase=draw(st.sampled_from(PHASES)),
        actions=draw(small), buys=draw(small), coins=draw(st.integers(0, 30)), trash=draw(zone),
        discount=draw(st.sampled_from((0, 2, 4))),
        gain_effects=tuple(draw(st.lists(st.sampled_from(("Hoard", "Collection", "Tiara")), max_size=3))),
        merchants=merchants, silver_played=draw(st.booleans()) if not merchants else False,
        named=draw(st.lists(st.sampled_from(in_game), max_size=2).map(tuple)), bought=draw(st.booleans()),
        seed=draw(st.integers(0, 2**40)), after_setup=draw(st.booleans()), draws=draw(st.integers(0, 500)))


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_any_position_round_trips_through_text(p: Position) -> None:
    text = p.text()
    assert parse_position(text) == p
    assert parse_position(text.replace("\n", "\r\n")) == p  # a file from another platform reads the same


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 1000))
def test_any_position_can_be_played_on_with_every_card_counted(p: Position, seed: int) -> None:
    g = Game(GameSetup.from_position(p, turn_limit=max(pl.turns for pl in p.players) + 2), check_bots=True)
    if g.pending is not None and where_now(g) is not None:
        later = position_of(g)
        assert parse_position(later.text()) == later
    before = g.all_cards()
    bots = [RandomBot(seed + i) for i in range(g.n)]
    for _ in range(60):
        if g.pending is None:
            break
        d = g.pending
        g.answer(bots[d.player].decide(g.view(d.player), d), person=False)
    assert g.all_cards() == before  # nothing was made or lost on the way


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_with_a_sentence(text: str) -> None:
    for candidate in (text, "Dominion position 1\n" + text):
        try:
            parse_position(candidate)
        except PositionError as e:
            assert str(e).endswith((".", "'")) and len(str(e).split()) < 40


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_a_position_with_one_line_changed_is_read_or_refused_with_a_sentence(p: Position, data: st.DataObject) -> None:
    lines = p.text().splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    lines[i] = data.draw(st.sampled_from([
        "", lines[i] + ", Gold", lines[i] + "x", lines[i].split(":")[0] + ": -1", lines[i].upper(),
        lines[i].replace(",", ""), lines[i] + ": 3", "player 9 hand: Gold"]))
    try:
        q = parse_position("\n".join(lines))
    except PositionError:
        return
    Game(GameSetup.from_position(q))  # whatever is read can be played from


def test_a_scene_is_a_position_and_keeps_its_random_numbers() -> None:
    s = Scene().set(0, hand="Smithy", deck="Copper", discard="Gold, Silver, Estate, Duchy").start(0)
    t = Scene().set(0, hand="Smithy", deck="Copper", discard="Gold, Silver, Estate, Duchy").start(0)
    s.play("Smithy")
    t.play("Smithy")
    assert s.hand(0) == t.hand(0) and len(s.hand(0)) == 3  # the reshuffle is the same from the same seed
    assert s.game.setup.start is not None and s.game.setup.start.phase == "start"


def test_seats_must_fit_the_position() -> None:
    g, points = _random_game(3)
    p = parse_position(points[0][1])
    with pytest.raises(PositionError):
        GameSetup.from_position(p, (Seat("A"),) * (len(p.players) + 1))
    other: Card = next(c for c in CAT.kingdom if c not in p.kingdom.cards)
    with pytest.raises(PositionError):
        GameSetup(Kingdom(ordered((other,) + p.kingdom.cards[1:])), g.setup.seats, 0, start=p)
    assert replace(p, coins=5).coins == 5
