"""After a game: where a player's decisions differed from the strong bot's, and what each cost.

A finished game is its setup, seed and answers (its record: the engine's save text, which a saved game
and the server's history of games both hold). ``differences`` replays it once and, at each decision the
player answered themselves, asks a new strong bot what it would answer there (as ``hint`` does: the same
bot, the same seed, so the same move hint would have given). Where the answers differ, ``estimate``
plays paired rollouts from that decision: for each rollout seed, the game goes on once from the player's
answer and once from the bot's, every seat played by its own bot (a person's seat by the strong bot),
with the same shuffles for both. The cost is the difference in the player's share of wins (a tie
shared), with a 95% interval from the paired differences.

Rollouts start from the game's position where it has one (a turn's own question: an Action to play,
Treasures, a buy): the decks nobody has seen are shuffled afresh for each rollout. Inside a card's
question (Chapel's trashing) the game is replayed to the question and only the shuffles to come differ.
Every rollout depends only on the record, the decision and its own number, so the figures are the same
with any number of ``jobs`` (worker processes, started the portable way, ``spawn``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from companion.cards import Card, catalogue
from companion.engine import Game, GameSetup
from companion.engine.decisions import ChooseCards, Decision, OrderCards, Purpose
from companion.engine.position import PositionError, PlayerPosition, position_of
from companion.engine.record import loads, replay
from companion.engine.scoring import victory_points

FIRST_GAMES = 24  # paired rollouts for every decision that differed
FULL_GAMES = 200  # ...and for the costliest few, and for any decision asked about (turn, all)
REFINED = 4  # how many of the costliest get FULL_GAMES in the first run
TURN_LIMIT = 100  # turns per player in a rollout (as simulate): bots always finish well before
Z95 = 1.96

Progress = Callable[[str], None]


class AnalysisError(ValueError):
    """A record that cannot be analysed; ``str()`` says why in a sentence."""


@dataclass(frozen=True)
class Difference:
    """One decision where the player's answer was not the strong bot's."""

    index: int  # the answer's place in the record
    turn: int  # the turn it was taken in (the number of the turn of the player whose turn it was)
    purpose: Purpose
    card: str  # the card asking ("" for the turn's own questions)
    did: str  # the player's move, as hint words a move: "Buy Silver"
    would: str  # the strong bot's: "Buy Gold"
    bots: Any  # the strong bot's answer (normalised)
    why: str  # the bot's reason, as hint would say it
    effect: str = ""  # what the player's move did to their deck beyond the move itself: "It trashed 5 Coppers..."


@dataclass
class Cost:
    """Paired rollouts of one difference: ``total`` is the sum of (bot's share - player's share) of wins,
    ``squares`` the sum of its squares."""

    games: int = 0
    total: float = 0.0
    squares: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def half(self) -> float:
        """Half the width of the 95% interval of the mean (normal approximation)."""
        n = self.games
        if n < 2:
            return 1.0
        var = max(0.0, (self.squares - self.total * self.total / n) / (n - 1))
        return Z95 * math.sqrt(var / n)

    def add(self, pairs: Sequence[float]) -> None:
        self.games += len(pairs)
        self.total += sum(pairs)
        self.squares += sum(p * p for p in pairs)


@dataclass
class Analysis:
    """A finished game seen from one seat: the decisions looked at, those that differed and their costs,
    and everyone's points as the game went."""

    record: str  # the game's save text (the engine's record)
    seat: int
    names: tuple[str, ...]
    decisions: int  # the seat's own decisions looked at
    turns: int  # the turns the game had (the most any player took)
    differences: tuple[Difference, ...]
    costs: dict[int, Cost]  # by the record's index of the decision
    points: tuple[tuple[str, tuple[int, ...]], ...]  # ("5", (3, 3)), ..., ("the end", (22, 31))

    def cost(self, d: Difference) -> Cost:
        return self.costs.setdefault(d.index, Cost())

    def costliest(self, n: int = 3) -> list[Difference]:
        """The ``n`` differences that cost most (a difference that cost nothing is left out), costliest first."""
        ranked = sorted(self.differences, key=lambda d: (-self.cost(d).mean, d.index))
        return [d for d in ranked if round(100 * self.cost(d).mean) > 0][:n]

    def on_turn(self, turn: int) -> list[Difference]:
        return [d for d in self.differences if d.turn == turn]


