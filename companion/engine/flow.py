"""The flow of a game: turns in order, the phases of a turn, the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from companion.engine.decisions import ChooseCards, Decision, Purpose
from companion.engine.effects import Trigger
from companion.engine.events import Discarded, GameEndReason, PhaseStarted, Played, TurnStarted, Zone
from companion.engine.phase import Phase
from companion.engine.scoring import game_over
from companion.engine.turn import Turn

if TYPE_CHECKING:
    from companion.engine.game import Game

Steps = Generator[Decision, Any, Any]


def play_game(g: "Game", resume: str | None = None) -> Steps:
    """The game's turns; ``resume`` (a position's phase) goes on with a turn already under way."""
    while True:
        yield from take_turn(g, resume)
        resume = None
        reason = end_reason(g)
        if reason is not None:
            break
        g.current = g.left_of(g.current)
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
    """One turn; ``resume`` is a position's phase (start, action, treasures, buy) to go on from."""
    p = g.current
    ps = g.players[p]
    log = g.log if g.logging else None
    if resume is None:
        ps.turns += 1
        t = g.turn = Turn(p)
        if log is not None:
            log.append(TurnStarted(p, ps.turns))
        g.phase = Phase.START
    else:
        t = g.turn
    starters = g.reactions[Trigger.START_OF_TURN]
    if starters and resume in (None, "start"):
        while True:
            options = [c for c in ps.hand if c in starters]
            if not options:
                break
            chosen = yield ChooseCards(p, Purpose.START_OF_TURN, None, options, 0, 1)
            if not chosen:
                break
            g.react(p, chosen[0])  # played from the hand by its own start-of-turn ability
            yield from g.play(p, chosen[0])

    acting = resume in (None, "start", "action")
    if acting:
        g.phase = Phase.ACTION
        if log is not None and resume != "action":
            log.append(PhaseStarted(p, Phase.ACTION))
    actions = g.action_names
    while acting and t.actions > 0:
        options = [c for c in ps.hand if c.name in actions]
        if not options:
            break
        chosen = yield ChooseCards(p, Purpose.PLAY_ACTION, None, options, 0, 1)
        if not chosen:
            break
        t.actions -= 1
        yield from g.play(p, chosen[0])

    g.phase = Phase.BUY
    if log is not None and acting:
        log.append(PhaseStarted(p, Phase.BUY))
    treasures = g.treasure_names
    fx = g.fx
    plain, coins_of = g.rules.plain_treasures, g.rules.coins
    while resume != "buy" and not t.bought:
        options = [c for c in ps.hand if c.name in treasures]
        if not options:
            break
        chosen = yield ChooseCards(p, Purpose.PLAY_TREASURES, None, options, 0, len(options), ordered=True)
        if not chosen:
            break
        names = [c.name for c in chosen]
        if len(chosen) == len(options) and not t.play_hooks and plain.issuperset(names):
            # The fast path: every Treasure in hand, none with an ability: the order changes nothing.
            ps.hand = [c for c in ps.hand if c.name not in treasures]
            ps.play += chosen
            t.coins += sum(map(coins_of.__getitem__, names))
            if "Silver" in names:
                t.silver_played = True
            if log is not None:
                log.extend(Played(p, card) for card in chosen)
            continue
        for card in chosen:
            eff = fx[card.name]
            if eff.play is None and not t.play_hooks:
                try:
                    ps.hand.remove(card)
                except ValueError:
                    continue
                ps.play.append(card)
                t.coins += eff.coin
                if card.name == "Silver":
                    t.silver_played = True
                if log is not None:
                    log.append(Played(p, card))
            elif card in ps.hand:
                yield from g.play(p, card)
    supply = g.supply
    gain_reactors = g.reactions[Trigger.GAIN]
    while t.buys > 0:
        chosen = yield ChooseCards(p, Purpose.BUY, None, None, 0, 1, source=g.buyable)
        if not chosen:
            break
        t.bought = True
        card = chosen[0]
        if t.gain_hooks or gain_reactors or fx[card.name].on_gain is not None or g.logging:
            yield from g.buy(p, card)
        else:  # the fast path: nothing can react to this gain, and nobody reads a log
            t.coins -= g.cost(card)
            t.buys -= 1
            supply[card] -= 1
            ps.discard.append(card)

    g.phase = Phase.CLEANUP
    if log is not None:
        log.append(PhaseStarted(p, Phase.CLEANUP))
    cleanup(g, p)


def cleanup(g: "Game", p: int) -> None:
    """Discard everything in play and in hand, then draw 5."""
    ps = g.players[p]
    if g.logging:
        if ps.play:
            g.log.append(Discarded(p, len(ps.play), ps.play[-1], tuple(ps.play), Zone.PLAY))
        if ps.hand:
            g.log.append(Discarded(p, len(ps.hand), ps.hand[-1], tuple(ps.hand), Zone.HAND))
    ps.discard += ps.play
    ps.discard += ps.hand
    ps.play = []
    ps.hand = []
    g.draw(p, 5)
