"""The general bot: answers every decision of every card sensibly, from its player's view only.

Buying (``buying.py``) follows Big Money's backbone (Colony, Province, Gold, Silver) with the kingdom's
best cards worked in, a limit on terminal Actions, and greening near the end. Every card's questions have an
answer here, chosen by rules, never at random.
"""

from __future__ import annotations

from typing import Iterable

try:  # read by mypyc when the bots are compiled (setup.py); the program runs without mypy_extensions
    from mypy_extensions import mypyc_attr
except ImportError:
    from companion.compiling import mypyc_attr  # type: ignore[assignment, unused-ignore]

from companion.bots.cardsense import (
    BUY_VALUE, C, COPPER, CURSE, ESTATE, GOLD, JUNK_FIRST, JUNK_LAST, MULTIPLIERS,
    NON_TERMINAL, PLATINUM, PLAY_FIRST, PLAY_ORDER, SILVER, TRASH_FIRST, TREASURE_FIRST, VILLAGES,
    junk_rank, late, money_total,
)
from companion.bots import careful
from companion.bots.buying import EXPAND, FORGE, best_gain, kingdom_pick, sorted_cards
from companion.bots.facts import GameFacts, facts_for
from companion.bots.feeding import counted_names, mint_reveal
from companion.bots.rivals import ends_behind
from companion.cards import Card
from companion.engine.decisions import (
    ChooseCards, ChooseOne, Decision, NameCard, OrderCards, Purpose, YesNo,
)
from companion.engine.view import PlayerView
from companion.bots.answers import BotAnswer
from collections import Counter

# Purposes as plain names: an Enum member read from its class costs several times a global's lookup.
_TREASURES, _BUY, _PLAY_ACTION, _START_OF_TURN, _GAIN = (
    Purpose.PLAY_TREASURES, Purpose.BUY, Purpose.PLAY_ACTION, Purpose.START_OF_TURN, Purpose.GAIN)
_PLAY, _TRASH, _DISCARD, _TOPDECK, _REVEAL = Purpose.PLAY, Purpose.TRASH, Purpose.DISCARD, Purpose.TOPDECK, \
    Purpose.REVEAL
INVESTMENT, MONEYLENDER, RABBLE = C["Investment"], C["Moneylender"], C["Rabble"]
REMODELS = frozenset((C["Remodel"], EXPAND))  # the strong bot plays these only where a card becomes a better one
NEEDS_JUNK = frozenset(C[n] for n in ("Bishop", "Remodel", "Expand", "Forge"))


def grouped_names(cards: Iterable[Card]) -> str:
    """ "Estate", "Smithy and Estate" (cards once each, in order)."""
    names = list(dict.fromkeys(c.name for c in cards))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# The Treasures in a hand, in the order they are played (TREASURE_FIRST, the same for every bot and game), by the
# tuple of them asked about: a bounded table, cleared when full.
_TREASURE_ORDERS: dict[tuple[Card, ...], tuple[Card, ...]] = {}
_KEPT_ORDERS = 4096


