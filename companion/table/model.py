"""The table: a physical game of Dominion, as a list of recorded entries replayed from its setup.

Nothing here prints or reads input. Every change is an ``Entry``; ``Table.record`` checks it against a
copy of the state and keeps it only if it is allowed, so a refused entry changes nothing. ``undo`` replays
every entry but the last.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from functools import cached_property

from companion.cards import Card, catalogue
from companion.cards.names import and_list
from companion.kingdom import Kingdom
from companion.table.effects import also_treasures, effect_of
from companion.table.turn import Turn

STARTING_DECK: tuple[tuple[str, int], ...] = (("Copper", 7), ("Estate", 3))  # rulebook: 7 Coppers, 3 Estates
DEFAULT_LOW = 3  # a pile with this many cards or fewer is announced as low
MOST_VP_AT_ONCE = 100  # one vp entry takes or gives back at most this many tokens (a file allows 10,000)
VERBS = ("buy", "gain", "trash", "vp", "play", "coins", "next", "count", "pile", "end")


class TableError(ValueError):
    """An entry the table refuses; ``str()`` says why and what to type instead. Nothing changed.
    ``card``: the card of the entry that was refused, when it was one card of several."""

    def __init__(self, problem: str, card: str | None = None) -> None:
        super().__init__(problem)
        self.card = card


@dataclass(frozen=True)
class Setup:
    """Who plays, in seat order, with which kingdom, and who goes first."""

    players: tuple[str, ...]
    kingdom: tuple[str, ...]  # the 10 kingdom cards' names
    platinum_colony: bool = False
    kingdom_name: str | None = None
    first: int = 0
    seed: int | None = None

    @cached_property
    def kingdom_cards(self) -> Kingdom:
        cat = catalogue()
        return Kingdom(tuple(cat[n] for n in self.kingdom), self.platinum_colony, self.kingdom_name)

    @property
    def supply(self) -> tuple[Card, ...]:
        return self.kingdom_cards.supply_cards

    def pile_sizes(self) -> dict[str, int]:
        return {c.name: n for c, n in self.kingdom_cards.pile_sizes(len(self.players)).items()}

    @property
    def empty_piles_to_end(self) -> int:
        """3 empty Supply piles end the game; 4 with 5 or 6 players."""
        return 4 if len(self.players) >= 5 else 3

    def describe_kingdom(self) -> str:
        """The kingdom's name, or its 10 cards when it has none."""
        return self.kingdom_name or and_list(list(self.kingdom))

    def to_json(self) -> dict[str, object]:
        return {"players": list(self.players), "kingdom": list(self.kingdom), "platinum_colony": self.platinum_colony,
                "kingdom_name": self.kingdom_name, "first": self.first, "seed": self.seed}


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing recorded at the table. ``players`` are seat numbers from 0; ``cards`` are card names."""

    verb: str
    players: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    amount: int = 0
    others: bool = False  # gain: each other player in turn order, while the pile lasts

    def to_json(self) -> dict[str, object]:
        raw = asdict(self)
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in raw.items() if v or k == "verb"}


@dataclass
class State:
    """Everything known about the table after some entries."""

    piles: dict[str, int]
    decks: list[dict[str, int]]
    tokens: list[int]
    turns: list[int]  # turns each player has started
    current: int
    turn: Turn = field(default_factory=Turn)
    over: str | None = None  # why the game ended, once it has

    @classmethod
    def start(cls, setup: Setup) -> "State":
        n = len(setup.players)
        decks = [{name: count for name, count in STARTING_DECK} for _ in range(n)]
        turns = [0] * n
        turns[setup.first] = 1
        return cls(setup.pile_sizes(), decks, [0] * n, turns, setup.first)

    def copy(self) -> "State":
        return State(dict(self.piles), [dict(d) for d in self.decks], list(self.tokens), list(self.turns),
                     self.current, self.turn.copy(), self.over)

    def empty_piles(self) -> list[str]:
        return [name for name, n in self.piles.items() if n == 0]

    def deck_size(self, player: int) -> int:
        return sum(self.decks[player].values())


def ending_reasons(setup: Setup, state: State) -> list[str]:
    """Why the game will end at the end of this turn, or [] if it will not."""
    reasons = []
    cat = catalogue()
    for name in ("Province", "Colony"):
        if state.piles.get(name) == 0:
            reasons.append(f"no {cat[name].plural} left")
    empty = state.empty_piles()
    if len(empty) >= setup.empty_piles_to_end:
        reasons.append(f"{len(empty)} piles empty")
    return reasons


class Table:
    """A recorded game: its setup, its entries and the state they lead to."""

    def __init__(self, setup: Setup, entries: list[Entry] | None = None, low: int = DEFAULT_LOW) -> None:
        self.setup = setup
        self.low = low
        self.entries: list[Entry] = []
        self.state = State.start(setup)
        self._cards = {c.name: c for c in setup.supply}
        self.treasure_values = also_treasures(setup.kingdom_cards.cards)  # Charlatan: Curse is worth 1 coin
        for entry in entries or []:
            self.state = self._applied(self.state, entry)
            self.entries.append(entry)

    # Questions about the table.
    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def current_name(self) -> str:
        return self.players[self.state.current]

    def card(self, name: str) -> Card:
        return self._cards[name]

    def copies(self, name: str) -> int:
        """How many of a card this game has: its full pile and the players' starting cards."""
        start = dict(STARTING_DECK).get(name, 0) * len(self.players)
        return self.setup.pile_sizes()[name] + start

    def receivers(self, state: State, entry: Entry) -> list[int]:
        """The players a gain made in ``state`` gave cards to: with ``others``, those served before the pile ran out."""
        if not entry.others:
            return list(entry.players)
        after = self._applied(state, entry)
        return [p for p in entry.players if after.decks[p] != state.decks[p]]

    def is_low(self, name: str) -> bool:
        return 0 < self.state.piles[name] <= self.low

    def ending(self) -> list[str]:
        return ending_reasons(self.setup, self.state)

    # Recording.
    def record(self, entry: Entry) -> list[str]:
        """Keep ``entry`` if it is allowed and return the announcements it causes (low, empty, ending)."""
        before = self.state
        after = self._applied(before, entry, checked=True)
        vp = self._vp_earned(before, after, entry)
        if vp:  # kept in the entry itself, so a table saved before this was counted replays as it was
            entry = replace(entry, amount=vp)
            after = self._applied(before, entry, checked=True)
        self.state = after
        self.entries.append(entry)
        return self.announcements(before, after)

    def _vp_earned(self, before: State, after: State, entry: Entry) -> int:
        """VP tokens the current player takes for a new trash or gain entry: a Bishop's for the card trashed
        after it (its cost, with this turn's reductions), a Collection's for each Action card gained."""
        me, turn = before.current, before.turn
        if entry.verb == "trash" and entry.players[0] == me and turn.trashes_for_vp:
            return sum(turn.cost(self.card(name)) // per for name, per in zip(entry.cards, turn.trashes_for_vp))
        if entry.verb in ("buy", "gain") and turn.vp_per_action_gain:
            got = after.decks[me]
            return turn.vp_per_action_gain * sum(got.get(c, 0) - before.decks[me].get(c, 0)
                                                 for c in dict.fromkeys(entry.cards) if self.card(c).is_action)
        return 0

    def _take_vp(self, state: State, entry: Entry) -> None:
        """The VP tokens a trash or gain entry holds (see _vp_earned) go to the current player."""
        if not 0 <= entry.amount <= MOST_VP_AT_ONCE:
            raise TableError(f"at most {MOST_VP_AT_ONCE} VP tokens at a time. Type a smaller number.")
        state.tokens[state.current] += entry.amount

    def undo(self) -> tuple[Entry, list[str]]:
        """Take back the last entry by replaying the others; return it and what changed back."""
        if not self.entries:
            raise TableError("there is nothing to undo yet. Type buy, gain, trash or play to record something.")
        before = self.state
        state = State.start(self.setup)
        for entry in self.entries[:-1]:
            state = self._applied(state, entry)
        last = self.entries.pop()
        self.state = state
        notes = []
        if ending_reasons(self.setup, before) and not ending_reasons(self.setup, state):
            notes.append("The game no longer ends this turn.")
        return last, notes

    def announcements(self, before: State, after: State) -> list[str]:
        notes = []
        for name, n in after.piles.items():
            if n >= before.piles[name]:
                continue
            if n == 0:
                notes.append(f"{name} pile empty.")
            elif n <= self.low:
                notes.append(f"{name} pile low, {n} left.")
        was, now = ending_reasons(self.setup, before), ending_reasons(self.setup, after)
        if now and not was and after.over is None:
            notes.append(f"Game ends this turn, {and_list(now)}.")
        elif was and not now:  # a pile corrected upwards
            notes.append("The game no longer ends this turn.")
        elif not now:
            need = self.setup.empty_piles_to_end
            empty_before, empty_after = len(before.empty_piles()), len(after.empty_piles())
            if empty_after == need - 1 and empty_before < need - 1:
                notes.append(f"{empty_after} piles empty. One more ends the game.")
        return notes

    def _applied(self, state: State, entry: Entry, checked: bool = False) -> State:
        """A new state with ``entry`` applied, or TableError naming the problem (``state`` is untouched).

        ``checked``: also refuse what the record says cannot be (a play of a card the player does not have,
        an Action with no Action left, Grand Market bought with Coppers in play). Only new entries are
        checked: entries already kept replay as they were, so a table saved before a check still loads."""
        if state.over is not None:
            raise TableError("the game is over. Type score, undo, or table new.")
        new = state.copy()
        handler = getattr(self, f"_do_{entry.verb}", None)
        if handler is None:
            raise TableError(f"{entry.verb} is not something a table records. Type help table.")
        if entry.verb in ("play", "buy"):
            handler(new, entry, checked)
        else:
            handler(new, entry)
        return new

    def _take(self, state: State, name: str, count: int) -> None:
        left = state.piles[name]
        if left < count:
            what = "empty" if left == 0 else f"down to {left}"
            raise TableError(f"the {name} pile is {what}. Type pile {name.lower()} to check, or pile {name.lower()} N to correct it.")
        state.piles[name] = left - count

    def _do_buy(self, state: State, entry: Entry, checked: bool = False) -> None:
        player = entry.players[0]
        if checked and player == state.current:
            for name in entry.cards:
                self._check_buy(state, name)
        self._do_gain(state, entry)
        if player == state.current:
            for name in entry.cards:
                state.turn.buy(self.card(name))

    def _check_buy(self, state: State, name: str) -> None:
        """Refuse a buy the rules forbid by what is in play: Grand Market with a Copper in play."""
        banned = effect_of(self.card(name)).not_bought_with
        if banned is None or banned not in self._cards:
            return
        there = state.turn.in_play(banned)
        if there:
            raise TableError(f"{self.players[state.current]} has {self.card(banned).counted(there)} in play, so "
                             f"cannot buy {name}. If a {banned} was typed by mistake, type undo.")

    def _do_gain(self, state: State, entry: Entry) -> None:
        if not entry.others:  # "buy 99 silvers" with 40 left: the pile holds 40, it is not empty
            for name in dict.fromkeys(entry.cards):
                wanted, left = entry.cards.count(name) * len(entry.players), state.piles[name]
                if 0 < left < wanted:
                    raise TableError(f"only {self.card(name).counted(left)} left, not {wanted}. Type pile "
                                     f"{name.lower()} to check, or pile {name.lower()} N to correct it.")
        given = 0
        for player in entry.players:
            for name in entry.cards:
                if entry.others and state.piles[name] == 0 and given:
                    return  # the pile ran out part way round the table: the rest gain nothing
                self._take(state, name, 1)
                state.decks[player][name] = state.decks[player].get(name, 0) + 1
                given += 1
        self._take_vp(state, entry)

    def _do_trash(self, state: State, entry: Entry) -> None:
        player = entry.players[0]
        for name in dict.fromkeys(entry.cards):
            had, wanted = state.decks[player].get(name, 0), entry.cards.count(name)
            if had < wanted:
                card = self.card(name)
                owned = f"only {card.counted(had)}" if had else f"no {card.name if wanted == 1 else card.plural}"
                said = f"{self.players[player]} has {owned}" + (f", not {wanted}" if had else "")
                raise TableError(f"{said}. Type count {self.players[player]} to hear their cards.")
        deck = state.decks[player]
        for name in entry.cards:
            deck[name] -= 1
            if not deck[name]:
                del deck[name]
            if player == state.current and state.turn.in_play(name):  # a card played, then trashed from play
                state.turn.trashed[name] = state.turn.trashed.get(name, 0) + 1  # (Mint, Investment): it was played
        if player == state.current:  # a Bishop played before takes the next card trashed
            del state.turn.trashes_for_vp[:len(entry.cards)]
            self._take_vp(state, entry)

    def _do_vp(self, state: State, entry: Entry) -> None:
        player = entry.players[0]
        if abs(entry.amount) > MOST_VP_AT_ONCE:
            raise TableError(f"at most {MOST_VP_AT_ONCE} VP tokens at a time. Type a smaller number.")
        total = state.tokens[player] + entry.amount
        if total < 0:
            raise TableError(f"{self.players[player]} has only {state.tokens[player]} VP tokens. Type a smaller number.")
        state.tokens[player] = total

    def _do_play(self, state: State, entry: Entry, checked: bool = False) -> None:
        player = state.current
        before = {name: state.turn.played.count(name) for name in entry.cards}
        for name in entry.cards:
            card = self.card(name)
            if not (card.is_action or card.is_treasure or name in self.treasure_values):
                raise TableError(f"{name} is not played. Type play and an Action or a Treasure.")
            if checked:
                self._check_play(state, card, before[name] + entry.cards.count(name))
            vp = state.turn.play(card, self.treasure_values.get(name), len(state.empty_piles()))
            state.tokens[player] += vp

    def _check_play(self, state: State, card: Card, wanted: int) -> None:
        """Refuse a play the record says cannot be, with what to type if the record is what is wrong;
        ``wanted``: the copies played this turn, with this entry's."""
        turn, who = state.turn, self.players[state.current]
        have = state.decks[state.current].get(card.name, 0)
        if turn.played.count(card.name) >= have + turn.trashed.get(card.name, 0):
            said = f"{who} has {card.counted(have)} on record, not {wanted} played this turn" if have else \
                f"{who} has no {card.plural} on record"
            low = card.name.lower()
            fix = f"gain {low}" if state.piles[card.name] else f"count {who} {low} {have + 1}"
            raise TableError(f"{said}. If {who} gained {'another' if have else 'one'}, type {fix} first.", card.name)
        if not turn.may_play(card):
            if turn.treasures:  # the rulebooks: Actions in the Action phase; Crystal Ball's note: +Actions do not
                raise TableError(f"{who} has played Treasures, so cannot play {card.name} now. If it came first, "
                                 f"undo, then type the plays in order.", card.name)
            raise TableError(f"{who} has no Action left to play {card.name}. Type the plays in order, with undo "
                             f"for any out of order.", card.name)

    def _do_coins(self, state: State, entry: Entry) -> None:
        """Coins the calculator cannot know (Moneylender, Bank, Vault), added by hand."""
        if entry.amount < 0 and state.turn.coins + entry.amount < 0:
            raise TableError(f"only {max(0, state.turn.coins)} coins to take away. Type a smaller number.")
        state.turn.coins += entry.amount
        state.turn.coins_typed = True
        state.turn.uncounted.clear()  # the player has added what the calculator could not count

    def _do_next(self, state: State, entry: Entry) -> None:
        reasons = ending_reasons(self.setup, state)
        if reasons:
            state.over = and_list(reasons)
            return
        state.current = (state.current + 1) % len(self.players)
        state.turns[state.current] += 1
        state.turn = Turn()

    def _do_count(self, state: State, entry: Entry) -> None:
        player, (name,) = entry.players[0], entry.cards
        if entry.amount < 0:
            raise TableError("a count cannot be below 0. Type a number from 0 up.")
        most = self.copies(name)
        if entry.amount > most:
            raise TableError(f"this game has {self.card(name).counted(most)} in all. Type a number from 0 to {most}.")
        if entry.amount:
            state.decks[player][name] = entry.amount
        else:
            state.decks[player].pop(name, None)

    def _do_pile(self, state: State, entry: Entry) -> None:
        (name,) = entry.cards
        most = self.setup.pile_sizes()[name]
        if not 0 <= entry.amount <= most:
            raise TableError(f"{name} pile holds 0 to {most} cards. Type a number in that range.")
        state.piles[name] = entry.amount

    def _do_end(self, state: State, entry: Entry) -> None:
        state.over = "it was ended at the table"
