"""How the strong bot plays a plan with a trasher (``Witch+Chapel``): the Chapel's plays and trashes, and
the cards a thinned deck adds to its terminal.

In a thinned deck the Chapel and the terminal (a Witch) often come in the same hand, and with one Action
only one is played. Once the deck has its terminal it buys a village (two at most) and then a second
terminal, and a Laboratory or a Market with 5 coins: each plays or draws without the Action. Fixed plan Witch
with Chapel against Chapel/Witch, the 100 kingdoms numbered from 100, 3,600 games each, the same seeds
(benchmarks/README.md, issue 35's fourth round): 58.1% before, 63.1% after; without the villages 58.9%;
without the second Witch 62.7%. On the 18 kingdoms holding a plain Village, 58.7% without it, 69.7% with it
and no second Witch: the gain is the Chapel and the Witch played together. Throne Room or King's Court in the village's place lost (55.1%
and 56.1% against 57.5% on the 34 kingdoms holding one), three Witches too (58.8% against 66.3%), and Sentry,
Peddler or Grand Market beside the Laboratory and the Market moved nothing (61.8% to 62.1%).
"""

from __future__ import annotations


from companion.bots.cardsense import C, COPPER, CURSE, ESTATE, GOLD, NON_TERMINAL, PROVINCE, late
from companion.bots.general import GeneralBot
from companion.bots.plans import Plan
from companion.cards import Card
from companion.cards.model import plural_of
from companion.engine.decisions import ChooseCards
from companion.engine.view import PlayerView
from collections import Counter

CHAPEL = C["Chapel"]
# The villages a thinned deck buys, the first the kingdom has: each plays the Chapel and the terminal in one
# turn (Worker's Village adds a card and a Buy, City and Village a card, Festival 2 coins and a Buy).
THIN_VILLAGES = tuple(C[n] for n in ("Worker's Village", "City", "Village", "Festival"))
# ...and the non-terminal it buys with 5 coins: a card and an Action each (Laboratory a card more, Market a
# coin and a Buy).
THIN_HELPERS = tuple(C[n] for n in ("Laboratory", "Market"))


def article(name: str) -> str:
    return "an" if name[:1] in "AEIOU" else "a"


def counted(n: int, name: str) -> str:
    """ "no Witch", "1 Witch", "2 Witches"."""
    if n == 0:
        return f"no {name}"
    return f"{n} {name if n == 1 else plural_of(name)}" if n > 1 else f"1 {name}"


def thin_helpers(kingdom: tuple[Card, ...], main: Card) -> tuple[Card | None, Card | None]:
    """The village and the non-terminal a thinned deck with ``main`` buys on this kingdom (None: none)."""
    if main in NON_TERMINAL:
        return None, None
    names = set(kingdom)
    village = next((c for c in THIN_VILLAGES if c in names), None)
    helper = next((c for c in THIN_HELPERS if c in names), None)
    return village, helper


