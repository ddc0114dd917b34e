"""Playing a whole game in the shell: what every game command shares (the game's place in the session,
saying a response, the prompt, typed answers to a card's question, short questions such as new's).

The commands live in modules named for what they hold: ``game_new`` (starting a game), ``game_turn``
(play, buy, end, options, choose), ``game_views`` (one-line views: status, hand, supply, deck, log...) and
``game_saves`` (undo, save, load, games, resume). A move is one intent of the game's service
(companion.game.service): these modules read what was typed, call it, and say its ``Outcome`` with
``say_outcome``, which puts what other seats hear into the line's response (companion.response). Words are built in companion.game.
"""

from __future__ import annotations

import sys

from typing import TYPE_CHECKING, Any, Callable, Sequence

from companion.cards import Card, catalogue
from companion.cards.names import AmbiguousName, NameError_, UnknownName, loose, quote
from companion.commands.registry import AREAS, Answer, R, activity, command
from companion.refusal import CommandError
from companion.response import Response
from companion.game import render, store
from companion.game.activity import KEY as KEY, GameActivity, game_of, put_game  # (KEY: the game's area)
from companion.game.fitting import Spoken
from companion.game import seats
from companion.game.service import GameService, Outcome
from companion.heap import settle
from companion.locks import Held
from companion.settings import define_setting
from companion.numbers import as_number
from companion.speech.sounds import cue

if TYPE_CHECKING:
    from companion.engine import Game
    from companion.session import Session

TOPIC = "Playing a game"
TOOLS = "Game tools"  # what is not a move: help game lists the moves
HINT = "start a game with new, or a table with table new."
ASK = "game_question"
DEFAULT_PROMPT = "companion. "
define_setting("autoplay", ("on", "off"), "on", "buy first plays Treasures that need no choice")
define_setting("hints", ("off", "on"), "off", "a hint before each of your turns")
define_setting("handover", ("plain", "clear"), "plain",
               "at one keyboard, clear the screen and its scrollback when it changes hands")

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen, clear the scrollback (where a review cursor reads)


def _on(session: "Session") -> bool:
    return game_of(session) is not None


def _put_away(session: "Session") -> str | None:
    """A table is starting: set the game (autosaved after every change) and any question aside."""
    session.state.pop(ASK, None)
    act = game_of(session)
    put_game(session, None)
    session.prompt = DEFAULT_PROMPT
    if act is not None:
        act.release()  # another window may take the game up now
        let_go(session, act)
    if act is None or act.over:
        return None
    return "Your game is saved. Type resume to go back to it."


def _asking(session: "Session") -> str | None:
    ask = session.state.get(ASK)
    return ask.question() if ask is not None else None


activity(KEY, is_on=_on, where="in a game", put_away=_put_away, asking=_asking,
         instead={"next": "To end the turn, type end."})

PLAYED_ELSEWHERE = ("another window plays a game, and this one would replace its save. "
                    "Close that window first, or type resume read only to look.")


def hold_game(session: "Session") -> Held:
    """The lock on the game being played, for a game about to start here (the one this shell holds
    already, or a new one); CommandError if another window holds it. Nothing is changed by a refusal."""
    old = game_of(session)
    if old is None:
        settle("game")  # the game's modules are loaded now, and no game is in memory yet
    if old is not None and old.held is not None:
        kept, old.held = old.held, None
        return kept
    held = store.hold()
    if held is None:
        raise CommandError(PLAYED_ELSEWHERE)
    if _let_go not in session.on_close:
        session.on_close.append(_let_go)
    return held


def let_go(session: "Session", old: GameActivity | None) -> None:
    """``old`` is no longer this shell's game (another was started, loaded or resumed, or a table began;
    it is saved): free its game at once rather than leave it to a pass of the cycle collector, which with
    a long game's events pauses whatever command it falls in. Not while another seat's session still
    plays it."""
    if old is None or game_of(session) is old:
        return
    if any(game_of(s) is old for s in old.sessions.values()):
        return
    old.game.close()


