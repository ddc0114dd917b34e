"""At a table where every other player rushes Gardens, the strong bot plays the plan searched against that table
(``companion.bots.rush_plan``), says why, and keeps its first plan at any other table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.bots import agents_for, plan_cache, rush_plan, search
from companion.bots.bigmoney import BigMoneyUltimate
from companion.bots.plans import Plan, plan_of
from companion.bots.rush_plan import rush_plan_for, rush_possible, rush_search
from companion.bots.strong import StrongBot
from companion.engine import Game, GameSetup, Purpose
from companion.game.coach import advice
from companion.kingdom import Kingdom, ordered
from tests.engine.scene import CAT

# The table's best plan here is Witch; against three rushers a Monument's points come at once.
NAMES = ("Workshop", "Gardens", "Witch", "Monument", "Village", "Cellar", "Moat", "Market", "Mine", "Remodel")
KINGDOM = Kingdom(ordered(CAT[n] for n in NAMES), False)
MONUMENT = CAT["Monument"]


class _Watched:
    """A bot whose buys, and the reasons it gave, are written down."""

    def __init__(self, bot: StrongBot) -> None:
        self.bot = bot
        self.buys: list[tuple[str, str]] = []

    def decide(self, view: Any, d: Any) -> Any:
        answer = self.bot.decide(view, d)
        if d.purpose is Purpose.BUY and answer:
            self.buys.append((answer[0].name, self.bot.why))
        return answer


def _play(foes: list[Any], seed: int = 5) -> _Watched:
    me = _Watched(StrongBot(seed))
    g = Game(GameSetup.of(KINGDOM, ["strong"] * (1 + len(foes)), seed=seed, turn_limit=60), log=False)
    g.advance([me, *foes])
    return me


@pytest.fixture
def against_rush(monkeypatch: pytest.MonkeyPatch) -> Plan:
    """The plan searched against the rush, as if found: Big Money with Monument."""
    plan = plan_of("Monument", "c", 40, 90)
    monkeypatch.setattr(rush_plan, "_plans", {(tuple(sorted(NAMES)), False, 4): plan})
    return plan


def _rushers(n: int) -> list[Any]:
    return [StrongBot(100 + i, plan_of("Gardens+Workshop")) for i in range(n)]


def test_against_three_rushers_the_strong_bot_plays_the_plan_searched_against_them(against_rush: Plan) -> None:
    me = _play(_rushers(3))
    monuments = [why for name, why in me.buys if name == "Monument"]
    assert monuments, me.buys  # its first plan (Witch, the table's) buys none
    assert "every other player is rushing Gardens, and it did best in trial games against that" in monuments[0]
    assert not any(name == "Witch" for name, _ in me.buys[2:]), me.buys


def test_with_one_player_not_rushing_the_first_plan_stays(against_rush: Plan) -> None:
    me = _play([*_rushers(2), BigMoneyUltimate(7)])
    assert not any(name == "Monument" for name, _ in me.buys), me.buys


def test_hint_gives_the_plan_against_the_rush_and_why(against_rush: Plan) -> None:
    g = Game(GameSetup.of(KINGDOM, [None, "strong", "strong", "strong"], seed=3, turn_limit=60), log=False)
    rushers = [None, *_rushers(3)]
    hints: list[str] = []
    while len(hints) < 12:
        d = g.advance(rushers)
        if d is None:
            break
        answer, said = advice(g, d.player)
        if d.purpose is Purpose.BUY:
            hints.append(said)
        g.answer(answer)
    assert any(h.startswith("Buy Monument.") and "every other player is rushing Gardens" in h for h in hints), hints


def test_the_search_is_possible_only_at_tables_of_three_or_more_with_workshop_and_gardens() -> None:
    cards = KINGDOM.cards
    assert rush_possible(cards, 3) and rush_possible(cards, 4)
    assert not rush_possible(cards, 2)
    assert not rush_possible(tuple(c for c in cards if c.name != "Gardens"), 4)


def test_with_no_budget_nothing_is_searched_and_the_first_plan_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "0")
    monkeypatch.setattr(rush_plan, "_plans", {})
    assert rush_plan_for(KINGDOM.cards, False, 4) is None
    me = _play(_rushers(3))
    assert not any(name == "Monument" for name, _ in me.buys), me.buys


def test_the_search_against_the_rush_is_seeded_kept_on_disk_and_never_joins_the_rush(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_PLAN_GAMES", "60")
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    monkeypatch.delenv("COMPANION_NO_CACHE", raising=False)
    monkeypatch.setattr(search, "_plans", {})
    monkeypatch.setattr(rush_plan, "_plans", {})
    monkeypatch.setattr(plan_cache, "_caches", {})
    found = rush_plan_for(KINGDOM.cards, False, 4)
    assert found is not None and found.tried > 0 and found.kind != "gardens"
    assert found == rush_search(KINGDOM.cards, False, 4, 60 * rush_plan.RUSH_BUDGET)  # seeded: hint asks a new bot and must agree
    monkeypatch.setattr(rush_plan, "_plans", {})
    monkeypatch.setattr(plan_cache, "_caches", {})
    monkeypatch.setattr(rush_plan, "rush_search", lambda *a: pytest.fail("searched again"))
    assert rush_plan_for(KINGDOM.cards, False, 4) == found  # from the disk


@pytest.fixture
def slow_rush(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[int]]:
    """The first search done at once and the search against the rush taking 1.6 s; the player counts it was
    searched for, in order. The searches started are forgotten before and after."""
    import time

    from companion.game import thinking

    monkeypatch.setenv("COMPANION_PLAN_GAMES", "6")
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    monkeypatch.setattr(thinking, "STILL_EVERY", 0.3)
    monkeypatch.setattr(thinking, "_search", lambda k, n: None)
    searched: list[int] = []

    def slow_rush(k: Kingdom, n: int) -> None:
        time.sleep(1.6)
        searched.append(n)

    monkeypatch.setattr(thinking, "_search_rush", slow_rush)
    thinking.forget()
    try:
        yield searched
    finally:
        thinking.forget()


def test_a_wait_for_the_search_against_the_rush_is_never_silent(slow_rush: list[int]) -> None:
    """The search against a table of rushers runs after the first one, in the same background thread; a wait for
    a bot once a rush may show waits for it too, with "Thinking." and "Still thinking.", and no other wait does."""
    from companion.game import thinking

    searched = slow_rush
    heard: list[str] = []
    assert not thinking.ready(KINGDOM, 4, thinking.cue_of(heard.append))  # the first plan alone: at once
    assert heard == [] and searched == []
    assert thinking.ready(KINGDOM, 4, thinking.cue_of(heard.append), rush=True)
    assert searched == [4] and heard[0] == "Thinking." and "Still thinking." in heard[1:]
    heard.clear()
    assert not thinking.ready(KINGDOM, 2, thinking.cue_of(heard.append), rush=True)  # no rush search at 2
    assert heard == [] and searched == [4]


def test_a_table_of_rushers_is_read_from_what_each_player_owns() -> None:
    from companion.bots.rush_plan import rush_table
    from tests.engine.scene import Scene

    def table(*decks: str) -> bool:
        s = Scene(NAMES, players=4)
        s.set(0, deck="Copper*7, Estate*3, Silver")
        for p, deck in enumerate(decks, 1):
            s.set(p, deck=deck)
        return rush_table(s.game.view(0))

    start, rush = "Copper*7, Estate*3", "Copper*7, Estate*3, Workshop*2"
    assert table(rush, rush, rush)
    assert table(rush, rush, start)  # the last has not had a turn yet
    assert not table(rush, start, start)  # one player's Workshop is no table of rushers yet
    assert table(rush + ", Gardens*2, Silver", rush, "Copper*7, Estate*3, Workshop")  # a Silver gained late
    assert not table(rush, rush, "Copper*7, Estate*3, Workshop, Silver")  # Workshop and Silver: no rush
    assert not table(rush, rush, "Copper*7, Estate*3, Silver*2")
    assert not table(start, start, start)  # no one has shown anything


def _record(me: Any) -> str:
    """A finished game at a table of 3 on KINGDOM: seat 1 a person answering as ``me``, seats 2 and 3 Big Money."""
    from companion.engine import Seat
    from companion.engine.record import dumps

    setup = GameSetup(KINGDOM, (Seat("You"), Seat("Ben", "bmu"), Seat("Cy", "bmu")), 9, turn_limit=60)
    g = Game(setup, log=False)
    agents = agents_for(setup)
    while (d := g.advance(agents)) is not None:
        g.answer(me.decide(g.view(d.player), d), True)
    return dumps(g)


def test_analysis_of_a_rush_table_waits_for_the_search_against_the_rush_and_says_so(slow_rush: list[int]) -> None:
    """The analysis replays the game with the strong bot, which plays the plan searched against the rush at a
    rushing table: it waits for that search too, saying so (before, it waited for the first search only, and the
    replays searched again in silence). A game on the same kingdom that nobody rushed waits for nothing more."""
    from types import SimpleNamespace

    from companion.commands.analysis import _plan_ready
    from companion.game import thinking

    searched = slow_rush
    heard: list[str] = []
    session: Any = SimpleNamespace(aside=heard.append)
    money, rush = _record(BigMoneyUltimate(4)), _record(StrongBot(3, plan_of("Gardens+Workshop")))
    _plan_ready(session, money)  # nobody owns a Workshop or a Gardens
    assert heard == [] and searched == []  # not waited for (it goes on in the background)
    thinking.forget()
    _plan_ready(session, rush)
    assert searched and heard[0] == "Thinking." and "Still thinking." in heard[1:], heard
