"""The game: state, the primitive rule operations effects are written in, and the driver.

A game is its setup, its seed and its answers. ``game.pending`` is the Decision waiting (None when
the game is over); ``game.answer(x)`` checks and applies an answer; ``game.advance(agents)`` lets
bots answer their own decisions in-process until a person must answer or the game ends. Gaining,
buying and playing a card are the game's methods written in gaining.py; the turns are in flow.py.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any, Generator, Iterable, NamedTuple, Protocol, Sequence

from companion.cards import Card, catalogue
from companion.engine.decisions import ChooseCards, ChooseOne, Decision, IllegalAnswer, Purpose, YesNo
from companion.engine import gaining
from companion.engine.effects import CardEffect
from companion.engine.gaining import GainedCard, ThisCard
from companion.engine.rules import rules_for
from companion.engine.events import (
    Discarded, Event, GameOver, LookedAt, PutOnDeck, Reacted, Revealed, SetAside, TookVP, Trashed, TurnStarted,
    Zone,
)
from companion.engine.phase import Phase
from companion.engine.setup import GameSetup
from companion.engine.shuffle import shuffle
from companion.engine.stand_in import StandIns
from companion.engine.shared_events import DREW, SHUFFLED
from companion.engine.supply import Supply
from companion.engine.turn import Turn
from companion.engine.zones import PlayerState, remove_last

from companion.engine.view import PlayerView

Steps = Generator[Decision, Any, Any]


class Agent(Protocol):
    """Anything that answers decisions from a player's view: a bot, or a test script."""

    def decide(self, view: Any, decision: Decision) -> Any: ...


class Answer(NamedTuple):
    """One answer in a game's record: the seat, the answer, and whether a person gave it."""

    player: int
    value: Any
    person: bool


def _ended() -> Steps:
    """A flow that has ended: what a closed game holds in place of its own."""
    steps = _no_steps()
    next(steps, None)
    return steps


def _no_steps() -> Steps:
    return
    yield


