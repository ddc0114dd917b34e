"""The game's service: each whole intent of a person (play, play their Treasures, buy, end the turn,
answer a card's question, undo, take the keyboard, hand a seat to a bot) is one method. It takes the seat
and what was asked, already read from the typed line (cards, not text), changes the game through the
activity's transaction (saved before anything is said), and returns an ``Outcome``: what every seat
hears, as lines not yet fitted, with its sound cues and its prompt. A move that cannot be done raises
``CommandError`` (companion.refusal) before anything changes; ``companion.dispatch`` says it.

The shell's commands (companion.commands.game_turn and the others) read the typed words, call one method
here and hand the ``Outcome`` to ``companion.commands.game.say_outcome``; a host maps the same
``Outcome`` to messages. Who hears what is decided here alone: the seat that moved, and with their own
devices, each other seat (``Outcome.heard``).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

from companion.cards import Card
from companion.cards.names import and_list, quote
from companion.engine import Decision, IllegalAnswer, Purpose
from companion.engine.phase import Phase
from companion.game import render
from companion.game.activity import GameActivity, Mark, UndoHides
from companion.game.answers import AnswerError, hint, parse
from companion.game.fitting import Spoken
from companion.game.money import autoplayed, money
from companion.game.turn_words import (
    PLAYS_AGAIN, answered, cannot_buy, nothing_to_repeat, skipped, turn_step,
)
from companion.game.words import count
from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.engine.game import Agent


@dataclass(frozen=True)
class Heard:
    """What one seat hears from one intent: its ``lines`` (fitted to its verbosity where they are said),
    the sound ``cues`` that go with them, its ``prompt`` afterwards, and ``clear``: the keyboard changes
    hands with these words, so the screen may be cleared first (set handover clear)."""

    lines: tuple[Spoken, ...]
    cues: tuple[str, ...] = ()
    prompt: str = ""
    clear: bool = False


@dataclass(frozen=True)
class Outcome:
    """What one intent did: ``heard`` by seat (the seat that moved under ``seat``, -1 for the public
    words of a keyboard changing hands; then each other seat with its own device that has news),
    whether the game ``changed``, and whether the change was ``saved`` (before any of it is said);
    ``save_problem`` says why not. ``notices``: what each other seat with its own device hears first, by
    seat, of a move that is not news of the game (undo's "Ana took back play treasures. Your turn.")."""

    seat: int
    heard: Mapping[int, Heard] = field(default_factory=dict)
    changed: bool = False
    saved: bool = False
    save_problem: str | None = None
    notices: Mapping[int, str] = field(default_factory=dict)

    @property
    def own(self) -> Heard:
        """What the seat that moved hears."""
        return self.heard.get(self.seat, Heard(()))

    @property
    def others(self) -> dict[int, Heard]:
        """What each other seat hears, by seat."""
        return {s: h for s, h in self.heard.items() if s != self.seat}


def question_first(d: Decision, typed: str) -> CommandError:
    return CommandError(f"{quote(typed, 40)} must wait. First answer {d.card.name if d.card else 'the question'}. "
                        f"{hint(d)}")


class GameService:
    """The intents of the people playing ``act``."""

    def __init__(self, act: GameActivity) -> None:
        self.act = act

    # ---- who may do what ----
    def viewer(self, seat: int | None) -> int:
        """The seat whose words are said: ``seat`` when it has its own device; at a shared keyboard the
        person holding it, or -1 (public words only) while it changes hands."""
        act = self.act
        if seat is not None:
            return seat
        return -1 if act.waiting and not act.own_devices else act.holder

    def turn_decision(self, seat: int, typed: str, verbs: tuple[Purpose, ...] = ()) -> Decision:
        """The decision ``seat`` answers now with a verb of its turn (``typed`` is quoted if it may not):
        a turn's own decision, or a card's question answered with one of ``verbs``."""
        act = self.act
        if act.game.over:
            raise CommandError(f"{quote(typed, 40)}, the game is over. Type score, log, or new.")
        d = act.mine(seat)
        if d is None:
            raise CommandError(f"{quote(typed, 40)}, it is not your turn. Wait, or type status.")
        if not render.is_turn_decision(d) and d.purpose not in verbs:
            raise question_first(d, typed)
        return d

    # ---- the intents of a turn ----
    def play(self, seat: int, cards: Sequence[Card], typed: str, verbosity: str) -> Outcome:
        """Play one Action, or some Treasures, from ``seat``'s hand."""
        act = self.act
        d = self.turn_decision(seat, typed)
        g = act.game
        hand = g.players[seat].hand
        missing = [c for c in dict.fromkeys(cards) if hand.count(c) < list(cards).count(c)]
        if missing:
            c = missing[0]
            have = "no" if c not in hand else f"only {hand.count(c)}"
            raise CommandError(f"{quote(typed)}, you have {have} {c.plural if c not in hand else c.name} in hand. "
                               f"Type hand to hear your cards.")
        actions = [c for c in cards if g.is_action(c)]
        treasures = [c for c in cards if g.is_treasure(c)]
        if actions and (len(cards) > 1):
            raise CommandError(f"{quote(typed)}, play one Action at a time. Type play {actions[0].name.lower()}.")
        if not actions and not treasures:
            raise CommandError(f"{quote(typed)}, {cards[0].name} is not played. Only Actions and Treasures are. "
                               f"Type options.")
        turn, start, before = g.players[seat].turns, len(g.log), len(g.answers)
        with self._changing(typed, seat):
            if actions:
                if d.purpose is not Purpose.PLAY_ACTION:
                    why = "no actions are left" if g.turn.actions == 0 and g.phase is Phase.BUY else "it is the Buy phase"
                    raise CommandError(f"{quote(typed)}, {why}. Type play treasures, buy a card, or end.")
                act.answer((actions[0],))
            else:
                if d.purpose is Purpose.BUY:
                    raise CommandError(f"{quote(typed)}, you have bought, so no more Treasures. Type buy or end.")
                if d.purpose is Purpose.PLAY_ACTION:
                    act.answer(())
                act.answer(tuple(treasures))
        act.labels.append(typed)
        news, cues, clear = self._hear(seat, verbosity)
        lines = skipped(verbosity, None if actions else d, news)
        asks = act.pending is not None and act.pending.card == (actions[0] if actions else None)
        if actions and actions[0].name in PLAYS_AGAIN and act.game is g and not asks:
            lines = nothing_to_repeat(g.view(seat), start, actions[0], lines)
        return self._outcome(seat, [*lines, *self._turn_step(seat, verbosity, turn)], cues, clear, before)

    def play_treasures(self, seat: int, typed: str, verbosity: str) -> Outcome:
        """Play every Treasure in ``seat``'s hand (those that ask nothing first, Bank last)."""
        act = self.act
        d = self.turn_decision(seat, typed)
        g = act.game
        if not any(g.is_treasure(c) for c in g.players[seat].hand):
            raise CommandError(f"{quote(typed)}, no Treasures in your hand. Type buy a card, or end.")
        if d.purpose is Purpose.BUY:
            raise CommandError(f"{quote(typed)}, you have bought, so no more Treasures. Type buy or end.")
        turn, before = g.players[seat].turns, len(g.answers)
        with self._changing(typed, seat):
            if d.purpose is Purpose.PLAY_ACTION and act.pending is d:
                act.answer(())
            self._play_all_treasures()
        act.labels.append(typed)
        news, cues, clear = self._hear(seat, verbosity)
        lines = [*skipped(verbosity, d, news), *self._turn_step(seat, verbosity, turn)]
        return self._outcome(seat, lines, cues, clear, before)

    def buy(self, seat: int, cards: Sequence[Card], typed: str, verbosity: str, autoplay: bool = True) -> Outcome:
        """Buy ``cards`` in order: the Action phase ends, and with ``autoplay`` the Treasures that ask nothing
        are played first. All are bought, or none (the error says which could not be, and why)."""
        act = self.act
        d = self.turn_decision(seat, typed)
        g = act.game
        for card in cards:
            if card not in g.supply:
                raise CommandError(f"{quote(typed)}, {card.name} is not in this game. Type supply to hear the piles.")
        worth = money(g.view(seat))  # every Treasure in hand, for an error that says what they would make
        turn, before = g.players[seat].turns, len(g.answers)
        with self._changing(typed, seat):
            self._to_buying(seat, d, autoplay)
            buys = act.game.turn.buys
            for i, card in enumerate(cards):
                step = act.pending  # each card is bought only while the turn still asks this seat for a buy
                if step is None or step.purpose is not Purpose.BUY or step.player != seat \
                        or not render.is_turn_decision(step):
                    raise self._no_buy_for(typed, cards, i, buys, step, seat)
                reason = cannot_buy(act.game.view(seat), card, worth if i == 0 else None, autoplay)
                if reason:  # said after the cards before it, whose buying is taken back with this error
                    after = f"after {and_list([c.name for c in cards[:i]])}, " if i else ""
                    raise CommandError(f"{quote(typed)}, {after}{reason}")
                act.answer((card,))
        act.labels.append(typed)
        news, cues, clear = self._hear(seat, verbosity)
        lines = [*skipped(verbosity, d, news), *self._turn_step(seat, verbosity, turn)]
        return self._outcome(seat, lines, cues, clear, before)

    def end_turn(self, seat: int, typed: str, verbosity: str) -> Outcome:
        """End ``seat``'s turn: whatever of it is left (Actions, Treasures, buys) is passed."""
        act = self.act
        self.turn_decision(seat, typed)
        g = act.game
        turn, bought, before = g.players[seat].turns, g.turn.bought, len(g.answers)
        unplayed = sum(1 for c in g.players[seat].hand if g.is_treasure(c))
        with self._changing(typed, seat):
            while True:
                d = act.pending
                if d is None or d.player != seat or not render.is_turn_decision(d) or g is not act.game:
                    break
                if act.game.players[seat].turns != turn or act.game.current != seat:
                    break
                act.answer(())
        act.labels.append("ending your turn")  # "Took back ending your turn.", never "Took back end."
        lines, cues, clear = self._hear(seat, verbosity)
        if not bought and verbosity != "brief" and (act.own_devices or act.holder == seat) and not act.waiting:
            # Ending without a buy is often a slip (undo takes it back): say so first, with Treasures left unplayed.
            left = f", {count(unplayed, 'Treasure')} unplayed" if unplayed else ""
            lines = [f"Nothing bought{left}.", *lines]  # one line within 40 cells
        return self._outcome(seat, lines, cues, clear, before)

    def answer(self, seat: int, text: str, verbosity: str) -> Outcome:
        """Answer the card's question ``seat`` is asked with the words ``text`` ("1 3", "copper", "none")."""
        act = self.act
        d = act.mine(seat)
        if d is None:
            raise CommandError(f"{quote(text, 40)}, no card is asking now. Type options.")
        turn, before = act.game.players[seat].turns, len(act.game.answers)
        try:
            value = parse(d, text, act.game.view(seat))
        except AnswerError as e:
            raise CommandError(str(e)) from None
        with act.change(seat):
            try:
                act.answer(value)
            except IllegalAnswer as e:
                raise CommandError(f"{quote(text, 40)}, {e} {hint(d)}") from None
        # what undo says it took back: "your answer to Cellar, none", never "none" alone
        asked = f" to {d.card.name}" if d.card is not None else ""
        act.labels.append(f"your answer{asked}, {text.strip()}")
        lines, cues, clear = self._hear(seat, verbosity)
        if not lines:
            lines = [answered(d, value)]
        if seat == act.game.current:
            lines += self._turn_step(seat, verbosity, turn)
        return self._outcome(seat, lines, cues, clear, before)

    def undo(self, seat: int | None, args: str, verbosity: str) -> Outcome:
        """Take back the last command that changed the game, if it was ``seat``'s (a seat with its own
        device, or None for whoever holds a shared keyboard); ``args`` must be empty."""
        act = self.act
        me = self.viewer(seat)
        mover = act.last_mover()
        if not act.solo and mover >= 0 and me >= 0 and mover != me:
            name = act.game.players[mover].name
            raise CommandError(f"the last move was {name}'s, and only your own can be taken back. Type options.")
        if args.strip():
            raise CommandError(f"{quote('undo ' + args)}, undo takes nothing after it. Type undo.")
        label = act.labels[-1] if act.labels else None
        try:
            act.undo(me if me >= 0 else None)
        except IllegalAnswer:
            raise CommandError("nothing to undo yet. Type options to hear what you can do.") from None
        except UndoHides as e:
            raise CommandError(str(e)) from None
        if act.labels:
            act.labels.pop()
        lines: list[Spoken] = [f"Took back {label}." if label else "Took back your last choice."]
        me = self.viewer(seat)
        d = act.mine(me) if me >= 0 else None
        if d is not None and render.is_turn_decision(d):
            lines.append(render.status_line(act.game, me, named=act.shared))
        elif d is not None:
            lines.append(render.question(act.game, d, verbosity))
        return replace(self._outcome(me, lines, (), False, -1), notices=self._took_back(me, label))

    def _took_back(self, seat: int, label: str | None) -> dict[int, str]:
        """What each other seat with its own device hears of ``seat``'s undo: who took back what, and whose
        turn it is now."""
        act = self.act
        if not act.own_devices or seat < 0:
            return {}
        names = [p.name for p in act.game.players]
        pending = act.pending
        who = None if pending is None else pending.player
        what = f"took back {label}" if label else "took back a move"
        notices: dict[int, str] = {}
        for p in act.sessions:
            if p == seat:
                continue
            turn = "" if who is None else " Your turn." if who == p else f" {names[who]}'s turn."
            notices[p] = f"{names[seat]} {what}.{turn}"
        return notices

    def take_keyboard(self, verbosity: str) -> Outcome:
        """The person handed a shared keyboard pressed Enter: what they missed, then their hand or question.
        Their hand is said even if their turn had begun before (a game resumed mid-turn)."""
        act = self.act
        act.waiting = False
        act.heard[act.holder] = replace(act.heard[act.holder], announced=None)
        lines, cues, clear = self._hear(act.holder, verbosity)
        return self._outcome(act.holder, lines, cues, clear, len(act.game.answers))

    def listen(self, seat: int, verbosity: str) -> Outcome:
        """What ``seat`` has not heard yet, then its hand or question (a game just started or resumed)."""
        lines, cues, clear = self._hear(seat, verbosity)
        return self._outcome(seat, lines, cues, clear, len(self.act.game.answers))

    def news_for_others(self, seat: int | None = None) -> Outcome:
        """What every seat with its own device but ``seat`` has not heard yet (``seat`` None: every one),
        as the others of an Outcome of ``seat`` (-1 for None): a host calls it once every seat is seated."""
        return Outcome(-1 if seat is None else seat, self._others(seat))

    def hand_to_bot(self, seat: int, bot: "Agent | None") -> Outcome:
        """A bot plays ``seat`` from now on (its person is away), or nobody (None: its person is back).
        The bot's moves are made, saved, and told to every other seat."""
        act = self.act
        act.agents[seat] = bot
        before = len(act.game.answers)
        act.game.advance(act.agents)
        changed = len(act.game.answers) != before
        if changed:
            act.autosave()
        saved = changed and act.save_problem is None and not act.read_only
        return Outcome(seat, self._others(seat), changed, saved, act.save_problem)

    # ---- how an intent is heard ----
    def _turn_step(self, seat: int, verbosity: str, turn: int) -> list[Spoken]:
        """Where ``seat``'s turn ``turn`` stands after its move, from its own view."""
        return turn_step(self.act.game.view(seat), self.act.mine(seat), verbosity, turn)

    def _hear(self, seat: int, verbosity: str) -> tuple[list[Spoken], tuple[str, ...], bool]:
        """``seat``'s news (kept as heard), with its cues, and whether the keyboard changed hands with it."""
        act = self.act
        news = act.news_since(seat, act.heard.get(seat) or Mark(0, MappingProxyType({})), verbosity)
        act.heard[seat] = news.mark
        lines = list(news.lines)
        if news.hand_to is not None:
            act.holder, act.waiting = news.hand_to, True
            return lines, news.cues, True
        if act.lessons is not None:
            lines = act.lessons.add(act, lines, verbosity)
        return lines, news.cues, False

    def _others(self, seat: int | None) -> dict[int, Heard]:
        """What each other seat with its own device has not heard yet (those with nothing new left out)."""
        act = self.act
        if not act.own_devices:
            return {}
        told: dict[int, Heard] = {}
        for other, session in act.sessions.items():
            if other == seat:
                continue
            lines, cues, _ = self._hear(other, session.verbosity)
            if lines:
                told[other] = Heard(tuple(lines), cues, act.prompt(other))
        return told

    def _outcome(self, seat: int, lines: Sequence[Spoken], cues: tuple[str, ...], clear: bool,
                 before: int) -> Outcome:
        """``seat``'s own words, then the others' news; ``before``: the count of answers before the intent
        (-1: it changed the game whatever the count, as undo does)."""
        act = self.act
        own = Heard(tuple(lines), cues, act.prompt(seat if seat >= 0 else None), clear)
        changed = before < 0 or len(act.game.answers) != before
        saved = changed and act.save_problem is None and not act.read_only
        return Outcome(seat, {seat: own, **self._others(seat)}, changed, saved, act.save_problem)

    # ---- changing the game ----
    @contextmanager
    def _changing(self, typed: str, seat: int) -> Iterator[None]:
        """The activity's transaction (for ``seat``); an answer the engine refuses becomes a plain error,
        nothing changed."""
        try:
            with self.act.change(seat):
                yield
        except IllegalAnswer as e:
            raise CommandError(f"{quote(typed, 40)}, {e} Type options to hear what you can do.") from None

    def _play_all_treasures(self) -> None:
        act = self.act
        d = act.pending
        if d is None or d.purpose is not Purpose.PLAY_TREASURES or not render.is_turn_decision(d):
            return
        options = d.options  # type: ignore[attr-defined]
        simple = autoplayed(act.game.view(act.game.current), options)  # Treasures that ask nothing, in an order that loses nothing
        rest = tuple(c for c in options if c not in simple)
        banks = tuple(c for c in simple if c.name == "Bank")  # Bank counts the Treasures in play: last of all
        act.answer(tuple(c for c in simple if c.name != "Bank") + rest + banks)

    def _to_buying(self, seat: int, d: Decision, autoplay: bool) -> None:
        """Bring ``seat``'s turn to its buys: the Action phase ``d`` ends, and the Treasures phase is
        passed, after playing (with ``autoplay``) the Treasures that ask nothing."""
        act = self.act
        played = False
        while (step := act.pending) is not None and step.player == seat and render.is_turn_decision(step):
            if step.purpose is Purpose.PLAY_ACTION and step is d:
                act.answer(())
            elif step.purpose is Purpose.PLAY_TREASURES and not played:
                played = True
                simple = autoplayed(act.game.view(act.game.current), step.options) if autoplay else ()  # type: ignore[attr-defined]
                act.answer(simple)
            elif step.purpose is Purpose.PLAY_TREASURES:
                act.answer(())
            else:
                return

    @staticmethod
    def _no_buy_for(typed: str, cards: Sequence[Card], i: int, buys: int, step: Decision | None,
                    seat: int) -> CommandError:
        """Why the ``i``th of ``cards`` finds no buy to answer (``step`` is what is asked instead)."""
        if i and buys < len(cards):  # more cards than buys: nothing is bought, so say how many fit
            return CommandError(f"{quote(typed)}, you have {count(buys, 'buy')}, not {len(cards)}. Type fewer cards.")
        if i:  # a card bought asks a question (Watchtower, Tiara): one buy at a time
            first = cards[0].name
            asks = step is not None and step.player == seat and not render.is_turn_decision(step)
            asker = step.card if asks and step is not None else None
            why = f"nothing more can be bought after {first}" if not asks else \
                f"{asker.name} asks about {first} first" if asker is not None else \
                f"buying {first} asks a question first"
            return CommandError(f"{quote(typed)}, {why}. Buy one card at a time. Type buy {first.lower()}.")
        return CommandError(f"{quote(typed)}, no buys left for {cards[i].name}. Type end, or undo.")


__all__ = ["GameService", "Heard", "Outcome", "question_first"]
