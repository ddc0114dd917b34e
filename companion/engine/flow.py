"""The flow of a game: turns in order, the phases of a turn, the end of the game."""

from __future__ import annotations

from itertools import filterfalse
from operator import countOf
from typing import TYPE_CHECKING, Any, Generator

from companion.cards import Card
from companion.engine.decisions import ChooseBuy, ChooseCards, Decision, Purpose
from companion.engine.events import Bought, Discarded, Event, GameEndReason, Zone
from companion.engine.phase import Phase
from companion.engine.scoring import game_over
from companion.engine.shared_events import BOUGHT, GAINED_BOUGHT, PHASES, PLAYED, TURN_STARTED
from companion.engine.turn import Turn

if TYPE_CHECKING:
    from companion.engine.game import Game
    from companion.engine.zones import PlayerState

Steps = Generator[Decision, Any, Any]
PLAY_ACTION, PLAY_TREASURES, BUY = Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.BUY
DISCARD = Zone.DISCARD


def play_game(g: "Game", resume: str | None = None) -> Steps:
    """The game's turns; ``resume`` (a position's phase) goes on with a turn already under way."""
    supply = g.supply
    province, colony, empty_to_end = g.province, g.colony, g.empty_to_end
    limit = g.setup.turn_limit
    while True:
        yield from take_turn(g, resume)
        resume = None
        # end_reason(g), inlined: it is checked after every turn
        if not supply[province]:
            reason = GameEndReason.PROVINCES
        elif colony is not None and not supply[colony]:
            reason = GameEndReason.COLONIES
        elif countOf(supply.values(), 0) >= empty_to_end:
            reason = GameEndReason.PILES
        elif limit is not None and min([ps.turns for ps in g.players]) >= limit:
            reason = GameEndReason.TURN_LIMIT
        else:
            g.current = (g.current + 1) % len(g.players)
            continue
        break
    g.phase = Phase.OVER
    g.result = game_over(g, reason)
    g.emit(g.result)


def end_reason(g: "Game") -> GameEndReason | None:
    """Checked at the end of every turn."""
    if not g.supply[g.province]:
        return GameEndReason.PROVINCES
    if g.colony is not None and not g.supply[g.colony]:
        return GameEndReason.COLONIES
    if g.empty_piles() >= g.empty_to_end:
        return GameEndReason.PILES
    limit = g.setup.turn_limit
    if limit is not None and min(ps.turns for ps in g.players) >= limit:
        return GameEndReason.TURN_LIMIT
    return None