class Game:
    """One game of Dominion. Build with ``Game(setup)``; everything else happens through answers."""

    def __init__(self, setup: GameSetup, log: bool = True, check_bots: bool = False) -> None:
        rules = rules_for(setup.kingdom)
        self.setup = setup
        self.rules = rules
        self.rng = random.Random(setup.seed)
        self.logging = log
        self.check_bots = check_bots
        self.log: list[Event] = []
        self.answers: list[Answer] = []
        copper, estate, silver, province, colony = _basics()
        self.kingdom = setup.kingdom
        n = setup.players
        self.supply = Supply(rules.pile_sizes[n])
        self.trash: list[Card] = []
        self.players = [PlayerState(i, s.name) for i, s in enumerate(setup.seats)]
        self.fx: dict[str, CardEffect] = rules.effects  # by card name: str hashes are cached, Card hashes are not
        self.curse_is_treasure = rules.curse_is_treasure
        self.treasures = rules.treasures
        self.actions = rules.actions
        self.victories = rules.victories
        self.attacks = rules.attacks
        self.reactions = rules.reactions
        self.cost_modified = rules.cost_modified
        self.buy_restricted = rules.buy_restricted
        self.treasure_names, self.action_names, self.attack_names, self.cost_modified_names = rules.names
        self.start_reactors, self.gain_reactors, self.attack_reactors = rules.reactors
        self.plain_coins = rules.plain_coins
        self.on_gain_cards = rules.on_gain
        self.province = province
        self.silver = silver
        self.colony = colony if setup.kingdom.platinum_colony else None
        self.empty_to_end = 4 if n >= 5 else 3
        self.immune: frozenset[int] = frozenset()  # players unaffected by the Attack being resolved
        self.this = ThisCard()  # the card whose instructions are being followed (see ThisCard)
        self.phase = Phase.START
        self.result: GameOver | None = None
        self.draws = 0  # random numbers drawn for shuffles since the setup (a position records it)
        self.stand_ins: StandIns | None = None  # what bots did for people, found on a copy (engine/stand_in.py)
        start = setup.start
        if start is None:
            rnd = self.rng.random
            for ps in self.players:
                ps.deck = [copper] * 7 + [estate] * 3
                shuffle(ps.deck, rnd)
            drawn = self.rng.randrange(n)  # drawn even when the first seat is given: the same shuffles follow
            self.current = drawn if setup.first is None else setup.first
            self.turn = Turn(self.current)
            for p in range(n):
                self.draw(p, 5)
        else:
            from companion.engine.position import place

            place(self, start)
            if log:  # the log of a game from a position begins with the turn under way
                self.log.append(TurnStarted(self.current, self.players[self.current].turns))
            self.phase = Phase.BUY if start.phase in ("treasures", "buy") else \
                Phase.ACTION if start.phase == "action" else Phase.START
        self._flow = self._main(None if start is None else start.phase)
        try:
            self.pending: Decision | None = next(self._flow)
        except StopIteration:  # a position whose turn ends the game before anyone is asked anything
            self.pending = None

    # ---- the driver -----------------------------------------------------------------------------
    def answer(self, answer: Any, person: bool = True, check: bool = True) -> None:
        """Answer the pending decision. An illegal answer raises IllegalAnswer and changes nothing."""
        d = self.pending
        if d is None:
            raise IllegalAnswer("The game is over. There is nothing to answer.")
        if check:
            reason = d.validate(answer)
            if reason is not None:
                raise IllegalAnswer(reason)
        value = d.normalise(answer)
        self.answers.append(Answer(d.player, value, person))
        try:
            self.pending = self._flow.send(value)
        except StopIteration:
            self.pending = None

    def validate(self, answer: Any) -> str | None:
        """None if ``answer`` is legal for the pending decision, else a speakable reason."""
        if self.pending is None:
            return "The game is over. There is nothing to answer."
        return self.pending.validate(answer)

    def advance(self, agents: Sequence[Agent | None]) -> Decision | None:
        """Let each seat's agent (None for a person) answer until a person must answer or the game ends."""
        check = self.check_bots
        # The views are made here, not kept by the game: a view refers to its game, and a game that
        # referred to its views would be a cycle, freed only by the cycle collector (whose passes over a
        # simulation's finished games were 3% of a Big Money game). A finished game is freed at once.
        views = [PlayerView(self, p) for p in range(len(self.players))]
        append = self.answers.append
        send = self._flow.send
        new_answer = tuple.__new__  # Answer(...) without NamedTuple's __new__ written in Python
        d = self.pending
        while d is not None:  # the fast path: Game.answer inlined
            player = d.player
            agent = agents[player]
            if agent is None:
                return d
            answer = agent.decide(views[player], d)
            if check:
                reason = d.validate(answer)
                if reason is not None:
                    raise IllegalAnswer(f"{type(agent).__name__} answered {answer!r}: {reason}")
            # A tuple is already every decision's normal form for card lists (and only for them).
            value = answer if answer.__class__ is tuple else d.normalise(answer)
            append(new_answer(Answer, (player, value, False)))
            try:
                d = self.pending = send(value)
            except StopIteration:
                d = self.pending = None
        return None

    def close(self) -> None:
        """Let go of a game no longer played (undo replaced it with a replay; another game was started):
        its flow is closed, the one reference that leads back to an unfinished game, so it is freed at
        once. Otherwise a long game's thousands of events wait for a full pass of Python's
        cycle collector, which then pauses whatever command it falls in by tens of milliseconds. The game
        cannot be played after this."""
        self._flow.close()  # what the collector would do: a suspended generator is closed when freed
        # and let go of: a compiled generator keeps its game after it is closed, so the game and its flow would
        # still hold each other (an ended flow of its own, which holds nothing, takes its place)
        self._flow = _ended()
        if self.stand_ins is not None:
            self.stand_ins.close()

    @property
    def over(self) -> bool:
        return self.pending is None

    def view(self, player: int) -> "PlayerView":
        """What ``player`` may see (a live PlayerView: it follows the game as it goes on)."""
        return PlayerView(self, player)

    # ---- the flow of the game -------------------------------------------------------------------
    def _main(self, resume: str | None = None) -> Steps:
        """The game's flow: a generator of Decisions (play_game itself, one generator fewer per answer)."""
        steps: Steps = _play_game()(self, resume)
        return steps

    # ---- facts ----------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def others(self, player: int) -> list[int]:
        """The other players in turn order, starting from the one to ``player``'s left."""
        n = len(self.players)
        return [(player + i) % n for i in range(1, n)]

    def victims(self, player: int) -> list[int]:
        """The other players an Attack being resolved affects (those who revealed Moat are not)."""
        return [q for q in self.others(player) if q not in self.immune]

    def left_of(self, player: int) -> int:
        return (player + 1) % len(self.players)

    def is_action(self, card: Card) -> bool:
        return card.name in self.action_names

    def is_treasure(self, card: Card) -> bool:
        return card.name in self.treasure_names

    def is_victory(self, card: Card) -> bool:
        return card in self.victories

    def cost(self, card: Card) -> int:
        """What ``card`` costs now: printed cost less this turn's reductions, never below 0."""
        t = self.turn
        if not t.action_discount and card.name not in self.cost_modified_names:
            return card.cost
        c = card.cost
        if t.action_discount and card.name in self.action_names:
            c -= t.action_discount
        mod = self.fx[card.name].cost_modifier
        if mod is not None:
            c -= mod(self, card)
        return c if c > 0 else 0

    def empty_piles(self) -> int:
        return self.supply.empty_piles()  # (none counted while no pile has been empty: see Supply)

    def in_supply(self, card: Card) -> bool:
        return self.supply.get(card, 0) > 0

    def supply_cards(self, up_to: int | None = None, exactly: int | None = None,
                     types: frozenset[Card] | None = None, exclude: Iterable[Card] = ()) -> list[Card]:
        """Non-empty Supply piles' cards, optionally costing at most ``up_to`` or ``exactly``."""
        ex = set(exclude)
        out = []
        for card, left in self.supply.items():
            if not left or card in ex or (types is not None and card not in types):
                continue
            c = self.cost(card)
            if (up_to is not None and c > up_to) or (exactly is not None and c != exactly):
                continue
            out.append(card)
        return out

    def can_buy(self, player: int, card: Card) -> bool:
        if not self.supply.get(card) or self.cost(card) > self.turn.coins:
            return False
        if card in self.buy_restricted:
            return self.fx[card.name].can_buy(self, player)  # type: ignore[misc]
        return True

    def buyable(self) -> list[Card]:
        """The cards the current player can buy now (the Buy decision's options)."""
        t = self.turn
        coins = t.coins
        if not t.action_discount and not self.cost_modified_names:  # every card costs what it says
            out = [c for c, left in self.supply.items() if left and c.cost <= coins]
        else:
            cost = self.cost
            out = [c for c, left in self.supply.items() if left and cost(c) <= coins]
        restricted = self.buy_restricted
        if restricted:
            fx, p = self.fx, t.player
            out = [c for c in out if c not in restricted or fx[c.name].can_buy(self, p)]  # type: ignore[misc]
        return out

    # ---- events ---------------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        if self.logging:
            self.log.append(event)

    # ---- moving cards ---------------------------------------------------------------------------
    def _reshuffle(self, player: int) -> None:
        ps = self.players[player]
        disc = ps.discard
        if not disc:
            return
        shuffle(disc, self.rng.random)
        self.draws += len(disc) - 1
        if self.logging:
            self.log.append(SHUFFLED[player][len(disc)])
        disc.extend(ps.deck)  # the shuffled discard pile goes under the deck
        ps.deck = disc
        ps.discard = []

    def ensure_deck(self, player: int, n: int) -> list[Card]:
        """Shuffle the discard pile under the deck if the deck has fewer than ``n`` cards; the deck."""
        ps = self.players[player]
        if len(ps.deck) < n:
            self._reshuffle(player)
        return ps.deck

    def draw(self, player: int, n: int) -> list[Card]:
        """Draw ``n`` cards (as many as there are), shuffling as the rulebook says."""
        ps = self.players[player]
        deck = ps.deck
        if len(deck) < n:
            self._reshuffle(player)
            deck = ps.deck
        k = n if n < len(deck) else len(deck)
        if k <= 0:
            return []
        drawn = deck[-k:]
        del deck[-k:]
        drawn.reverse()
        ps.hand.extend(drawn)
        if self.logging:
            self.log.append(DREW[player][tuple(drawn)])
        return drawn

    def peek(self, player: int, n: int) -> list[Card]:
        """The top ``n`` cards of the deck, top first, shuffling first if needed; they stay there."""
        deck = self.ensure_deck(player, n)
        return deck[::-1][:n]

    def take_top(self, player: int, to: Zone) -> Card | None:
        """Move the top card of the deck (shuffling if needed) to ``to``; None if there is none."""
        deck = self.ensure_deck(player, 1)
        if not deck:
            return None
        card = deck.pop()
        self.players[player].zone(to).append(card)
        return card

    def move(self, player: int, card: Card, source: Zone, to: Zone) -> bool:
        ps = self.players[player]
        if not remove_last(ps.zone(source), card):
            return False
        ps.zone(to).append(card)
        return True

    def trash_card(self, player: int, card: Card, source: Zone = Zone.HAND) -> bool:
        ps = self.players[player]
        if not remove_last(ps.zone(source), card):
            return False
        ps.lost(card)
        self.trash.append(card)
        self.emit(Trashed(player, card, source))
        return True

    def discard(self, player: int, cards: Sequence[Card], source: Zone = Zone.HAND) -> int:
        """Discard cards at once from ``source``; the last one ends on top."""
        ps = self.players[player]
        zone = ps.zone(source)
        done = []
        for c in cards:
            if remove_last(zone, c):
                ps.discard.append(c)
                done.append(c)
        if done:
            self.emit(Discarded(player, len(done), done[-1], tuple(done), source))
        return len(done)

    def topdeck(self, player: int, cards: Sequence[Card], source: Zone = Zone.HAND, public: bool = False) -> int:
        """Put cards onto the deck one after another; the last one ends on top."""
        ps = self.players[player]
        zone = ps.zone(source)
        done = []
        for c in cards:
            if remove_last(zone, c):
                ps.deck.append(c)
                done.append(c)
        if done:
            self.emit(PutOnDeck(player, len(done), tuple(done), public))
        return len(done)

    def reveal(self, player: int, cards: Sequence[Card], by: Card | None = None) -> None:
        self.emit(Revealed(player, tuple(cards), by))

    def look(self, player: int, cards: Sequence[Card], by: Card | None = None) -> None:
        self.emit(LookedAt(player, tuple(cards), by))

    def set_aside(self, player: int, card: Card, source: Zone) -> bool:
        if self.move(player, card, source, Zone.ASIDE):
            self.emit(SetAside(player, card))
            return True
        return False

    def take_vp(self, player: int, amount: int) -> None:
        ps = self.players[player]
        ps.vp_tokens += amount
        self.emit(TookVP(player, amount, ps.vp_tokens))

    def add(self, actions: int = 0, buys: int = 0, coins: int = 0) -> None:
        t = self.turn
        t.actions += actions
        t.buys += buys
        t.coins += coins

    # ---- gaining, buying, playing (generators: hooks may ask decisions), written in gaining.py ----
    def gain(self, player: int, card: Card, to: Zone = Zone.DISCARD, bought: bool = False) -> Steps:
        """Gain ``card`` from the Supply (``gaining.gain``); returns the GainedCard, or None if its pile is empty."""
        return gaining.gain(self, player, card, to, bought)

    def buy(self, player: int, card: Card) -> Steps:
        """Buy ``card`` (``gaining.buy``): pay for it, then gain it."""
        return gaining.buy(self, player, card)

    def play(self, player: int, card: Card, source: Zone | None = Zone.HAND, by: Card | None = None,
             this: ThisCard | None = None) -> Steps:
        """Play ``card`` and follow its instructions (``gaining.play``); returns its ThisCard."""
        return gaining.play(self, player, card, source, by, this)

    def move_gained(self, g: GainedCard, to: Zone) -> bool:
        """Move a just-gained card to ``to`` if it is still where it was put (``gaining.move_gained``)."""
        return gaining.move_gained(self, g, to)

    def react(self, player: int, reaction: Card, to: Card | None = None) -> None:
        self.emit(Reacted(player, reaction, to))

    # ---- helpers for effects: common questions ------------------------------------------------
    def ask_cards(self, player: int, purpose: Purpose, card: Card | None, options: Sequence[Card],
                  min: int = 0, max: int = 1) -> Steps:
        """Ask to choose cards; returns the tuple chosen (empty without asking if nothing can be chosen)."""
        if not options or max <= 0:
            return ()
        n = len(options)
        lo, hi = (min if min < n else n), (max if max < n else n)
        if lo == hi and (lo == n or len(set(options)) == 1):
            return tuple(options[:lo])  # no real choice: all of them, or any of identical cards
        answer = yield ChooseCards(player, purpose, card, options, lo, hi)
        return answer

    def ask_yes(self, player: int, purpose: Purpose, card: Card | None, about: Card | None = None) -> Steps:
        return (yield YesNo(player, purpose, card, about))

    def ask_one(self, player: int, purpose: Purpose, card: Card | None, options: Sequence[str],
                about: Card | None = None) -> Steps:
        if len(options) == 1:
            return options[0]
        return (yield ChooseOne(player, purpose, card, options, about))

    # ---- counting ---------------------------------------------------------------------------------
    def all_cards(self) -> Counter[Card]:
        """Every card in the game wherever it is: Supply, players' zones, trash (conservation checks)."""
        total: Counter[Card] = Counter({c: k for c, k in self.supply.items() if k})
        for ps in self.players:
            total.update(ps.all_cards())
        total.update(self.trash)
        return total

    def __repr__(self) -> str:
        return f"Game({self.setup.kingdom.name or 'kingdom'}, players={self.n}, phase={self.phase.name})"


@lru_cache(maxsize=1)
def _play_game() -> Any:
    """The flow's generator function (flow imports this module, so it is looked up once, on first use)."""
    from companion.engine.flow import play_game

    return play_game


@lru_cache(maxsize=1)
def _basics() -> tuple[Card, Card, Card, Card, Card]:
    """Copper, Estate, Silver, Province and Colony, looked up once, not in every game's set-up."""
    cat = catalogue()
    return cat["Copper"], cat["Estate"], cat["Silver"], cat["Province"], cat["Colony"]


__all__ = ["Agent", "Answer", "GainedCard", "Game", "IllegalAnswer", "ThisCard"]
