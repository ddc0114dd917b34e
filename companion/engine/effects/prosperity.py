"""The 25 kingdom cards of Prosperity 2nd edition, with the rulebook's card notes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import Card, catalogue
from companion.engine.decisions import NameCard, OrderCards, Purpose
from companion.engine.effects import Interplay, Reaction, Steps, Trigger, WhenGain, define, effect
from companion.engine.effects.base import play_multiple, trash_and_gain
from companion.engine.events import Named, Zone
from companion.engine.phase import Phase

if TYPE_CHECKING:
    from companion.engine.game import GainedCard, Game

_cat = catalogue()
COPPER, GOLD, CURSE = _cat["Copper"], _cat["Gold"], _cat["Curse"]


def _simple(name: str, cards: int = 0, actions: int = 0, buys: int = 0, coins: int = 0, vp: int = 0,
            **hooks: object) -> None:
    def play(g: "Game", p: int, card: Card) -> None:
        if cards:
            g.draw(p, cards)
        g.add(actions, buys, coins)
        if vp:
            g.take_vp(p, vp)

    define(name, play=play, **hooks)


def _no_copper_in_play(g: "Game", player: int) -> bool:
    return COPPER not in g.players[player].play


def _peddler_cost(g: "Game", card: Card) -> int:
    if g.phase is not Phase.BUY:
        return 0
    actions = g.actions
    return 2 * sum(1 for c in g.players[g.turn.player].play if c in actions)


# Treasures with abilities that never ask a question, in an order that loses nothing when they are
# played one after another: Bank last, since it counts the Treasures in play (autoplay uses this).
QUIET_TREASURES = ("Quarry", "Hoard", "Collection", "Bank")

_simple("Grand Market", cards=1, actions=1, buys=1, coins=2, can_buy=_no_copper_in_play)
_simple("Monument", coins=2, vp=1)
_simple("Peddler", cards=1, actions=1, coins=1, cost_modifier=_peddler_cost)
_simple("Worker's Village", cards=1, actions=2, buys=1)


@effect("Anvil", coin=1)
def anvil(g: "Game", p: int, card: Card) -> Steps:
    treasures = [c for c in g.players[p].hand if g.is_treasure(c)]
    chosen = yield from g.ask_cards(p, Purpose.DISCARD, card, treasures, 0, 1)
    if chosen:
        g.discard(p, chosen)
        gain = yield from g.ask_cards(p, Purpose.GAIN, card, g.supply_cards(up_to=4), 1, 1)
        if gain:
            yield from g.gain(p, gain[0])


@effect("Bank")
def bank(g: "Game", p: int, card: Card) -> None:
    treasures = g.treasures
    g.turn.coins += sum(1 for c in g.players[p].play if c in treasures)


@effect("Bishop")
def bishop(g: "Game", p: int, card: Card) -> Steps:
    g.turn.coins += 1
    g.take_vp(p, 1)
    chosen = yield from g.ask_cards(p, Purpose.TRASH, card, list(g.players[p].hand), 1, 1)
    if chosen:
        g.trash_card(p, chosen[0])
        vp = g.cost(chosen[0]) // 2
        if vp:
            g.take_vp(p, vp)
    for q in g.others(p):
        other = yield from g.ask_cards(q, Purpose.TRASH, card, list(g.players[q].hand), 0, 1)
        if other:
            g.trash_card(q, other[0])


@effect("Charlatan", curse_is_treasure=True)
def charlatan(g: "Game", p: int, card: Card) -> Steps:
    g.turn.coins += 3
    for q in g.victims(p):
        yield from g.gain(q, CURSE)


@effect("City")
def city(g: "Game", p: int, card: Card) -> None:
    empty = g.empty_piles()  # counted when it is played
    g.draw(p, 1)
    g.turn.actions += 2
    if empty >= 1:
        g.draw(p, 1)
    if empty >= 2:
        g.add(buys=1, coins=1)


@effect("Clerk", reaction=Reaction(Trigger.START_OF_TURN))
def clerk(g: "Game", p: int, card: Card) -> Steps:
    g.turn.coins += 2
    for q in g.victims(p):
        hand = g.players[q].hand
        if len(hand) >= 5:
            chosen = yield from g.ask_cards(q, Purpose.TOPDECK, card, list(hand), 1, 1)
            g.topdeck(q, chosen)


def _collection_hook(g: "Game", gained: "GainedCard") -> None:
    if gained.card in g.actions:
        g.take_vp(gained.player, 1)


COLLECTION_HOOK = WhenGain("Collection", _collection_hook, Interplay.NONE)


@effect("Collection", coin=2)
def collection(g: "Game", p: int, card: Card) -> None:
    g.turn.buys += 1
    g.turn.gain_hooks += (COLLECTION_HOOK,)


@effect("Crystal Ball", coin=1)
def crystal_ball(g: "Game", p: int, card: Card) -> Steps:
    top = g.peek(p, 1)
    if not top:
        return
    c = top[0]
    g.look(p, top, card)
    options = ("trash", "discard", "play", "leave") if (g.is_action(c) or g.is_treasure(c)) else \
        ("trash", "discard", "leave")
    what = yield from g.ask_one(p, Purpose.CHOOSE, card, options, c)
    if what == "trash":
        g.trash_card(p, c, Zone.DECK)
    elif what == "discard":
        g.discard(p, [c], Zone.DECK)
    elif what == "play":
        yield from g.play(p, c, Zone.DECK, by=card)


@effect("Expand")
def expand(g: "Game", p: int, card: Card) -> Steps:
    yield from trash_and_gain(g, p, card, 3)


@effect("Forge")
def forge(g: "Game", p: int, card: Card) -> Steps:
    hand = g.players[p].hand
    chosen = yield from g.ask_cards(p, Purpose.TRASH, card, list(hand), 0, len(hand))
    total = 0
    for c in chosen:
        total += g.cost(c)
        g.trash_card(p, c)
    gain = yield from g.ask_cards(p, Purpose.GAIN, card, g.supply_cards(exactly=total), 1, 1)
    if gain:
        yield from g.gain(p, gain[0])


def _hoard_hook(g: "Game", gained: "GainedCard") -> Steps:
    if gained.bought and gained.card in g.victories:
        yield from g.gain(gained.player, GOLD)


def _hoard_applies(g: "Game", gained: "GainedCard") -> bool:
    """Wherever the bought card is now (even trashed by Watchtower): it was gained, and bought."""
    return gained.bought and gained.card in g.victories and g.supply.get(GOLD, 0) > 0


HOARD_HOOK = WhenGain("Hoard", _hoard_hook, Interplay.GAINS, _hoard_applies)


@effect("Hoard", coin=2)
def hoard(g: "Game", p: int, card: Card) -> None:
    g.turn.gain_hooks += (HOARD_HOOK,)


@effect("Investment")
def investment(g: "Game", p: int, card: Card) -> Steps:
    this = g.this  # this very Investment: read before the first question
    ps = g.players[p]
    chosen = yield from g.ask_cards(p, Purpose.TRASH, card, list(ps.hand), 1, 1)
    if chosen:
        g.trash_card(p, chosen[0])
    # 2nd edition: an option may be chosen even if it cannot be done (played again by Tiara after
    # trashing itself). "Trash this to ..." gives the VP only if this very card is trashed now.
    what = yield from g.ask_one(p, Purpose.CHOOSE, card, ("coin", "trash"))
    if what == "coin":
        g.turn.coins += 1
    elif this.here and g.trash_card(p, card, Zone.PLAY):
        this.here = False
        g.reveal(p, tuple(ps.hand), card)
        g.take_vp(p, len({c for c in ps.hand if g.is_treasure(c)}))


@effect("King's Court")
def kings_court(g: "Game", p: int, card: Card) -> Steps:
    yield from play_multiple(g, p, card, 3)


@effect("Magnate")
def magnate(g: "Game", p: int, card: Card) -> None:
    hand = g.players[p].hand
    g.reveal(p, tuple(hand), card)
    g.draw(p, sum(1 for c in hand if g.is_treasure(c)))


def _mint_gained(g: "Game", gained: "GainedCard") -> None:
    ps = g.players[gained.player]
    for c in [c for c in ps.play if g.is_treasure(c)]:
        g.trash_card(gained.player, c, Zone.PLAY)


@effect("Mint", on_gain=WhenGain("Mint", _mint_gained, Interplay.NONE))
def mint(g: "Game", p: int, card: Card) -> Steps:
    treasures = [c for c in g.players[p].hand if g.is_treasure(c)]
    chosen = yield from g.ask_cards(p, Purpose.REVEAL, card, treasures, 0, 1)
    if chosen:
        g.reveal(p, chosen, card)
        yield from g.gain(p, chosen[0])


@effect("Quarry", coin=1)
def quarry(g: "Game", p: int, card: Card) -> None:
    g.turn.action_discount += 2


@effect("Rabble")
def rabble(g: "Game", p: int, card: Card) -> Steps:
    g.draw(p, 3)
    for q in g.victims(p):
        top = g.peek(q, 3)
        if not top:
            continue
        g.reveal(q, top, card)
        g.discard(q, [c for c in top if g.is_action(c) or g.is_treasure(c)], Zone.DECK)
        rest = [c for c in top if not (g.is_action(c) or g.is_treasure(c))]
        if len(set(rest)) > 1:
            order = yield OrderCards(q, Purpose.ORDER, card, rest)
            deck = g.players[q].deck
            deck[-len(order):] = list(reversed(order))  # the first card of the answer is on top


def _tiara_applies(g: "Game", gained: "GainedCard") -> bool:
    """Only while the card is where it was gained, and that is not the deck already."""
    return gained.tracked and gained.zone is not Zone.DECK


def _tiara_hook(g: "Game", gained: "GainedCard") -> Steps:
    if _tiara_applies(g, gained):
        if (yield from g.ask_yes(gained.player, Purpose.TOPDECK, _cat["Tiara"], gained.card)):
            g.move_gained(gained, Zone.DECK)


TIARA_HOOK = WhenGain("Tiara", _tiara_hook, Interplay.MOVES, _tiara_applies)


@effect("Tiara")
def tiara(g: "Game", p: int, card: Card) -> Steps:
    g.turn.buys += 1
    g.turn.gain_hooks += (TIARA_HOOK,)
    treasures = [c for c in g.players[p].hand if g.is_treasure(c)]
    chosen = yield from g.ask_cards(p, Purpose.PLAY, card, treasures, 0, 1)
    if chosen:
        this = yield from g.play(p, chosen[0], Zone.HAND, by=card)
        yield from g.play(p, chosen[0], None, by=card, this=this)


@effect("Vault")
def vault(g: "Game", p: int, card: Card) -> Steps:
    g.draw(p, 2)
    hand = g.players[p].hand
    chosen = yield from g.ask_cards(p, Purpose.DISCARD, card, list(hand), 0, len(hand))
    if chosen:
        g.turn.coins += g.discard(p, chosen)
    for q in g.others(p):
        qhand = g.players[q].hand
        if not qhand or not (yield from g.ask_yes(q, Purpose.DISCARD, card)):
            continue
        n = min(2, len(qhand))
        cards = yield from g.ask_cards(q, Purpose.DISCARD, card, list(qhand), n, n)
        if g.discard(q, cards) == 2:
            g.draw(q, 1)


@effect("War Chest")
def war_chest(g: "Game", p: int, card: Card) -> Steps:
    left = g.left_of(p)
    named = yield NameCard(left, Purpose.NAME, card, _cat.cards, p)
    g.turn.named += (named,)
    g.emit(Named(left, named, card))
    options = g.supply_cards(up_to=5, exclude=g.turn.named)
    gain = yield from g.ask_cards(p, Purpose.GAIN, card, options, 1, 1)
    if gain:
        yield from g.gain(p, gain[0])


WATCHTOWER_CHOICES = ("trash", "deck", "no")


def _watchtower_applies(g: "Game", gained: "GainedCard") -> bool:
    """Only while the card is where it was gained (Tiara may have put it on the deck first)."""
    return gained.tracked


def _watchtower(g: "Game", p: int, watchtower: Card, gained: "GainedCard") -> Steps:
    if not gained.tracked:
        return
    what = yield from g.ask_one(p, Purpose.REACT, watchtower, WATCHTOWER_CHOICES, gained.card)
    if what == "no":
        return
    g.react(p, watchtower, gained.card)
    g.move_gained(gained, Zone.TRASH if what == "trash" else Zone.DECK)


@effect("Watchtower", reaction=Reaction(Trigger.GAIN, _watchtower, Interplay.MOVES, _watchtower_applies))
def watchtower(g: "Game", p: int, card: Card) -> None:
    hand = g.players[p].hand
    if len(hand) < 6:
        g.draw(p, 6 - len(hand))


def gain_hooks() -> dict[str, WhenGain]:
    """The "this turn, when you gain a card" effects by card name (a position names them)."""
    return {"Hoard": HOARD_HOOK, "Collection": COLLECTION_HOOK, "Tiara": TIARA_HOOK}
