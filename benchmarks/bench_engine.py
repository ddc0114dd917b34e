"""Engine speed, side by side with the PyPI peers in one run. Prints figures; asserts nothing.

    python3 benchmarks/bench_engine.py            # about a minute
    python3 benchmarks/bench_engine.py --quick    # a few seconds

Workloads: 2 players, both Big Money, First Game, no output (ours, pyminion, pydominion);
the general bot on random base kingdoms; replaying a whole game (what undo does); the general bot
on random kingdoms from all 51 cards, 2 and 4 players.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.bots import make_bot  # noqa: E402
from companion.engine import Game, GameSetup, replay  # noqa: E402
from companion.kingdom import choose_kingdom, random_kingdom  # noqa: E402

FIRST_GAME = choose_kingdom("First Game")


def rate(play_one: Callable[[int], object], games: int, batches: int = 5) -> float:
    """Games a second: the best of ``batches`` batches of ``games // batches`` games (as timeit does,
    so that other work on the machine counts as little as possible), after one warm-up game."""
    play_one(-1)
    size = max(1, games // batches)
    best = 0.0
    for b in range(batches):
        start = time.perf_counter()
        for i in range(b * size, (b + 1) * size):
            play_one(i)
        best = max(best, size / (time.perf_counter() - start))
    return best


# ---- ours -----------------------------------------------------------------------------------------
def ours_big_money(seed: int) -> object:
    g = Game(GameSetup.of(FIRST_GAME, ["bigmoney", "bigmoney"], seed=seed), log=False)
    g.advance([make_bot("bigmoney"), make_bot("bigmoney")])
    return g.result


def ours_general(sets: tuple[str, ...], players: int) -> Callable[[int], object]:
    def play(seed: int) -> object:
        rng = random.Random(seed)
        k = random_kingdom(rng, sets)
        g = Game(GameSetup.of(k, ["general"] * players, seed=seed, turn_limit=100), log=False)
        g.advance([make_bot("general", seed + i) for i in range(players)])
        return g.result

    return play


def replay_ms(games: int) -> tuple[float, float, int]:
    """Milliseconds to replay a whole 2-player general-bot game with its log, as undo does; and answers."""
    records = []
    for seed in range(games):
        rng = random.Random(seed)
        g = Game(GameSetup.of(random_kingdom(rng, ("base2e",)), ["general", "general"], seed=seed, turn_limit=100))
        g.advance([make_bot("general"), make_bot("general")])
        records.append((g.setup, g.answers))
    times = []
    for setup, answers in records:
        start = time.perf_counter()
        replay(setup, answers, log=True, check=False)
        times.append(time.perf_counter() - start)
    times.sort()
    mean_answers = sum(len(a) for _, a in records) // len(records)
    return 1000 * sum(times) / len(times), 1000 * times[int(len(times) * 0.95)], mean_answers


# ---- pyminion -------------------------------------------------------------------------------------
def pyminion_big_money() -> Callable[[int], object] | str:
    try:
        from pyminion.bots.examples.big_money import BigMoney
        from pyminion.expansions import base
        from pyminion.game import Game as PGame
    except Exception as e:  # noqa: BLE001 - report why it cannot run
        return f"pyminion cannot be imported: {e}"
    names = ["cellar", "market", "merchant", "militia", "mine", "moat", "remodel", "smithy", "village", "workshop"]
    kingdom = [getattr(base, n) for n in names]

    def play(seed: int) -> object:
        random.seed(seed)
        game = PGame(players=[BigMoney("a"), BigMoney("b")], expansions=[base.base_set], kingdom_cards=kingdom,
                     log_stdout=False)
        return game.play()

    return play


# ---- pydominion -----------------------------------------------------------------------------------
def pydominion_big_money() -> Callable[[int], object] | str:
    try:
        from dominion import Game as DGame, Gold, Player, Province, Silver
        from dominion.cards.expansions import first_edition as fe, second_edition as se
    except Exception as e:  # noqa: BLE001
        return f"pydominion cannot be imported: {e}"

    class BigMoneyPlayer(Player):  # pydominion ships no bots: the same rule as ours and pyminion's
        def action_phase(self) -> None:
            pass

        def buy_phase(self) -> None:
            coins = self.deck.coins
            for card, price in ((Province, 8), (Gold, 6), (Silver, 3)):
                if coins >= price and self.deck.game.supply[card] > 0:
                    card.buy(self.deck)
                    return

        def choice(self, card, prompt, choices):  # type: ignore[no-untyped-def]
            return choices[-1] if choices else None

    kingdom = [fe.Cellar, fe.Market, se.Merchant, fe.Militia, fe.Mine, fe.Moat, fe.Remodel, fe.Smithy, fe.Village,
               fe.Workshop]

    def play(seed: int) -> object:
        random.seed(seed)
        game = DGame([BigMoneyPlayer, BigMoneyPlayer], kingdom)
        return game.play()

    return play


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ns = ap.parse_args()
    scale = 0.1 if ns.quick else 1.0
    n = lambda x: max(5, int(x * scale))  # noqa: E731

    print("Big Money mirror, First Game, 2 players, no output:")
    ours = rate(ours_big_money, n(5000))
    print(f"  companion: {ours:.0f} games a second")
    for name, make in (("pyminion", pyminion_big_money), ("pydominion", pydominion_big_money)):
        peer = make()
        if isinstance(peer, str):
            print(f"  {name}: not run: {peer}")
            continue
        try:
            r = rate(peer, n(1000))
        except Exception as e:  # noqa: BLE001
            print(f"  {name}: not run: it fails with {type(e).__name__}: {e}")
            continue
        print(f"  {name}: {r:.0f} games a second; companion is {ours / r:.1f} times as fast")
    print("General bot, random base kingdoms:")
    print(f"  2 players: {rate(ours_general(('base2e',), 2), n(1000)):.0f} games a second")
    mean, p95, answers = replay_ms(n(200))
    print(f"Replay of a whole game for undo (about {answers} answers): {mean:.1f} ms mean, {p95:.1f} ms 95th percentile")
    both = ("base2e", "prosperity2e")
    print("General bot, random kingdoms from all 51 cards:")
    print(f"  2 players: {rate(ours_general(both, 2), n(1000)):.0f} games a second")
    print(f"  4 players: {rate(ours_general(both, 4), n(500)):.0f} games a second")


if __name__ == "__main__":
    main()