# Compiled, a bot class may still be subclassed in Python (the benchmarks' fixed-plan bots, the tests' spies).
@mypyc_attr(allow_interpreted_subclasses=True)
class GeneralBot:
    name = "normal"
    # The strong bot's card choices (strong.py sets it): discards and put-backs that keep what the hand can
    # play, Tiara on a Copper, Moneylender's Copper, Vault's unplayable Actions.
    careful = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.why = ""  # the reason for the last answer, where one was worked out (hint says it)
        self._facts: GameFacts | None = None
        self._kingdom: tuple[Card, ...] = ()  # the kingdom those facts are of

    def facts(self, view: PlayerView) -> GameFacts:
        """The facts of this game's kingdom (a bot may be given a new game: after undo or load, a new game)."""
        if view.kingdom is not self._kingdom:
            self._kingdom = view.kingdom
            self._facts = facts_for(view)
        return self._facts  # type: ignore[return-value]

    def coin_floor(self) -> int | None:
        """The coins of Treasure a plan with a trasher keeps its deck at (``feeding.starved``); None: no such plan."""
        return None

    # ---- dispatch ----
    def decide(self, view: PlayerView, d: Decision) -> BotAnswer:
        if isinstance(d, ChooseCards):
            return self.choose_cards(view, d)
        if isinstance(d, YesNo):
            return self.yes_no(view, d)
        if isinstance(d, ChooseOne):
            return self.choose_one(view, d)
        if isinstance(d, OrderCards):
            if self.careful and d.card is RABBLE:
                return careful.rabble_order(self, view, d.cards)
            return tuple(sorted(d.cards, key=JUNK_LAST.__getitem__))  # best on top
        if isinstance(d, NameCard):
            return self.name_card(view, d)
        raise TypeError(f"unknown decision {d!r}")

    # ---- choosing cards ----
    def choose_cards(self, view: PlayerView, d: ChooseCards) -> tuple[Card, ...]:
        p, name = d.purpose, d.card.name if d.card is not None else ""
        options = d.options
        if p is _TREASURES:
            return self.treasures(view, options)
        if p is _BUY:
            best = self.best_gain(view, options, buying=True)
            if best is not None and view.pile(best) == 1 and ends_behind(view, best):  # not the loss's last card
                best = self.best_gain(view, [c for c in options if c is not best], buying=True)
            return (best,) if best is not None else ()
        if p is _PLAY_ACTION:
            return self.action(view, options)
        if p is _START_OF_TURN:
            return options[:1]
        if p is _GAIN:
            best = self.best_gain(view, options, buying=False)
            if best is None and d.min:
                best = max(options, key=lambda c: (c.cost, -junk_rank(c, view)))
            return (best,) if best is not None else ()
        if p is _PLAY:
            return self.play_with(view, d)
        if p is _TRASH:
            return self.trash(view, d, name)
        if p is _DISCARD:
            return self.discard(view, d, name)
        if p is _TOPDECK:
            return self.topdeck(view, d, name)
        if p is _REVEAL:  # Mint
            if self.careful:
                return mint_reveal(self, view, options)
            good = [c for c in options if c.cost >= 3 and view.pile(c)]
            return (max(good, key=lambda c: c.cost),) if good else ()
        return tuple(options[: d.min])

    def treasures(self, view: PlayerView, options: tuple[Card, ...]) -> tuple[Card, ...]:
        order = _TREASURE_ORDERS.get(options)  # (the hands' Treasures repeat: each order is sorted once)
        if order is None:
            order = tuple(sorted(options, key=TREASURE_FIRST.__getitem__))
            if len(_TREASURE_ORDERS) >= _KEPT_ORDERS:
                _TREASURE_ORDERS.clear()
            _TREASURE_ORDERS[tuple(options)] = order
        if INVESTMENT in options and not self.has_junk(view):
            return tuple([c for c in order if c is not INVESTMENT])  # it would trash a good card
        return order

    def has_junk(self, view: PlayerView) -> bool:
        """A card in hand worth trashing (a Curse, an Estate before the end, a Copper in a rich deck)."""
        is_late = money = None  # worked out only when a card in hand asks
        for c in view.hand_list:
            if c is CURSE:
                return True
            if c is ESTATE:
                if is_late is None:
                    is_late = late(view)
                if not is_late:
                    return True
            elif c is COPPER:
                if money is None:
                    money = self.facts(view).money(view.owned())
                if money > 8:
                    return True
        return False

    def action(self, view: PlayerView, options: tuple[Card, ...]) -> tuple[Card, ...]:
        hand = view.hand_list
        ranked = sorted(dict.fromkeys(options), key=PLAY_FIRST.__getitem__)
        skipped: list[str] = []
        for i, c in enumerate(ranked):
            if c in MULTIPLIERS and sum(map(self.facts(view).is_action.__getitem__, hand)) < 2:
                skipped.append(f"{c.name} has no other Action to play")
                continue
            if c in MULTIPLIERS and self.careful and all(a in MULTIPLIERS for a in hand if self.facts(view).is_action[a]):
                others = [a for a in hand if a in MULTIPLIERS]
                others.remove(c)  # this one; a second of the same card stays (two Throne Rooms)
                skipped.append(f"{c.name} has only {grouped_names(others)}"
                               " to play, which would have nothing to play either")
                continue
            if c is MONEYLENDER and COPPER not in hand:
                skipped.append("Moneylender has no Copper to trash")
                continue
            if self.careful and (c in REMODELS or c is FORGE):
                why = self.trasher_idle(view, c, hand)
                if why:
                    skipped.append(why)
                    continue
            elif c in NEEDS_JUNK and not late(view) and not self.has_junk(view):
                skipped.append(f"{c.name} has nothing worth trashing")
                continue
            # the best other card (the first of ranked that is not c), for the reason
            other = ranked[0] if i else ranked[1] if len(ranked) > 1 else None
            if c in VILLAGES:
                self.why = "it gives +2 Actions" + (f", so {other.name} can still be played after it." if other
                                                    else ".")
            elif c in NON_TERMINAL:
                self.why = "it gives its Action back, so play it before the Actions that do not."
            elif c in MULTIPLIERS:
                self.why = "it plays your best other Action twice" + (" or more." if c.name == "King's Court" else ".")
            elif view.actions > 1:
                self.why = f"it is your best Action, and you have {view.actions} Actions."
            else:
                self.why = "it is your best Action for your last Action" + (
                    f"; {other.name} would do less." if other else ".")
            return (c,)
        self.why = (skipped[0] + ".") if skipped else "none of these helps now."
        return ()

    def trasher_idle(self, view: PlayerView, card: Card, hand: list[Card]) -> str:
        """Why Remodel, Expand or Forge should not be played with this hand ("" if it should): Remodel and
        Expand only where a card becomes one worth a coin a turn more; Forge only with cards to trash, as
        it gains a card costing exactly what it trashed (nothing trashed gains a Copper)."""
        rest = list(hand)
        rest.remove(card)
        if card is FORGE:
            return "" if self.forge_trash(view, rest) else "Forge has nothing worth trashing"
        _, _, gain = careful.upgrade(self, view, rest, 3 if card is EXPAND else 2)
        return "" if gain >= 1 else f"{card.name} has no card worth making into a better one"

    def forge_trash(self, view: PlayerView, options: Iterable[Card]) -> list[Card]:
        """What Forge trashes: Curses, and Estates before the end (not Coppers: they add nothing to the cost)."""
        is_late = late(view)
        return [c for c in sorted_cards(options, TRASH_FIRST[is_late].__getitem__)
                if c is CURSE or (c is ESTATE and not is_late)]

    def play_with(self, view: PlayerView, d: ChooseCards) -> tuple[Card, ...]:
        options = [c for c in d.options if c not in MULTIPLIERS or len(d.options) == 1] or list(d.options)
        if d.card is not None and d.card.name == "Tiara":
            order = ["Bank", "Platinum", "Gold", "Hoard", "Collection", "Crystal Ball", "War Chest", "Silver"]
            for n in order:
                for c in options:
                    if c.name == n:
                        return (c,)
            if not self.careful:
                return ()
            # Otherwise the Treasure worth most played twice: a Copper twice is a coin more than once.
            plain = [c for c in options if c.name not in ("Investment", "Anvil", "Quarry", "Tiara")
                     and self.facts(view).coins[c] > 0]
            return (max(plain, key=lambda c: (self.facts(view).coins[c], c.name)),) if plain else ()
        return (max(options, key=lambda c: PLAY_ORDER.get(c.name, 50)),) if options else ()

    def trash(self, view: PlayerView, d: ChooseCards, name: str) -> tuple[Card, ...]:
        options = d.options
        is_late = late(view)
        ranked = sorted(options, key=TRASH_FIRST[is_late].__getitem__)
        money = self.facts(view).money(view.owned())

        spare = [money - 7]  # Coppers it can trash and still buy Gold: keep 7 coins of Treasure

        def junk(c: Card) -> bool:
            if c is CURSE:
                return True
            if c is ESTATE:
                return not is_late
            if c is COPPER and spare[0] > 0 and not is_late:
                spare[0] -= 1
                return True
            return False

        if self.careful and name == "Forge":
            chosen = self.forge_trash(view, options)[: d.max]
            self.why = (f"Forge gains a card costing exactly what it trashes, and {counted_names(chosen)} only "
                        f"{'weakens' if len(chosen) == 1 else 'weaken'} your deck." if chosen
                        else "Nothing in your hand is worth trashing.")
            return tuple(chosen)
        if name in ("Chapel", "Forge") or (name == "Bishop" and d.min == 0):
            chosen = [c for c in ranked if junk(c)][: d.max]
            if name == "Forge" and chosen:
                chosen = [c for c in chosen if c is not COPPER] or chosen[:0]
            return tuple(chosen[: d.max]) if len(chosen) >= d.min else tuple(ranked[: d.min])
        if self.careful and name in ("Remodel", "Expand") and d.min == 1:
            pick, into, _ = careful.upgrade(self, view, options, 3 if name == "Expand" else 2)
            if pick is not None:
                self.why = (f"{pick.name} becomes {into.name}, the best card {name} makes here." if into is not None
                            else f"{pick.name} is the card you lose least by.")
                return (pick,)
        if name in ("Remodel", "Expand"):
            if is_late:
                golds = [c for c in options if c is GOLD]
                if golds:
                    return (golds[0],)
        if name == "Mine":
            for c in (SILVER, COPPER, GOLD):
                if c in options and not (c is GOLD and not view.pile(PLATINUM)):
                    return (c,)
            return ()
        if name == "Bandit":
            pick = min(options, key=lambda c: (c.cost, c.name))
            self.why = f"Bandit takes one of these, and {pick.name} costs least." if len(set(options)) > 1 else \
                f"Bandit takes a Treasure other than Copper, and {pick.name} is the only one."
            return (pick,)
        if d.min == 0:
            return tuple(c for c in ranked[:1] if junk(c))
        return tuple(ranked[: d.min])

    def discard(self, view: PlayerView, d: ChooseCards, name: str) -> tuple[Card, ...]:
        options = d.options
        if d.min == d.max and not self.careful:
            return tuple(sorted(options, key=JUNK_FIRST.__getitem__)[: d.min])
        if d.min == d.max:  # Militia, Poacher, Vault's two: the cards the turn can do least with
            chosen = tuple(c for _, c in careful.hand_values(self, view, options)[: d.min])
            self.why = "these do least in the hand you keep." if chosen else ""
            return chosen
        ranked = sorted(options, key=JUNK_FIRST.__getitem__)
        if name in ("Cellar", "Vault"):  # only cards that do nothing in hand
            dead = [c for c in ranked if (c.is_victory and not c.is_action and not view.is_treasure(c))
                    or (c is CURSE and not view.is_treasure(c))
                    or (self.careful and name == "Vault" and view.actions == 0 and view.is_action(c) and not view.is_treasure(c))]
            if name == "Vault":
                self.why = ("each card discarded is a coin, and these do nothing in your hand." if dead else
                            "no card here does less in your hand than the coin it would give.")
            return tuple(dead[: d.max])
        if name == "Anvil":
            coppers = [c for c in options if c is COPPER]
            if coppers and view.coins < 8:
                self.why = "Anvil gains a card costing up to 4 coins for a Copper."
                return (coppers[0],)
            self.why = "you have 8 coins already." if coppers else \
                "your Treasures here are worth more to this turn than a card costing up to 4 coins."
            return ()
        return tuple(ranked[: d.min])

    def topdeck(self, view: PlayerView, d: ChooseCards, name: str) -> tuple[Card, ...]:
        options = d.options
        if name == "Harbinger":
            good = [c for c in options if c in (GOLD, PLATINUM) or BUY_VALUE.get(c.name, 0) >= 5]
            if not good:
                self.why = "nothing in your discard pile is worth drawing again soon."
                return ()
            best = max(good, key=lambda c: c.cost)
            self.why = f"{best.name} is the best card in your discard pile, and you draw it next."
            return (best,)
        if name == "Artisan":
            return (careful.artisan_back(self, view, options),)
        if d.min == 0:
            return ()
        if all(c.is_victory or c is CURSE for c in options) and name == "Bureaucrat":
            self.why = "only a Victory card can go back, and none of them does anything in your hand."
            return tuple(sorted(options, key=JUNK_FIRST.__getitem__)[: d.min])
        if d.min == 1 and self.careful:
            return (careful.put_back(self, view, options),)
        return tuple(sorted(options, key=JUNK_FIRST.__getitem__)[: d.min])

    # ---- gaining and buying (buying.py) ----
    def best_gain(self, view: PlayerView, options: Iterable[Card], buying: bool) -> Card | None:
        return best_gain(self, view, options, buying)

    def kingdom_pick(self, view: PlayerView, opts: dict[Card, None], owned: Counter[Card]) -> Card | None:
        return kingdom_pick(self, view, opts, owned)

    # ---- yes and no, one of, naming ----
    def yes_no(self, view: PlayerView, d: YesNo) -> bool:
        name = d.card.name if d.card is not None else ""
        if d.purpose is Purpose.REACT:
            return True  # Moat: always be unaffected
        if d.purpose is Purpose.SET_ASIDE:  # Library: skip Actions it cannot play
            no_actions: bool = view.actions == 0
            return no_actions
        if name == "Moneylender":  # a coin more than the Copper, and a deck without it
            return not self.facts(view).gardens if self.careful else money_total(view) > 8
        if name == "Tiara":
            about = d.about
            return about is not None and (about in (GOLD, PLATINUM) or BUY_VALUE.get(about.name, 0) >= 5)
        if name == "Vault":
            hand = view.hand_list
            return sum(1 for c in hand if JUNK_LAST[c][0] >= 40) >= 2
        if d.purpose is Purpose.PLAY:  # Vassal
            return True
        return True

    def choose_one(self, view: PlayerView, d: ChooseOne) -> str:
        name = d.card.name if d.card is not None else ""
        about = d.about
        options = d.options
        if name == "Sentry" and about is not None:
            rank = junk_rank(about, view)
            if about is CURSE or (about is ESTATE and not late(view)) or (about is COPPER and money_total(view) > 7):
                return "trash"
            return "discard" if rank >= 40 else "keep"
        if name == "Crystal Ball" and about is not None:
            if "play" in options and (view.is_treasure(about) or view.is_action(about)) and about is not CURSE:
                return "play"
            if about is CURSE or (about is ESTATE and not late(view)):
                return "trash"
            return "discard" if junk_rank(about, view) >= 40 else "leave"
        if name == "Investment":
            distinct = {c for c in view.hand_list if view.is_treasure(c)}
            return "trash" if "trash" in options and (len(distinct) >= 3 or (late(view) and len(distinct) >= 2)) \
                else "coin"
        if name == "Watchtower" and about is not None:
            return self.watchtower(view, about)
        if d.purpose is Purpose.ORDER and about is not None:
            return self.gain_order(view, about, options)
        return options[0]

    def watchtower(self, view: PlayerView, about: Card) -> str:
        if self.careful:
            return careful.watchtower(self, view, about)
        if about is CURSE or (about is COPPER and money_total(view) > 8):
            return "trash"
        if about in (GOLD, PLATINUM) or BUY_VALUE.get(about.name, 0) >= 6:
            return "deck"
        return "no"

    def gain_order(self, view: PlayerView, about: Card, options: tuple[str, ...]) -> str:
        """Which "when you gain" effect first: Watchtower first on a card it trashes (nothing else
        matters then); else the effects that move the card before Hoard, so a Gold put on the deck
        ends above it (Hoard's card is a Victory card); Tiara before Watchtower."""
        if "Watchtower" in options and self.watchtower(view, about) == "trash":
            return "Watchtower"
        self.why = ""  # (Watchtower's reason was for trashing or not, not for this order)
        for name in ("Tiara", "Watchtower", "Hoard"):
            if name in options:
                return name
        return options[0]

    def name_card(self, view: PlayerView, d: NameCard) -> Card:
        """War Chest: name the card the other player would most like to gain (up to 5 coins)."""
        affordable = [c for c, left in view.supply.items() if left and view.cost(c) <= 5 and c not in view.named]
        if not affordable:
            return d.options[0]
        named: Card = max(affordable, key=lambda c: (BUY_VALUE.get(c.name, 2 if c is SILVER else 1), c.cost, c.name))
        return named
