"""``log`` puts into words only the lines it says: ``render.log_tail`` gives exactly the last lines of the
whole log (``render.log_lines``) and their count, for every seat, verbosity and length, at every stage of
many seeded games; and the ``log`` command says what it said when it rendered the whole game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.bots import GeneralBot, RandomBot
from companion.commands.game import seat_of
from companion.engine import Game, GameSetup
from companion.engine.position import position_of, where_now
from companion.game import render
from companion.kingdom import random_kingdom
from tests.game.driver import choose_line
from tests.game.helpers import Typist

LENGTHS = (1, 2, 3, 4, 5, 6, 9, 20, 10**6)


def _check(g: Game, at: str, verbosities: tuple[str, ...] = ("normal", "full", "brief")) -> int:
    """Every seat and length, at these verbosities, at this point of ``g``; how many comparisons were made."""
    made = 0
    for viewer in range(g.n):
        for verbosity in verbosities:
            whole = render.log_lines(g, viewer, verbosity)
            for n in {*LENGTHS, len(whole) - 1, len(whole), len(whole) + 1, 0} - {-1}:
                assert render.log_tail(g, viewer, verbosity, n) == (whole[-n:], len(whole)), \
                    f"{at}, seat {viewer + 1}, {verbosity}, log {n}"
                made += 1
    return made


def _game(seed: int) -> Game:
    """A seeded game of 2 to 6 players over a random kingdom of both sets, random and general bots."""
    rng = random.Random(seed)
    n = 2 + seed % 5
    kingdom = random_kingdom(rng, ("base2e", "prosperity2e"), platinum_colony=bool(seed % 2))
    return Game(GameSetup.of(kingdom, n, seed=seed, turn_limit=14))


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(3))
def test_the_last_lines_alone_are_the_whole_logs_last_lines(batch: int) -> None:
    made = 0
    for seed in range(batch * 8, batch * 8 + 8):
        g = _game(seed)
        bots = [RandomBot(seed * 10 + i) if (seed + i) % 2 else GeneralBot(seed * 10 + i) for i in range(g.n)]
        made += _check(g, f"game {seed} at the start")
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            g.answer(bots[d.player].decide(g.view(d.player), d), person=False)
            if rng.random() < 0.015:  # somewhere in a turn, between any two answers
                made += _check(g, f"game {seed}, answer {len(g.answers)}", (rng.choice(("normal", "full", "brief")),))
        assert g.over
        made += _check(g, f"game {seed} over")
    assert made > 1500


def test_a_game_from_a_position_whose_log_starts_mid_turn() -> None:
    g = _game(7)
    bots = [RandomBot(70 + i) for i in range(g.n)]
    while g.pending is not None and (len(g.answers) < 60 or where_now(g) is None):
        d = g.pending
        g.answer(bots[d.player].decide(g.view(d.player), d), person=False)
    h = Game(GameSetup.from_position(position_of(g), g.setup.seats, 20))
    _check(h, "from a position")
    while h.pending is not None:
        d = h.pending
        h.answer(bots[d.player].decide(h.view(d.player), d), person=False)
    _check(h, "from a position, over")


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _say(t: Typist, line: str) -> str:
    t.out.seek(0)  # only this response is kept: a whole game's words, read back at every line, are slow
    t.out.truncate()
    return t(line)


def _as_before(t: Typist, args: str) -> str:
    """What ``log ARGS`` said when it rendered every line of the game to say the last ones."""
    act = t.act
    word = args.strip().lower()
    n = 5 if not word else (10**6 if word == "all" else int(word))
    verbosity = t.session.verbosity if t.session.verbosity != "brief" else "normal"
    lines = render.log_lines(act.game, seat_of(t.session, act), verbosity)
    if not lines:
        return "Nothing has happened yet.\n"
    shown = lines[-n:]
    head = f"Last {len(shown)} of {len(lines)} log lines, oldest first." if len(shown) > 1 else "Last log line."
    return render.fit_first_line("\n".join([head, *shown])) + "\n"


@pytest.mark.parametrize("verbosity, new", [
    ("normal", 'new --players 6 --bots normal,strong,normal,strong,normal --kingdom "witch, charlatan, rabble, '
               'bandit, militia, moat, gardens, bishop, vault, sentry" --colony on --seed 2'),
    ("brief", "new --players 3 --bots general,random --kingdom random --sets prosperity --colony on --seed 8"),
    ("full", "new --players 2 --names Ana,Ben --kingdom random --seed 4"),
])
def test_the_log_command_says_what_it_said_before(home: Path, verbosity: str, new: str) -> None:
    t = Typist(verbosity)
    t(new)
    said = 0
    for step in range(3000):
        act = t.act
        if step % 3 == 0 or act.over:
            for args in ("", "1", "2", "3", "7", "all"):
                assert _say(t, f"log {args}".strip()) == _as_before(t, args), (step, args)
                said += 1
        if act.over:
            break
        _say(t, "" if act.waiting else choose_line(act))
    assert t.act.over and said > 50
    t.session.close()
