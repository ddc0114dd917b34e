"""``companion simulate``: a few speakable lines, the same results for the same seed, clear refusals."""

from __future__ import annotations

import io

import pytest

from companion.refusal import CommandError
from companion.commands.simulate import run
from companion.session import Session


def _say(args: str) -> list[str]:
    return "\n".join(run(Session(out=io.StringIO()), args).lines).splitlines()  # the answer it returns


def test_simulate_reports_wins_ties_turns_and_speed_in_a_few_lines() -> None:
    lines = _say('--games 40 --players 2 --bots bigmoney,bmu --kingdom "First Game" --seed 1')
    assert 3 <= len(lines) <= 5 and lines[0] == "40 games, 2 players."
    assert lines[1].startswith("Wins, seat 1 bigmoney ") and "seat 2 bmu" in lines[1]
    wins = [int(part.rsplit(" ", 1)[1]) for part in lines[1][len("Wins, "):].rstrip(".").split(", ")]
    ties = int(lines[2].split(".")[0].split()[0])
    assert sum(wins) + ties == 40 and wins[1] > wins[0]  # Big Money Ultimate beats Big Money
    assert lines[-1].startswith("Speed, ") and lines[-1].endswith(("games a second.", "seconds a game."))
    for line in lines:
        assert "$" not in line and len(line.split()) <= 40


def test_same_seed_same_results_and_another_seed_differs() -> None:
    a = _say("--games 30 --kingdom random --sets base --seed 7")[:-1]
    b = _say("--games 30 --kingdom random --sets base --seed 7")[:-1]
    c = _say("--games 30 --kingdom random --sets base --seed 8")[:-1]
    assert a == b and a != c
    assert "strong" in a[1] and "random kingdoms" in a[2]  # the strong bot by default


def test_a_single_bot_name_fills_every_seat() -> None:
    lines = _say("--games 5 --players 3 --bots bigmoney --seed 2")
    assert lines[1].count("bigmoney") == 3


@pytest.mark.parametrize("args,words", [
    ("--games 0", "out of range"),
    ("--bots bigmoney,nobody", "no bot named"),
    ("--players 7", "not possible"),
    ("--players 3 --bots bigmoney,bmu", "2 bots for 3 players"),
    ("--kingdom Nowhere", "Nowhere"),
    ("--games many", "not a whole number"),
])
def test_bad_arguments_are_refused_before_playing(args: str, words: str) -> None:
    with pytest.raises(CommandError, match=words):
        _say(args)


@pytest.mark.process
def test_jobs_split_games_over_processes_with_exactly_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.commands import simulate as sim

    games = 400
    one = _say(f"--games {games} --bots bigmoney,bmu --seed 5 --jobs 1")
    monkeypatch.setattr(sim, "worker_startup", lambda: 1e-9)  # workers as if free: two are used
    pools: list[int] = []
    real = sim.ProcessPoolExecutor
    monkeypatch.setattr(sim, "ProcessPoolExecutor", lambda max_workers, **kw: pools.append(max_workers) or real(max_workers, **kw))
    two = _say(f"--games {games} --bots bigmoney,bmu --seed 5 --jobs 2")
    assert pools == [2]
    assert one[:-1] == two[:-1] and one[0] == f"{games} games, 2 players."


def test_a_worker_is_started_only_for_ten_times_its_start_up() -> None:
    from companion.commands.simulate import STARTUP_SHARE, workers_for

    assert STARTUP_SHARE == 10
    # A worker's start-up was measured at 0.29 s, a Big Money game at 0.3 ms: 200 games are not worth one.
    assert workers_for(200, 2, 0.0003, 0.29) == 1
    assert workers_for(9_000, 2, 0.0003, 0.29) == 1
    assert workers_for(20_000, 2, 0.0003, 0.29) == 2
    assert workers_for(100_000, 8, 0.0003, 0.29) == 8
    for games in (1, 50, 500, 5_000, 50_000):
        for per_game in (0.0001, 0.001, 0.01):
            n = workers_for(games, 16, per_game, 0.3)
            assert n == 1 or games / n * per_game >= 10 * 0.3  # each worker plays ten times its start-up


