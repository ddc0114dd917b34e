"""``companion simulate``: bot games played out in-process, reported in a few speakable lines."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from companion.bots import DEFAULT_BOT, UnknownBot, bot_name, make_bot
from companion.commands.registry import ArgumentParser, CommandError, command
from companion.engine import Game, GameEndReason, GameSetup
from companion.kingdom import Kingdom, KingdomError, choose_kingdom
from companion.session import Session

TURN_LIMIT = 100  # turns per player: bots that cannot finish a game stop here
MAX_GAMES = 100_000
COLONY = {"on": True, "off": False, "rule": None}


@dataclass
class Tally:
    """What a batch of games came to. Everything but the speed depends only on the arguments."""

    games: int = 0
    wins: list[int] = field(default_factory=list)  # sole wins per seat
    ties: int = 0
    turns: int = 0  # turns of the player who took most, summed over games
    stopped: int = 0  # games that reached the turn limit
    seconds: float = 0.0


def simulate(bots: list[str], games: int, kingdom_text: str, seed: int, sets: str | None = None,
             platinum_colony: bool | None = None) -> Tally:
    """Play ``games`` games; a random kingdom is drawn afresh for every game from the seed."""
    master = random.Random(seed)
    is_random = kingdom_text.strip().lower() in ("random", "r")
    fixed: Kingdom | None = None if is_random else choose_kingdom(kingdom_text, platinum_colony=platinum_colony)
    tally = Tally(wins=[0] * len(bots))
    start = time.perf_counter()
    for _ in range(games):
        game_seed = master.getrandbits(32)
        kingdom = fixed or choose_kingdom("random", seed=game_seed, sets=sets, platinum_colony=platinum_colony)
        game = Game(GameSetup.of(kingdom, list(bots), seed=game_seed, turn_limit=TURN_LIMIT), log=False)
        game.advance([make_bot(b, game_seed + i) for i, b in enumerate(bots)])
        result = game.result
        assert result is not None
        tally.games += 1
        if len(result.winners) == 1:
            tally.wins[result.winners[0]] += 1
        else:
            tally.ties += 1
        tally.turns += max(s.turns for s in result.scores)
        tally.stopped += result.reason is GameEndReason.TURN_LIMIT
    tally.seconds = time.perf_counter() - start
    return tally


def report(tally: Tally, bots: list[str], kingdom_text: str) -> list[str]:
    g = tally.games
    where = "random kingdoms" if kingdom_text.strip().lower() in ("random", "r") else kingdom_text.strip()
    lines = [f"{g} {'game' if g == 1 else 'games'}, {len(bots)} players.",
             "Wins: " + ", ".join(f"seat {i + 1} {b} {w}" for i, (b, w) in enumerate(zip(bots, tally.wins))) + ".",
             f"Ties: {tally.ties}. Average {tally.turns / g:.1f} turns each, {where}."]
    if tally.stopped:
        lines.append(f"{tally.stopped} stopped at {TURN_LIMIT} turns.")
    lines.append(f"Speed: {g / tally.seconds:.0f} games a second." if tally.seconds > 0 else "Speed: not measured.")
    return lines


def _parser() -> ArgumentParser:
    p = ArgumentParser("simulate")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--bots", default=None)
    p.add_argument("--kingdom", default="First Game")
    p.add_argument("--sets", default=None)
    p.add_argument("--colony", choices=sorted(COLONY), default=None)
    p.add_argument("--seed", type=int, default=1)
    return p


@command(
    "simulate",
    summary="plays many bot games and reports wins and speed.",
    usage="simulate and options",
    example='simulate --games 1000 --bots bigmoney,bigmoney --kingdom "First Game" --seed 1',
    topic="Bot simulations",
    details=("Options: --games, --players, --bots (such as strong, normal, easy, bmu or smithy-bm; help bots lists them), "
             "--kingdom (a set, 10 cards with commas, or random), --sets, --colony on, off or rule, and --seed."),
)
def run(session: Session, args: str) -> None:
    ns = _parser().parse(args)
    if not 1 <= ns.games <= MAX_GAMES:
        raise CommandError(f'"{ns.games}" games is out of range. Type a number from 1 to {MAX_GAMES}.')
    try:
        bots = [bot_name(b) for b in ns.bots.replace(" ", "").split(",") if b] if ns.bots else []
    except UnknownBot as e:
        raise CommandError(str(e)) from None
    players = ns.players or (len(bots) if bots else 2)
    if not 2 <= players <= 6:
        raise CommandError(f'"{players}" players is not possible. Type a number from 2 to 6.')
    if not bots:
        bots = [DEFAULT_BOT] * players
    elif len(bots) == 1:
        bots = bots * players
    elif len(bots) != players:
        raise CommandError(f'{len(bots)} bots for {players} players. Name one bot per player, or just one.')
    try:
        if ns.kingdom.strip().lower() not in ("random", "r"):
            choose_kingdom(ns.kingdom)  # refuse a bad kingdom before playing anything
        else:
            choose_kingdom("random", seed=0, sets=ns.sets)
        tally = simulate(bots, ns.games, ns.kingdom, ns.seed, ns.sets, COLONY[ns.colony] if ns.colony else None)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    for line in report(tally, bots, ns.kingdom):
        session.say(line)
