"""analysis: over a scripted finished game (its seat played by the easy bot, every seed fixed), the moves
that differ from the strong bot's, their rollouts, the words said and their bounds, the turn and all forms,
Ctrl-C, wrong input, and a saved finished game."""

from __future__ import annotations

import re

import pytest

from companion.bots import agents_for, make_bot
from companion.engine import Game, GameSetup, Seat
from companion.engine.record import dumps, loads, replay
from companion.engine.scoring import victory_points
from companion.game import analysis as an
from companion.game import analysis_words as aw
from companion.game.activity import GameActivity, put_game
from companion.game.coach import advice
from companion.kingdom import choose_kingdom
from tests.accessibility import check_error, check_response
from tests.game.helpers import Typist

SEED = 5
ME = 0


def finished(seed: int = SEED) -> str:
    """A whole game of First Game: seat 1 a person whose every answer is the easy bot's, seat 2 the strong bot."""
    setup = GameSetup(choose_kingdom("First Game"), (Seat("You"), Seat("Strong Bot", "strong")), seed)
    g = Game(setup)
    agents = agents_for(setup)
    me = make_bot("easy", seed)
    while (d := g.advance(agents)) is not None:
        g.answer(me.decide(g.view(d.player), d), True)
    return dumps(g)


@pytest.fixture(scope="module")
def record() -> str:
    return finished()


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer rollouts than the shell's (the figures' sizes are the benchmark's; their logic is tested here)."""
    monkeypatch.setattr(an, "FIRST_GAMES", 4)
    monkeypatch.setattr(an, "FULL_GAMES", 12)
    monkeypatch.setattr(an, "REFINED", 3)


def response(t: Typist, line: str) -> str:
    """The response to ``line`` (progress said on the way is not part of it)."""
    t(line)
    return t.session.last + "\n"


def typist_with(record: str) -> Typist:
    t = Typist()
    put_game(t.session, GameActivity(loads(record)))
    return t


def test_the_differences_are_the_decisions_where_hint_would_have_said_otherwise(record: str) -> None:
    a = an.differences(record, ME)
    game = loads(record, log=False)
    mine = [k for k, ans in enumerate(game.answers) if ans.player == ME and ans.person]
    assert a.decisions == len(mine) > 20
    assert 5 <= len(a.differences) < len(mine)
    at = {d.index: d for d in a.differences}
    for k in mine:
        g = replay(game.setup, game.answers[:k], log=False)
        d = g.pending
        hinted, _ = advice(g, ME)
        played = game.answers[k].value
        if k in at:
            assert not an.same(d, played, hinted)
            assert an.same(d, at[k].bots, hinted)
            assert at[k].turn == g.players[g.current].turns
            assert at[k].why  # the hint's reason
        elif d.purpose.name != "PLAY_TREASURES":  # Treasures a few at a time are the same move
            assert an.same(d, played, hinted)
        g.close()


def test_rollouts_are_seeded_paired_and_the_same_with_workers(record: str) -> None:
    first = an.analyse(record, ME)
    again = an.analyse(record, ME)
    costs = {k: (c.games, c.total, c.squares) for k, c in first.costs.items()}
    assert costs == {k: (c.games, c.total, c.squares) for k, c in again.costs.items()}
    assert all(c.games >= 4 for c in first.costs.values())
    assert any(c.games == 12 for c in first.costs.values())
    assert any(c.total != 0 for c in first.costs.values())  # the two answers do lead to different games
    workers = an.differences(record, ME)
    an.estimate(workers, workers.differences, 4, jobs=2)
    assert {k: c.total for k, c in workers.costs.items()} == \
        {k: c.total for k, c in an.analyse(record, ME).costs.items() if c.games == 4} | \
        {k: workers.costs[k].total for k, c in first.costs.items() if c.games != 4}


def test_pairs_differ_by_seed_and_a_move_against_itself_costs_nothing(record: str) -> None:
    a = an.differences(record, ME)
    d = a.differences[0]
    roller = an.Roller(record)
    seeds = an.seeds_for(SEED, d.index, 0, 6)
    assert len(set(seeds)) == 6
    mine = roller.answers[d.index].value
    assert roller.pairs(d.index, mine, ME, seeds) == [0.0] * 6
    shares = [roller.share(d.index, d.bots, s, ME) for s in seeds]
    assert set(shares) <= {0.0, 0.5, 1.0}