def play_here(session: "Session", act: GameActivity) -> None:
    """``act`` becomes this shell's game: the one it replaces is freed, the game's commands are put in
    place, and the people at this keyboard are seated. A question still waiting (the start-up's "resume
    your game?", new's questions) is withdrawn: it was about starting a game, and one is now in play. Left
    asked, it kept its prompt, and Enter pressed in the new game answered it (and resumed the old game)."""
    session.state.pop(ASK, None)
    old = game_of(session)
    put_game(session, act)
    let_go(session, old)
    install(session)
    seat_people(session, act)


def _let_go(session: "Session") -> None:
    """When the session ends: give up the lock on its game (saved after every change)."""
    act = game_of(session)
    if act is not None:
        act.release()


def game_command(**kwargs: Any) -> Callable[[R], R]:
    """Register a command that works while a game is on (shared verbs with the table assistant)."""
    kwargs.setdefault("topic", TOPIC)
    return command(active=_on, inactive_hint=HINT, one_shot=False, **kwargs)


def need_game(session: "Session") -> GameActivity:
    act = game_of(session)
    if act is None:
        raise CommandError(HINT)
    return act


def say_fitted(session: "Session", text: str) -> None:
    """Say a response whose first line fits a 40-cell braille display."""
    session.say(render.fit_first_line(text))


def fitted(session: "Session", text: str) -> Response:
    """A command's answer whose first line fits a 40-cell braille display."""
    return Response(session.seat, (render.fit_first_line(text),))


def say_lines(session: "Session", lines: Sequence[Spoken], fit: bool = True, cues: Sequence[str] = (),
              clear: bool = False) -> None:
    """Say lines as one response; ``fit`` keeps it within its verbosity's words and lines (see
    render.fit_response), unless a part was fitted on its own (new's kingdom is a listing). ``cues`` are
    played with them (when sounds are on); ``clear``: the keyboard changes hands with these words."""
    clear = clear and _clears(session)
    if not clear:
        for part in lines_answer(session, lines, fit, cues).lines:
            session.say(part)
        return
    handover = str(lines[-1]) if lines else None  # the last line says whose the keyboard is now
    said = _said(session, lines, fit, cues)
    if handover in said:  # the leaving player's own words first, then the screen is cleared for the next
        at = len(said) - 1 - said[::-1].index(handover)
        if at:
            say_fitted(session, "\n".join(said[:at]))
        said = said[at:]
    session.write_said()  # the leaving player's own words are written before the screen is cleared
    _clear_for_next(session)
    say_fitted(session, "\n".join(said) if said else "Done.")
    _update_prompt(session)


def lines_answer(session: "Session", lines: Sequence[Spoken], fit: bool = True, cues: Sequence[str] = ()) -> Response:
    """Lines as a command's answer (one part), as ``say_lines`` would say them when the keyboard stays
    where it is: any save problem after them, fitted, their ``cues`` played, the prompt brought up to date."""
    said = _said(session, lines, fit, cues)
    _update_prompt(session)
    return fitted(session, "\n".join(said) if said else "Done.")


def _said(session: "Session", lines: Sequence[Spoken], fit: bool, cues: Sequence[str]) -> list[str]:
    """The words of ``lines`` as said: the game's save problem after them, fitted; their cues played."""
    act = game_of(session)
    if act is not None and act.save_problem:
        lines = [*lines, act.save_problem]
    if fit:
        lines = render.fit_response(lines, session.verbosity)
    cue(session, *cues)  # heard with the words, when sounds are on
    return [str(line) for line in lines]


