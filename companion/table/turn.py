"""This turn's calculator: Actions, Buys and coins from the cards a player announces as played."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from companion.cards import Card
from companion.table.effects import effect_of


@dataclass
class Turn:
    """Counts for the current player's turn; ``play`` adds a card, ``buy`` spends coins and a Buy."""

    actions: int = 1
    buys: int = 1
    coins: int = 0
    played: list[str] = field(default_factory=list)  # card names in the order played
    uncounted: list[str] = field(default_factory=list)  # cards whose coins, Actions or Buys vary
    bonus: dict[str, int] = field(default_factory=dict)  # Merchant: coins on the first Silver
    repeats: dict[str, list[int]] = field(default_factory=dict)  # Throne Room: next Action twice
    actions_in_play: int = 0
    actions_cost_less: int = 0
    vp_tokens: int = 0  # fixed +VP from cards played this turn (Monument)
    free_plays: int = 0  # Action cards played with no Action left, each by a Vassal or Crystal Ball
    plays_allowed: int = 0  # Action cards that Vassals and Crystal Balls played this turn may play
    at_start: bool = True  # nothing played yet but cards played at the start of the turn (Clerk)
    trashed: dict[str, int] = field(default_factory=dict)  # cards the player trashed this turn, by name
    treasures: int = 0  # Treasures played this turn: once there are some, the Action phase is over
    gains_on_buy: list[tuple[str, str]] = field(default_factory=list)  # Hoard: ("Victory", "Gold"), each play
    trashes_for_vp: list[int] = field(default_factory=list)  # Bishop: coins a VP for the next cards trashed, each
    vp_per_action_gain: int = 0  # Collections played: VP for each Action card gained this turn
    coins_typed: bool = False  # coins N was typed this turn: the coins are counted, if nothing was played
    treasure_names: set[str] = field(default_factory=set)  # the cards played as Treasures this turn (for Bank)

    def copy(self) -> "Turn":
        return Turn(self.actions, self.buys, self.coins, list(self.played), list(self.uncounted),
                    dict(self.bonus), {k: list(v) for k, v in self.repeats.items()}, self.actions_in_play,
                    self.actions_cost_less, self.vp_tokens, self.free_plays, self.plays_allowed,
                    self.at_start, dict(self.trashed), self.treasures, list(self.gains_on_buy),
                    list(self.trashes_for_vp), self.vp_per_action_gain, self.coins_typed,
                    set(self.treasure_names))

    @property
    def started(self) -> bool:
        return bool(self.played)

    @property
    def counted(self) -> bool:
        """Whether this turn's coins are known: cards were played, or coins typed with coins N."""
        return bool(self.played) or self.coins_typed

    def may_play(self, card: Card) -> bool:
        """Whether the rules let ``card`` be played now: a Treasure always; an Action with an Action left, by a
        pending Throne Room, by a Vassal or Crystal Ball that has not played one yet, or Clerk at the start."""
        if not card.is_action or self.repeats.get("Action"):
            return True
        if self.treasures:  # the Buy phase: only the Action a Crystal Ball plays, whatever +Actions say
            return self.free_plays < self.plays_allowed
        if self.actions > 0:
            return True
        return (effect_of(card).start_of_turn and self.at_start) or self.free_plays < self.plays_allowed

    def play(self, card: Card, treasure_value: int | None = None, empty_piles: int = 0) -> int:
        """Play ``card`` (as many times as a pending Throne Room says). Returns VP tokens to take."""
        kind = "Action" if card.is_action else "Treasure" if (card.is_treasure or treasure_value) else ""
        if kind == "Treasure":
            self.repeats.pop("Action", None)  # Treasures mean the Action phase is over: no Action to repeat
            if not self.treasures:  # nor a Vassal's play that never came: it played its card at once or not
                self.plays_allowed = min(self.plays_allowed, self.free_plays)
            self.treasures += 1
            self.treasure_names.add(card.name)
        pending = self.repeats.get(kind) if kind else None
        times = pending.pop(0) if pending else 1
        effect = effect_of(card)
        if card.is_action:
            self.actions_in_play += 1
            if times == 1 and not (effect.start_of_turn and self.at_start):  # nor Throne Room's, nor Clerk's
                if self.actions > 0 and not self.treasures:  # in the Buy phase, a Crystal Ball played it
                    self.actions -= 1
                else:
                    self.free_plays += 1
        self.at_start = self.at_start and effect.start_of_turn
        self.played.append(card.name)
        vp = 0
        for _ in range(times):
            self.actions += effect.actions
            self.buys += effect.buys
            self.coins += effect.coins
            if treasure_value and not card.is_treasure:
                self.coins += treasure_value
            vp += effect.vp
            if _ == 0 and card.name in self.bonus and self.played.count(card.name) == 1:
                self.coins += self.bonus.pop(card.name)
            if effect.first_play_bonus:
                target, coins = effect.first_play_bonus
                if target not in self.played:
                    self.bonus[target] = self.bonus.get(target, 0) + coins
            if effect.repeat:
                what, n = effect.repeat
                self.repeats.setdefault(what, []).append(n)
            self.actions_cost_less += effect.actions_cost_less
            self.plays_allowed += effect.plays_an_action
            if effect.gain_on_buy:
                self.gains_on_buy.append(effect.gain_on_buy)
            if effect.vp_per_cost:
                self.trashes_for_vp.append(effect.vp_per_cost)
            self.vp_per_action_gain += effect.vp_per_action_gain
            if effect.coins_per_treasure:  # Bank: the Treasures in play, itself among them
                self.coins += effect.coins_per_treasure * self.treasures_in_play()
            if effect.empty_pile_bonus and empty_piles >= effect.empty_pile_bonus[0]:
                self.buys += effect.empty_pile_bonus[1]
                self.coins += effect.empty_pile_bonus[2]
        counted_vp = effect.vp_per_cost or effect.vp_per_action_gain  # from the trash or gain entries that follow
        if (effect.variable or (effect.variable_vp and not counted_vp)) and card.name not in self.uncounted:
            self.uncounted.append(card.name)
        self.vp_tokens += vp
        return vp

    def cost(self, card: Card) -> int:
        """What ``card`` costs now, with Quarry and Peddler counted."""
        cost = card.cost
        cut = effect_of(card).cost_cut_per_action
        if cut:
            cost -= cut * self.actions_in_play
        if card.is_action:
            cost -= self.actions_cost_less
        return max(0, cost)

    def in_play(self, name: str) -> int:
        """How many copies of a card are still in play: those played, less those trashed this turn."""
        return max(0, self.played.count(name) - self.trashed.get(name, 0))

    def treasures_in_play(self) -> int:
        """The Treasure cards in play: those played this turn, less those trashed from play."""
        return sum(self.in_play(name) for name in self.treasure_names)

    def buy(self, card: Card) -> None:
        self.coins -= self.cost(card)
        self.buys -= 1

    def waiting(self) -> list[str]:
        """Pending Throne Rooms and Merchants, said as "next Action twice", "first Silver +1 coin"."""
        words = {2: "twice", 3: "three times"}
        said = []
        for kind, ns in self.repeats.items():
            for n, run in groupby(ns):  # Throne Room on Throne Room: "next 2 Actions twice each"
                k, how = len(list(run)), words.get(n, f"{n} times")
                said.append(f"next {kind} {how}" if k == 1 else f"next {k} {kind}s {how} each")
        said += [f"the first {name} adds {n} {'coin' if n == 1 else 'coins'}" for name, n in self.bonus.items()]
        return said
