"""The flow of a game: turns in order, the phases of a turn, the end of the game."""

from __future__ import annotations

from operator import countOf
from typing import TYPE_CHECKING, Any, Generator

from companion.cards import Card
from companion.engine.decisions import ChooseBuy, ChooseCards, ChooseTreasures, Decision, Purpose
from companion.engine.events import Bought, Event, GameEndReason
from companion.engine.phase import Phase
from companion.engine.scoring import game_over
from companion.engine.shared_events import (
    BOUGHT, DISCARDED_HAND, DISCARDED_PLAY, DREW, GAINED_BOUGHT, OPENING, PHASES, PLAYED, TURN_STARTED,
)
from companion.engine.supply import set_pile
from companion.engine.turn import Turn

if TYPE_CHECKING:
    from companion.engine.game import Game
    from companion.engine.zones import PlayerState

Steps = Generator[Decision, Any, Any]
PLAY_ACTION = Purpose.PLAY_ACTION
START, ACTION, BUY_PHASE, CLEANUP = Phase.START, Phase.ACTION, Phase.BUY, Phase.CLEANUP


def play_game(g: "Game", resume: str | None = None) -> Steps:
    """The game's turns; ``resume`` (a position's phase) goes on with a turn already under way.

    This is the hot path of every game (a simulation plays millions of turns), so each turn is written
    here, in the game's one generator, not in a generator of its own: an answer resumes one frame, not
    two. The Treasures a question offers are found with a comprehension over the hand: compiled, a loop of
    C set lookups (``filter`` with ``treasures.__contains__`` called a method wrapper for each card, 6% of
    a compiled Big Money game); run as Python, as fast as ``filter`` was. A question is asked only when the
    hand holds a card it could offer; the log's plain events come from the shared tables of shared_events.
    What most turns never meet (start of turn Reactions, Actions, Treasures with abilities, buys something
    reacts to) is in generators of its own.
    """
    supply = g.supply
    players = g.players
    province, colony, empty_to_end = g.province, g.colony, g.empty_to_end
    limit = g.setup.turn_limit
    log = g.log if g.logging else None
    starters, actions, treasures = g.start_reactors, g.actions, g.treasures
    gain_reactors, on_gain, cost_modified = g.gain_reactors, g.on_gain_cards, g.cost_modified
    plain_coins, silver, buyable = g.plain_coins.__getitem__, g.silver, g.buyable
    hide_hand = g.setup.hide_hand
    while True:
        p = g.current
        ps = players[p]
        phases = PHASES[p]
        t = g.turn
        if resume is None and not starters and actions.isdisjoint(ps.hand):
            # Nothing can happen before the Buy phase: the turn starts there, its three opening events
            # logged at once.
            ps.turns += 1
            t.begin(p)  # the game's one Turn, begun again: no new object a turn
            if log is not None:
                log += OPENING[p][ps.turns]
            g.phase = BUY_PHASE
        else:
            yield from _opening(g, p, t, resume, log)
        while not t.bought and (resume is None or resume != "buy"):
            options = tuple([c for c in ps.hand if c in treasures])
            if not options:
                break
            chosen = yield ChooseTreasures(p, options)
            if not chosen:
                break
            if len(chosen) == len(options) and not t.play_hooks:
                # The fast path: every Treasure in hand, none with an ability: the order changes nothing.
                try:
                    coins = sum(map(plain_coins, chosen))
                except KeyError:  # a Treasure with an ability: played one by one below
                    pass
                else:
                    ps.hand = [c for c in ps.hand if c not in treasures]
                    ps.play += chosen
                    t.coins += coins
                    if silver in chosen:
                        t.silver_played = True
                    if log is not None:
                        log.extend(map(PLAYED[p].__getitem__, chosen))
                    break  # (no Treasure is left in hand)
            yield from _play_treasures(g, p, chosen, log)
        while t.buys > 0:
            chosen = yield ChooseBuy(p, buyable)
            if not chosen:
                break
            t.bought = True
            card = chosen[0]
            if t.gain_hooks or gain_reactors or card in on_gain or not supply.get(card):
                yield from g.buy(p, card)
            elif t.action_discount or card in cost_modified:
                cost = g.cost(card)
                _bought(g, ps, t, card, cost)
                if log is not None:
                    log.append(Bought(p, card, cost))
                    log.append(GAINED_BOUGHT[p][card])
            else:  # the fast path: nothing can react to this gain (g.buy and g.gain without their generators)
                t.coins -= card.cost
                t.buys -= 1
                left = supply[card] - 1
                set_pile(supply, card, left)  # supply[card] = left, without Supply's Python __setitem__
                if not left:
                    supply.emptied = True
                ps.discard.append(card)
                ps.gained(card)
                if log is not None:
                    log += BOUGHT[p][card], GAINED_BOUGHT[p][card]

        # Clean-up: discard everything in play and in hand, then draw 5. With hide_hand the hand goes under
        # the played cards, so the pile's face-up top is a card everyone saw played (see GameSetup).
        g.phase = CLEANUP
        play, hand, deck = ps.play, ps.hand, ps.deck
        if hide_hand:
            ps.discard += hand
            ps.discard += play
        else:
            ps.discard += play
            ps.discard += hand
        ps.play = []
        if len(deck) >= 5:  # g.draw(p, 5) without a call, where no shuffle is needed
            drawn = ps.hand = deck[-5:]
            del deck[-5:]
            drawn.reverse()
            if log is not None:
                if play and hand:  # the usual clean-up's four events at once
                    log += phases[2], DISCARDED_PLAY[p][tuple(play)], DISCARDED_HAND[p][tuple(hand)], \
                        DREW[p][tuple(drawn)]
                else:
                    _log_cleanup(log, p, play, hand)
                    log.append(DREW[p][tuple(drawn)])
        else:
            if log is not None:
                _log_cleanup(log, p, play, hand)
            ps.hand = []
            g.draw(p, 5)

        resume = None
        # Checked after every turn: does the game end now?
        if not supply[province]:
            reason = GameEndReason.PROVINCES
        elif colony is not None and not supply[colony]:
            reason = GameEndReason.COLONIES
        elif supply.emptied and countOf(supply.values(), 0) >= empty_to_end:  # (see Supply)
            reason = GameEndReason.PILES
        elif limit is not None and min([ps.turns for ps in players]) >= limit:
            reason = GameEndReason.TURN_LIMIT
        else:
            g.current = (p + 1) % len(players)
            continue
        break
    g.phase = Phase.OVER
    g.result = game_over(g, reason)
    g.emit(g.result)


