"""analysis that teaches: where the game turned first, each cost with what it assumes, the same move on several
turns said once, a cost within its margin not called one, reasons said once, turns in order, and what a move
did to the deck (Mint's trashing)."""

from __future__ import annotations

from companion.bots import StrongBot, agents_for
from companion.engine import Game, GameSetup, Purpose, Seat
from companion.engine.record import dumps
from companion.game import analysis as an
from companion.game import analysis_words as aw
from tests.accessibility import check_response
from tests.engine.scene import kingdom

REASON = "A Chapel trashes your Estates and Coppers."


def _diff(index: int, turn: int, did: str, would: str, why: str = REASON) -> an.Difference:
    return an.Difference(index, turn, Purpose.BUY, "", did, would, (), why)


def _analysis(costs: dict[int, tuple[float, float]], diffs: list[an.Difference]) -> an.Analysis:
    a = an.Analysis("{}", 0, ("You", "Strong Bot"), 40, 16, tuple(diffs), {},
                    (("5", (3, 3)), ("10", (6, 12)), ("15", (9, 24)), ("the end", (12, 30))))
    for index, (mean, half) in costs.items():  # a Cost whose mean and half-width are as given
        n = 200
        var = (half / 1.96) ** 2 * n
        c = an.Cost()
        c.games, c.total = n, mean * n
        c.squares = var * (n - 1) + c.total * c.total / n
        a.costs[index] = c
    return a


def test_the_summary_groups_orders_keeps_margins_and_says_reasons_once() -> None:
    diffs = [_diff(30, 13, "Buy Estate", "Buy Duchy", "Duchy is worth 3."),
             _diff(3, 1, "Buy Silver", "Buy Chapel"), _diff(9, 2, "Buy Silver", "Buy Chapel"),
             _diff(20, 8, "Buy Mint", "Buy Gold", "Gold makes Provinces reachable."),
             _diff(25, 10, "Buy Smithy", "Buy Gold", "Gold makes Provinces reachable."),
             _diff(28, 12, "Buy Copper", "Buy Silver", "Silver raises your coins.")]
    a = _analysis({30: (0.05, 0.02), 3: (0.06, 0.10), 9: (0.34, 0.08), 20: (0.12, 0.05), 25: (0.10, 0.04),
                   28: (0.04, 0.09)}, diffs)
    said = aw.summary(a)
    check_response(said + "\n", max_words=aw.MAX_WORDS, max_lines=6)
    lines = said.splitlines()
    assert lines[0] == "Strong Bot pulled ahead between turns 10 and 15, by 9 points."  # 6 behind to 15
    assert lines[1] == ("Strong Bot differed on 6 of 40 moves. These cost you most. "
                        "Each cost assumes you then played on as Strong Bot would.")
    assert lines[2].startswith("Turns 1 and 2, you bought Silver, and Strong Bot would buy Chapel. "
                               "About 34 in 100 more wins at turn 2, give or take 8.")
    assert lines[3].startswith("Turn 8, you bought Mint") and lines[4].startswith("Turn 10, you bought Smithy")
    assert said.count("Gold makes Provinces reachable.") == 1  # said once
    assert "Turn 12" not in said  # 4 in 100, give or take 9: within its margin, not a cost
    assert lines[-1].startswith("Points at turns 5, 10, 15 and the end.")


def test_within_its_margin_a_move_is_no_clear_difference() -> None:
    d = _diff(3, 1, "Buy Silver", "Buy Chapel")
    a = _analysis({3: (0.06, 0.10)}, [d])
    assert aw.chances(a, d) == "No clear difference, give or take 10 in 100."
    said = aw.summary(a)
    assert "It did not cost you a clear share of wins. The nearest to a cost follows." in said
    assert "Turn 1, you bought Silver, and Strong Bot would buy Chapel. No clear difference, give or take 10" in said


def test_the_mint_buy_that_trashed_the_coppers_is_named_with_what_it_did() -> None:
    setup = GameSetup(kingdom(["Mint", "Smithy", "Village", "Militia", "Market", "Cellar", "Moat", "Workshop",
                               "Remodel", "Mine"]), (Seat("You"), Seat("Strong Bot", "strong")), 3)
    g = Game(setup)
    agents = agents_for(setup)
    bought = False
    while (d := g.advance(agents)) is not None:
        answer = StrongBot(setup.seed).decide(g.view(0), d)
        if not bought and d.purpose is Purpose.BUY and g.turn.coins >= 5 and \
                sum(1 for c in g.players[0].play if c.name == "Copper") == 5:
            answer, bought = tuple(c for c in d.options if c.name == "Mint")[:1], True  # type: ignore[attr-defined]
        g.answer(answer, True)
    assert bought
    a = an.differences(dumps(g), 0)
    mint = next(d for d in a.differences if d.did == "Buy Mint")
    assert mint.effect.startswith("It trashed 5 Coppers, leaving ")
    assert mint.effect in aw.move_line(a, mint)
