"""Games of 4, 5 and 6 players, with bots and with people at one keyboard, played through the command
layer at each verbosity: every response must pass the shared accessibility checks, so what is said
between your turns stays within 40 words and 5 lines (15 words at brief) however many others play."""

from __future__ import annotations

import pytest

from tests.accessibility import error_problems, response_problems
from tests.game.driver import play_in_process

LISTINGS = ("new", "log", "supply")
GAMES = [
    (4, "general,general,general", 1),
    (5, "general", 2),
    (6, "general,general,general,general,general", 2),
    (6, "general,bigmoney", 1),
]


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
@pytest.mark.parametrize("players,bots,seed", GAMES)
def test_every_response_fits(players: int, bots: str, seed: int, verbosity: str) -> None:
    rec = play_in_process(verbosity, new=f"new --players {players} --bots {bots} --kingdom random --seed {seed}",
                          limit=900)
    assert len(rec.responses) > 15  # several rounds were heard
    problems = []
    for typed, response in zip(rec.typed, rec.responses):
        if response.startswith("Error:"):
            found = error_problems(response, typed)
        else:
            found = response_problems(response, verbosity, listing=typed.startswith(LISTINGS))
        problems += [f"{typed!r}: {p}" for p in found]
    assert not problems, "\n".join(problems[:10])


def test_other_turns_are_summarised_not_lost() -> None:
    """With 5 bots, what each bought between your turns is said or counted; log has every turn."""
    rec = play_in_process("normal", new="new --players 6 --bots general,general,general,general,general "
                                         "--kingdom random --seed 2", limit=900)
    told = [r for r in rec.responses if "Your turn" in r]
    assert any("Bought:" in r or "in the log" in r or "type log" in r or r.count("bought") >= 3 for r in told)
    assert len(told) >= 4