def say_outcome(session: "Session", outcome: Outcome, before: Sequence[Spoken] = (), fit: bool = True) -> Response:
    """The one place a move is said: the seat that made it hears its own words in ``session`` (after
    ``before``); each other seat's words, fitted to its own verbosity (companion.game.seats.words_for), and
    any notice for it come back in a Response, which the command returns as its answer and the shell or
    the host delivers. ``fit`` False: ``before`` was fitted on its own (new's kingdom is a listing), and the
    move's own words are fitted alone."""
    own = outcome.own
    lines = [*before, *(own.lines if fit else render.fit_response(own.lines, session.verbosity))]
    say_lines(session, lines, fit=fit, cues=own.cues, clear=own.clear)
    act = game_of(session)
    others = seats.words_for(act, outcome.others) if act is not None else {}
    return Response(session.seat, (), cues=own.cues, others={s: w for s, (w, _) in others.items()},
                    prompts={s: p for s, (_, p) in others.items()}, notices=dict(outcome.notices),
                    changed=outcome.changed, saved=outcome.saved and outcome.save_problem is None,
                    save_problem=outcome.save_problem)


def _clear_for_next(session: "Session") -> None:
    """The keyboard changes hands: with set handover clear, the last player's words (their hand) leave the
    screen and its scrollback before the next person sits down, so a review cursor cannot read them."""
    if not _clears(session):
        return
    if sys.platform == "win32":
        import subprocess

        subprocess.run("cls", shell=True, check=False)  # noqa: S602,S607 - the console's own command
        return
    session.out.write(CLEAR)
    session.out.flush()


def _clears(session: "Session") -> bool:
    """set handover clear is on, and the output is a terminal's, which it clears."""
    return session.settings.get("handover") == "clear" and _is_terminal(session.out)


def _is_terminal(out: Any) -> bool:
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


def _update_prompt(session: "Session") -> None:
    """This session's prompt: a short question's, the game's for this seat, or the shell's own."""
    ask = session.state.get(ASK)
    act = game_of(session)
    if ask is not None:
        session.prompt = ask.prompt()
    elif act is not None:
        me = seat_of(session, act)
        session.prompt = act.prompt(me if me >= 0 else None)
    else:
        session.prompt = DEFAULT_PROMPT


def keep_unfinished(session: "Session", coming: "Game | None" = None) -> str:
    """Before another game takes the automatic save: keep the unfinished one (this session's, or the one
    saved when the program last ran) under its players' names and the date, so no game is dropped and
    several are kept. ``coming``: the game about to be played, not kept if it is that very game.
    Returns the sentence that says so, or ""."""
    from companion.engine import SaveError

    old = game_of(session)
    if old is not None:
        return _keep(old.game, old.extra(), coming)
    if not store.path_for(store.AUTOSAVE).exists():
        return ""
    try:
        game, extra = store.read(store.AUTOSAVE)
    except (SaveError, OSError):
        return ""  # a damaged save is set aside where it is found
    try:
        return _keep(game, extra, coming)
    finally:
        game.close()  # read only to be kept: freed at once, not left to the cycle collector


def _keep(game: "Game", extra: dict[str, object], coming: "Game | None") -> str:
    """``keep_unfinished``'s keeping of ``game``: the sentence that says where, or ""."""
    from companion.engine import SaveError

    if game.over or (coming is not None and coming.setup == game.setup and coming.answers == game.answers):
        return ""
    named = extra.get("name")
    if isinstance(named, str) and named not in store.INTERNAL and _saved_as(named, game):
        return f" Your last game is saved as {named}."  # already, just as it is: no copy under a date
    name = _keep_name(game)
    try:
        store.write(name, game, extra)
    except (SaveError, OSError):
        return ""
    return f" Your last game is saved as {name}."


def _saved_as(name: str, game: "Game") -> bool:
    """Whether the save ``name`` holds ``game`` as it is now (the same setup and answers)."""
    from companion.engine import SaveError

    try:
        kept, _ = store.read(name)
    except (SaveError, OSError):
        return False
    try:
        return bool(kept.setup == game.setup and kept.answers == game.answers)
    finally:
        kept.close()  # read only to compare: an unfinished game and its flow would wait for the cycle collector


