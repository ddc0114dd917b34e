"""The strong bot: chooses a plan for the kingdom and the table at the start, then buys by its deck's make-up.

A plan is Big Money with one kingdom card (or a village and a drawing card, or Workshops for Gardens).
``search.py`` chooses it by trial games of the candidates on this kingdom at this player count, with the
shipped table (``plan_table.py``, each plan against Big Money Ultimate) as the prior. Buying then follows
the deck: Colony and Platinum in Colony games, Provinces once the deck has money enough, Duchies and
Estates by what is left (earlier with more players; never the card that ends the game as a loss), the
plan's card up to its count, Gold, one Watchtower or Moat once another player has a Witch, Charlatan or Militia,
Silver. Gains follow the same rules. A plan with a Chapel buys it at the opening, plays it before
a Witch with 3 cards to trash, and trashes Curses, Estates and Coppers down to 3 coins of Treasure, keeping
the coins this hand needs for the plan's card or Gold; once it has the Witch it adds a village, a second
Witch and a Laboratory or a Market where the kingdom has them (``thinning.py``). Every other question (plays,
card questions) is answered as the general bot does. Each buy keeps the reason it was made (``why``),
which ``hint`` says.
"""

from __future__ import annotations

from typing import ClassVar

from companion.bots.cardsense import (
    COLONY, COPPER, CURSE, DUCHY, ESTATE, GOLD, PLATINUM, PROVINCE, SILVER,
)
from companion.bots.feeding import MINT, copper_buy, mint_starves, starved, starved_words
from companion.bots.defences import Defences, defence, defences_for
from companion.bots.gardens_plan import gardens_buy, gardens_gain
from companion.bots.rivals import (
    rush_builders, rush_seen, winning_end,
    GARDENS, RUSH_PACE, ends_behind, futile_attack, gardens_worth, pile_cards, rush_words, rusher, rushers,
)
from companion.bots.thinning import CHAPEL, Thinning, thin_helpers
from companion.bots.thinning import article as _article, counted as _count
from companion.bots.plans import MONEY, Plan
from companion.bots.search import plan_for
from companion.bots.rush_plan import rush_plan_for, rush_possible, rush_table
from companion.cards import Card
from companion.cards.model import plural_of
from companion.engine.decisions import ChooseCards, Decision, Purpose
from companion.engine.view import PlayerView
from companion.bots.answers import BotAnswer
from collections import Counter


_BASIC = frozenset((COPPER, SILVER, GOLD, PLATINUM, ESTATE, DUCHY, PROVINCE, COLONY))
_BUY, _GAIN, _TRASH, _PLAY_ACTION = Purpose.BUY, Purpose.GAIN, Purpose.TRASH, Purpose.PLAY_ACTION
_PILES = "piles"  # greening's count is of the cards in the piles nearest empty, not of Provinces
_PILE_LEAD = 2  # ...less this many


def _left(provinces: int, name: str = "Province") -> str:
    """ "3 Provinces are left", "1 Province is left", "no Colonies are left"."""
    if name == _PILES:
        return f"{provinces} {'card is' if provinces == 1 else 'cards are'} left in the piles that end the game"
    if provinces == 1:
        return f"1 {name} is left"
    return f"{provinces or 'no'} {plural_of(name)} are left"


def _slowed(curses: int, cursed: bool) -> str:
    """ ", and your 3 Curses slow your deck" where the Curses brought the points forward (``cursed``)."""
    return f", and your {curses} Curses slow your deck" if cursed else ""