# ---- the record ------------------------------------------------------------------------------------
def game_of(record: str) -> Game:
    """The finished game a record (save text) holds; AnalysisError if it is damaged or not finished."""
    from companion.engine.record import SaveError

    try:
        game = loads(record, log=False)
    except SaveError as e:
        raise AnalysisError(str(e)) from None
    if not game.over:
        game.close()
        raise AnalysisError("That game is not over yet. analysis works once a game has ended.")
    return game


def same(d: Decision, a: Any, b: Any) -> bool:
    """Whether two answers to ``d`` are the same move: cards as a multiset, unless their order matters
    (Treasures are played in order, but any order of the same plain Treasures is the same move)."""
    if isinstance(d, ChooseCards) and not isinstance(d, OrderCards):
        a, b = d.normalise(a), d.normalise(b)
        if not d.ordered or d.purpose is Purpose.PLAY_TREASURES:
            return sorted(c.name for c in a) == sorted(c.name for c in b)
        return tuple(a) == tuple(b)
    return bool(d.normalise(a) == d.normalise(b))


def differences(record: str, seat: int, progress: Progress | None = None) -> Analysis:
    """Replay the record once: the strong bot's answer at each decision ``seat`` answered themselves,
    and everyone's points at the end of every fifth round."""
    from companion.bots import StrongBot
    from companion.game.coach import move_words, words

    final = game_of(record)
    setup, answers = final.setup, list(final.answers)
    names = tuple(p.name for p in final.players)
    turns = max(s.turns for s in final.result.scores)  # type: ignore[union-attr]
    final.close()
    if not 0 <= seat < len(names):
        raise AnalysisError(f"The game has no seat {seat + 1}.")
    game = Game(setup, log=False)
    first = game.current
    found: list[Difference] = []
    treasures: set[int] = set()  # where the seat was asked to play Treasures
    stepped: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}  # Treasures played fewer than the bot's
    looked = 0
    points: list[tuple[str, tuple[int, ...]]] = []
    said_turn, rnd = 0, game.players[first].turns
    for k, a in enumerate(answers):
        d = game.pending
        assert d is not None
        turn = game.players[game.current].turns
        if a.player == seat and a.person:
            looked += 1
            if d.purpose is Purpose.PLAY_TREASURES:
                treasures.add(k)
            bot = StrongBot(setup.seed + seat)
            theirs = d.normalise(bot.decide(game.view(seat), d))
            mine = d.normalise(a.value)
            if not same(d, mine, theirs):
                reason = words(d, theirs, bot.why).partition("\n")[2]
                before = game.players[seat].counts()
                found.append(Difference(k, turn, d.purpose, d.card.name if d.card is not None else "",
                                        move_words(d, mine), move_words(d, theirs), theirs, reason))
                if d.purpose is Purpose.PLAY_TREASURES and _contained(mine, theirs):
                    stepped[k] = (mine, theirs)
            if progress is not None and turn != said_turn:
                said_turn = turn
                progress(f"Reading turn {turn} of {turns}.")
        game.answer(a.value, a.person, False)
        if found and found[-1].index == k and d.purpose in (Purpose.BUY, Purpose.GAIN):
            found[-1] = replace(found[-1], effect=_lost(before, game.players[seat].counts(), game.is_treasure))
        now = game.players[first].turns
        if now != rnd:
            if game.pending is not None and (now - 1) % 5 == 0:
                points.append((str(now - 1), tuple(victory_points(game, p) for p in range(len(names)))))
            rnd = now
    points.append(("the end", tuple(victory_points(game, p) for p in range(len(names)))))
    game.close()
    # Treasures played a few at a time are not another move: some of the bot's now, more at the next ask.
    kept = tuple(d for d in found if not (d.index in stepped and d.index + 1 in treasures))
    return Analysis(record, seat, names, looked, turns, kept, {}, tuple(points))


def _lost(before: Any, after: Any, is_treasure: Callable[[Card], bool]) -> str:
    """ "It trashed 5 Coppers, leaving 2 coins in 8 cards." where a buy or a gain cost the deck cards (Mint's
    trashing), else ""."""
    from companion.game.coach import grouped

    lost = before - after
    if not lost:
        return ""
    coins = sum((c.coin or 0) * n for c, n in after.items() if is_treasure(c))
    cards = sum(after.values())
    return (f"It trashed {grouped(tuple(lost.elements()))}, leaving {coins} {'coin' if coins == 1 else 'coins'} "
            f"in {cards} cards.")


