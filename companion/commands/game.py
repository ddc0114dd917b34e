"""Playing a whole game in the shell: what every game command shares (the game's place in the session,
saying a response, the prompt, typed answers to a card's question, short questions such as new's).

The commands live in modules named for what they hold: ``game_new`` (starting a game), ``game_turn``
(play, buy, end, options, choose), ``game_views`` (one-line views: status, hand, supply, deck, log...) and
``game_saves`` (undo, save, load, games, resume). Words are built in companion.game.render; these modules
only read what was typed, change the game through the activity's transaction, and say the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from companion.cards import Card, catalogue
from companion.cards.names import AmbiguousName, NameError_, loose, quote
from companion.commands.registry import CommandError, activity, command
from companion.engine import IllegalAnswer, Purpose
from companion.game import render, store
from companion.game.activity import GameActivity
from companion.game.answers import AnswerError, hint, parse
from companion.game.money import money, more_in_treasures
from companion.game.words import coins, count
from companion.locks import Held
from companion.settings import define_setting

if TYPE_CHECKING:
    from companion.session import Session

TOPIC = "Playing a game"
HINT = "Start a game with new, or a table with table new."
KEY = "game"
ASK = "game_question"
DEFAULT_PROMPT = "companion> "
define_setting("autoplay", ("on", "off"), "on", "buy first plays Treasures that need no choice")
define_setting("hints", ("off", "on"), "off", "a hint before each of your turns")


def _on(session: "Session") -> bool:
    return session.state.get(KEY) is not None


def _put_away(session: "Session") -> str | None:
    """A table is starting: set the game (autosaved after every change) and any question aside."""
    session.state.pop(ASK, None)
    act = session.state.pop(KEY, None)
    session.prompt = DEFAULT_PROMPT
    if act is not None:
        act.release()  # another window may take the game up now
    if act is None or act.over:
        return None
    return "Your game is saved; type resume to go back to it."


activity(KEY, is_on=_on, where="in a game", put_away=_put_away)

PLAYED_ELSEWHERE = ("another window is playing a game, and this one would replace its save. "
                    "Close that window first, or type resume read-only to look.")


def hold_game(session: "Session") -> Held:
    """The lock on the game being played, for a game about to start here (the one this shell holds
    already, or a new one); CommandError if another window holds it. Nothing is changed by a refusal."""
    old = session.state.get(KEY)
    if old is not None and old.held is not None:
        held, old.held = old.held, None
        return held
    held = store.hold()
    if held is None:
        raise CommandError(PLAYED_ELSEWHERE)
    if _let_go not in session.on_close:
        session.on_close.append(_let_go)
    return held


def _let_go(session: "Session") -> None:
    """When the session ends: give up the lock on its game (saved after every change)."""
    act = session.state.get(KEY)
    if act is not None:
        act.release()


def _game(**kwargs: Any) -> Callable[[Callable[["Session", str], None]], Callable[["Session", str], None]]:
    """Register a command that works while a game is on (shared verbs with the table assistant)."""
    return command(topic=TOPIC, active=_on, inactive_hint=HINT, one_shot=False, **kwargs)


def _act(session: "Session") -> GameActivity:
    act = session.state.get(KEY)
    if act is None:
        raise CommandError(HINT)
    return act


def _tell(session: "Session", text: str) -> None:
    """Say a response whose first line fits a 40-cell braille display."""
    session.say(render.fit_first_line(text))


def _say(session: "Session", lines: list[str], fit: bool = True) -> None:
    """Say lines as one response; ``fit`` keeps it within its verbosity's words and lines (see
    render.fit_response), unless a part was fitted on its own (new's kingdom is a listing)."""
    act = session.state.get(KEY)
    if act is not None and act.save_problem:
        lines = [*lines, act.save_problem]
    if fit:
        lines = render.fit_response(lines, session.verbosity)
    _tell(session, "\n".join(lines) if lines else "Done.")
    _update_prompt(session)


def _update_prompt(session: "Session") -> None:
    ask = session.state.get(ASK)
    act = session.state.get(KEY)
    if ask is not None:
        session.prompt = ask.prompt()
    elif act is not None:
        session.prompt = act.prompt()
    else:
        session.prompt = DEFAULT_PROMPT


def _private(session: "Session") -> GameActivity:
    """The activity, if the person at the keyboard may hear their own cards now."""
    act = _act(session)
    if act.waiting:
        name = act.game.players[act.holder].name
        raise CommandError(f"waiting for {name}. Press Enter when {name} has the keyboard.")
    return act


def _cards(text: str, within: list[Card] | None = None) -> list[Card]:
    """Cards named in ``text``: first among ``within`` (your hand, the Supply), so "work" is Workshop
    when that is the only match there; otherwise among every card, for the right error."""
    if within is not None:
        try:
            return catalogue().find_many(text, list(dict.fromkeys(within)))
        except AmbiguousName as e:
            raise CommandError(str(e)) from None
        except NameError_:
            pass
    try:
        return catalogue().find_many(text)
    except NameError_ as e:
        said = str(e)
        if not any(w in said for w in ("Type", "Did you mean")):
            said += " Type options to hear your choices."
        raise CommandError(said) from None
class Questions:
    """A few short questions asked one at a time through the shell's fallback (never a blocking read)."""

    def __init__(self, asks: list[tuple[str, str, str]], done: Callable[["Session", dict[str, str]], None],
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
        return f"{key}, Enter for {default}> "

    def take(self, session: "Session", line: str) -> None:
        key, _, default = self.asks[self.at]
        if loose(line) in ("cancel", "stop"):
            session.state.pop(ASK, None)
            _say(session, ["Cancelled. Nothing was started."])
            return
        typed = line.strip() or default
        at = self.at
        self.answers[key] = self.check(key, typed, self.answers)
        self.at += 1
        while self.at < len(self.asks) and self._skip():
            self.at += 1
        if self.at < len(self.asks):
            _say(session, [self.question()])
            return
        session.state.pop(ASK, None)
        try:
            self.done(session, self.answers)
        except BaseException:  # it could not be done (a save held elsewhere): the last question stays asked
            self.at = at
            self.answers.pop(key, None)
            session.state[ASK] = self
            raise

    def _skip(self) -> bool:
        key = self.asks[self.at][0]
        return key == "people" and self.answers.get("players") == "1"

# ---- the fallback: answers typed without a command ---------------------------------------------
def fallback(session: "Session", line: str) -> bool:
    ask = session.state.get(ASK)
    if ask is not None:
        ask.take(session, line)
        return True
    act = session.state.get(KEY)
    if act is None:
        return False
    if act.waiting:
        if line.strip():
            name = act.game.players[act.holder].name
            raise CommandError(f"{quote(line, 40)} was not expected. Press Enter when {name} has the keyboard.")
        _say(session, act.take_keyboard(session.verbosity))
        return True
    d = act.mine()
    if d is None:
        return False
    if render.is_turn_decision(d):
        if not line.strip():
            raise CommandError("nothing was typed. Type options to hear what you can do.")
        if line.replace(" ", "").isdigit():
            raise CommandError(f"{quote(line, 40)}: no card is asking a question now. Type options.")
        try:
            card = catalogue().find(line)
        except NameError_:
            card = None
        if card is not None:
            raise CommandError(f"{quote(line, 40)} alone is not a command. Type play {card.name.lower()} "
                               f"or buy {card.name.lower()}.")
        return False
    answer_question(session, act, line)
    return True


def answer_question(session: "Session", act: GameActivity, line: str) -> None:
    d = act.mine()
    assert d is not None
    turn = _turn_no(act)
    try:
        value = parse(d, line)
    except AnswerError as e:
        raise CommandError(str(e)) from None
    with act.change():
        try:
            act.answer(value)
        except IllegalAnswer as e:
            raise CommandError(f"{quote(line, 40)}: {e} {hint(d)}") from None
    act.labels.append(line.strip())
    lines = act.news(session.verbosity)
    if not lines:
        asker = d.card.name if d.card is not None else "Done"
        lines = [f"{asker}: none." if value in ((), None) else (f"{asker}: no." if value is False else "Done.")]
    if act.holder == act.game.current:
        lines += _after_turn_step(session, act, turn)
    _say(session, lines)


def install(session: "Session") -> None:
    """Make typed answers reach the game (keeping any other area's fallback after ours), and let the game
    read the hints setting."""
    act = session.state.get(KEY)
    if act is not None:
        act.hints_on = lambda: session.settings is not None and session.settings.on("hints")
    if getattr(session.fallback, "__name__", "") == "chained_game_fallback" or session.fallback is fallback:
        return
    previous = session.fallback
    if previous is None:
        session.fallback = fallback
        return

    def chained_game_fallback(s: "Session", line: str) -> bool:
        return fallback(s, line) or previous(s, line)

    session.fallback = chained_game_fallback

def _turn_no(act: GameActivity) -> int:
    return act.game.players[act.holder].turns
def _after_turn_step(session: "Session", act: GameActivity, turn: int) -> list[str]:
    """After play or buy in your own turn: where the turn stands, in a few words."""
    d = act.mine()
    if d is None or not render.is_turn_decision(d):
        return []
    t = act.game.turn
    if _turn_no(act) != turn:
        return []
    more = more_in_treasures(money(act.game, act.holder))  # after drawing: what the Treasures in hand add
    if session.verbosity == "brief":
        return [f"{coins(t.coins).capitalize()}{more}."] if d.purpose is not Purpose.PLAY_ACTION else []
    if d.purpose is Purpose.PLAY_ACTION:
        return [f"{count(t.actions, 'action')}, {count(t.buys, 'buy')}, {coins(t.coins)}{more}."]
    return [f"{coins(t.coins).capitalize()}{more}, {count(t.buys, 'buy')}."]


def __getattr__(name: str) -> Any:
    """Names that moved to the command modules (``game.play_command``) are still found here."""
    import importlib

    for module in ("game_new", "game_turn", "game_views", "game_saves"):
        found = importlib.import_module(f"companion.commands.{module}")
        if name in vars(found):
            return vars(found)[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