def _keep_name(game: "Game") -> str:
    """``Ana-Ben 2026-11-23`` (or ``game 2026-11-23`` for one person), with a number if taken."""
    import re
    from datetime import date

    people = [re.sub(r"[^A-Za-z0-9]", "", s.name) for s in game.setup.seats if s.is_person]
    who = "-".join(p for p in people if p and p != "You")[:24] or "game"
    base = f"{who} {date.today().isoformat()}"
    name, n = base, 1
    while store.path_for(name).exists():
        n += 1
        name = f"{base} {n}"
    return name


def seat_people(session: "Session", act: GameActivity) -> None:
    """A game just started or loaded: at one keyboard, each person gets their own seat session (their own
    responses for repeat and review); lines typed go to whoever holds the keyboard."""
    front = getattr(session, "front", None) or session
    seats.seat_people(front, act)


def attached_seat(session: "Session", act: GameActivity) -> int | None:
    """The seat ``session`` is attached to in ``act`` (companion.game.seats), or None: the shell's own."""
    return session.seat if session.seat is not None and act.sessions.get(session.seat) is session else None


def seat_of(session: "Session", act: GameActivity) -> int:
    """The seat whose words ``session`` hears: its own seat (companion.game.seats); in a shell that is no
    seat's, the person holding the keyboard, or -1 (public words only) while the keyboard changes hands."""
    return GameService(act).viewer(attached_seat(session, act))


def private_seat(session: "Session", typed: str) -> tuple[GameActivity, int]:
    """The activity and this session's seat, if the person at the keyboard may hear their own cards now
    (``typed`` is quoted if not)."""
    act = need_game(session)
    me = seat_of(session, act)
    if me < 0:
        name = act.game.players[act.holder].name
        raise CommandError(f"{quote(typed, 40)}, waiting for {name}. Press Enter when {name} has the keyboard.")
    return act, me


def cards_named(text: str, within: list[Card] | None = None, instead: str | None = None) -> list[Card]:
    """Cards named in ``text``: first among ``within`` (your hand, the Supply), so "work" is Workshop
    when that is the only match there; otherwise among every card, for the right error. A misspelling is
    said with the near names among ``within``: "smity" in First Game is Smithy, not "Smithy, Mint or City".
    With none near among ``within``, ``instead`` (when given) is said rather than near names from outside
    the game: "no card named 'smity' in your hand. Type play cellar or play copper."."""
    near: UnknownName | None = None
    if within is not None:
        try:
            return catalogue().find_many(text, list(dict.fromkeys(within)))
        except AmbiguousName as e:
            raise CommandError(str(e)) from None
        except UnknownName as e:
            near = e if e.suggestions else None
        except NameError_:
            pass
    try:
        return catalogue().find_many(text)
    except NameError_ as e:
        said = str(near if near is not None and isinstance(e, UnknownName) else e)
        if near is None and instead is not None and isinstance(e, UnknownName):
            raise CommandError(f"no card named {quote(text)} {instead}") from None
        if not any(w in said for w in ("Type", "Did you mean")):
            said += " Type options to hear your choices."
        raise CommandError(said) from None
class Questions:
    """A few short questions asked one at a time through the shell's fallback (never a blocking read)."""

    def __init__(self, asks: list[tuple[str, str, str]], done: Callable[["Session", dict[str, str]], Response],
                 check: Callable[[str, str, dict[str, str]], str]) -> None:
        self.asks = asks  # (key, question, default)
        self.done = done
        self.check = check  # (key, typed, answers so far) -> canonical answer, or CommandError
        self.answers: dict[str, str] = {}
        self.at = 0

    def question(self) -> str:
        return self.asks[self.at][1]

    def prompt(self) -> str:
        key, _, default = self.asks[self.at]
        return f"{key}, Enter for {default}. "

    def take(self, session: "Session", line: str) -> Response:
        """Take one answer: the next question, or what was asked done, as the line's answer."""
        key, _, default = self.asks[self.at]
        if loose(line) in ("cancel", "stop"):
            session.state.pop(ASK, None)
            return lines_answer(session, ["Cancelled. Nothing was started."])
        typed = line.strip() or default
        at = self.at
        self.answers[key] = self.check(key, typed, self.answers)
        self.at += 1
        while self.at < len(self.asks) and self._skip():
            self.at += 1
        if self.at < len(self.asks):
            return lines_answer(session, [self.question()])
        session.state.pop(ASK, None)
        try:
            return self.done(session, self.answers)
        except BaseException:  # it could not be done (a save held elsewhere): the last question stays asked
            self.at = at
            self.answers.pop(key, None)
            session.state[ASK] = self
            raise

    def _skip(self) -> bool:
        key = self.asks[self.at][0]
        return key == "people" and self.answers.get("players") == "1"


