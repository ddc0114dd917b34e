"""The strong bot's plan search: seeded games of candidate plans on this kingdom, at this table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.bots import plan_cache, search
from companion.bots.search import budget, candidates, plan_for, prior_plan
from companion.bots.strong import StrongBot
from companion.engine import Game, GameSetup
from companion.game.coach import advice
from companion.kingdom import Kingdom, ordered
from tests.engine.scene import CAT


def kingdom(*names: str, colony: bool = False) -> Kingdom:
    fill = ["Cellar", "Chapel", "Harbinger", "Vassal", "Village", "Merchant", "Workshop", "Throne Room", "Mine",
            "Remodel", "Moneylender", "Poacher"]
    chosen = list(names) + [f for f in fill if f not in names][: 10 - len(names)]
    return Kingdom(ordered(CAT[n] for n in chosen), colony)


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A small budget (the suite's default is the table alone), and no plans kept from other tests, in
    memory or on disk."""
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "60")
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    monkeypatch.delenv("COMPANION_NO_CACHE", raising=False)
    monkeypatch.setattr(search, "_plans", {})
    monkeypatch.setattr(plan_cache, "_caches", {})


def test_the_budget_is_read_from_the_environment_and_bad_values_give_the_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "0")
    assert budget() == 0
    for bad in ("lots", "", "1e9"):
        monkeypatch.setenv("COMPANION_PLAN_GAMES", bad)
        assert budget() == search.DEFAULT_GAMES
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "-5")
    assert budget() == 0


def test_with_no_games_the_plan_is_the_tables() -> None:
    k = kingdom("Witch", "Smithy")
    assert search.search(k, 2, games=0) == prior_plan(c.name for c in k.cards)
    assert "Throne Room" not in prior_plan(c.name for c in kingdom("Throne Room").cards).cards


def test_candidates_hold_two_copies_of_the_best_terminals_and_money() -> None:
    tried, field = candidates(c.name for c in kingdom("Witch", "Smithy").cards)
    ways = {(p.key, p.variant) for p in tried}
    assert ("Witch", "h") in ways and ("Witch", "g") in ways  # Double Witch, and a second at 16 cards
    assert ("money", "a") in ways
    assert [p.key for p in field] == ["Witch", "Smithy"]  # the single-card plans rated best: likely opponents
    _, field = candidates(c.name for c in kingdom("Throne Room", "Village").cards if c.name != "Mine")
    assert field and all(p.kind in ("single", "money") for p in field)


def test_the_search_is_seeded_by_the_kingdom_and_table(games: None) -> None:
    k = kingdom("Witch", "Smithy", "Militia")
    two = search.search(k, 2)
    assert two == search.search(k, 2)  # the same plan every time: hint asks a new bot and must agree
    assert two.tried > 0 and 0 <= two.rate <= 100
    assert two.cards[0] in ("Witch", "Smithy", "Militia") or two.key == "money"
    assert search.search(k, 3).tried > 0  # another table plays its own games


def test_a_plan_is_kept_by_kingdom_colony_and_players(games: None, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[bool, int]] = []
    real = search.search

    def counted(k: Kingdom, players: int, games: int | None = None) -> object:
        played.append((k.platinum_colony, players))
        return real(k, players, games)

    monkeypatch.setattr(search, "search", counted)
    k = kingdom("Smithy")
    for _ in range(2):
        plan_for(k.cards, False, 2)
        plan_for(k.cards, False, 3)
        plan_for(k.cards, True, 2)
    assert played == [(False, 2), (False, 3), (True, 2)]


def test_the_bot_plays_the_searched_plan_and_hint_gives_its_moves(games: None) -> None:
    """With the search on, every hint is the move of the strong bot that plays the seat all game."""
    k = kingdom("Witch", "Smithy", "Militia", "Moat")
    g = Game(GameSetup.of(k, [None, "strong"], seed=3, turn_limit=40))
    me, foe = StrongBot(3), StrongBot(4)
    assert me.plan(g.view(0)) == plan_for(k.cards, False, 2)
    decisions = 0
    while True:
        d = g.advance([None, foe])
        if d is None:
            break
        answer, said = advice(g, 0)
        assert answer == me.decide(g.view(0), d), said
        g.answer(answer)
        decisions += 1
    assert decisions > 20


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    played: list[int] = []
    real = search.search

    def counted(k: Kingdom, players: int, games: int | None = None) -> object:
        played.append(players)
        return real(k, players, games)

    monkeypatch.setattr(search, "search", counted)
    return played


def _forget(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new program starts: nothing in memory."""
    monkeypatch.setattr(search, "_plans", {})
    monkeypatch.setattr(plan_cache, "_caches", {})


def test_a_plan_found_is_kept_on_disk_for_the_next_program(games: None, monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    played = _counting(monkeypatch)
    k = kingdom("Witch", "Smithy")
    first = plan_for(k.cards, False, 3)
    assert played == [3] and (tmp_path / "state" / "cache" / "plans.json").is_file()
    _forget(monkeypatch)
    assert plan_for(k.cards, False, 3) == first and played == [3]  # from the disk: no search
    plan_for(k.cards, False, 2)
    assert played == [3, 2]  # another table is searched, and kept beside it
    _forget(monkeypatch)
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "61")  # another budget: plans found again
    plan_for(k.cards, False, 3)
    assert played == [3, 2, 3]


@pytest.mark.parametrize("damage", [
    b"\x00\xff not json", b"[]", b'{"key": 1}', b"{" * 100_000, b"x" * (plan_cache.MAX_BYTES + 10), "entries"],
    ids=["bytes", "a list", "no plans", "deep", "too big", "entries"])
def test_a_damaged_plan_cache_is_ignored_and_the_plan_searched(games: None, monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path, damage: object) -> None:
    k = kingdom("Witch", "Smithy")
    good = plan_for(k.cards, False, 2)
    path = tmp_path / "state" / "cache" / "plans.json"
    if damage == "entries":  # the right key, entries of every wrong shape, or plans this kingdom cannot play
        doc = json.loads(path.read_text())
        (entry,) = doc["plans"]
        real = search.search
        for bad in (["Gardens+Workshop", "a", 50, 8], ["Witch", "z", 50, 8], ["Witch", "a", 500, 8], "Witch",
                    ["Witch", "a", 50], [None, None, None, None], ["Witch", "a", True, 8], ["Chapel", "a", 1.5, 8]):
            doc["plans"][entry] = bad
            path.write_text(json.dumps(doc))
            _forget(monkeypatch)
            monkeypatch.setattr(search, "search", real)
            played = _counting(monkeypatch)
            assert plan_for(k.cards, False, 2) == good and played == [2], bad
        return
    path.write_bytes(damage)  # type: ignore[arg-type]
    _forget(monkeypatch)
    played = _counting(monkeypatch)
    assert plan_for(k.cards, False, 2) == good and played == [2]
    _forget(monkeypatch)
    assert plan_for(k.cards, False, 2) == good and played == [2]  # the file was written again, whole