def test_the_summary_names_the_three_costliest_within_150_words(record: str) -> None:
    t = typist_with(record)
    said = response(t, "analysis")
    check_response(said, max_words=aw.MAX_WORDS, max_lines=6)
    lines = said.splitlines()
    assert re.fullmatch(r"(Strong Bot|You) pulled ahead between .+, by \d+ points?\.", lines[0]), lines[0]
    assert re.match(r"Strong Bot differed on \d+ of \d+ moves\. ", lines[1])
    moves = [ln for ln in lines if ln.startswith("Turn")]
    a = t.session.state["analysis"][(record, ME)]
    clear = [g for g in aw.groups(a, a.differences) if aw.clear(a, g[0])]
    assert len(moves) == min(3, len(clear)) or (not clear and len(moves) == 1 and "nearest to a cost" in lines[1])
    assert ("Each cost assumes you then played on as Strong Bot would." in lines[1]) == bool(clear)
    for ln in moves:
        assert re.match(r"Turns? [\d, and]+, (with \w[\w' ]*, )?you \w+ .+, and Strong Bot would \w+ .+\. "
                        r"(About \d+ in 100 more wins( at turn \d+)?|No clear difference), give or take \d+", ln), ln
    firsts = [int(re.match(r"Turns? (\d+)", ln).group(1)) for ln in moves]  # type: ignore[union-attr]
    assert firsts == sorted(firsts)  # in turn order


def test_the_points_by_turn_are_everyones_points(record: str) -> None:
    a = an.differences(record, ME)
    line = aw.points_line(a)
    game = loads(record, log=False)
    end = [victory_points(game, p) for p in range(2)]
    assert line.startswith("Points at turns 5, 10, 15 and the end. You ")
    assert line.endswith(f". Strong Bot {', '.join(str(p[1][1]) for p in a.points)}.")
    assert a.points[-1] == ("the end", tuple(end))
    assert a.points[0][1] == (3, 3) or max(a.points[0][1]) <= 15  # 3 Estates each, at most a few more by turn 5