class StrongBot(Thinning):
    name = "strong"
    careful = True
    early_money = 16  # below this much Treasure, Gold instead of an early Province
    early_left = 7  # ...while this many Provinces or more are left
    # Provinces left at which Duchy beats Gold, Duchy beats Silver, and Estate beats nothing, by players: with
    # more players the Provinces go faster after each of your turns, so points come earlier (measured against
    # tables of 3 and 4 in benchmarks/bench_bots.py: about 5 points of win rate at 3 players, 8 at 4; at 4 players
    # one Province earlier again gained about 3 points against tables of Double Witch, 480 games on 40 kingdoms).
    greening: ClassVar[dict[int, tuple[int, int, int]]] = {2: (4, 5, 2), 3: (6, 8, 4), 4: (8, 10, 5)}
    # A deck with this many Curses greens one Province earlier (Duchy over Silver two earlier): its hands
    # reach 8 coins less often, and 5 more often than 8 (measured with fixed plans, 2,880 games each on 120
    # kingdoms, the same seeds: against Double Witch +3 points at 2 players, +3 at 3, +4 at 4; Big Money with
    # Witch +1.6 at 2 players, +0.3 at 4; none against Big Money with Smithy, whose games deal no Curses).
    cursed_at = 3
    # A plan with a trasher does not: its Chapel trashes the Curses (fixed plans against Chapel/Witch, 51
    # kingdoms numbered from 100 with the Chapel plan, 1,836 games: 58.1% to 58.6%; against Double Charlatan,
    # 9 kingdoms: 79.5% to 80.4%; benchmarks/README.md, issue 35's third round).
    # In a Colony game, Gold over a Province at 8 to 10 coins while more Colonies than this are left, by
    # players (12 at 4: never; the pile has 12). With more players the Colonies go faster, and the Provinces
    # with them: fixed plans, the same seeds, 2,880 games each on 120 kingdoms, against two of Big Money with
    # Smithy +0.9 points and two Double Witch +1.2 with 8 instead of 6 at 3 players; at 4 players, never:
    # +1.1 against three Big Money with Smithy, +1.1 three Big Money with Witch, +0.9 three Double Witch.
    # At 2 players 6 stays: never lost 1.2 points against Big Money Ultimate.
    far_colonies: ClassVar[dict[int, int]] = {2: 6, 3: 8, 4: 12}
    # In a Colony game, Platinum at 9 coins or more while more Colonies than this are left, by players; and
    # Gold over a Province at 8 coins while the deck has less Treasure than this (early_money's rule). At 4
    # players the Colonies go fast, so Platinum stops sooner, and Gold comes first longer. Fixed plans, the
    # same seeds, Colony kingdoms only, 4 players: against three Big Money with Smithy 20.4% before, 28.3%
    # after (with Smithy's second copy at 16 cards, 4,800 games each); three Big Money Ultimate 35.8% to
    # 40.9%, three Big Money with Witch 49.7% to 52.7%, three Double Witch 64.0% to 64.6% (2,880 each). At 2
    # players a Colony pile has 8 cards (Platinum at 8 or fewer would stop it at once), and at 3 neither
    # change moved the figures (Platinum to 6 or 8 Colonies: 29.2% to 29.8% and 29.6% against two Big Money
    # with Smithy).
    platinum_colonies: ClassVar[dict[int, int]] = {2: 3, 3: 3, 4: 8}
    colony_early_money: ClassVar[dict[int, int]] = {2: 16, 3: 16, 4: 22}
    # The most coins a defence (``defence``) is bought with: below Gold's price, and 5 buys a plan's card.
    # Fixed plans, the same seeds, 2,880 games each on 60 kingdoms holding the defence, 2 players: against
    # Double Witch a Moat took 49.6% to 57.1%, a Watchtower 49.3% to 60.1% (two were worse: 56.2%, 58.1%);
    # against Big Money with Militia 41.6% to 48.4% and 41.9% to 52.0%; with Witch 50.1% to 55.5%, 50.7% to 58.5%.
    defence_coins = 4
    # A plan with a trasher: the trasher is bought on these first turns; a deck it thinned under this many
    # cards wants Gold before a Province as one of this many cards would, by its coins a card.
    trasher_turns = 2
    # Colony over Platinum at 11 coins once the deck has this much Treasure (a thinned deck: as a deck of
    # ``thin_deck`` cards would, by its coins a card; fixed plan Witch with Chapel against Chapel/Witch, the 40
    # Colony kingdoms numbered from 100, 1,440 games: 56.4% to 58.2%). Platinum at 9 coins or more while the
    # deck has less than ``platinum_money``; once it has that much, Gold is no longer bought over a Province
    # at 8 to 10 coins either (Double Charlatan, the 54 Colony kingdoms numbered from 100, fixed plans, 1,944
    # games: 54.3% to 63.8%; Chapel/Witch's 40: no change shown, 58.6%).
    colony_money = 30
    platinum_money = 40
    thin_deck = 17
    # Against a Gardens rush (``rivals.py``; benchmarks/opponents.py's GardensRush, the 20 kingdoms numbered 0 to
    # 19 with Workshop and Gardens, 320 games each, the same seeds): the piles that end the game are read as
    # Provinces left, their cards divided by ``rush_paces`` (not read: 60.2%; 2: 76.9%; 3: 80.3%; 4: 78.1%), not
    # by a plan with a trasher, whose thin deck outpaces the rush (73.1% if it did); and once the rusher owns a
    # Gardens, a Gardens is bought with 4 to ``contest_tops`` coins (7: 80.3%; 6: 75.5%; 5: 70.2% at pace 2;
    # from the start of the game instead of from the rusher's first Gardens: 64.8%; by a trasher plan too: its
    # kingdoms 15 of 16 to none of 16). Before these rules: 58.8%.
    # At 3 and 4 players (the same 20 kingdoms, 960 games each, the same seeds): against two rushers a Gardens
    # is bought with 4 coins only (``contest_tops``, by rushers: 7 coins 21.8%, 6: 23.1%, 5: 26.0%, 4: 32.2%;
    # not contesting 11.2%); against three, only once the leading rusher's Gardens are worth 2 points
    # (``contest_worth``; at once: 11.7%; from 2 points 22.1%, from 3: 20.7%; never: 13.0%), and the piles are
    # read two cards to a Province (``rush_paces``, by players: 3 at 4 players 13.0%, 2: 19.5%, 4: 7.0%; at 3
    # players 3 stays: with the 4 coins' contest 32.2%, 2: 19.5%, 4: 29.8%).
    contest_tops: ClassVar[dict[int, int]] = {1: 7, 2: 4, 3: 4}
    contest_rushers = 2
    contest_worth = 2
    rush_paces: ClassVar[dict[int, int]] = {2: RUSH_PACE, 3: RUSH_PACE, 4: 2}
    # A plan with a trasher buys none once another player owns a Workshop or a Gardens in a kingdom with Gardens
    # (a rush's first buys), and the rush rules then apply to it: its thin deck comes too late for a game the rush
    # ends on piles. Kingdom 511 (Chapel, Witch), 48 games: 34.4% to 50.0%; the 20 tuning kingdoms, 960 games:
    # 77.2% to 77.1%.

    def __init__(self, seed: int = 0, plan: Plan | None = None, rush_plan: Plan | None = None) -> None:
        super().__init__(seed)
        self._given = plan  # None: the table's best for each kingdom
        self._rush_given = rush_plan  # the plan against a table of rushers (trial games); None: searched
        self._plan: Plan | None = plan
        self._barred: Card | None = None  # a card the rules cannot buy now
        self._plan_cards: tuple[Card, ...] = ()
        self._plan_kingdom: tuple[Card, ...] | None = None  # the kingdom the plan was chosen for
        self._plan_players = 0  # ...and the number of players
        self._defences: Defences = ()  # see plan()
        self._first_plan: Plan | None = plan  # the plan chosen at the start (by the search, or given)
        self._rush_watch = False  # whether a table of rushers may show (then the plan is searched against it)
        self._against_rush = False  # the plan in play was searched against a table of rushers

    # ---- the plan ----
    def plan(self, view: PlayerView) -> Plan:
        kingdom = view.kingdom
        plan = self._plan
        if plan is None or kingdom is not self._plan_kingdom or view.players != self._plan_players:
            # a bot used again in another game chooses again
            self._plan_kingdom, self._plan_players = kingdom, view.players
            plan = self._given if self._given is not None else plan_for(kingdom, view.uses_colony, view.players)
            self._first_plan = plan
            self._rush_watch = (self._given is None or self._rush_given is not None) \
                and rush_possible(kingdom, view.players)
            self._against_rush = False
            self._defences = defences_for(kingdom)
            self._take(plan, kingdom)
        if self._rush_watch and rush_table(view) != self._against_rush:
            # every other player rushes Gardens (or no longer does): the plan searched against that table
            self._against_rush = not self._against_rush
            found = None if not self._against_rush else self._rush_given if self._rush_given is not None \
                else rush_plan_for(kingdom, view.uses_colony, view.players)
            first = self._first_plan if self._first_plan is not None else plan
            plan = found if found is not None else first
            self._take(plan, kingdom)
        return plan

    def _take(self, plan: Plan, kingdom: tuple[Card, ...]) -> None:
        self._plan = plan
        by_name = {c.name: c for c in kingdom}
        self._plan_cards = tuple(by_name[n] for n in plan.cards)
        self._thin_helpers = thin_helpers(kingdom, self._plan_cards[0]) if plan.kind == "trasher" else (None, None)

    def decide(self, view: PlayerView, d: Decision) -> BotAnswer:
        self.why = ""
        p = d.purpose
        if p is _BUY:
            answer = self.buy(view)
            if answer and answer[0] not in _BASIC and answer[0] not in d.options:  # type: ignore[attr-defined]
                self._barred = answer[0]  # not buyable now (Grand Market with Copper in play): the next best
                try:
                    answer = self.buy(view)
                finally:
                    self._barred = None
            return answer
        if p is _PLAY_ACTION and CHAPEL in d.options and view.actions == 1 and self.chapel_first(view):  # type: ignore[attr-defined]
            return (CHAPEL,)
        if p is _TRASH and d.card is CHAPEL and isinstance(d, ChooseCards):
            return self.chapel_trash(view, d)
        if p is _GAIN and isinstance(d, ChooseCards) and d.options:
            if self.plan(view).kind == "gardens":
                pick, why = gardens_gain(view, d.options, self._plan_cards)
                if pick is not None:
                    self.why = f"Gain {pick.name}: {why}"
                    return (pick,)
            else:
                pick = self.gain(view, d)
                if pick is not None:
                    return (pick,)
        return super().decide(view, d)

    def gain(self, view: PlayerView, d: ChooseCards) -> Card | None:
        """A gain (Workshop, Remodel, Expand, Forge, Artisan): what the buy rules, and so the plan, would
        take for the dearest card on offer. None (nothing they would take is offered): the normal bot's."""
        top = max(view.cost(c) for c in d.options)
        card, why = self.choose_buy(view, top)
        if card is not None and card in d.options:
            self.why = f"Gain {card.name}: {why}"
            return card
        return None

    # ---- buying ----
    def buy(self, view: PlayerView) -> tuple[Card, ...]:
        card, why = self.choose_buy(view)
        if card is MINT and self._barred is None and mint_starves(self, view):
            self._barred = MINT  # its trashing would leave too few coins to buy a Silver: the next best
            try:
                card, why = self.choose_buy(view)
            finally:
                self._barred = None
        if card is None:
            self.why = why or (f"Buy nothing: {view.coins} {'coin buys' if view.coins == 1 else 'coins buy'} "
                               "nothing that helps this deck.")
            return ()
        self.why = f"Buy {card.name}: {why}"
        return (card,)

    def choose_buy(self, view: PlayerView, coins: int | None = None) -> tuple[Card | None, str]:
        """The card to buy with ``coins`` (this turn's, unless given: a gain up to a cost) and why."""
        plan = self.plan(view)
        if coins is None:
            coins = view.coins
        pile = view.pile
        owned = view.owned()
        total = sum(owned.values())
        money = self.facts(view).money(owned)
        provinces = pile(PROVINCE)
        players = min(4, self._plan_players or view.players)
        duchy_left, duchy_after_gold, estate_left = self.greening[players]
        far_colonies = self.far_colonies[players]
        curses = owned[CURSE]
        cursed = curses >= self.cursed_at and plan.kind != "trasher"
        if cursed:
            duchy_left, duchy_after_gold, estate_left = duchy_left + 1, duchy_after_gold + 2, estate_left + 1
        # The pile nearer its end names the reasons for greening: Colonies in a Colony game once fewer are left.
        near, near_name = provinces, "Province"
        colonies = pile(COLONY) if view.uses_colony else 99
        if colonies < provinces:
            near, near_name = colonies, "Colony"
        # Once a pile is empty, the game may end on piles first (most games of 4 against Witches do): the
        # cards left in the piles nearest empty count as Provinces left do. Measured with fixed plans, the
        # same seeds, 2,880 games each: at 4 players against Double Witch +14.6 points, Big Money with Witch
        # +5.8; at 3 players against Double Witch +1.5; no change at 2 players or against Smithy.
        # The count is of those cards less 2, as if the end were two cards nearer (other players take from
        # those piles too): +1 to +3 points more at 3 and 4 players against Double Witch and Big Money with
        # Witch, on two sets of kingdoms; +0.5 against Double Witch at 2 players.
        ending = said = provinces
        empty = view.empty_piles()
        if empty:
            cards_left = sum(sorted(n for n in view.supply.values() if n)[:view.piles_to_end - empty])
            if cards_left - _PILE_LEAD < near:
                near, said, near_name = cards_left - _PILE_LEAD, cards_left, _PILES
                ending = min(provinces, near)
        rush = rusher(view) if self.facts(view).gardens else None
        rushing = rushers(view) if rush is not None else []
        trasher = plan.kind == "trasher" and owned[self._plan_cards[1]] > 0  # (a trasher plan may drop it)
        if rush is not None and not trasher:  # a rusher takes two cards a turn from the ending piles
            cards_left = pile_cards(view)
            pace = self.rush_paces[players]
            if (cards_left - _PILE_LEAD) // pace < near:
                near, said, near_name = (cards_left - _PILE_LEAD) // pace, cards_left, _PILES
                ending = min(provinces, near)
        if near_name != _PILES:
            said = near

        if plan.kind == "gardens":
            pick = gardens_buy(view, coins, owned, total, self._plan_cards)
            if pick is not None:
                return pick

        if provinces == 1 or colonies == 1 or empty >= view.piles_to_end - 1:
            pick = winning_end(view, coins, self._barred)
            if pick is not None:
                return pick

        thinned = plan.kind == "trasher" and total < self.thin_deck
        if view.uses_colony:
            colony_money = self.colony_money * total // self.thin_deck if thinned else self.colony_money
            if coins >= 11 and colonies and (money >= colony_money or colonies <= 5) and not _loses(view, COLONY, 10):
                return COLONY, f"Colonies are worth 10 points, and your deck has {money} coins of Treasure."
            if coins >= 9 and pile(PLATINUM) and colonies > self.platinum_colonies[players] and money < self.platinum_money:
                return PLATINUM, "Platinum makes Colonies reachable. There are still " \
                                 f"{colonies} Colonies to win."
        early_money = self.early_money if colonies == 99 else self.colony_early_money[players]
        if thinned:  # a thinned deck: its coins a card, not in all
            early_money = early_money * total // self.thin_deck
        early = coins >= 8 and money < early_money and ending >= self.early_left and colonies > 6  # (used at 8+)
        far = coins >= 8 and colonies != 99 and colonies > far_colonies and ending > 4 and pile(GOLD) > 0 \
            and money < self.platinum_money  # Gold at 8 to 10, while Platinum is still bought
        if coins >= 8 and provinces:
            if not early and not far and not _loses(view, PROVINCE, 6):
                return PROVINCE, f"it is worth 6 points, and {_left(provinces)}."
        if coins >= 8 and provinces == 1 and pile(DUCHY) and not _loses(view, DUCHY, 3) and _loses(view, PROVINCE, 6):
            return DUCHY, "the last Province would end the game with you behind. Duchy's 3 points keep it going."
        if rush is not None and not trasher and 4 <= coins <= self.contest_tops.get(len(rushing), 4) \
                and pile(GARDENS) and GARDENS is not self._barred and not ends_behind(view, GARDENS) \
                and view.count_owned(GARDENS, rush) and (len(rushing) <= self.contest_rushers
                                                   or gardens_worth(view, rush) >= self.contest_worth):
            return GARDENS, rush_words(view, rush) + "."
        if coins >= 5 and pile(DUCHY) and (ending <= duchy_left or colonies <= 3) and not _loses(view, DUCHY, 3):
            slowed = _slowed(curses, cursed and ending == duchy_left and colonies > 3)
            return DUCHY, f"only {_left(said, near_name)}{slowed}, so points count more than money now."
        if coins >= 2 and pile(ESTATE) and near <= estate_left and not _loses(view, ESTATE, 1):
            return ESTATE, f"only {_left(said, near_name)}{_slowed(curses, cursed and near == estate_left)}. Every point counts."
        if 3 <= coins < 6 and pile(SILVER) and starved(self, view, owned):
            return SILVER, f"{starved_words(self, view)}. Silver feeds it before any card that makes no coins."
        pick = self.plan_buy(view, coins, plan, owned, total, before_gold=True)
        if pick is not None:
            return pick
        if coins >= 6 and pile(GOLD):
            if coins >= 8 and provinces:  # a Province is affordable: "Provinces need 8 coins" would be untrue
                if far:
                    return GOLD, f"{_left(colonies, 'Colony')}, and Colonies are worth more: Gold makes them reachable."
                if early:
                    return GOLD, f"your deck has only {money} coins of Treasure, so Gold comes before Provinces."
                return GOLD, "the last Province would end the game with you behind."
            goal = "Colonies need 11 coins" if colonies != 99 and colonies > 4 else "Provinces need 8 coins"
            return GOLD, f"your deck has {_count(owned[SILVER], 'Silver')} and {_count(owned[GOLD], 'Gold')}, and {goal}."
        if coins >= 5 and pile(DUCHY) and near <= duchy_after_gold and not _loses(view, DUCHY, 3):
            left = _left(said, near_name)
            slowed = _slowed(curses, cursed and near > duchy_after_gold - 2)
            return DUCHY, f"{left[:1].upper()}{left[1:]}{slowed}, and Duchy's 3 points beat a Silver now."
        pick = self.plan_buy(view, coins, plan, owned, total, before_gold=False)
        if pick is not None:
            return pick
        if self._defences and 2 <= coins <= self.defence_coins:
            pick = defence(view, coins, owned, self._defences, self._barred)
            if pick is not None:
                return pick
        if coins >= 3 and pile(SILVER):
            aim = "Colonies" if colonies != 99 and colonies > 4 else "Provinces"  # as Gold's reason says
            return SILVER, f"your deck has {money} coins in {total} cards. Silver raises that toward Gold and {aim}."
        fed = copper_buy(self, view, coins)
        if fed is not None:
            return fed
        return None, ""

    def plan_buy(self, view: PlayerView, coins: int, plan: Plan, owned: Counter[Card], total: int,
                 before_gold: bool) -> tuple[Card, str] | None:
        if plan.kind not in ("single", "engine", "trasher"):
            return None
        cards = self._plan_cards
        main = cards[0]
        if plan.kind == "trasher" and not owned[cards[1]]:
            trasher = cards[1]
            if rush_seen(view):
                pass  # a rush ends the game before a thinned deck pays
            elif view.turns() <= self.trasher_turns and view.cost(trasher) <= coins and view.pile(trasher) \
                    and trasher is not self._barred and (coins <= 3 or coins < view.cost(main)):
                return trasher, (f"{plan.describe()} is the plan here. {_article(trasher.name).capitalize()} "
                                 f"{trasher.name} trashes your Estates and Coppers, so your good cards come often.")
        if plan.kind == "trasher" and owned[main] and (owned[cards[1]] or not rush_seen(view)):
            pick = self.thin_buy(view, coins, owned, main)
            if pick is not None:
                return pick
        if futile_attack(view, main):
            return None  # its attack does nothing to these decks (Bandit against decks with no Silver)
        if before_gold and not plan.over_gold and coins >= 6:
            return None
        have = owned[main]
        want = plan.wanted(total)
        if plan.kind == "engine":
            village = cards[1]
            if owned[village] < have - 1 + (1 if have >= want else 0) and coins >= view.cost(village) \
                    and village is not self._barred \
                    and view.pile(village) and (coins < 6 or have >= 2):
                return village, (f"{_count(have, main.name)} need Actions. A {village.name} lets "
                                 "you play them together.")
        if have < want and coins >= view.cost(main) and view.pile(main) and main is not self._barred:
            tried = "it did best in trial games on this kingdom" if plan.tried else \
                f"it beat Big Money in {plan.rate} of 100 games"
            first = self._first_plan
            if self._against_rush and first is not None and (plan.key, plan.variant) != (first.key, first.variant):
                tried = "every other player is rushing Gardens, and it did best in trial games against that"
            mine = f"Your {total} cards have {_count(have, main.name)}."
            if plan.kind == "trasher" and not owned[cards[1]] and rush_seen(view):  # the Chapel dropped
                return main, (f"Big Money with {main.name} is the plan here, with no {cards[1].name}: "
                              f"{rush_builders(view)}, and a thin deck would come too late. {mine}")
            # no brackets: Orca's default punctuation level reads them ("left paren")
            return main, f"{plan.describe()} is the plan here, as {tried}. {mine}"
        return None

    def coin_floor(self) -> int | None:
        return self.chapel_floor if self.thins() else None

    def thins(self) -> bool:
        """The plan in play has a trasher (the deck's floor is its Chapel's: ``feeding.starved``)."""
        return self._plan is not None and self._plan.kind == "trasher"


__all__ = ["CURSE", "MONEY", "StrongBot"]


def _ends_game(view: PlayerView, card: Card) -> bool:
    """Whether buying ``card`` ends the game: its pile's last card, a Province or Colony or the last pile."""
    left = view.pile(card)
    if left == 1 and (card is PROVINCE or card is COLONY):
        return True
    last: bool = left == 1 and view.empty_piles() >= view.piles_to_end - 1
    return last


def _loses(view: PlayerView, card: Card, vp: int) -> bool:
    """Whether buying ``card`` (worth ``vp``) ends the game with this player not ahead."""
    if not _ends_game(view, card):
        return False
    theirs = max((view.vp(p) for p in range(view.players) if p != view.player), default=0)
    behind: bool = view.vp() + vp <= theirs
    return behind