def _opening(g: "Game", p: int, t: Turn, resume: str | None, log: list[Event] | None) -> Steps:
    """A turn up to its Buy phase, where something may happen first: start-of-turn Reactions (Clerk),
    Actions in hand, or a position's turn under way (``resume``)."""
    ps = g.players[p]
    phases = PHASES[p]
    if resume is None:
        ps.turns += 1
        t.begin(p)
        if log is not None:
            log.append(TURN_STARTED[p][ps.turns])
        g.phase = START
    starters = g.start_reactors
    if starters and (resume is None or resume == "start"):
        yield from _start_of_turn(g, p, starters)
    acting = resume is None or resume in ("start", "action")
    if acting:
        g.phase = ACTION
        if log is not None and resume != "action":
            log.append(phases[0])
        if not g.actions.isdisjoint(ps.hand):
            yield from _action_phase(g, p, t, g.actions)
    g.phase = BUY_PHASE
    if log is not None and acting:
        log.append(phases[1])


def _start_of_turn(g: "Game", p: int, starters: frozenset[Card]) -> Steps:
    """Cards in hand that may be played at the start of the turn (Clerk), one at a time until the player
    plays none."""
    ps = g.players[p]
    while not starters.isdisjoint(ps.hand):
        options = list(filter(starters.__contains__, ps.hand))
        chosen = yield ChooseCards(p, Purpose.START_OF_TURN, None, options, 0, 1)
        if not chosen:
            break
        g.react(p, chosen[0])  # played from the hand by its own start-of-turn ability
        yield from g.play(p, chosen[0])


def _action_phase(g: "Game", p: int, t: Turn, actions: frozenset[Card]) -> Steps:
    """Play Actions while there are Actions left to use and Action cards in hand."""
    ps = g.players[p]
    while t.actions > 0 and not actions.isdisjoint(ps.hand):
        chosen = yield ChooseCards(p, PLAY_ACTION, None, list(filter(actions.__contains__, ps.hand)), 0, 1)
        if not chosen:
            break
        t.actions -= 1
        yield from g.play(p, chosen[0])


def _log_cleanup(log: list[Event], p: int, play: list[Card], hand: list[Card]) -> None:
    """Clean-up's events before the draw: its phase, then what was discarded from play and from hand."""
    log.append(PHASES[p][2])
    if play:
        log.append(DISCARDED_PLAY[p][tuple(play)])
    if hand:
        log.append(DISCARDED_HAND[p][tuple(hand)])


def _bought(g: "Game", ps: "PlayerState", t: Turn, card: Card, cost: int) -> None:
    """A buy nothing can react to, at a cost changed this turn."""
    t.coins -= cost
    t.buys -= 1
    g.supply[card] -= 1
    ps.discard.append(card)
    ps.gained(card)


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