def test_one_turn_and_every_move_a_page_at_a_time(record: str) -> None:
    t = typist_with(record)
    a = an.differences(record, ME)
    turn = a.differences[0].turn
    said = response(t, f"analysis turn {turn}")
    check_response(said, max_words=aw.MAX_WORDS, max_lines=6)
    assert said.startswith(f"Turn {turn}, ")
    assert said.count(", and Strong Bot would") == len(a.on_turn(turn))
    quiet = next(n for n in range(1, a.turns + 1) if not a.on_turn(n))
    assert response(t, f"analysis turn {quiet}") == f"On turn {quiet} you played as Strong Bot would.\n"
    pages = aw.pages(a)
    assert pages == -(-len(a.differences) // aw.PAGE) > 1
    heard = 0
    for page in range(1, pages + 1):
        said = response(t, "analysis all" if page == 1 else f"analysis all {page}")
        check_response(said, max_words=aw.MAX_WORDS, max_lines=6)
        assert said.startswith(f"Page {page} of {pages}, {len(a.differences)} moves in all.")
        heard += said.count(", and Strong Bot would")
        assert ("Type analysis all" in said) == (page < pages)
    assert heard == len(a.differences)


def test_before_the_game_ends_it_says_when_it_works() -> None:
    t = Typist()
    said = t("analysis")
    check_error(said)
    assert "after a game" in said and "analysis --game" in said
    t("new --bots strong --seed 9")
    said = t("analysis")
    check_error(said)
    assert "once the game is over" in said and "hint" in said


@pytest.mark.parametrize("typed, says", [
    ("analysis turn x", "Type analysis turn 7"),
    ("analysis turn", "Type analysis turn 7"),
    ("analysis turn 99", "Type analysis turn with 1 to"),
    ("analysis everything", "Type analysis, analysis turn 7, or analysis all"),
    ("analysis all 99", "Type analysis all 2"),
    ("analysis --jobs 0", "Type analysis --jobs 2"),
    ("analysis --player Nobody", "Type --player"),
])
def test_wrong_input_says_what_to_type_instead(record: str, typed: str, says: str) -> None:
    t = typist_with(record)
    said = t(typed)  # refused before any rollout: nothing else is said
    check_error(said)
    assert says in said


def test_ctrl_c_stops_it_in_one_sentence_and_keeps_nothing(record: str, monkeypatch: pytest.MonkeyPatch) -> None:
    t = typist_with(record)
    calls = []
    real = an.Roller.pairs

    def interrupted(self, *args):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(self, *args)

    monkeypatch.setattr(an.Roller, "pairs", interrupted)
    said = response(t, "analysis")  # progress may come first, on a slow machine
    assert said == "Analysis stopped. Nothing was changed.\n"
    assert not t.session.state.get("analysis")
    monkeypatch.setattr(an.Roller, "pairs", real)
    t("analysis")
    kept = t.session.state["analysis"][(record, ME)]
    before = {k: (c.games, c.total) for k, c in kept.costs.items()}
    monkeypatch.setattr(an.Roller, "pairs", lambda self, *args: (_ for _ in ()).throw(KeyboardInterrupt()))
    assert response(t, "analysis all 2") == "Analysis stopped. Nothing was changed.\n"
    assert {k: (c.games, c.total) for k, c in kept.costs.items()} == before


def test_progress_is_said_at_once_and_at_most_every_few_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.commands import analysis as command

    clock = [100.0]
    monkeypatch.setattr(command.time, "monotonic", lambda: clock[0])
    heard: list[str] = []
    p = command.Progress(heard.append)
    for turn in range(1, 21):
        p(f"Analysing, turn {turn} of 20.")
        clock[0] += 0.4
    assert heard[0] == "Analysing, turn 3 of 20."  # after half a second
    assert len(heard) == 3  # then every 3 seconds of the 8
    assert heard[1] == "Analysing, turn 11 of 20."


def test_a_saved_finished_game_is_analysed_from_its_record(record: str) -> None:
    from companion.game import store

    store.write("friday", loads(record), {})
    t = Typist()
    said = response(t, "analysis --game friday")
    check_response(said, max_words=aw.MAX_WORDS, max_lines=6)
    assert said.splitlines()[1].startswith("Strong Bot differed on")
    # turn and all follow the game last analysed, though no game was played here
    turn = an.differences(record, ME).differences[0].turn
    said = response(t, f"analysis turn {turn}")
    assert said.startswith(f"Turn {turn}, ") and "works after a game" not in said
    assert response(t, "analysis all").startswith("Page 1 of ")
    unfinished = Game(GameSetup(choose_kingdom("First Game"), (Seat("You"), Seat("Strong Bot", "strong")), 2))
    store.write("halfway", unfinished, {})
    said = t("analysis --game halfway")
    check_error(said)
    assert "once the game is over" in said
    said = t("analysis --game nosuch")
    check_error(said)


def test_in_a_hosted_game_each_seat_hears_its_own_moves_only() -> None:
    from companion.net.seat_sessions import SessionSeats

    setup = GameSetup(choose_kingdom("First Game"), (Seat("Ana"), Seat("Ben"), Seat("Strong Bot", "strong")), 4)
    g = Game(setup)
    agents = agents_for(setup)
    people = [make_bot("easy", 1), make_bot("normal", 2)]
    while (d := g.advance(agents)) is not None:
        g.answer(people[d.player].decide(g.view(d.player), d), True)
    record = dumps(g)
    seats = SessionSeats(g, {"started": True})
    heard = {seat: seats.run(seat, "analysis").heard() for seat in (0, 1)}
    for seat in (0, 1):
        assert set(heard[seat]) == {seat}  # nobody else hears it
        said = heard[seat][seat]
        a = an.differences(record, seat)
        assert said.splitlines()[1].startswith(f"Strong Bot differed on {len(a.differences)} of {a.decisions} moves.")
        assert said.endswith(aw.points_line(a))
        check_response(said + "\n", max_words=aw.MAX_WORDS, max_lines=6)
    assert heard[0] != heard[1]


CTRL_C_SCRIPT = """
import os, sys
sys.path.insert(0, os.getcwd())
from tests.game.test_analysis import finished, typist_with
t = typist_with(finished())
print("ready", flush=True)
print(t("analysis --jobs 2"), flush=True)
print("kept", bool(t.session.state.get("analysis")), flush=True)
"""


def _children(pid: int) -> list[str]:
    """The processes ``pid`` started (Linux's /proc), [] once it has ended."""
    from pathlib import Path

    try:
        return [c for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except OSError:
        return []


def test_ctrl_c_at_the_terminal_stops_the_workers_too_without_a_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Ctrl-C reaches every process of the terminal's group: the workers ignore it, the shell says one
    sentence, and nothing is kept."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, COMPANION_HOME=str(tmp_path), COMPANION_PLAN_GAMES="0", PYTHONPATH=str(root))
    proc = subprocess.Popen([sys.executable, "-c", CTRL_C_SCRIPT], cwd=str(root), env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        # Ctrl-C once the workers are there (the analysis's pool started them): a fixed wait of 1.5 s let a
        # fast machine finish the whole analysis first
        deadline = time.monotonic() + 60
        while not _children(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert _children(proc.pid), "the analysis started no workers"
        time.sleep(0.3)  # past the moment they are started, while Ctrl-C is held off for them to ignore it
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "Analysis stopped. Nothing was changed." in out
    assert "kept False" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_a_game_played_by_the_hints_has_nothing_to_say_but_the_points() -> None:
    from companion.bots import StrongBot

    setup = GameSetup(choose_kingdom("First Game"), (Seat("You"), Seat("Strong Bot", "strong")), 8)
    g = Game(setup)
    agents = agents_for(setup)
    while (d := g.advance(agents)) is not None:  # every answer the one hint gives
        g.answer(StrongBot(setup.seed + d.player).decide(g.view(d.player), d), True)
    record = dumps(g)
    t = typist_with(record)
    said = response(t, "analysis")
    check_response(said, max_words=aw.MAX_WORDS, max_lines=6)
    a = an.differences(record, ME)
    assert a.differences == ()
    assert said == f"{aw.turning_line(a)}\nAll {a.decisions} of your moves were Strong Bot's.\n{aw.points_line(a)}\n"
    assert aw.turning_line(a) == "You pulled ahead between turns 15 and 20, by 6 points."  # 0, 0, 0, 6, 11 ahead
    assert response(t, "analysis all") == f"All {a.decisions} of your moves were Strong Bot's.\n"
