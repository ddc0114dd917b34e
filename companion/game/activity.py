"""The game activity: one game in the shell, its bots, whose hands the keyboard holds, and autosave.

A session's game is ``game_of(session)`` (``put_game`` sets it) while a game is on. Every change goes through
``change()``, a transaction: the answers are given, and if any fails the game is rebuilt as it was
(nothing changed); if all succeed the game is saved at once. ``undo`` goes back to the start of the
last command a person gave; bots then play their moves again.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

from companion.bots import agents_for
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
    from companion.session import Session


# With more than one person, undo may not take back cards someone saw: they would know what comes next.
UNDO_HIDES = ("undo cannot take back cards already drawn, revealed or shuffled when other people play. "
              "Type options.")


class UndoHides(Exception):
    """An undo refused: it would take back a draw, a reveal or a shuffle in a game of several people."""


def _shows_cards(events: list[Any]) -> bool:
    """Whether any of these events let someone see cards: a draw, a reveal, a look, or a shuffle."""
    from companion.engine.events import Drew, LookedAt, Revealed, Shuffled

    return any(isinstance(e, (LookedAt, Revealed, Shuffled)) or (isinstance(e, Drew) and e.count > 0)
               for e in events)


class GameActivity:
    """A game being played in the shell."""

    def __init__(self, game: Game, save_name: str = store.AUTOSAVE, extra: dict[str, Any] | None = None) -> None:
        self.game = game
        setup = game.setup
        self.agents = agents_for(setup)  # the engine's own seating of bots, so a loaded game has the same bots
        self.people = [i for i, s in enumerate(setup.seats) if s.is_person]
        extra = extra or {}
        self.lessons: Any = None  # the guided first game's lessons (companion.game.lessons), if any
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
        self.handed_over = False  # the response being made hands the keyboard to another person
        self.game.advance(self.agents)
        self.heard: dict[int, int] = {p: 0 for p in self.people}
        self.cues: list[str] = []  # sound cues for the news just said (companion.game.cues)
        self.supply_heard: dict[int, dict[Any, int]] = {p: dict(game.setup.kingdom.pile_sizes(game.n))
                                                       for p in self.people}
        self.announced: dict[int, int] = {}
        pending = self.game.pending
        self.holder: int = pending.player if pending is not None else self.people[0]
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

    def catch_up(self) -> None:
        """A loaded game: everyone has heard everything so far; only what comes next is told."""
        n = len(self.game.log)
        for p in self.people:
            self.heard[p] = n
            self.supply_heard[p] = dict(self.game.supply)
            self.announced[p] = self.game.players[p].turns

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

    def turn_decision(self) -> Decision | None:
        d = self.mine()
        return d if render.is_turn_decision(d) else None

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

    def answer(self, value: Any) -> None:
        """Answer the pending decision as a person; IllegalAnswer if it is not allowed."""
        self.game.answer(value, True)
        self.game.advance(self.agents)

    def _rebuild(self, answers: int) -> None:
        old = self.game
        self.game = replay(old.setup, old.answers[:answers], check=False)
        old.close()
        self.game.advance(self.agents)

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
        self.game.advance(self.agents)
        d = self.game.pending
        if d is not None and not self.own_devices:
            if d.player != self.holder:
                self.holder = d.player
            self.waiting = False
        me = self.holder if by is None or not self.own_devices else by
        n = len(self.game.log)
        self.heard = {p: min(h, n) for p, h in self.heard.items()}
        self.heard[me] = n
        self.supply_heard[me] = dict(self.game.supply)
        # A turn announced before stays announced: going back into it (undo of the buy that ended it) must
        # not say "Your turn 1." and the hand again halfway through it.
        self.announced = {p: min(t, self.game.players[p].turns) for p, t in self.announced.items()}
        self.autosave()

    # ---- saving ----
    def last_mover(self) -> int:
        """The seat whose command undo would take back (-1 if not known)."""
        return self.mark_people[-1] if self.mark_people else -1

    def extra(self) -> dict[str, Any]:
        extra = {"marks": self.marks, "mark_people": self.mark_people, "name": self.save_name}
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
            raise CommandError("this game is open read-only here, as another window is playing it. "
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
            self.save_problem = f"The game could not be saved: {e.strerror or e}."
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

    def news(self, verbosity: str, seat: int | None = None) -> list[Spoken]:
        """What ``seat`` (by default the person at the keyboard) has not heard yet, then what they must do
        now. Built from what that seat may know alone."""
        g = self.game
        viewer = self.holder if seat is None else seat
        lines: list[Spoken] = []
        since = self.heard.get(viewer, 0)
        events = g.view(viewer).log(since)
        self.heard[viewer] = len(g.log)
        piles = render.pile_news(g, self.supply_heard.get(viewer, {}), verbosity == "brief")
        self.supply_heard[viewer] = dict(g.supply)
        end = render.end_message(g, viewer, verbosity) if g.over else ""
        self.cues = game_cues(g.view(viewer), events, piles)  # sounds, when on: played by the command layer
        if not (g.over and verbosity == "brief"):
            lines.extend(line for line in piles if line.text not in str(end))  # the end gives its own reason once
        try:
            start = g.view(viewer).turn_at(since)
            lines.extend(render.render_events(g, events, viewer, verbosity, None if start is None else start.player,
                                              None if start is None else start.turn, done_by_bot(g, viewer, since)))
        except Exception:  # noqa: BLE001 - the game has changed and is saved; never say otherwise
            from companion.dispatch import log_exception

            log_exception("<game news>")
            lines.append("Some of what happened could not be put into words. Type log to hear it.")
        if g.over:
            lines.append(end)
            return self.lessons.add(self, lines, verbosity) if self.lessons is not None else lines
        if viewer == self.holder and self.hand_over_needed():
            d = g.pending
            assert d is not None
            self.holder = d.player
            self.waiting = True
            name = g.players[d.player].name
            what = "turn" if render.is_turn_decision(d) else "answer"
            lines.append(render.hand_over(name, what, verbosity))
            self.handed_over = True  # said now: the screen may be cleared first (set handover clear)
            return lines
        lines.extend(self.now(verbosity, viewer))
        return self.lessons.add(self, lines, verbosity) if self.lessons is not None else lines

    def now(self, verbosity: str, seat: int | None = None) -> list[Spoken]:
        """The question waiting for ``seat`` (by default the person at the keyboard), or their turn's start."""
        g = self.game
        d = self.mine(seat)
        if d is None:
            return []
        head: list[Spoken] = []  # a turn is announced, with the hand, before its first question (Clerk's)
        turns = g.players[d.player].turns
        if d.player == g.current and self.announced.get(d.player) != turns:
            self.announced[d.player] = turns
            head = [render.turn_start(g, d.player, verbosity, len(self.people) if self.shared else 1)]
            if self.hints_on():  # the hints setting: what the strong bot would do, before you are asked
                from companion.game.coach import advice, move_only

                text = advice(g, d.player)[1]
                move = "Hint: " + move_only(text)
                # as hint says it; the first thing to give way when the response is too long
                head.append(Hint(move if verbosity == "brief" else "Hint: " + text, move))
        if render.is_turn_decision(d):
            return head
        return head + [render.question(g, d, verbosity)]

    def take_keyboard(self, verbosity: str) -> list[Spoken]:
        """The person handed the keyboard pressed Enter: what they missed, then their hand or question.
        Their hand is said even if their turn had begun before (a game resumed mid-turn)."""
        self.waiting = False
        self.announced.pop(self.holder, None)
        return self.news(verbosity)

    def prompt(self, seat: int | None = None) -> str:
        """The prompt for ``seat`` (by default the keyboard's); at a shared keyboard it names the player."""
        g = self.game
        if g.over:
            return "game over> "
        if self.waiting and not self.own_devices:
            return f"{g.players[self.holder].name}, press Enter> "
        seat = self.holder if seat is None else seat
        d = self.mine(seat)
        if d is None:
            if self.own_devices and g.pending is not None:
                return f"waiting for {g.players[g.pending.player].name}> "
            return "game> "
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


__all__ = ["KEY", "GameActivity", "IllegalAnswer", "game_of", "new_activity", "put_game"]
