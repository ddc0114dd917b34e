"""Gaining, buying and playing a card: the rule operations that may ask questions (generators).

They are the Game's methods (``game.gain``, ``game.buy``, ``game.play``, ``game.move_gained``), written
here as functions of the game to keep each module small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from companion.cards import Card
from companion.engine.decisions import ChooseOne, Decision, Purpose
from companion.engine.effects import Interplay, Reaction, WhenGain
from companion.engine.events import Bought, Gained, Played, PutOnDeck, Trashed, Zone
from companion.engine.zones import remove_last

if TYPE_CHECKING:
    from companion.engine.game import Game

Steps = Generator[Decision, Any, Any]


class GainedCard:
    """A card just gained: where the gain put it (``to``) and where it is now (``zone``).

    Effects that move the gained card (Tiara, Watchtower) can move it only while it is still where
    it was gained (``tracked``): once one of them has put it on the deck or in the trash, the others
    have lost track of it.
    """

    __slots__ = ("player", "card", "zone", "bought", "to")

    def __init__(self, player: int, card: Card, zone: Zone, bought: bool) -> None:
        self.player = player
        self.card = card
        self.zone = zone
        self.bought = bought
        self.to = zone

    @property
    def tracked(self) -> bool:
        """The card is still where it was gained, so an effect may still move it."""
        return self.zone is self.to and self.zone is not Zone.TRASH


class ThisCard:
    """One play of a card: ``here`` while that very card is still in play.

    Cards are shared values (every Investment is the same Card), so "trash this" cannot look for the
    card in play: another copy may be there. Throne Room and Tiara play a card again with the same
    ThisCard, so once the first play has trashed it, the second cannot trash it again.
    """

    __slots__ = ("here",)

    def __init__(self) -> None:
        self.here = True


def gain(game: "Game", player: int, card: Card, to: Zone = Zone.DISCARD, bought: bool = False) -> Steps:
    """Gain ``card`` from the Supply; returns the GainedCard, or None if its pile is empty."""
    left = game.supply.get(card, 0)
    if not left:
        return None
    game.supply[card] = left - 1
    ps = game.players[player]
    ps.zone(to).append(card)
    ps.gained(card)
    if game.logging:
        game.log.append(Gained(player, card, to, bought))
    t = game.turn
    on_gain = game.fx[card.name].on_gain
    reactors = game.gain_reactors
    hooks = t.gain_hooks if player == t.player else None
    if on_gain is None and not hooks and not reactors:
        return GainedCard(player, card, to, bought)
    g = GainedCard(player, card, to, bought)
    waiting: list[WhenGain] = [on_gain] if on_gain is not None else []
    if hooks:
        waiting += hooks
    if reactors:
        for r in sorted(set(ps.hand) & reactors):
            reaction = game.fx[r.name].reaction
            if reaction is not None and reaction.respond is not None:
                waiting.append(_reaction_when_gain(player, r, reaction))
    if waiting:
        yield from when_gain(game, g, waiting)
    return g


def when_gain(game: "Game", g: GainedCard, waiting: list[WhenGain]) -> Steps:
    """Do the "when you gain" effects waiting on ``g``; the player picks the order where it matters.

    Effects whose order cannot change anything (Interplay.NONE) go first; then, while two or more
    different effects that could give different results are waiting, the player names the next
    one (a ChooseOne of their card names). An effect that no longer applies (the card has been
    moved, the Gold pile is empty) is dropped: it cannot apply again. Version-1 saves keep the old fixed order.
    """
    if game.setup.legacy_gains:
        for w in waiting:
            steps = w.run(game, g)
            if steps is not None:
                yield from steps
        return
    while waiting:
        live = waiting = [w for w in waiting if w.applies is None or w.applies(game, g)]
        if not live:
            return
        w = live[0]
        if w.interplay is not Interplay.NONE:
            calm = next((x for x in live if x.interplay is Interplay.NONE), None)
            if calm is not None:
                w = calm
            else:
                names = list(dict.fromkeys(x.source for x in live))
                if len(names) > 1:
                    first = yield ChooseOne(g.player, Purpose.ORDER, None, names, g.card)
                    w = next(x for x in live if x.source == first)
        waiting.remove(w)
        steps = w.run(game, g)
        if steps is not None:
            yield from steps


def move_gained(game: "Game", g: GainedCard, to: Zone) -> bool:
    """Move a just-gained card to ``to`` (the deck, or the trash) if it is still where it was put."""
    ps = game.players[g.player]
    if g.zone is Zone.TRASH or not remove_last(ps.zone(g.zone), g.card):
        return False
    if to is Zone.TRASH:
        ps.lost(g.card)
        game.trash.append(g.card)
        game.emit(Trashed(g.player, g.card, g.zone))
    else:
        ps.zone(to).append(g.card)
        if to is Zone.DECK:
            game.emit(PutOnDeck(g.player, 1, (g.card,), True))
    g.zone = to
    if game.setup.legacy_gains:
        g.to = to  # version 1: the next effect may move it again from here
    return True


def buy(game: "Game", player: int, card: Card) -> Steps:
    t = game.turn
    cost = game.cost(card)
    t.coins -= cost
    t.buys -= 1
    if game.logging:
        game.log.append(Bought(player, card, cost))
    return (yield from gain(game, player, card, Zone.DISCARD, True))


def play(game: "Game", player: int, card: Card, source: Zone | None = Zone.HAND, by: Card | None = None,
         this: "ThisCard | None" = None) -> Steps:
    """Play ``card``: move it into play from ``source`` (None: it is already in play, as when
    Throne Room plays it again, passing the ``this`` the first play returned), then follow its
    instructions. Returns the ThisCard that tracks that very card while it is in play."""
    ps = game.players[player]
    if this is None:
        this = ThisCard()
    if source is not None:
        if source is Zone.HAND:
            ps.hand.remove(card)
        elif not remove_last(ps.zone(source), card):
            this.here = False
            return this
        ps.play.append(card)
    if game.logging:
        game.log.append(Played(player, card, by))
    t = game.turn
    if card.name == "Silver":
        t.silver_played = True
    if t.play_hooks:
        for hook in t.play_hooks:  # a tuple: a hook added now waits for the next play
            hook(game, player, card)
    attack = card.name in game.attack_names
    if attack:
        yield from attack_reactions(game, player, card)
    eff = game.fx[card.name]
    if eff.coin:
        t.coins += eff.coin
    if eff.play is not None:
        game.this = this  # read by an effect that refers to "this" card before its first question
        steps = eff.play(game, player, card)
        if steps is not None:
            yield from steps
    if attack:
        game.immune = frozenset()
    return this


def attack_reactions(game: "Game", player: int, attack: Card) -> Steps:
    immune = set()
    reactors = game.attack_reactors
    if reactors:
        for q in game.others(player):
            for r in sorted(set(game.players[q].hand) & reactors):
                reaction = game.fx[r.name].reaction
                steps = None if reaction is None or reaction.respond is None else \
                    reaction.respond(game, q, r, attack)
                if steps is not None and (yield from steps):
                    immune.add(q)
    game.immune = frozenset(immune)


def _reaction_when_gain(player: int, card: Card, reaction: Reaction) -> WhenGain:
    """A Reaction in hand to a gain (Watchtower) as one of the gain's waiting effects."""
    respond = reaction.respond
    assert respond is not None
    return WhenGain(card.name, lambda game, g: respond(game, player, card, g), reaction.interplay, reaction.applies)
