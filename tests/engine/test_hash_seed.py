"""Bots and the engine give the same game for the same seed in any process, whatever PYTHONHASHSEED is.

Cards hash by name, and str hashes change from process to process; so any choice that follows the order
of a set of cards would make a seeded game differ between runs. Each check runs in two subprocesses with
different hash seeds and compares everything but the games-a-second figure.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Logged games (the shell's path) with every bot, every card, 2 to 6 players: each answer printed.
GAMES = """
import random
from companion.bots import agents_for
from companion.engine import Game, GameSetup, Seat
from companion.kingdom import random_kingdom
bots = ["general", "bmu", "bigmoney", "random"]
for i in range(12):
    rng = random.Random(i)
    players = 2 + i % 5
    kingdom = random_kingdom(rng)
    seats = tuple(Seat(f"P{s}", bot=bots[(i + s) % 4] if i % 3 else "general") for s in range(players))
    game = Game(GameSetup(kingdom, seats, seed=i, turn_limit=40))
    game.advance(agents_for(game.setup))
    print(i, [c.name for c in kingdom.cards], game.result)
    print([(a.player, a.value) for a in game.answers])
"""


def _run(args: list[str], hash_seed: str) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=hash_seed)
    out = subprocess.run([sys.executable, *args], cwd=str(ROOT), env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return [line for line in out.stdout.splitlines() if not line.startswith("Speed,")]


def test_simulate_is_the_same_under_any_hash_seed() -> None:
    args = ["-m", "companion", "simulate", "--games", "150", "--players", "3", "--kingdom", "random", "--seed", "5"]
    first, second = _run(args, "1"), _run(args, "2")
    assert len(first) >= 3 and first == second


def test_logged_games_of_every_bot_are_the_same_under_any_hash_seed() -> None:
    first, second = _run(["-c", GAMES], "3"), _run(["-c", GAMES], "4")
    assert len(first) == 24 and first == second
