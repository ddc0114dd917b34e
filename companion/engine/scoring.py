"""Scoring at the end of the game: every card a player has, VP tokens, and the tie rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.events import GameEndReason, GameOver, Score

if TYPE_CHECKING:
    from companion.engine.game import Game


def victory_points(game: "Game", player: int) -> int:
    """VP from every card the player has, wherever it is, plus their VP tokens."""
    ps = game.players[player]
    total = ps.vp_tokens
    fx = game.fx
    for card, copies in ps.owned().items():  # (kept between calls: bots ask often)
        if card.vp is not None:
            total += card.vp * copies
        else:
            vp = fx[card.name].vp
            if vp is not None:
                total += vp(ps) * copies
    return total


def final_scores(game: "Game") -> tuple[Score, ...]:
    return tuple(Score(p, ps.name, victory_points(game, p), ps.turns) for p, ps in enumerate(game.players))


def winners(scores: tuple[Score, ...]) -> tuple[int, ...]:
    """Most VP wins; among tied players, fewer turns wins; still tied, the victory is shared."""
    best = max(s.vp for s in scores)
    tied = [s for s in scores if s.vp == best]
    fewest = min(s.turns for s in tied)
    return tuple(s.player for s in tied if s.turns == fewest)


def game_over(game: "Game", reason: GameEndReason) -> GameOver:
    scores = final_scores(game)
    return GameOver(reason, scores, winners(scores))