def _contained(small: Sequence[Card], big: Sequence[Card]) -> bool:
    rest = list(big)
    for c in small:
        if c not in rest:
            return False
        rest.remove(c)
    return True


# ---- rollouts --------------------------------------------------------------------------------------
def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        return catalogue()[value["card"]]
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return {"card": value.name}
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def seeds_for(record_seed: int, index: int, first: int, count: int) -> list[int]:
    """The rollout seeds of one decision, numbers ``first`` to ``first + count - 1``."""
    base = random.Random(f"analysis|{record_seed}|{index}").getrandbits(32)
    return [(base + 7919 * i) % (1 << 32) for i in range(first, first + count)]


class Roller:
    """Plays the rollouts of one record (in this process or a worker): it keeps the record's game, and
    each decision's position, between calls."""

    def __init__(self, record: str) -> None:
        final = loads(record, log=False)
        self.setup: GameSetup = replace(final.setup, turn_limit=TURN_LIMIT)
        self.answers = list(final.answers)
        final.close()
        self.positions: dict[int, Any] = {}

    def _position(self, index: int) -> Any:
        if index not in self.positions:
            g = replay(self.setup, self.answers[:index], log=False, check=False)
            try:
                self.positions[index] = position_of(g)
            except PositionError:  # inside a card's question: replayed for each rollout
                self.positions[index] = None
            g.close()
        return self.positions[index]

    def _start(self, index: int, seed: int) -> Game:
        pos = self._position(index)
        if pos is None:
            g = replay(self.setup, self.answers[:index], log=False, check=False)
            g.rng = random.Random(seed)  # the shuffles to come differ by rollout
            return g
        rng = random.Random(seed)
        players = []
        for p in pos.players:  # a deck's order is known to no one: shuffled afresh
            deck = list(p.deck)
            rng.shuffle(deck)
            players.append(PlayerPosition(tuple(deck), p.hand, p.discard, p.play, p.aside, p.vp_tokens, p.turns))
        pos = replace(pos, players=tuple(players), seed=seed, after_setup=False, draws=0)
        return Game(GameSetup.from_position(pos, self.setup.seats, TURN_LIMIT), log=False)

    def _agents(self, seed: int) -> list[Any]:
        from companion.bots import StrongBot, make_bot

        return [StrongBot(seed + i) if s.bot is None else make_bot(s.bot, seed + i)
                for i, s in enumerate(self.setup.seats)]

    def share(self, index: int, answer: Any, seed: int, seat: int) -> float:
        """``seat``'s share of the win when the decision at ``index`` is answered ``answer``."""
        g = self._start(index, seed)
        try:
            g.answer(answer, False, True)
            g.advance(self._agents(seed))
            winners = g.result.winners  # type: ignore[union-attr]
            return 1.0 / len(winners) if seat in winners else 0.0
        finally:
            g.close()

    def pairs(self, index: int, bots: Any, seat: int, seeds: Sequence[int]) -> list[float]:
        """For each seed, the bot's answer's share of the win less the player's."""
        mine = self.answers[index].value
        return [self.share(index, bots, s, seat) - self.share(index, mine, s, seat) for s in seeds]


_worker: Roller | None = None


def _init_worker(record: str) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the shell's: it stops the pool, quietly
    global _worker
    _worker = Roller(record)


def _work(task: tuple[int, Any, int, list[int]]) -> tuple[int, list[float]]:
    index, bots, seat, seeds = task
    assert _worker is not None
    return index, _worker.pairs(index, _decode(bots), seat, seeds)


CHUNK = 50  # rollout pairs a worker plays at a time


