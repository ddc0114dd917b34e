"""``companion simulate``: bot games played out in-process, reported in a few speakable lines."""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, TextIO

from companion.bots import DEFAULT_BOT, UnknownBot, bot_names, make_bot
from companion.commands.registry import ArgumentParser, command, words_option
from companion.refusal import CommandError
from companion.engine import Game, GameEndReason, GameSetup
from companion.kingdom import Kingdom, KingdomError, choose_kingdom
from companion.response import Response
from companion.session import Session
from companion.numbers import whole

TURN_LIMIT = 100  # turns per player: bots that cannot finish a game stop here
MAX_GAMES = 100_000
COLONY = {"on": True, "off": False, "rule": None}
MAX_JOBS = 256
PROBE_GAMES = 10  # played here first, and timed, to know what a game of these bots costs
STARTUP_SHARE = 10  # a worker is started only for at least this many times the work its start costs
MIN_CHUNK, MAX_CHUNK = 20, 2000  # games a worker plays before it reports back (for progress)
PROGRESS_EVERY = 3.0  # seconds between progress lines


@dataclass
class Tally:
    """What a batch of games came to. Everything but the speed depends only on the arguments."""

    games: int = 0
    wins: list[int] = field(default_factory=list)  # sole wins per seat
    ties: int = 0
    turns: int = 0  # turns of the player who took most, summed over games
    stopped: int = 0  # games that reached the turn limit
    seconds: float = 0.0


def _play(bots: list[str], seeds: list[int], kingdom_text: str, sets: str | None,
          platinum_colony: bool | None, each: Callable[[int], None] | None = None) -> Tally:
    """Play one game for each seed: a random kingdom is drawn afresh for every game from its seed.
    ``each(n)`` is called after every game with the games played so far (for progress)."""
    is_random = kingdom_text.strip().lower() in ("random", "r")
    fixed: Kingdom | None = None if is_random else choose_kingdom(kingdom_text, platinum_colony=platinum_colony)
    tally = Tally(wins=[0] * len(bots))
    for game_seed in seeds:
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
        if each is not None:
            each(tally.games)
    return tally


def _add(total: Tally, part: Tally) -> None:
    total.games += part.games
    total.wins = [a + b for a, b in zip(total.wins, part.wins)]
    total.ties += part.ties
    total.turns += part.turns
    total.stopped += part.stopped


def _play_chunk(args: tuple[list[str], list[int], str, str | None, bool | None]) -> Tally:
    return _play(*args)


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))  # type: ignore[attr-defined, unused-ignore]  # (Linux only)
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def worker_startup() -> float:
    """Processor seconds a worker spends before its first game: about what this process spent to get here
    (start Python, import the engine, the bots and this module), which is what a spawned worker does. In the
    shell it is more (the shell's own start and whatever it did first), which only makes workers rarer."""
    return _LOADED


_LOADED = time.process_time()  # at import, after the imports above


def workers_for(games: int, jobs: int, per_game: float, startup: float) -> int:
    """How many worker processes ``games`` games are worth, at most ``jobs``: each must play at least
    STARTUP_SHARE times its own start-up, else one process plays them all (1 means no worker at all)."""
    if jobs <= 1 or games <= 0:
        return 1
    if startup <= 0:
        return min(jobs, games)
    return max(1, min(jobs, int(games * per_game / (STARTUP_SHARE * startup))))


