"""A game is its setup, seed and answers: replay, undo, and versioned save files."""

from __future__ import annotations

import json

import pytest

from companion.bots import make_bot
from companion.engine import Game, GameSetup, IllegalAnswer, SaveError, dumps, load, loads, replay, save, undo
from companion.engine.record import VERSION
from companion.kingdom import choose_kingdom


def _game(seed: int = 4, people: int = 1) -> tuple[Game, list]:
    names = [None] * people + ["general"] * (2 - people)
    g = Game(GameSetup.of(choose_kingdom("First Game"), names, seed=seed))
    agents = [None if n is None else make_bot(n) for n in names]
    return g, agents


def _play_as_person(g: Game, agents: list, answers: int) -> None:
    person = make_bot("general", 1)
    for _ in range(answers):
        d = g.advance(agents)
        if d is None:
            return
        g.answer(person.decide(g.view(d.player), d))


def test_replay_gives_the_identical_game() -> None:
    g, agents = _game()
    _play_as_person(g, agents, 60)
    again = replay(g.setup, g.answers)
    assert again.log == g.log and again.pending.__repr__() == g.pending.__repr__()
    assert [p.hand for p in again.players] == [p.hand for p in g.players]


def test_undo_goes_back_to_the_last_answer_a_person_gave() -> None:
    g, agents = _game()
    _play_as_person(g, agents, 30)
    asked = g.advance(agents)
    assert asked is not None and asked.player == 0
    before = (len(g.log), repr(g.pending), [list(p.hand) for p in g.players])
    person = make_bot("general", 1)
    g.answer(person.decide(g.view(0), asked))
    g.advance(agents)  # the bot answers after the person
    back = undo(g)
    assert (len(back.log), repr(back.pending), [list(p.hand) for p in back.players]) == before
    assert not back.answers or back.answers[-1] != g.answers[-1]


def test_undo_with_nothing_to_undo_says_so() -> None:
    g, agents = _game(people=0)
    with pytest.raises(IllegalAnswer, match="nothing to undo"):
        undo(g)


def test_save_and_load_round_trip(tmp_path) -> None:
    g, agents = _game()
    _play_as_person(g, agents, 40)
    path = tmp_path / "game.json"
    save(g, path)
    back = load(path)
    assert back.log == g.log and back.setup == g.setup
    assert [a for a in back.answers] == g.answers


def test_damaged_and_future_files_are_refused_clearly(tmp_path) -> None:
    g, agents = _game()
    _play_as_person(g, agents, 10)
    text = dumps(g)
    with pytest.raises(SaveError, match="not JSON"):
        loads(text[:-20])
    data = json.loads(text)
    data["game"]["seed"] += 1
    with pytest.raises(SaveError, match="checksum"):
        loads(json.dumps(data))
    data = json.loads(text)
    data["version"] = VERSION + 1
    with pytest.raises(SaveError, match="newer version"):
        loads(json.dumps(data))
    with pytest.raises(SaveError, match="not a saved Dominion game"):
        loads("[]")
    with pytest.raises(SaveError, match="Cannot read"):
        load(tmp_path / "missing.json")


def test_answers_that_do_not_fit_the_game_are_refused(tmp_path) -> None:
    from companion.engine.record import _checksum

    g, agents = _game()
    _play_as_person(g, agents, 10)
    data = json.loads(dumps(g))
    data["game"]["answers"][0][2] = [{"card": "Province"}] * 3
    data["checksum"] = _checksum(data["game"])
    with pytest.raises(SaveError, match="does not fit"):
        loads(json.dumps(data))


def test_a_loaded_game_goes_on_with_its_bots(tmp_path) -> None:
    from companion.bots import agents_for

    g, agents = _game()
    _play_as_person(g, agents, 20)
    save(g, tmp_path / "g.json")
    back = load(tmp_path / "g.json")
    again = agents_for(back.setup)
    assert again[0] is None and again[1] is not None
    d = back.advance(again)
    assert d is not None and d.player == 0 and repr(d) == repr(g.advance(agents))