def take_turn(g: "Game", resume: str | None = None) -> Steps:
    """One turn; ``resume`` is a position's phase (start, action, treasures, buy) to go on from.

    This is the hot path of every game (a simulation plays millions of turns): the cards a question
    offers are found with ``filter`` over the hand (no Python frame per turn, as a list comprehension
    has), a question is asked only when the hand holds a card it could offer, and the log's plain
    events come from the shared tables of shared_events.
    """
    p = g.current
    ps = g.players[p]
    log = g.log if g.logging else None
    if resume is None:
        ps.turns += 1
        t = g.turn = Turn(p)
        if log is not None:
            log.append(TURN_STARTED[p][ps.turns])
        g.phase = Phase.START
    else:
        t = g.turn
    starters = g.start_reactors
    if starters and resume in (None, "start"):
        while not starters.isdisjoint(ps.hand):
            options = list(filter(starters.__contains__, ps.hand))
            chosen = yield ChooseCards(p, Purpose.START_OF_TURN, None, options, 0, 1)
            if not chosen:
                break
            g.react(p, chosen[0])  # played from the hand by its own start-of-turn ability
            yield from g.play(p, chosen[0])

    phases = PHASES[p]
    acting = resume is None or resume in ("start", "action")
    if acting:
        g.phase = Phase.ACTION
        if log is not None and resume != "action":
            log.append(phases[0])
        actions = g.actions
        while t.actions > 0 and not actions.isdisjoint(ps.hand):
            chosen = yield ChooseCards(p, PLAY_ACTION, None, list(filter(actions.__contains__, ps.hand)), 0, 1)
            if not chosen:
                break
            t.actions -= 1
            yield from g.play(p, chosen[0])

    g.phase = Phase.BUY
    if log is not None and acting:
        log.append(phases[1])
    treasures = g.treasures
    is_treasure = treasures.__contains__
    while resume != "buy" and not t.bought and not treasures.isdisjoint(ps.hand):
        options = list(filter(is_treasure, ps.hand))
        chosen = yield ChooseCards(p, PLAY_TREASURES, None, options, 0, len(options), ordered=True)
        if not chosen:
            break
        if len(chosen) == len(options) and not t.play_hooks:
            # The fast path: every Treasure in hand, none with an ability: the order changes nothing.
            try:
                coins = sum(map(g.plain_coins.__getitem__, chosen))
            except KeyError:  # a Treasure with an ability: played one by one below
                pass
            else:
                ps.hand = list(filterfalse(is_treasure, ps.hand))
                ps.play += chosen
                t.coins += coins
                if g.silver in chosen:
                    t.silver_played = True
                if log is not None:
                    log.extend(map(PLAYED[p].__getitem__, chosen))
                continue
        yield from _play_treasures(g, p, chosen, log)
    supply = g.supply
    gain_reactors = g.gain_reactors
    on_gain = g.on_gain_cards
    while t.buys > 0:
        chosen = yield ChooseBuy(p, g.buyable)
        if not chosen:
            break
        t.bought = True
        card = chosen[0]
        if t.gain_hooks or gain_reactors or card in on_gain or not supply.get(card):
            yield from g.buy(p, card)
        elif t.action_discount or card in g.cost_modified:
            cost = g.cost(card)
            _bought(g, ps, t, card, cost)
            if log is not None:
                log.append(Bought(p, card, cost))
                log.append(GAINED_BOUGHT[p][card])
        else:  # the fast path: nothing can react to this gain (g.buy and g.gain without their generators)
            t.coins -= card.cost
            t.buys -= 1
            supply[card] -= 1
            ps.discard.append(card)
            if log is not None:
                log.append(BOUGHT[p][card])
                log.append(GAINED_BOUGHT[p][card])

    # Clean-up: discard everything in play and in hand, then draw 5.
    g.phase = Phase.CLEANUP
    if log is not None:
        log.append(phases[2])
        if ps.play:
            log.append(Discarded(p, len(ps.play), ps.play[-1], tuple(ps.play), Zone.PLAY))
        if ps.hand:
            log.append(Discarded(p, len(ps.hand), ps.hand[-1], tuple(ps.hand), Zone.HAND))
    ps.discard += ps.play
    ps.discard += ps.hand
    ps.play = []
    ps.hand = []
    g.draw(p, 5)


def _bought(g: "Game", ps: "PlayerState", t: Turn, card: Card, cost: int) -> None:
    """A buy nothing can react to, at a cost changed this turn."""
    t.coins -= cost
    t.buys -= 1
    g.supply[card] -= 1
    ps.discard.append(card)


def _play_treasures(g: "Game", p: int, chosen: tuple[Card, ...], log: list[Event] | None) -> Steps:
    """Play the chosen Treasures one by one, in the order chosen (some have abilities)."""
    ps = g.players[p]
    t = g.turn
    fx = g.fx
    for card in chosen:
        eff = fx[card.name]
        if eff.play is None and not t.play_hooks:
            try:
                ps.hand.remove(card)
            except ValueError:
                continue
            ps.play.append(card)
            t.coins += eff.coin
            if card is g.silver:
                t.silver_played = True
            if log is not None:
                log.append(PLAYED[p][card])
        elif card in ps.hand:
            yield from g.play(p, card)