def simulate(bots: list[str], games: int, kingdom_text: str, seed: int, sets: str | None = None,
             platinum_colony: bool | None = None, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None) -> Tally:
    """Play ``games`` games over at most ``jobs`` processes. Every game's seed is drawn from ``seed`` first,
    in order, and a game depends only on its own seed, so the tally is the same for any number of processes.
    The first games are played here and timed; workers are started only when each has at least
    STARTUP_SHARE times its start-up to play (``workers_for``). ``progress(done, games)`` is called as chunks
    of games finish."""
    master = random.Random(seed)
    seeds = [master.getrandbits(32) for _ in range(games)]
    tally = Tally(wins=[0] * len(bots))
    start = time.perf_counter()
    per_game = 0.0

    def each(played: int) -> None:  # said game by game where this process plays: a slow game is minutes
        if progress is not None:
            progress(tally.games + played, games)

    if jobs > 1:
        probe = min(games, PROBE_GAMES)
        spent = time.process_time()
        _add(tally, _play(list(bots), seeds[:probe], kingdom_text, sets, platinum_colony, each))
        per_game = (time.process_time() - spent) / max(1, probe)
        seeds = seeds[probe:]
        jobs = workers_for(len(seeds), jobs, per_game, worker_startup())
    size = max(MIN_CHUNK, min(MAX_CHUNK, len(seeds) // (jobs * 8) or 1))
    if per_game > 0:  # a worker's chunk takes about a progress line's interval at most, however slow its games
        size = max(1, min(size, int(PROGRESS_EVERY / per_game)))
    chunks = [(list(bots), seeds[i:i + size], kingdom_text, sets, platinum_colony) for i in range(0, len(seeds), size)]
    if jobs == 1:
        _add(tally, _play(list(bots), seeds, kingdom_text, sets, platinum_colony, each))
    else:
        # spawn, not fork: the shell may have threads (speech), and forking a threaded process is unsafe.
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            for part in pool.map(_play_chunk, chunks):
                _add(tally, part)
                if progress is not None:
                    progress(tally.games, games)
    tally.seconds = time.perf_counter() - start
    return tally


class Progress:
    """A line on stderr every few seconds of a long run ("12000 of 100000 games played."), only at a terminal:
    a script reading the output, or a screen reader's review of it, gets the results alone."""

    def __init__(self, stream: TextIO, every: float = PROGRESS_EVERY) -> None:
        self.stream = stream
        self.every = every
        self.next = time.monotonic() + every

    def __call__(self, done: int, games: int) -> None:
        now = time.monotonic()
        if done < games and now >= self.next:
            self.stream.write(f"{done} of {games} games played.\n")
            self.stream.flush()
            self.next = now + self.every


def report(tally: Tally, bots: list[str], kingdom_text: str) -> list[str]:
    g = tally.games
    where = "random kingdoms" if kingdom_text.strip().lower() in ("random", "r") else kingdom_text.strip()
    lines = [f"{g} {'game' if g == 1 else 'games'}, {len(bots)} players.",
             "Wins, " + ", ".join(f"seat {i + 1} {b} {w}" for i, (b, w) in enumerate(zip(bots, tally.wins))) + ".",
             f"{tally.ties} {'tie' if tally.ties == 1 else 'ties'}. Average {tally.turns / g:.1f} turns each, {where}."]
    if tally.stopped:
        lines.append(f"{tally.stopped} stopped at {TURN_LIMIT} turns.")
    lines.append(f"Speed, {speed(g, tally.seconds)}.")
    return lines


def speed(games: int, seconds: float) -> str:
    """Games a second, or seconds a game when a game takes more than one (strong bots on random kingdoms
    were said as "0 games a second")."""
    if seconds <= 0 or games <= 0:
        return "not measured"
    rate = games / seconds
    if rate >= 10:
        return f"{rate:.0f} games a second"
    if rate >= 1:
        return f"{rate:.1f} games a second"
    return f"{seconds / games:.1f} seconds a game"


def _parser() -> ArgumentParser:
    p = ArgumentParser("simulate")
    p.add_argument("--games", type=whole, default=100)
    p.add_argument("--players", type=whole, default=None)
    words_option(p, "--bots")
    words_option(p, "--kingdom", "First Game")
    p.add_argument("--sets", default=None)
    p.add_argument("--colony", choices=sorted(COLONY), default=None)
    p.add_argument("--seed", type=whole, default=1)
    p.add_argument("--jobs", type=whole, default=None)
    return p


@command(
    "simulate",
    summary="plays many bot games and reports wins and speed.",
    usage="simulate and options",
    example='simulate --games 1000 --bots bigmoney,bigmoney --kingdom First Game --seed 1',
    topic="Bot simulations",
    details=("The options are --games, --players, --bots, which help bots lists, --kingdom with a set, 10 cards "
             "with commas, or random, --sets, --colony on, off or rule, --seed, and --jobs, the processes to use."),
)
def run(session: Session, args: str) -> Response:
    ns = _parser().parse(args)
    if not 1 <= ns.games <= MAX_GAMES:
        raise CommandError(f"'{ns.games}' games is out of range. Type a number from 1 to {MAX_GAMES}.")
    cores = default_jobs()
    jobs = cores if ns.jobs is None else ns.jobs
    if not 1 <= jobs <= MAX_JOBS:
        raise CommandError(f"'{ns.jobs}' jobs is out of range. Type a number from 1 to {MAX_JOBS}. "
                           f'This computer has {cores} {"core" if cores == 1 else "cores"}.')
    try:
        bots = bot_names(ns.bots) if ns.bots else []
    except UnknownBot as e:
        raise CommandError(str(e)) from None
    players = ns.players or (len(bots) if len(bots) > 1 else 2)  # one bot alone: 2 of it
    if not 2 <= players <= 6:
        raise CommandError(f"'{players}' players is not possible. Type a number from 2 to 6.")
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
        progress = Progress(sys.stderr) if _at_terminal(sys.stderr) else None
        tally = simulate(bots, ns.games, ns.kingdom, ns.seed, ns.sets, COLONY[ns.colony] if ns.colony else None,
                         jobs=jobs, progress=progress)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    return Response(session.seat, tuple(report(tally, bots, ns.kingdom)))  # a part a line, as it was said


def _at_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
