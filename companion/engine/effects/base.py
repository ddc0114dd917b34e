"""The 26 kingdom cards of Dominion 2nd edition, each as its card text reads, with the rulebook's notes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import Card, catalogue
from companion.engine.decisions import OrderCards, Purpose
from companion.engine.effects import Reaction, Steps, Trigger, define, effect
from companion.engine.events import Zone

if TYPE_CHECKING:
    from companion.engine.game import Game

_cat = catalogue()
COPPER, SILVER, GOLD, CURSE = _cat["Copper"], _cat["Silver"], _cat["Gold"], _cat["Curse"]


def _simple(name: str, cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0) -> None:
    def play(g: "Game", p: int, card: Card) -> None:
        if cards:
            g.draw(p, cards)
        t = g.turn
        t.actions += actions
        t.buys += buys
        t.coins += coins

    define(name, play=play)


_simple("Festival", actions=2, buys=1, coins=2)
_simple("Laboratory", cards=2, actions=1)
_simple("Market", cards=1, actions=1, buys=1, coins=1)
_simple("Smithy", cards=3)
_simple("Village", cards=1, actions=2)


@effect("Artisan")
def artisan(g: "Game", p: int, card: Card) -> Steps:
    chosen = yield from g.ask_cards(p, Purpose.GAIN, card, g.supply_cards(up_to=5), 1, 1)
    if chosen:
        yield from g.gain(p, chosen[0], Zone.HAND)
    put = yield from g.ask_cards(p, Purpose.TOPDECK, card, list(g.players[p].hand), 1, 1)
    if put:
        g.topdeck(p, put)


@effect("Bandit")
def bandit(g: "Game", p: int, card: Card) -> Steps:
    yield from g.gain(p, GOLD)
    for q in g.victims(p):
        top = g.peek(q, 2)
        if not top:
            continue
        g.reveal(q, top, card)
        good = [c for c in top if g.is_treasure(c) and c is not COPPER]
        if good:
            pick = yield from g.ask_cards(q, Purpose.TRASH, card, good, 1, 1)
            g.trash_card(q, pick[0], Zone.DECK)
            top.remove(pick[0])
        g.discard(q, top, Zone.DECK)


@effect("Bureaucrat")
def bureaucrat(g: "Game", p: int, card: Card) -> Steps:
    yield from g.gain(p, SILVER, Zone.DECK)
    for q in g.victims(p):
        hand = g.players[q].hand
        victory = [c for c in hand if g.is_victory(c)]
        if victory:
            pick = yield from g.ask_cards(q, Purpose.TOPDECK, card, victory, 1, 1)
            g.reveal(q, pick, card)
            g.topdeck(q, pick, Zone.HAND, public=True)
        else:
            g.reveal(q, tuple(hand), card)


@effect("Cellar")
def cellar(g: "Game", p: int, card: Card) -> Steps:
    g.turn.actions += 1
    hand = g.players[p].hand
    chosen = yield from g.ask_cards(p, Purpose.DISCARD, card, list(hand), 0, len(hand))
    if chosen:
        g.draw(p, g.discard(p, chosen))


@effect("Chapel")
def chapel(g: "Game", p: int, card: Card) -> Steps:
    hand = g.players[p].hand
    chosen = yield from g.ask_cards(p, Purpose.TRASH, card, list(hand), 0, 4)
    for c in chosen:
        g.trash_card(p, c)


@effect("Council Room")
def council_room(g: "Game", p: int, card: Card) -> None:
    g.draw(p, 4)
    g.turn.buys += 1
    for q in g.others(p):
        g.draw(q, 1)


define("Gardens", vp=lambda ps: (len(ps.deck) + len(ps.hand) + len(ps.discard) + len(ps.play) + len(ps.aside)) // 10)


@effect("Harbinger")
def harbinger(g: "Game", p: int, card: Card) -> Steps:
    g.draw(p, 1)
    g.turn.actions += 1
    ps = g.players[p]
    chosen = yield from g.ask_cards(p, Purpose.TOPDECK, card, list(ps.discard), 0, 1)
    if chosen:
        g.topdeck(p, chosen, Zone.DISCARD)


@effect("Library")
def library(g: "Game", p: int, card: Card) -> Steps:
    ps = g.players[p]
    skipped: list[Card] = []
    while len(ps.hand) < 7:
        top = g.peek(p, 1)
        if not top:
            break
        c = top[0]
        if g.is_action(c) and (yield from g.ask_yes(p, Purpose.SET_ASIDE, card, c)):
            g.set_aside(p, c, Zone.DECK)
            skipped.append(c)
            continue
        g.draw(p, 1)
    if skipped:
        g.discard(p, skipped, Zone.ASIDE)


def _merchant_silver(g: "Game", player: int, card: Card) -> None:
    t = g.turn
    if card is SILVER and player == t.player and t.merchants > 0:
        t.coins += t.merchants
        t.merchants = -1  # the first Silver has been played


merchant_hook = _merchant_silver  # what a position puts back for Merchants waiting on a Silver


@effect("Merchant")
def merchant(g: "Game", p: int, card: Card) -> None:
    g.draw(p, 1)
    t = g.turn
    t.actions += 1
    pending = t.merchants
    if pending < 0 or t.silver_played:
        return  # a Silver was already played this turn (it may have left play since: plays count, not presence)
    if pending == 0:
        t.play_hooks += (merchant_hook,)
    t.merchants = pending + 1


@effect("Militia")
def militia(g: "Game", p: int, card: Card) -> Steps:
    g.turn.coins += 2
    for q in g.victims(p):
        hand = g.players[q].hand
        if len(hand) > 3:
            n = len(hand) - 3
            chosen = yield from g.ask_cards(q, Purpose.DISCARD, card, list(hand), n, n)
            g.discard(q, chosen)


@effect("Mine")
def mine(g: "Game", p: int, card: Card) -> Steps:
    treasures = [c for c in g.players[p].hand if g.is_treasure(c)]
    chosen = yield from g.ask_cards(p, Purpose.TRASH, card, treasures, 0, 1)
    if not chosen:
        return
    g.trash_card(p, chosen[0])
    options = g.supply_cards(up_to=g.cost(chosen[0]) + 3, types=g.treasures)
    gain = yield from g.ask_cards(p, Purpose.GAIN, card, options, 1, 1)
    if gain:
        yield from g.gain(p, gain[0], Zone.HAND)


def _moat(g: "Game", q: int, moat: Card, attack: Card) -> Steps:
    if (yield from g.ask_yes(q, Purpose.REACT, moat, attack)):
        g.react(q, moat, attack)
        return True
    return False


@effect("Moat", reaction=Reaction(Trigger.ATTACK, _moat))
def moat(g: "Game", p: int, card: Card) -> None:
    g.draw(p, 2)


@effect("Moneylender")
def moneylender(g: "Game", p: int, card: Card) -> Steps:
    if COPPER not in g.players[p].hand:
        return
    if (yield from g.ask_yes(p, Purpose.TRASH, card, COPPER)):
        g.trash_card(p, COPPER)
        g.turn.coins += 3


@effect("Poacher")
def poacher(g: "Game", p: int, card: Card) -> Steps:
    g.draw(p, 1)
    g.add(actions=1, coins=1)
    hand = g.players[p].hand
    n = min(g.empty_piles(), len(hand))
    if n:
        chosen = yield from g.ask_cards(p, Purpose.DISCARD, card, list(hand), n, n)
        g.discard(p, chosen)


def trash_and_gain(g: "Game", p: int, card: Card, more: int) -> Steps:
    """Remodel and Expand: trash a card from your hand, gain one costing up to ``more`` coins more."""
    hand = g.players[p].hand
    chosen = yield from g.ask_cards(p, Purpose.TRASH, card, list(hand), 1, 1)
    if not chosen:
        return
    g.trash_card(p, chosen[0])
    gain = yield from g.ask_cards(p, Purpose.GAIN, card, g.supply_cards(up_to=g.cost(chosen[0]) + more), 1, 1)
    if gain:
        yield from g.gain(p, gain[0])


@effect("Remodel")
def remodel(g: "Game", p: int, card: Card) -> Steps:
    yield from trash_and_gain(g, p, card, 2)


SENTRY_CHOICES = ("trash", "discard", "keep")


@effect("Sentry")
def sentry(g: "Game", p: int, card: Card) -> Steps:
    g.draw(p, 1)
    g.turn.actions += 1
    top = g.peek(p, 2)
    if not top:
        return
    g.look(p, top, card)
    keep: list[Card] = []
    for c in top:
        what = yield from g.ask_one(p, Purpose.CHOOSE, card, SENTRY_CHOICES, c)
        if what == "trash":
            g.trash_card(p, c, Zone.DECK)
        elif what == "discard":
            g.discard(p, [c], Zone.DECK)
        else:
            keep.append(c)
    if len(keep) == 2 and keep[0] is not keep[1]:
        order = yield OrderCards(p, Purpose.ORDER, card, keep)
        deck = g.players[p].deck
        deck[-2:] = [order[1], order[0]]  # the first card of the answer is on top


def play_multiple(g: "Game", p: int, card: Card, times: int) -> Steps:
    """Throne Room and King's Court: you may play an Action card from your hand ``times`` times."""
    actions = [c for c in g.players[p].hand if g.is_action(c)]
    chosen = yield from g.ask_cards(p, Purpose.PLAY, card, actions, 0, 1)
    if not chosen:
        return
    target = chosen[0]
    this = yield from g.play(p, target, Zone.HAND, by=card)
    for _ in range(times - 1):
        yield from g.play(p, target, None, by=card, this=this)


@effect("Throne Room")
def throne_room(g: "Game", p: int, card: Card) -> Steps:
    yield from play_multiple(g, p, card, 2)


@effect("Vassal")
def vassal(g: "Game", p: int, card: Card) -> Steps:
    g.turn.coins += 2
    top = g.peek(p, 1)
    if not top:
        return
    c = top[0]
    g.discard(p, [c], Zone.DECK)
    if g.is_action(c) and (yield from g.ask_yes(p, Purpose.PLAY, card, c)):
        yield from g.play(p, c, Zone.DISCARD, by=card)


@effect("Witch")
def witch(g: "Game", p: int, card: Card) -> Steps:
    g.draw(p, 2)
    for q in g.victims(p):
        yield from g.gain(q, CURSE)


@effect("Workshop")
def workshop(g: "Game", p: int, card: Card) -> Steps:
    chosen = yield from g.ask_cards(p, Purpose.GAIN, card, g.supply_cards(up_to=4), 1, 1)
    if chosen:
        yield from g.gain(p, chosen[0])


__all__ = ["SENTRY_CHOICES", "play_multiple", "trash_and_gain"]