class Thinning(GeneralBot):
    """The trasher plan's rules; ``StrongBot`` builds on them and chooses the plan."""

    _plan_cards: tuple[Card, ...] = ()
    _thin_helpers: tuple[Card | None, Card | None] = (None, None)
    _barred: Card | None = None
    most_terminals = 2  # a thinned deck's copies of its terminal, once it has a village
    thin_villages = 2  # ...and its villages

    def plan(self, view: PlayerView) -> Plan:
        raise NotImplementedError

    # How the Chapel is played (fixed plan Witch with Chapel against Chapel/Witch, 100 kingdoms numbered from
    # 100, 3,600 games each, the same seeds; benchmarks/README.md, issue 35): the deck's Treasure keeps this
    # many coins at least (5: 53.0%, 4: 55.9%, 3: 56.3%, 2: 53.2%; keeping 3 for a Silver: 40.9%); the Chapel
    # is played before a Witch with this many cards to trash (53.0% to 56.3%; 2 cards: 51.5%, 4: 53.0%).
    chapel_floor = 3
    chapel_first_junk = 3

    def chapel_first(self, view: PlayerView) -> bool:
        """Chapel before the other Actions in hand (a Witch too), with one Action and ``chapel_first_junk``
        cards or more to trash."""
        junk = sum(1 for c in view.hand_list if c is CURSE or c is ESTATE or c is COPPER)
        if junk < self.chapel_first_junk:
            return False
        self.why = f"it trashes {junk} cards that weaken your deck, which does more than your other Actions."
        return True

    def chapel_trash(self, view: PlayerView, d: ChooseCards) -> tuple[Card, ...]:
        """Chapel's trash, as a junking plan plays it: every Curse; Estates before the end; Coppers while
        the deck keeps ``chapel_floor`` coins of Treasure, except those this hand needs for the best card it
        reaches (the plan's card while the deck wants one, Gold, a Province)."""
        facts = self.facts(view)
        coins_of, is_treasure = facts.coins, facts.is_treasure
        is_late = late(view)
        owned = view.owned()
        money = facts.money(owned)
        hand = [c for c in view.hand_list]
        in_hand = view.coins + sum(coins_of[c] for c in hand if is_treasure[c])
        plan = self.plan(view)
        keep, goal = 0, ""
        if in_hand >= 8 and view.pile(PROVINCE):
            keep, goal = 8, "a Province"
        elif plan.kind in ("single", "engine", "trasher") and self._plan_cards:
            main = self._plan_cards[0]
            cost = view.cost(main)
            if owned[main] < plan.wanted(sum(owned.values())) and in_hand >= cost and view.pile(main):
                keep, goal = cost, f"{article(main.name)} {main.name}"
        if not keep and in_hand >= 6 and view.pile(GOLD):
            keep, goal = 6, "a Gold"
        chosen: list[Card] = []
        options = list(d.options)
        for card in (CURSE, ESTATE, COPPER):
            while card in options and len(chosen) < d.max:
                if card is ESTATE and is_late:
                    break
                worth = coins_of[card] if is_treasure[card] else 0
                if card is COPPER and (is_late or money - worth < self.chapel_floor or (keep and in_hand - worth < keep)):
                    break
                options.remove(card)
                chosen.append(card)
                money -= worth
                in_hand -= worth
        if chosen:
            kept = f", and the hand keeps the coins for {goal}" if goal and COPPER in options else ""
            names = [counted(chosen.count(c), c.name) if chosen.count(c) > 1 else c.name for c in dict.fromkeys(chosen)]
            said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            verb = "weakens" if len(chosen) == 1 else "weaken"
            self.why = f"{said} only {verb} your deck{kept}."
        else:
            self.why = "Nothing in your hand is worth trashing."
        return tuple(chosen)

    def thin_buy(self, view: PlayerView, coins: int, owned: Counter[Card], main: Card) -> tuple[Card, str] | None:
        """What a deck with a trasher adds once it has its terminal: a second copy at 5 to 7 coins once it
        has a village; a village with 5 coins or less, up to ``thin_villages``; a Laboratory or a Market with
        5 coins."""
        village, helper = self._thin_helpers
        trasher = self._plan_cards[1]
        have = owned[main]
        if village is not None and view.pile(village) and village is not self._barred:
            if have < self.most_terminals and owned[village] and view.cost(main) <= coins < 8 \
                    and view.pile(main) and main is not self._barred:
                return main, (f"your {counted(owned[village], village.name)} "
                              f"{'lets' if owned[village] == 1 else 'let'} you play a second {main.name} with the first.")
            if owned[village] < self.thin_villages and view.cost(village) <= coins < 6:
                together = f"your {trasher.name} and your {main.name}" if have == 1 else f"your {counted(have, main.name)}"
                return village, (f"{article(village.name).capitalize()} {village.name} lets you play {together} "
                                 "in one turn.")
        if helper is not None and view.pile(helper) and helper is not self._barred and view.cost(helper) <= coins < 6:
            return helper, (f"{article(helper.name).capitalize()} {helper.name} draws a card and keeps your Action, "
                            f"so your {trasher.name} and your {main.name} are played in one turn more often.")
        return None
