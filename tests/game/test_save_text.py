"""The autosave encodes only the answers given since the last save, and writes the very bytes the whole
record's ``json.dumps`` wrote; a game undo replaces is freed at once, not left to the cycle collector."""

from __future__ import annotations

import gc
import sys
import json
import random
from typing import Any

import pytest

from companion.bots import RandomBot
from companion.engine import Game, GameSetup, replay
from companion.engine.position import position_of, where_now
from companion.engine.record import to_dict
from companion.game import store
from companion.kingdom import random_kingdom
from tests.game.driver import choose_line
from tests.game.helpers import Typist


def whole_record(game: Game, extra: dict[str, Any]) -> str:
    """The save text as it was written before: the whole record through json.dumps at every save."""
    data = to_dict(game)
    data["companion"] = extra
    data["companion_checksum"] = store.companion_checksum(data["checksum"], extra)
    return json.dumps(data, separators=(",", ":"))


def _say(t: Typist, line: str) -> str:
    t.out.seek(0)
    t.out.truncate()
    return t(line)


@pytest.mark.parametrize("seed, new", [
    (2, 'new --players 6 --bots normal,strong,normal,strong,normal --kingdom "witch, charlatan, rabble, bandit, '
        'militia, moat, gardens, bishop, vault, sentry" --colony on --seed 2'),
    (8, "new --players 3 --bots general,random --kingdom random --sets prosperity --colony on --seed 8"),
    (4, "new --players 2 --names Ana,Ben --kingdom random --seed 4"),
])
def test_every_autosave_is_the_whole_records_text(seed: int, new: str) -> None:
    rng = random.Random(seed)
    t = Typist()
    _say(t, new)
    saved = 0
    for _ in range(3000):
        act = t.act
        if act.over:
            break
        line = "" if act.waiting else choose_line(act)
        if act.marks and rng.random() < 0.15:
            line = "undo"
        elif rng.random() < 0.05:
            line = f"save keep {seed}"
        _say(t, line)
        text = store.path_for(store.AUTOSAVE).read_text(encoding="utf-8")
        assert text == whole_record(t.act.game, t.act.extra()), (len(t.act.game.answers), line)
        saved += 1
    assert t.act.over and saved > 30
    kept = store.path_for(f"keep {seed}")
    if kept.exists():
        assert json.loads(kept.read_text(encoding="utf-8"))["game"]["seed"] == seed
    t.session.close()


def _random_game(seed: int, legacy: bool = False) -> Game:
    rng = random.Random(seed)
    n = 2 + seed % 5
    kingdom = random_kingdom(rng, ("base2e", "prosperity2e"), platinum_colony=bool(seed % 2))
    setup = GameSetup.of(kingdom, n, seed=seed, turn_limit=10)
    if legacy:
        from dataclasses import replace

        setup = replace(setup, legacy_gains=True)
    return Game(setup)


@pytest.mark.parametrize("seed", range(6))
def test_saves_of_every_version_kept_answers_and_replays(seed: int) -> None:
    """Version 1 (legacy gains), 2, and 3 (from a position) records, one Encoded kept across a whole game
    and across replays (undo), are the whole record's text at every answer."""
    g = _random_game(seed, legacy=seed % 3 == 1)
    bots = [RandomBot(seed * 10 + i) for i in range(g.n)]
    encoded = store.Encoded()
    extra = {"marks": [], "mark_people": [], "name": "autosave"}
    rng = random.Random(seed)
    versions = {to_dict(g)["version"]}
    while g.pending is not None:
        d = g.pending
        g.answer(bots[d.player].decide(g.view(d.player), d), person=rng.random() < 0.3)
        extra["marks"].append(len(g.answers))
        extra["mark_people"].append(0)
        if rng.random() < 0.03:  # undo's replay of the answers before the last few: new, equal answers
            g = replay(g.setup, g.answers[:max(0, len(g.answers) - rng.randrange(1, 12))], check=False)
            del extra["marks"][len(g.answers):], extra["mark_people"][len(g.answers):]
        assert store.dump(g, extra, encoded) == whole_record(g, extra), (seed, len(g.answers))
        if seed % 3 == 2 and len(g.answers) > 40 and where_now(g) is not None and g.setup.start is None:
            g = Game(GameSetup.from_position(position_of(g), g.setup.seats, 16))  # version 3 from here on
            versions.add(to_dict(g)["version"])
            encoded = store.Encoded() if rng.random() < 0.5 else encoded  # a kept one is found stale and redone
    assert store.dump(g, extra) == whole_record(g, extra)
    assert versions == ({1} if seed % 3 == 1 else {2, 3} if seed % 3 == 2 else {2})


def test_a_game_undo_load_or_new_replaces_is_freed_at_once() -> None:
    t = Typist()
    _say(t, "new --players 4 --bots general,strong,general --kingdom \"First Game\" --seed 3")
    for _ in range(40):
        _say(t, choose_line(t.act))
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            old = t.act.game
            answers = list(t.act.game.answers)
            _say(t, "undo")
            # Nothing holds it but ``old`` (and getrefcount's own argument): freed by its reference count alone,
            # no cycle left for the collector. (Not a weak reference: a compiled Game takes none.)
            assert sys.getrefcount(old) == 2
            del old
            fresh = replay(t.act.game.setup, answers[:len(t.act.game.answers)])
            assert to_dict(t.act.game) == to_dict(fresh)
            fresh.close()
        _say(t, "save freed")
        for line in ("load freed", "resume", "new --players 3 --bots easy,general --seed 4"):
            old = t.act.game
            assert "Error" not in _say(t, line), line
            assert sys.getrefcount(old) == 2, line  # the game this replaced is held by nothing else
            del old
        assert gc.collect() < 200  # what new's own argument parser leaves, not a game's thousands of objects
    finally:
        gc.enable()
    t.session.close()
