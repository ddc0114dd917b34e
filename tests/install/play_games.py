"""Plays seeded games and prints, for each, every decision and answer and the final state: one line a game.

Run by tests/install/test_compiled.py as a program of its own, once with the pure Python engine and once with the
compiled one (PYTHONPATH picks which ``companion`` is imported); the two outputs must be the same, byte for byte.
Every bot level sits at tables of 2 to 6 players, in base and Prosperity kingdoms. The first line says which
engine ran, so that the test can tell that the two runs really ran different builds.

    python play_games.py GAMES_PER_TABLE
"""

from __future__ import annotations

import hashlib
import random
import sys

from companion.bots import make_bot
from companion.engine import Game, GameSetup, PlayerView
from companion.kingdom import random_kingdom

# Every level, the Big Money family and the random bot; each table seats them in turn from a different place.
LEVELS = ("strong", "normal", "casual", "easy", "bmu", "random", "bigmoney", "witch-bm", "smithy-bm")
SETS = (("base2e",), ("prosperity2e",))


def play(sets: tuple[str, ...], players: int, seed: int) -> str:
    rng = random.Random(f"{sets[0]} {players} {seed}")
    kingdom = random_kingdom(rng, sets)
    first = rng.randrange(len(LEVELS))
    seats = [LEVELS[(first + i * (seed + 1)) % len(LEVELS)] for i in range(players)]
    setup = GameSetup.of(kingdom, list(seats), seed=seed, turn_limit=60)
    game = Game(setup)
    agents = [make_bot(name, seed + i) for i, name in enumerate(seats)]
    digest = hashlib.sha256()
    count = 0
    views = [PlayerView(game, p) for p in range(players)]
    d = game.pending
    while d is not None:  # every decision asked, with its words and its options, and the answer given
        answer = agents[d.player].decide(views[d.player], d)
        options = getattr(d, "options", None)
        digest.update(f"{d!r}|{d}|{options!r}|{answer!r}\n".encode())
        game.answer(answer, person=False)
        count += 1
        d = game.pending
    for event in game.log:  # everything that happened, in order
        digest.update(f"{event!r}\n".encode())
    for ps in game.players:  # the final state of every zone
        digest.update(repr((ps.deck, ps.hand, ps.discard, ps.play, ps.aside, ps.vp_tokens, ps.turns)).encode())
    digest.update(repr((sorted(game.supply.items(), key=lambda kv: kv[0].name), game.trash, game.result)).encode())
    result = game.result
    scores = " ".join(str(s.vp) for s in result.scores) if result is not None else "unfinished"
    kingdom_names = ",".join(c.name for c in kingdom.cards)
    return f"{sets[0]} {players} players seed {seed}: {'/'.join(seats)} [{kingdom_names}] {count} decisions, scores {scores}, {digest.hexdigest()}"


def main() -> None:
    games = int(sys.argv[1])
    from companion.cli import engine_build

    print(engine_build())
    for sets in SETS:
        for players in range(2, 7):
            for seed in range(games):
                print(play(sets, players, seed), flush=True)


if __name__ == "__main__":
    main()
