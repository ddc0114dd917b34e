"""The game activity: one game in the shell, its bots, whose hands the keyboard holds, and autosave.

A session's game is ``game_of(session)`` (``put_game`` sets it) while a game is on. Every change goes through
``change()``, a transaction: the answers are given, and if any fails the game is rebuilt as it was
(nothing changed); if all succeed the game is saved at once. ``undo`` goes back to the start of the
last command a person gave; bots then play their moves again.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from companion.bots import agents_for
from companion.cards import Card
from companion.engine import Decision, Game, GameSetup, IllegalAnswer, replay
from companion.engine import undo as engine_undo
from companion.game import render, store
from companion.kingdom import Kingdom
from companion.game.cues import game_cues
from companion.game.fitting import Hint, Spoken
from companion.engine.stand_in import done_by_bot
from companion.locks import Held
from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.game.lessons import Lessons
    from companion.engine.events import Event
    from companion.session import Session


# With more than one person, undo may not take back cards someone saw: they would know what comes next.
UNDO_HIDES = ("undo cannot take back cards already drawn, revealed or shuffled when other people play. "
              "Type options.")


class UndoHides(Exception):
    """An undo refused: it would take back a draw, a reveal or a shuffle in a game of several people."""


def _shows_cards(events: list[Event]) -> bool:
    """Whether any of these events let someone see cards: a draw, a reveal, a look, or a shuffle."""
    from companion.engine.events import Drew, LookedAt, Revealed, Shuffled

    return any(isinstance(e, (LookedAt, Revealed, Shuffled)) or (isinstance(e, Drew) and e.count > 0)
               for e in events)


@dataclass(frozen=True)
class Mark:
    """How far a seat has heard the game: the log's length, the Supply's piles as last told, and the
    turn of its own last announced with its hand (None: the next is announced)."""

    log: int
    supply: Mapping[Card, int]
    announced: int | None = None


@dataclass(frozen=True)
class News:
    """What a seat has not heard yet (``lines``, with the sound ``cues`` for them) and the ``mark`` to keep
    once they are said. ``hand_to``: the keyboard passes to that seat (the last line says so)."""

    lines: tuple[Spoken, ...]
    cues: tuple[str, ...]
    mark: Mark
    hand_to: int | None = None


class GameActivity:
    """A game being played in the shell."""

    def __init__(self, game: Game, save_name: str = store.AUTOSAVE, extra: dict[str, object] | None = None,
                 cue: Callable[[], None] | None = None, play: bool = True) -> None:
        """``cue``: said when a person would wait more than half a second for the strong bot's plan
        (companion.game.thinking); ``play`` False: the bots' first moves wait for ``begin``."""
        self.game = game
        self.cue = cue
        setup = game.setup
        self.agents = agents_for(setup)  # the engine's own seating of bots, so a loaded game has the same bots
        self.people = [i for i, s in enumerate(setup.seats) if s.is_person]
        extra = extra or {}
        self.lessons: Lessons | None = None  # the guided first game's lessons (companion.game.lessons), if any
        if "lessons" in extra:
            from companion.game.lessons import Lessons

            self.lessons = Lessons.from_state(extra["lessons"])
        marks = extra.get("marks")
        n = len(game.answers)
        self.marks: list[int] = [m for m in marks if isinstance(m, int) and 0 <= m <= n] if isinstance(marks, list) else []
        who = extra.get("mark_people")
        self.mark_people: list[int] = list(who) if isinstance(who, list) and len(who) == len(self.marks) \
            else [-1] * len(self.marks)  # the seat that gave each command (-1: not known)
        named = extra.get("name")
        self.save_name = named if save_name == store.AUTOSAVE and isinstance(named, str) else save_name
        self.held: Held | None = None  # the lock on the game being played; None while read-only
        self.read_only = False  # another window is playing this game: it can be looked at, not changed
        self.let_go_at_end = False  # the game ended and its lock was let go: taken again before a change
        if not game.over:  # the plan search starts with the game, in the background (companion.game.thinking)
            from companion.game import thinking

            thinking.start(game.kingdom, game.n)
        if play:
            self.advance()
        # How far each person has heard the game, kept by the game's service (companion.game.service)
        piles = game.setup.kingdom.pile_sizes(game.n)
        self.heard: dict[int, Mark] = {p: Mark(0, MappingProxyType(dict(piles))) for p in self.people}
        pending = self.game.pending
        self.holder: int = pending.player if pending is not None and pending.player in self.people \
            else self.people[0]
        self.waiting = False  # the keyboard is being handed to ``holder``
        self.save_problem: str | None = None
        self.encoded = store.Encoded()  # the answers as the last save wrote them (a save encodes only new ones)
        self.labels: list[str] = []  # what was typed for each mark, to say what undo takes back
        # Each person's own session, by seat (companion.game.seats); empty when the shell's session is the
        # only person's. ``own_devices``: each seat has its own output, so nobody waits for the keyboard.
        self.sessions: dict[int, "Session"] = {}
        self.own_devices = False
        self.hints_on: Callable[[], bool] = lambda: False  # the hints setting (set by the shell)
        self.offers_hint = False  # the program has a hint command to offer in lessons (set by the shell)
        self.undos = 0  # undos done since this activity began (a hosted game tells every seat of each)

    def begin(self) -> None:
        """The bots' first moves, for an activity made with ``play`` False; the keyboard goes to the person
        asked first."""
        self.advance()
        pending = self.game.pending
        if pending is not None and pending.player in self.people:
            self.holder = pending.player

    def plans_wanted(self) -> bool:
        """Whether a strong bot at this table will need its plan (found in the background)."""
        import sys

        strong = sys.modules.get("companion.bots.strong")
        # The plan search's thread may be importing it right now: a module half made has no StrongBot yet,
        # and then no agent here is one.
        kind = getattr(strong, "StrongBot", None)
        return kind is not None and any(isinstance(a, kind) for a in self.agents)

    def must_wait(self) -> bool:
        """Whether a bot moves next and its plan is still being found."""
        from companion.game import thinking

        d = self.game.pending
        return d is not None and self.agents[d.player] is not None and self.plans_wanted() \
            and not thinking.start(self.kingdom, self.game.n).is_set()

    def plan_ready(self) -> None:
        """Wait for the strong bot's plan, saying ``cue`` once if it takes more than half a second."""
        from companion.game import thinking

        thinking.ready(self.kingdom, self.game.n, self.cue, rush=thinking.rush_begun(self.game))

    def advance(self) -> None:
        """Bots play until a person must answer; first, if a strong bot may play, its plan is waited for."""
        d = self.game.pending
        if d is not None and self.agents[d.player] is not None and self.plans_wanted():
            self.plan_ready()
        self.game.advance(self.agents)

    def catch_up(self) -> None:
        """A loaded game: everyone has heard everything so far; only what comes next is told."""
        for p in self.people:
            self.heard[p] = self.mark_now(self.game.players[p].turns)

    # ---- facts ----
    @property
    def kingdom(self) -> Kingdom:
        return self.game.kingdom

    @property
    def setup(self) -> GameSetup:
        return self.game.setup

    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def solo(self) -> bool:
        return len(self.people) == 1

    def mine(self, seat: int | None = None) -> Decision | None:
        """The decision ``seat`` (by default the person at the keyboard) must answer now, if any."""
        seat = self.holder if seat is None else seat
        d = self.game.pending
        if d is None or (self.waiting and not self.own_devices) or d.player != seat:
            return None
        return d

    @property
    def shared(self) -> bool:
        """Friends take turns at one keyboard: the words name whose turn it is."""
        return len(self.people) > 1 and not self.own_devices

    # ---- changing the game ----
    @contextmanager
    def change(self, by: int | None = None) -> Iterator[None]:
        """Answers given inside (by ``by``, by default the keyboard's holder) are all kept and saved, or, on
        any exception, all taken back."""
        self.check_writable()
        start = len(self.game.answers)
        by = self.holder if by is None else by
        try:
            yield
        except BaseException:
            if len(self.game.answers) != start:
                self._rebuild(start)
            raise
        if len(self.game.answers) != start:
            self.marks.append(start)
            self.mark_people.append(by)
            self.autosave()

    def answer(self, value: object) -> None:
        """Answer the pending decision as a person; IllegalAnswer if it is not allowed."""
        self.game.answer(value, True)
        self.advance()

    def _rebuild(self, answers: int) -> None:
        old = self.game
        self.game = replay(old.setup, old.answers[:answers], check=False)
        old.close()
        self.advance()

    def undo(self, by: int | None = None) -> None:
        """Take back the last command that changed the game (``by`` a seat with its own device, or the
        keyboard's holder); IllegalAnswer if there is none."""
        self.check_writable()
        game = self.game
        back = replay(game.setup, game.answers[:self.marks[-1]], check=False) if self.marks else engine_undo(game)
        if not self.solo and _shows_cards(game.log[len(back.log):]):
            back.close()
            raise UndoHides(UNDO_HIDES)
        if self.marks:
            self.marks.pop()
            self.mark_people.pop()
        self.game = back
        self.undos += 1
        game.close()
        self.advance()
        d = self.game.pending
        if d is not None and not self.own_devices:
            if d.player != self.holder:
                self.holder = d.player
            self.waiting = False
        me = self.holder if by is None or not self.own_devices else by
        n = len(self.game.log)
        # A turn announced before stays announced: going back into it (undo of the buy that ended it) must
        # not say "Your turn 1." and the hand again halfway through it.
        self.heard = {p: replace(m, log=min(m.log, n), announced=None if m.announced is None else
                                 min(m.announced, self.game.players[p].turns)) for p, m in self.heard.items()}
        if me in self.heard:
            self.heard[me] = self.mark_now(self.heard[me].announced)
        self.autosave()

    # ---- saving ----
    def last_mover(self) -> int:
        """The seat whose command undo would take back (-1 if not known)."""
        return self.mark_people[-1] if self.mark_people else -1

    def extra(self) -> dict[str, object]:
        extra: dict[str, object] = {"marks": self.marks, "mark_people": self.mark_people, "name": self.save_name}
        if self.lessons is not None:  # the guided first game (companion.game.lessons)
            extra["lessons"] = self.lessons.state()
        return extra

    def check_writable(self) -> None:
        """CommandError if this game is open read-only here (another window is playing it), or if it
        ended, let its lock go, and another window has taken the game's save since."""
        if self.let_go_at_end and self.held is None and not self.read_only:
            held = store.hold()
            if held is None:
                raise CommandError("this game is over, and another window is playing a game now. "
                                   "Type new to start one here when that window is closed.")
            self.held, self.let_go_at_end = held, False
        if self.read_only:
            raise CommandError("this game is open read only here, as another window is playing it. "
                               "Close that window, then type resume.")

    def release(self) -> None:
        """Give up the lock on the game being played (it is saved after every change)."""
        if self.held is not None:
            self.held.release()
            self.held = None

    def autosave(self) -> None:
        """Save at once; a failure is remembered and said, never raised."""
        if self.read_only:
            return
        try:
            store.write(store.AUTOSAVE, self.game, self.extra(), self.encoded)
            self.save_problem = None
        except OSError as e:
            self.save_problem = f"The game could not be saved, {e.strerror or e}."
            return
        if self.game.over and self.held is not None:  # saved: a finished game blocks no other window's new
            self.release()
            self.let_go_at_end = True

    def save_as(self, name: str) -> None:
        store.write(name, self.game, self.extra(), self.encoded)

    # ---- what to say after a change ----
    def hand_over_needed(self) -> bool:
        """True when the next decision is another person's: the keyboard must change hands."""
        if self.own_devices:
            return False
        d = self.game.pending
        return d is not None and d.player != self.holder and self.agents[d.player] is None

    def mark_now(self, announced: int | None = None) -> Mark:
        """A mark for a seat that has heard everything so far (its last announced turn ``announced``)."""
        return Mark(len(self.game.log), MappingProxyType(dict(self.game.supply)), announced)

    def news_since(self, seat: int, mark: Mark, verbosity: str) -> News:
        """What ``seat`` has not heard since ``mark``, then what it must do now, with the mark to keep
        for next time. Built from what that seat may know alone; nothing here changes (the caller keeps
        the mark, and moves the keyboard when ``hand_to`` says it changes hands)."""
        g = self.game
        lines: list[Spoken] = []
        events = g.view(seat).log(mark.log)
        piles = render.pile_news(g, dict(mark.supply), verbosity == "brief")
        end = render.end_message(g, seat, verbosity, named=self.shared) if g.over else ""
        cues = tuple(game_cues(g.view(seat), events, piles))  # sounds, when on: played where it is said
        if not (g.over and verbosity == "brief"):
            lines.extend(line for line in piles if line.text not in str(end))  # the end gives its own reason once
        try:
            start = g.view(seat).turn_at(mark.log)
            lines.extend(render.render_events(g, events, seat, verbosity, None if start is None else start.player,
                                              None if start is None else start.turn, done_by_bot(g, seat, mark.log)))
        except Exception:  # noqa: BLE001 - the game has changed and is saved; never say otherwise
            from companion.errorlog import log_exception

            log_exception("<game news>")
            lines.append("Some of what happened could not be put into words. Type log to hear it.")
        after = self.mark_now(mark.announced)
        if g.over:
            lines.append(end)
            return News(tuple(lines), cues, after)
        if seat == self.holder and self.hand_over_needed():
            d = g.pending
            assert d is not None
            what = "turn" if render.is_turn_decision(d) else "answer"
            lines.append(render.hand_over(g.players[d.player].name, what, verbosity))
            return News(tuple(lines), cues, after, hand_to=d.player)
        now, announced = self.now(verbosity, seat, mark.announced)
        return News((*lines, *now), cues, replace(after, announced=announced))

    def now(self, verbosity: str, seat: int, announced: int | None) -> tuple[list[Spoken], int | None]:
        """The question waiting for ``seat``, or its turn's start (with the hand) if its turn was last
        announced at ``announced``; and the turn announced now."""
        g = self.game
        d = self.mine(seat)
        if d is None:
            return [], announced
        head: list[Spoken] = []  # a turn is announced, with the hand, before its first question (Clerk's)
        turns = g.players[d.player].turns
        if d.player == g.current and announced != turns:
            announced = turns
            head = [render.turn_start(g, d.player, verbosity, len(self.people) if self.shared else 1)]
            if self.hints_on():  # the hints setting: what the strong bot would do, before you are asked
                from companion.game.coach import advice, move_only

                self.plan_ready()
                text = advice(g, d.player)[1]
                move = "Hint, " + move_only(text)
                # as hint says it; the first thing to give way when the response is too long
                head.append(Hint(move if verbosity == "brief" else "Hint, " + text, move))
        if render.is_turn_decision(d):
            return head, announced
        return [*head, render.question(g, d, verbosity)], announced

    def prompt(self, seat: int | None = None) -> str:
        """The prompt for ``seat`` (by default the keyboard's); at a shared keyboard it names the player."""
        g = self.game
        if g.over:
            return "game over. "
        if self.waiting and not self.own_devices:
            return f"{g.players[self.holder].name}, press Enter. "
        seat = self.holder if seat is None else seat
        d = self.mine(seat)
        if d is None:
            if self.own_devices and g.pending is not None:
                return f"waiting for {g.players[g.pending.player].name}. "
            return "game. "
        said = render.prompt_for(g, d)
        return f"{g.players[seat].name}, {said}" if self.shared else said


KEY = "game"  # where a session keeps its game, among the areas' state


def game_of(session: "Session") -> GameActivity | None:
    """The game ``session`` plays or looks at, if any."""
    act = session.state.get(KEY)
    return act if isinstance(act, GameActivity) else None


def put_game(session: "Session", act: GameActivity | None) -> None:
    """``act`` becomes the game ``session`` plays (None: no game)."""
    if act is None:
        session.state.pop(KEY, None)
    else:
        session.state[KEY] = act


def new_activity(setup: GameSetup) -> GameActivity:
    return GameActivity(Game(setup))


__all__ = ["KEY", "GameActivity", "Mark", "News", "IllegalAnswer", "game_of", "new_activity", "put_game"]
