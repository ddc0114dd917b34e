"""simulate's seats: one bot named alone plays every seat, as its help says."""

from __future__ import annotations

import io

from companion.dispatch import run_line
from companion.session import Session
from tests.accessibility import check_error, check_response


def say(line: str) -> str:
    out = io.StringIO()
    run_line(Session(out=out), line)
    return out.getvalue()


def test_one_bot_alone_plays_both_seats_of_a_two_player_game() -> None:
    """"simulate --bots strong" was refused with '"1" players is not possible', a number nobody typed."""
    out = say("simulate --games 2 --bots bigmoney --jobs 1 --seed 1")
    check_response(out, listing=True)
    assert out.startswith("2 games, 2 players.\n")
    assert "seat 1 bigmoney" in out and "seat 2 bigmoney" in out


def test_one_bot_with_players_fills_them_and_a_wrong_count_is_still_refused() -> None:
    out = say("simulate --games 1 --bots bigmoney --players 3 --jobs 1 --seed 1")
    assert out.startswith("1 game, 3 players.\n") and "seat 3 bigmoney" in out
    out = say("simulate --games 1 --bots bigmoney,bmu --players 3 --jobs 1")
    check_error(out)
    assert "2 bots for 3 players" in out
    out = say("simulate --games 1 --players 7 --jobs 1")
    check_error(out, typed="7")
