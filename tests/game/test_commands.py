"""The one-line views, options, completion, the end of the game, and the shared verbs' hint."""

from __future__ import annotations


import pytest

from companion.shell.completion import complete_line
from tests.accessibility import check_error, check_response
from tests.game.driver import NEW, choose_line
from tests.game.helpers import Typist


def test_game_verbs_need_a_game() -> None:
    t = Typist()
    for line in ("buy silver", "play village", "hand", "undo", "score", "end"):
        out = t(line)
        assert out == "Error, start a game with new, or a table with table new.\n"


def test_game_verbs_while_new_asks_say_to_answer_it() -> None:
    """Typed while new is asking, "start a game with new" would be untrue: they say the question again,
    change nothing, and the answers then go on from where they were."""
    t = Typist()
    t("new")
    for line in ("hand", "hint", "buy silver", "count"):
        out = t(line)
        check_error(out)
        assert out == "Error, First answer the question. How many players, 2 to 6? Enter for 2. Or type cancel.\n"
    assert t.session.prompt == "players, Enter for 2. "
    t("3")
    assert t("hand") == ("Error, First answer the question. People at this keyboard? Enter for 1. "
                         "The rest are bots. Or type cancel.\n")
    t("cancel")
    assert t("hand") == "Error, start a game with new, or a table with table new.\n"


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_views_are_one_short_line(verbosity: str) -> None:
    t = Typist(verbosity)
    t(NEW)
    for _ in range(12):
        t(choose_line(t.act))
    keys = {"status": "turn", "hand": "hand", "deck": "deck", "discard": "discard", "trash": "trash",
            "score": "score", "options": None, "supply low": None, "kingdom": "kingdom"}
    for line, key in keys.items():
        out = t(line)
        check_response(out, verbosity, key=key, listing=line == "kingdom")
    hand = t.act.game.players[t.act.holder].hand
    if len(set(hand)) < len(hand):
        assert any(ch.isdigit() for ch in t("hand").split("card", 1)[-1])  # identical cards counted


def test_completion_offers_hand_and_supply() -> None:
    t = Typist()
    t(NEW)
    _, played = complete_line(t.session, "play ")
    hand = {c.name for c in t.act.game.players[t.act.holder].hand}
    assert set(played) - {"treasures"} == hand
    _, bought = complete_line(t.session, "buy s")
    assert bought == ["Sentry", "Silver", "Smithy"]


def test_end_of_game_and_log_after() -> None:
    t = Typist()
    t(NEW)
    last = ""
    while not t.act.over:
        last = t(choose_line(t.act))
    end = last.strip().split("\n")[-1]
    result = t.act.game.result
    assert end.startswith("Game over.")
    assert result is not None and result.reason.value.lower() in end.lower()
    for s in result.scores:
        assert str(s.vp) in end
    assert "wins" in end or "win" in end or "share" in end
    out = t("log 2")
    check_response(out, listing=True)
    assert out.strip().endswith("Type log to review it.")
    check_error(t("buy silver"), typed="buy silver")
    check_response(t("score"), key="score")


def test_autoplay_off_leaves_treasures_to_you() -> None:
    t = Typist(autoplay="off")
    t("new --bots bigmoney --seed 1")
    out = t("buy silver")
    check_error(out, typed="buy silver")
    assert "costs 3 coins. Play your Treasures first, as they make 3 coins more. Type play treasures." in out
    assert not t.act.game.players[t.act.holder].play  # nothing was played for you
    t("play treasures")
    assert "Silver" in t("buy silver")


def test_ending_a_turn_without_a_buy_says_so_and_undo_takes_it_back() -> None:
    t = Typist()
    t(NEW)
    hand = list(t.act.game.players[t.act.holder].hand)
    treasures = sum(1 for c in hand if t.act.game.is_treasure(c))
    turn = t.act.game.players[t.act.holder].turns
    out = t("end")
    check_response(out, "normal", key="bought")
    assert out.startswith(f"Nothing bought, {treasures} Treasures unplayed.\n")
    assert "bought" not in t("undo")
    assert t.act.game.players[t.act.holder].hand == hand and t.act.game.players[t.act.holder].turns == turn
    assert "Nothing bought" not in t("buy silver")
    brief = Typist("brief")
    brief(NEW)
    assert "Nothing bought" not in brief("end")



@pytest.mark.parametrize(
    ("players", "bots", "names", "seats"),
    [
        (None, None, ["Ann", "Ben"], [("Ann", None), ("Ben", None)]),
        (2, None, ["Ann", "Ben"], [("Ann", None), ("Ben", None)]),
        (3, None, ["Ann", "Ben"], [("Ann", None), ("Ben", None), ("Strong Bot", "strong")]),
        (2, None, ["Ann"], [("Ann", None), ("Strong Bot", "strong")]),
        (None, None, [], [("You", None), ("Strong Bot", "strong")]),
        (2, ["general"], ["Ann"], [("Ann", None), ("Bot", "normal")]),
    ],
)
def test_names_without_bots_are_the_people_at_the_keyboard(
    players: int | None, bots: list[str] | None, names: list[str], seats: list[tuple[str, str | None]]
) -> None:
    from companion.game.starting import build_setup

    setup = build_setup(players, bots, names, "First Game", None, 2, None)
    assert [(s.name, s.bot) for s in setup.seats] == seats


@pytest.mark.parametrize("typed", ["buy nothing", "buy None", "buy  nothing "])
def test_buy_nothing_as_the_hint_says_it_ends_the_turn(typed: str) -> None:
    """The hint says "Buy nothing." when nothing is worth buying: typed as said, it was refused as no card."""
    t = Typist()
    t(NEW)
    turn = t.act.game.players[t.act.holder].turns
    out = t(typed)
    assert not out.startswith("Error,"), out
    assert t.act.game.players[t.act.holder].turns == turn + 1
    t("undo")
    assert t("end") == out
    check_error(t("buy nothing silver"), "buy nothing silver")
