"""The bots decide exactly as they did: seeded games compared, answer by answer, with a kept record.

``bot_decisions.txt`` holds one line per game: its number and a sha256 of every answer given in it, with
the reason the bot kept for it (``why``, which ``hint`` says). The record was written before the bots were
made faster, so any change to a bot's choices (or its reasons) shows here as the first game that differs.
The games: random kingdoms of the base set and of both boxes, 2 to 6 players, normal, strong and easy bots
in mixed seats, some with the event log on. When a bot is meant to play differently, write the record
again with ``python3 tests/bots/test_bot_decisions_kept.py --write`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":  # run as a script from anywhere: import this checkout's package
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import os

    os.environ.setdefault("COMPANION_PLAN_GAMES", "0")  # as the suite plays (tests/conftest.py): the table's plans

from companion.bots import make_bot  # noqa: E402
from companion.cards import Card  # noqa: E402
from companion.engine import Game, GameSetup  # noqa: E402
from companion.kingdom import random_kingdom  # noqa: E402

RECORD = Path(__file__).with_name("bot_decisions.txt")
GAMES = 1200
LEVELS = ("normal", "strong", "easy")


def _text(value: Any) -> str:
    """An answer as text that does not depend on the process (cards by name)."""
    if isinstance(value, Card):
        return value.name
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_text(v) for v in value) + ")"
    return repr(value)


class _Kept:
    """A bot whose every answer, and the reason it kept for it, is written down."""

    def __init__(self, bot: Any, lines: list[str]) -> None:
        self.bot = bot
        self.lines = lines

    def decide(self, view: Any, d: Any) -> Any:
        answer = self.bot.decide(view, d)
        self.lines.append(f"{d.player} {_text(answer)} {self.bot.why}")
        return answer


def game_digest(i: int) -> str:
    """Game ``i``: its kingdom, seats and seed follow from ``i`` alone."""
    rng = random.Random(10_000 + i)
    sets = ("base2e",) if i % 2 else ("base2e", "prosperity2e")
    kingdom = random_kingdom(rng, sets)
    players = 2 + i % 5
    names: list[str | None]
    if i % 4 == 0:  # one level at every seat
        names = [LEVELS[(i // 4) % 3]] * players
    else:
        names = [LEVELS[rng.randrange(3)] for _ in range(players)]
    lines = [" ".join(c.name for c in kingdom.cards), str(kingdom.platinum_colony), " ".join(map(str, names))]
    g = Game(GameSetup.of(kingdom, names, seed=i, turn_limit=100), log=i % 7 == 0)
    g.advance([_Kept(make_bot(str(n), i + s), lines) for s, n in enumerate(names)])
    lines.append(repr(g.result))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def digests() -> list[str]:
    return [f"{i} {game_digest(i)}" for i in range(GAMES)]


@pytest.mark.slow
def test_every_seeded_game_is_answered_as_before() -> None:
    kept = RECORD.read_text(encoding="utf-8").split()
    assert len(kept) == 2 * GAMES
    for i in range(GAMES):
        assert f"{i} {game_digest(i)}" == f"{kept[2 * i]} {kept[2 * i + 1]}", f"game {i} is answered differently"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python3 tests/bots/test_bot_decisions_kept.py --write")
    RECORD.write_text("\n".join(digests()) + "\n", encoding="utf-8")
    print(f"wrote {GAMES} games to {RECORD}")