class Workers:
    """Worker processes for one record's rollouts: started the portable way (spawn: the shell may have
    threads, and a threaded process must not fork) when first needed, and kept for the whole run."""

    def __init__(self, record: str, jobs: int) -> None:
        self.record, self.jobs = record, jobs
        self.pool: Any = None

    def map(self, tasks: list[tuple[int, Any, int, list[int]]]) -> Any:
        if self.pool is not None:
            return self.pool.map(_work, tasks)
        import multiprocessing
        import signal
        import threading
        from concurrent.futures import ProcessPoolExecutor

        self.pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_init_worker, initargs=(self.record,))
        # The workers start with Ctrl-C ignored (a process started with it ignored keeps it so, even while
        # Python starts): a Ctrl-C while they import must stop the run here, not print their tracebacks.
        main = threading.current_thread() is threading.main_thread()
        old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            return self.pool.map(_work, tasks)  # submits every task, which starts the workers
        finally:
            if main:
                signal.signal(signal.SIGINT, old)

    def close(self, stopped: bool = False) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=not stopped, cancel_futures=stopped)
            self.pool = None


def estimate(analysis: Analysis, chosen: Sequence[Difference], games: int, jobs: int = 1,
             progress: Progress | None = None, checking: bool = False, workers: Workers | None = None) -> None:
    """Play each chosen difference's rollouts up to ``games`` pairs (those it has are kept). Progress
    names the turn, or with ``checking`` how many of the chosen are done. With ``jobs`` above 1 the pairs
    are played by ``workers`` (started here if none are given), CHUNK at a time."""
    tasks = []
    for d in chosen:
        have = analysis.cost(d).games
        if have < games:
            tasks.append((d.index, _encode(d.bots), analysis.seat,
                          seeds_for(_seed(analysis), d.index, have, games - have)))
    if not tasks:
        return
    turns = {d.index: d.turn for d in chosen}
    results: dict[int, list[float]] = {}

    def said(index: int) -> str:
        if checking:
            return f"Checking move {min(len(results) + 1, len(tasks))} of {len(tasks)}."
        return f"Analysing, turn {turns[index]} of {analysis.turns}."

    if jobs <= 1:
        roller = Roller(analysis.record)
        for index, bots, seat, seeds in tasks:
            if progress is not None:
                progress(said(index))
            results[index] = roller.pairs(index, _decode(bots), seat, seeds)
    else:
        own = workers is None
        pool = workers if workers is not None else Workers(analysis.record, jobs)
        chunks = [(index, bots, seat, seeds[i:i + CHUNK]) for index, bots, seat, seeds in tasks
                  for i in range(0, len(seeds), CHUNK)]
        try:
            for index, pairs in pool.map(chunks):  # in order: each decision's pairs in their seeds' order
                if progress is not None:
                    progress(said(index))
                results.setdefault(index, []).extend(pairs)
        except BaseException:
            pool.close(stopped=True)
            raise
        if own:
            pool.close()
    for index, pairs in results.items():  # only once every rollout is in: a stopped run changes nothing
        analysis.costs.setdefault(index, Cost()).add(pairs)


def _seed(analysis: Analysis) -> int:
    import json

    try:
        return int(json.loads(analysis.record)["game"]["seed"])
    except (ValueError, KeyError, TypeError):
        return 0


def analyse(record: str, seat: int, jobs: int = 1, progress: Progress | None = None) -> Analysis:
    """The whole first run: the differences, a few rollouts of each, then more of the costliest."""
    return costed(differences(record, seat, progress), jobs, progress)


def costed(a: Analysis, jobs: int = 1, progress: Progress | None = None) -> Analysis:
    """A few rollouts of every difference, then more of those likeliest to be costliest (``a`` is changed
    only as each step ends)."""
    workers = Workers(a.record, jobs) if jobs > 1 else None
    try:
        estimate(a, a.differences, FIRST_GAMES, jobs, progress, workers=workers)
        # The likeliest to be costly get the full count: by the mean and half the interval above it.
        ranked = sorted(a.differences, key=lambda d: (-(a.cost(d).mean + a.cost(d).half / 2), d.index))[:REFINED]
        estimate(a, sorted(ranked, key=lambda d: d.index), FULL_GAMES, jobs, progress, True, workers)
        while True:  # what is said has the full count: any other that is now among the three costliest too
            rest = [d for d in a.costliest(3) if a.cost(d).games < FULL_GAMES]
            if not rest:
                return a
            estimate(a, rest, FULL_GAMES, jobs, progress, True, workers)
    finally:
        if workers is not None:
            workers.close()


__all__ = ["Analysis", "AnalysisError", "Cost", "Difference", "Roller", "Workers", "analyse", "costed", "differences", "estimate",
           "game_of", "same", "seeds_for"]