def test_a_short_run_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 Big Money games once started a worker (0.3 s of start-up) for 0.06 s of games."""
    from companion.commands import simulate as sim

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(sim, "ProcessPoolExecutor", refused)
    monkeypatch.setattr(sim, "worker_startup", lambda: 0.05)  # even a start-up far quicker than measured
    out = _say("--games 200 --bots bigmoney --seed 5 --jobs 2")
    assert out[0] == "200 games, 2 players."


def test_the_tally_is_the_same_whatever_the_chunks() -> None:
    from companion.commands import simulate as sim

    whole = sim.simulate(["bigmoney", "random"], 60, "First Game", 11)
    seen: list[tuple[int, int]] = []
    small = sim.MIN_CHUNK
    try:
        sim.MIN_CHUNK = 7
        chunked = sim.simulate(["bigmoney", "random"], 60, "First Game", 11, progress=lambda d, g: seen.append((d, g)))
    finally:
        sim.MIN_CHUNK = small
    assert (whole.wins, whole.ties, whole.turns, whole.stopped) == \
        (chunked.wins, chunked.ties, chunked.turns, chunked.stopped)
    assert len(seen) > 1 and seen[-1] == (60, 60) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_progress_lines_go_to_a_terminal_only_and_never_say_done() -> None:
    from companion.commands.simulate import Progress

    err = io.StringIO()
    p = Progress(err, every=0)
    p(500, 2000)
    p(2000, 2000)  # the results say the rest
    assert err.getvalue() == "500 of 2000 games played.\n"
    # Not a terminal (a pipe, a test): nothing on stderr at all.
    import contextlib

    with contextlib.redirect_stderr(io.StringIO()) as quiet:
        _say("--games 30 --bots bigmoney,bigmoney --seed 1 --jobs 1")
    assert quiet.getvalue() == ""


def test_jobs_out_of_range_is_refused_with_the_range_that_is_accepted() -> None:
    for jobs in (0, 257):
        with pytest.raises(CommandError, match=f"^'{jobs}' jobs is out of range. Type a number from 1 to 256. "
                                               r"This computer has \d+ cores?\.$"):
            _say(f"--games 5 --jobs {jobs}")
    assert _say("--games 5 --bots bigmoney --jobs 256")[0] == "5 games, 2 players."  # the top of the range


def test_speed_says_seconds_a_game_when_a_game_takes_more_than_a_second() -> None:
    """Strong bots on random kingdoms, 10 games in 124 seconds, were said as "0 games a second"."""
    from companion.commands.simulate import speed

    assert speed(10, 124.0) == "12.4 seconds a game"
    assert speed(3, 2.0) == "1.5 games a second"
    assert speed(400, 5.0) == "80 games a second"
    assert speed(5, 0.0) == "not measured"


def test_progress_comes_game_by_game_in_one_process() -> None:
    """It came once a chunk of 20 games was played: a whole run of slow games was silent."""
    from companion.commands import simulate as sim

    seen: list[tuple[int, int]] = []
    sim.simulate(["bigmoney", "bigmoney"], 5, "First Game", 1, jobs=1, progress=lambda d, g: seen.append((d, g)))
    assert seen == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def test_slow_games_go_to_workers_in_chunks_short_enough_for_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe's games say their progress one by one, and a worker's chunk is about a progress line's
    interval of its games (here, games that take longer than the interval: one game a chunk)."""
    from companion.commands import simulate as sim

    chunks: list[int] = []

    class InProcess:  # the pool's map, played here: what is measured is how the games are cut up
        def __init__(self, **_: object) -> None: ...
        def __enter__(self) -> "InProcess": return self
        def __exit__(self, *_: object) -> None: ...

        def map(self, work, parts):  # type: ignore[no-untyped-def]
            for part in parts:
                chunks.append(len(part[1]))
                yield work(part)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", InProcess)
    monkeypatch.setattr(sim, "worker_startup", lambda: 0.0)
    monkeypatch.setattr(sim, "PROGRESS_EVERY", 1e-9)  # every game is slower than the interval
    seen: list[int] = []
    tally = sim.simulate(["bigmoney", "bigmoney"], 16, "First Game", 3, jobs=2, progress=lambda d, g: seen.append(d))
    assert tally.games == 16 and chunks and set(chunks) == {1}
    assert seen == list(range(1, 17))
    whole = sim.simulate(["bigmoney", "bigmoney"], 16, "First Game", 3, jobs=1)
    assert (whole.wins, whole.ties, whole.turns) == (tally.wins, tally.ties, tally.turns)
