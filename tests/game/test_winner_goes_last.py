"""A new game right after a finished one, with the same players: "If you have just played a game of Dominion
and it was not a tie, have the player who won the previous game go last (the player to their left goes
first)." The table assistant did this already; new drew the first player at random every time."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.events import TurnStarted
from tests.game.helpers import Typist


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


def _play_out(t: Typist) -> None:
    """Big Money for the person until the game ends."""
    for _ in range(200):
        act = t.act
        if act.over:
            return
        g = act.game
        hand = g.players[act.holder].hand
        coins = g.turn.coins + sum(g.fx[c.name].coin for c in hand if g.is_treasure(c))
        t("buy province" if coins >= 8 else "buy gold" if coins >= 6 else "buy silver" if coins >= 3 else "end")
    raise AssertionError("the game did not end")


def _first(t: Typist) -> int:
    return next(e.player for e in t.act.game.log if isinstance(e, TurnStarted))


@pytest.mark.parametrize("seed", [8, 9, 12, 13])  # 12: tied on VP, Big Money had fewer turns
def test_the_winner_of_the_game_just_played_goes_last(seed: int) -> None:
    t = Typist()
    t(f'new --bots bigmoney --kingdom "First Game" --seed {seed}')
    _play_out(t)
    result = t.act.game.result
    assert result is not None and len(result.winners) == 1
    winner = t.act.game.players[result.winners[0]].name
    said = t(f'new --bots bigmoney --kingdom "First Game" --seed {seed + 100}')
    seats = [s.name for s in t.act.setup.seats]
    assert _first(t) == (seats.index(winner) + 1) % len(seats)
    why = "as you won the last game and go last" if winner == "You" else f"as {winner} won the last game and goes last"
    assert f"first, {why}." in said, said
    assert t.act.setup.first is not None


def test_after_a_tie_the_first_player_is_drawn() -> None:
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 7')
    _play_out(t)
    result = t.act.game.result
    assert result is not None and len(result.winners) == 2  # this game ends tied, 27 VP each in 17 turns
    said = t('new --bots bigmoney --kingdom "First Game" --seed 107')
    assert "won the last game" not in said and t.act.setup.first is None


def test_other_players_draw_the_first_player() -> None:
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 7')
    _play_out(t)
    said = t('new --bots strong --kingdom "First Game" --seed 107')  # not the same players
    assert "won the last game" not in said and t.act.setup.first is None


def test_an_unfinished_game_does_not_choose_the_first_player() -> None:
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 7')
    said = t('new --bots bigmoney --kingdom "First Game" --seed 8')
    assert "won the last game" not in said and t.act.setup.first is None