# ---- the fallback: answers typed without a command ---------------------------------------------
def fallback(session: "Session", line: str) -> "Answer | bool":
    """A line without a command, in a game: the answer to a question asked, Enter when the keyboard
    changes hands, or the card question's answer (an Outcome); False when it is not the game's."""
    ask = session.state.get(ASK)
    if ask is not None:
        taken: Response = ask.take(session, line)  # the next question, or what was asked done
        return taken
    act = game_of(session)
    if act is None:
        return False
    if act.waiting and not act.own_devices:
        if line.strip():
            name = act.game.players[act.holder].name
            raise CommandError(f"{quote(line, 40)} was not expected. Press Enter when {name} has the keyboard.")
        return GameService(act).take_keyboard(session.verbosity)
    me = seat_of(session, act)
    d = act.mine(me)
    if d is None:
        return False
    if not line.strip():  # a bare Enter is no mistake: at a turn the prompt again, as at the plain prompt;
        if render.is_turn_decision(d):  # at a card's question, the question again
            return True
        return lines_answer(session, [render.question(act.game, d, session.verbosity)])
    if render.is_turn_decision(d):
        if all(as_number(w) is not None for w in line.split()):
            raise CommandError(f"{quote(line, 40)}, no card is asking a question now. Type options.")
        try:
            card = catalogue().find(line)
        except NameError_:
            card = None
        if card is not None:
            raise CommandError(f"{quote(line, 40)} alone is not a command. Type play {card.name.lower()} "
                               f"or buy {card.name.lower()}.")
        return False
    return question_answered(session, act, line)


def answer_question(session: "Session", act: GameActivity, line: str) -> Response:
    """``line`` answers the card's question this session's seat is asked: said, and the line's answer."""
    return say_outcome(session, question_answered(session, act, line))


def question_answered(session: "Session", act: GameActivity, line: str) -> Outcome:
    """What ``line`` did, answering the card's question this session's seat is asked (a command returns it)."""
    return GameService(act).answer(seat_of(session, act), line, session.verbosity)


def thinking_cue(session: "Session") -> Callable[[], None]:
    """What a person hears, at once, when the strong bot's plan keeps them waiting (companion.game.thinking)."""
    from companion.game.thinking import cue_of

    return cue_of(session.aside)  # "Thinking.", then "Still thinking." every few seconds


def install(session: "Session") -> None:
    """Make typed answers reach the game (keeping any other area's fallback after ours), and let the game
    read the hints setting."""
    act = game_of(session)
    if act is not None:
        if session.seat is None:  # the shell's own session: a seat's session at a host hears its own words only
            act.cue = thinking_cue(session)
        act.hints_on = lambda: session.settings.on("hints")
        act.offers_hint = any("hint" in names for names in AREAS.values())  # it comes with the bots
    if getattr(session.fallback, "__name__", "") == "chained_game_fallback" or session.fallback is fallback:
        return
    previous = session.fallback
    if previous is None:
        session.fallback = fallback
        return

    def chained_game_fallback(s: "Session", line: str) -> "Answer | bool":
        mine = fallback(s, line)
        return previous(s, line) if mine is False else mine

    session.fallback = chained_game_fallback
