"""Commands for playing a whole game in the shell: new, play, buy, end, options, the one-line views,
undo, save, load, games and resume. Words are built in companion.game.render; this module only
reads what was typed, changes the game through the activity's transaction, and says the result.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

from companion.cards import Card, catalogue
from companion.cards.names import AmbiguousName, NameError_, and_list, loose, quote
from companion.commands.registry import ArgumentParser, CommandError, activity, command, take_over
from companion.engine import Game, GameSetup, IllegalAnswer, Purpose, SaveError
from companion.engine.phase import Phase
from companion.game import render, store
from companion.game.activity import GameActivity
from companion.game.answers import AnswerError, hint, parse
from companion.game.starting import SetupError, bool_or_random, build_setup
from companion.game.words import coins, count, grouped
from companion.kingdom import KingdomError, choose_kingdom
from companion.settings import define_setting

if TYPE_CHECKING:
    from companion.session import Session

TOPIC = "Playing a game"
HINT = "Start a game with new, or a table with table new."
KEY = "game"
ASK = "game_question"
DEFAULT_PROMPT = "companion> "
define_setting("autoplay", ("on", "off"), "on", "buy first plays Treasures that need no choice")


def _on(session: "Session") -> bool:
    return session.state.get(KEY) is not None


def _put_away(session: "Session") -> str | None:
    """A table is starting: set the game (autosaved after every change) and any question aside."""
    session.state.pop(ASK, None)
    act = session.state.pop(KEY, None)
    session.prompt = DEFAULT_PROMPT
    if act is None or act.over:
        return None
    return "Your game is saved; type resume to go back to it."


activity(KEY, is_on=_on, where="in a game", put_away=_put_away)


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


# ---- starting -----------------------------------------------------------------------------------
def start_game(session: "Session", setup: GameSetup) -> None:
    old = session.state.get(KEY)
    kept = ""
    if old is not None and not old.over:
        try:
            old.save_as("previous")
            kept = " Your last game is saved as previous."
        except OSError:
            pass
    kept += "".join(f" {said}" for said in take_over(session, KEY))
    act = GameActivity(Game(setup))
    session.state[KEY] = act
    install(session)
    act.autosave()
    g = act.game
    others = [s.name for s in setup.seats if not s.is_person]
    people = [s.name for s in setup.seats if s.is_person]
    against = f"against {and_list(others)}" if others else f"for {and_list(people)}"
    if len(people) > 1 and others:
        against = f"for {and_list(people)}, against {and_list(others)}"
    k = setup.kingdom
    lines = [f"New game {against}.{kept}", f"Kingdom {k}" if k.name else f"Kingdom: {k}"]
    if session.verbosity == "full":
        lines.append(f"Seed {setup.seed}.")
    from companion.engine.events import TurnStarted

    first = next((e.player for e in g.log if isinstance(e, TurnStarted)), g.current)
    starter = g.players[first].name
    lines.append(f"{'You go' if starter == 'You' else starter + ' goes'} first.")
    d = act.pending
    if len(people) > 1 and d is not None:
        act.holder, act.waiting = d.player, True  # the first person's hand only after Enter
        name = g.players[d.player].name
        lines.append(f"{name}'s turn. Press Enter when {name} has the keyboard.")
    else:
        lines.extend(render.fit_response(act.news(session.verbosity), session.verbosity))
    _say(session, lines, fit=False)


@command(
    "new",
    summary="starts a game against bots or friends.",
    usage="new [OPTIONS]",
    example='new --players 2 --bots bigmoney --kingdom "First Game" --seed 1',
    topic=TOPIC,
    one_shot=False,
    details=("With no options it asks three short questions; press Enter for each default. Options: --players, "
             "--bots, --names, --kingdom, --sets, --seed, --colony on, off or random. People sit first, then bots."),
)
def new_command(session: "Session", args: str) -> None:
    if not args.strip():
        ask_new(session)
        return
    p = ArgumentParser("new")
    p.add_argument("--players", type=int)
    p.add_argument("--bots")
    p.add_argument("--names", default="")
    p.add_argument("--kingdom", default="First Game")
    p.add_argument("--sets")
    p.add_argument("--seed", type=int)
    p.add_argument("--colony", default="random")
    ns = p.parse(args)
    bots = None
    if ns.bots is not None:
        bots = [] if loose(ns.bots) in ("none", "0", "") else [b for b in ns.bots.replace(",", " ").split() if b]
    names = [n for n in ns.names.split(",")] if ns.names.strip() else []
    try:
        setup = build_setup(ns.players, bots, names, ns.kingdom, ns.sets, ns.seed, bool_or_random(ns.colony))
    except SetupError as e:
        raise CommandError(str(e)) from None
    start_game(session, setup)


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
        self.answers[key] = self.check(key, typed, self.answers)
        self.at += 1
        while self.at < len(self.asks) and self._skip():
            self.at += 1
        if self.at < len(self.asks):
            _say(session, [self.question()])
            return
        session.state.pop(ASK, None)
        self.done(session, self.answers)

    def _skip(self) -> bool:
        key = self.asks[self.at][0]
        return key == "people" and self.answers.get("players") == "1"


def ask_new(session: "Session") -> None:
    def check(key: str, typed: str, answers: dict[str, str]) -> str:
        if key == "players":
            if not typed.isdigit() or not 2 <= int(typed) <= 6:
                raise CommandError(f"{quote(typed)} is not 2 to 6 players. Type a number from 2 to 6.")
            return typed
        if key == "people":
            most = int(answers["players"])
            if not typed.isdigit() or not 1 <= int(typed) <= most:
                span = "1 or 2" if most == 2 else f"1 to {most}"
                choices = "1 or 2" if most == 2 else f"a number from 1 to {most}"
                raise CommandError(f"{quote(typed)} is not {span} people. Type {choices}.")
            return typed
        try:
            choose_kingdom(typed, seed=1)
        except KingdomError as e:
            raise CommandError(str(e)) from None
        return typed

    def done(session: "Session", answers: dict[str, str]) -> None:
        players, people = int(answers["players"]), int(answers["people"])
        try:
            setup = build_setup(players, ["bigmoney"] * (players - people), [], answers["kingdom"], None, None, None)
        except SetupError as e:
            raise CommandError(str(e)) from None
        start_game(session, setup)

    q = Questions([
        ("players", "New game. How many players, 2 to 6? Enter for 2.", "2"),
        ("people", "People at this keyboard? Enter for 1. The rest are bots.", "1"),
        ("kingdom", "Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random.",
         "First Game"),
    ], done, check)
    session.state[ASK] = q
    install(session)
    _say(session, [q.question()])


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
    """Make typed answers reach the game (keeping any other area's fallback after ours)."""
    if getattr(session.fallback, "__name__", "") == "chained_game_fallback" or session.fallback is fallback:
        return
    previous = session.fallback
    if previous is None:
        session.fallback = fallback
        return

    def chained_game_fallback(s: "Session", line: str) -> bool:
        return fallback(s, line) or previous(s, line)

    session.fallback = chained_game_fallback


# ---- your turn ----------------------------------------------------------------------------------
def _question_first(act: GameActivity, d: Any, typed: str) -> CommandError:
    return CommandError(f"{quote(typed, 40)} must wait: first answer {d.card.name if d.card else 'the question'}. "
                        f"{hint(d)}")


def _turn(session: "Session", typed: str, verbs: tuple[Purpose, ...] = ()) -> tuple[GameActivity, Any]:
    """The activity and the decision, if it is the turn of the person at the keyboard."""
    act = _private(session)
    g = act.game
    if g.over:
        raise CommandError(f"{quote(typed, 40)}: the game is over. Type score, log, or new.")
    d = act.mine()
    if d is None:
        raise CommandError(f"{quote(typed, 40)}: it is not your turn. Wait, or type status.")
    if not render.is_turn_decision(d):
        if d.purpose in verbs:
            return act, d
        raise _question_first(act, d, typed)
    return act, d


@contextmanager
def _changing(act: GameActivity, typed: str) -> Iterator[None]:
    """The activity's transaction; an answer the engine refuses becomes a plain error, nothing changed."""
    try:
        with act.change():
            yield
    except IllegalAnswer as e:
        raise CommandError(f"{quote(typed, 40)}: {e} Type options to hear what you can do.") from None


def _simple_treasures(act: GameActivity, options: tuple[Card, ...]) -> tuple[Card, ...]:
    """Treasures that need no choice and whose order does not matter: the autoplay of online Dominion."""
    fx = act.game.fx
    return tuple(c for c in options if fx[c.name].play is None and fx[c.name].on_gain is None)


def _complete_from(cards: list[Card], text: str) -> list[str]:
    typed = text.strip().lower()
    names = sorted({c.name for c in cards})
    return [n for n in names if n.lower().startswith(typed)]


def _complete_hand(session: "Session", text: str) -> list[str]:
    act = session.state.get(KEY)
    if act is None or act.waiting:
        return []
    extra = ["treasures"] if "treasures".startswith(text.strip().lower()) else []
    return extra + _complete_from(list(act.game.players[act.holder].hand), text)


def _complete_supply(session: "Session", text: str) -> list[str]:
    act = session.state.get(KEY)
    if act is None:
        return []
    return _complete_from([c for c, n in act.game.supply.items() if n], text)


@_game(name="play", complete=_complete_hand, summary="plays a card from your hand, or all your Treasures.", usage="play CARD",
       example="play village",
       details="play treasures plays every Treasure. Several Treasures at once: play copper silver. "
               "Answers a card's question to play a card, as Throne Room asks.")
def play_command(session: "Session", args: str) -> None:
    typed = f"play {args}".strip()
    act, d = _turn(session, typed, (Purpose.PLAY, Purpose.START_OF_TURN))
    text = args.strip()
    if not render.is_turn_decision(d):
        answer_question(session, act, text)
        return
    if not text:  # the example is a card this player can play now
        acts = [c for c in getattr(d, "options", ()) or () if d.purpose is Purpose.PLAY_ACTION]
        example = f"play {acts[0].name.lower()}, or " if acts else ""
        raise CommandError(f"play needs a card. Type {example}play treasures.")
    g = act.game
    hand = g.players[act.holder].hand
    word = loose(text)
    if word in ("treasure", "all", "money", "all treasures") or (len(word) >= 2 and "treasures".startswith(word)):
        if not any(g.is_treasure(c) for c in hand):
            raise CommandError(f"{quote(typed)}: no Treasures in your hand. Type buy a card, or end.")
        if d.purpose is Purpose.BUY:
            raise CommandError(f"{quote(typed)}: you have bought, so no more Treasures. Type buy or end.")
        turn = _turn_no(act)
        with _changing(act, typed):
            if d.purpose is Purpose.PLAY_ACTION and act.pending is d:
                act.answer(())
            _play_all_treasures(act)
        act.labels.append(typed)
        _say(session, _skipped(session, d, act.news(session.verbosity)) + _after_turn_step(session, act, turn))
        return
    cards = _cards(text, list(hand))
    missing = [c for c in dict.fromkeys(cards) if hand.count(c) < cards.count(c)]
    if missing:
        c = missing[0]
        have = "no" if c not in hand else f"only {hand.count(c)}"
        raise CommandError(f"{quote(typed)}: you have {have} {c.plural if c not in hand else c.name} in hand. "
                           f"Type hand to hear your cards.")
    actions = [c for c in cards if g.is_action(c)]
    treasures = [c for c in cards if g.is_treasure(c)]
    if actions and (len(cards) > 1):
        raise CommandError(f"{quote(typed)}: play one Action at a time. Type play {actions[0].name.lower()}.")
    if not actions and not treasures:
        raise CommandError(f"{quote(typed)}: {cards[0].name} is not played; only Actions and Treasures are. "
                           f"Type options.")
    turn = _turn_no(act)
    with _changing(act, typed):
        if actions:
            if d.purpose is not Purpose.PLAY_ACTION:
                why = "no actions are left" if g.turn.actions == 0 and g.phase is Phase.BUY else "it is the Buy phase"
                raise CommandError(f"{quote(typed)}: {why}. Type play treasures, buy a card, or end.")
            act.answer((actions[0],))
        else:
            if d.purpose is Purpose.BUY:
                raise CommandError(f"{quote(typed)}: you have bought, so no more Treasures. Type buy or end.")
            if d.purpose is Purpose.PLAY_ACTION:
                act.answer(())
            act.answer(tuple(treasures))
    act.labels.append(typed)
    _say(session, _skipped(session, None if actions else d, act.news(session.verbosity)) + _after_turn_step(session, act, turn))


def _play_all_treasures(act: GameActivity) -> None:
    d = act.pending
    if d is None or d.purpose is not Purpose.PLAY_TREASURES or not render.is_turn_decision(d):
        return
    options = d.options  # type: ignore[attr-defined]
    simple = _simple_treasures(act, options)
    rest = tuple(c for c in options if c not in simple)
    act.answer(simple + rest)


def _turn_no(act: GameActivity) -> int:
    return act.game.players[act.holder].turns


def _skipped(session: "Session", before: Any, lines: list[str]) -> list[str]:
    """Treasures played or a card bought while Actions could still be played ends the Action phase: say
    which Actions went unplayed, after what was done, so a slip is heard (undo takes it back)."""
    if before is None or before.purpose is not Purpose.PLAY_ACTION or session.verbosity == "brief":
        return lines
    names = list(dict.fromkeys(c.name for c in before.options))
    note = f"{and_list(names)} not played."
    return [*lines[:1], note, *lines[1:]]


def _after_turn_step(session: "Session", act: GameActivity, turn: int) -> list[str]:
    """After play or buy in your own turn: where the turn stands, in a few words."""
    d = act.mine()
    if d is None or not render.is_turn_decision(d):
        return []
    t = act.game.turn
    if _turn_no(act) != turn:
        return []
    if session.verbosity == "brief":
        return [f"{coins(t.coins).capitalize()}."] if d.purpose is not Purpose.PLAY_ACTION else []
    if d.purpose is Purpose.PLAY_ACTION:
        return [f"{count(t.actions, 'action')}, {count(t.buys, 'buy')}, {coins(t.coins)}."]
    if d.purpose is Purpose.PLAY_TREASURES:
        return [f"{coins(t.coins).capitalize()}, {count(t.buys, 'buy')}."]
    return [f"{coins(t.coins).capitalize()}, {count(t.buys, 'buy')}."]


@_game(name="buy", complete=_complete_supply, summary="buys a card; first plays your plain Treasures.", usage="buy CARD",
       example="buy silver",
       details="In the Action phase, buy ends it. Copper, Silver, Gold and Platinum in your hand are played "
               "first unless you set autoplay off. Two buys at once: buy silver silver.")
def buy_command(session: "Session", args: str) -> None:
    typed = f"buy {args}".strip()
    act, d = _turn(session, typed)
    text = args.strip()
    if not text:
        raise CommandError("buy needs a card. Type buy silver, or options to hear what you can buy.")
    g = act.game
    wanted = _cards(text, [c for c in g.supply])
    for card in wanted:
        if card not in g.supply:
            raise CommandError(f"{quote(typed)}: {card.name} is not in this game. Type supply to hear the piles.")
    autoplay = session.settings is None or session.settings.get("autoplay") == "on"
    turn = _turn_no(act)
    with _changing(act, typed):
        if d.purpose is Purpose.PLAY_ACTION and act.pending is d:
            act.answer(())
        d2 = act.pending
        if d2 is not None and d2.purpose is Purpose.PLAY_TREASURES and render.is_turn_decision(d2):
            simple = _simple_treasures(act, d2.options) if autoplay else ()  # type: ignore[attr-defined]
            if simple:
                act.answer(simple)
            d3 = act.pending
            if d3 is not None and d3.purpose is Purpose.PLAY_TREASURES and render.is_turn_decision(d3):
                act.answer(())
        buys = act.game.turn.buys
        for i, card in enumerate(wanted):
            d4 = act.pending
            if d4 is None or d4.purpose is not Purpose.BUY or d4.player != act.holder or not render.is_turn_decision(d4):
                if i:  # more cards than buys: nothing is bought, so say how many fit
                    raise CommandError(f"{quote(typed)}: you have {count(buys, 'buy')}, not {len(wanted)}. "
                                       f"Type fewer cards.")
                raise CommandError(f"{quote(typed)}: no buys left for {card.name}. Type end, or undo.")
            reason = _cannot_buy(act, card)
            if reason:  # said after the cards before it, whose buying is taken back with this error
                after = f"after {and_list([c.name for c in wanted[:i]])}, " if i else ""
                raise CommandError(f"{quote(typed)}: {after}{reason}")
            act.answer((card,))
    act.labels.append(typed)
    _say(session, _skipped(session, d, act.news(session.verbosity)) + _after_turn_step(session, act, turn))


def _cannot_buy(act: GameActivity, card: Card) -> str | None:
    g = act.game
    if g.supply.get(card, 0) == 0:
        return f"the {card.name} pile is empty. Type supply low to hear what is left."
    cost = g.cost(card)
    if cost > g.turn.coins:
        return f"{card.name} costs {coins(cost)}, you have {coins(g.turn.coins)}. Type options to hear choices."
    if not g.can_buy(g.turn.player, card):
        return f"{card.name} cannot be bought now. Type options to hear what can."
    return None


@_game(name="end", summary="ends your turn (or the current phase's buying).", usage="end", example="end",
       aliases=("done",))
def end_command(session: "Session", args: str) -> None:
    typed = f"end {args}".strip()
    if args.strip():
        raise CommandError(f"{quote(typed)}: end takes nothing after it. Type end.")
    act, d = _turn(session, typed)
    g = act.game
    me, turn = act.holder, g.players[act.holder].turns
    bought = g.turn.bought
    unplayed = sum(1 for c in g.players[me].hand if g.is_treasure(c))
    with _changing(act, typed):
        while True:
            d = act.pending
            if d is None or d.player != me or not render.is_turn_decision(d) or g is not act.game:
                break
            if act.game.players[me].turns != turn or act.game.current != me:
                break
            act.answer(())
    act.labels.append("end")
    lines = act.news(session.verbosity)
    if not bought and session.verbosity != "brief" and act.holder == me and not act.waiting:
        # Ending without a buy is often a slip (undo takes it back): say so first, with Treasures left unplayed.
        left = f"; {count(unplayed, 'Treasure')} unplayed" if unplayed else ""
        lines = [f"Nothing bought{left}.", *lines]  # one line within 40 cells
    _say(session, lines)


@_game(name="options", summary="says what you can do now and what it costs.", usage="options", example="options")
def options_command(session: "Session", args: str) -> None:
    act = _private(session)
    if act.game.over:
        _tell(session, "The game is over. Type score, log, or new.")
        return
    d = act.mine()
    if d is None:
        _tell(session, "It is not your turn. Type status.")
        return
    _tell(session, render.options_line(act.game, act.holder, d, session.verbosity))


@_game(name="choose", summary="answers a card's question, by number or name.", usage="choose ANSWER",
       example="choose 1 3", details="You can also type the answer alone: 1 3, or copper estate, or none.")
def choose_command(session: "Session", args: str) -> None:
    act = _private(session)
    d = act.mine()
    if d is None or render.is_turn_decision(d):
        raise CommandError(f"{quote(('choose ' + args).strip())}: no card is asking now. Type options.")
    answer_question(session, act, args)


# ---- one line each ------------------------------------------------------------------------------
@_game(name="status", summary="says the turn, phase, actions, buys and coins.", usage="status", example="status")
def status_command(session: "Session", args: str) -> None:
    act = _act(session)
    g = act.game
    viewer = act.holder if not act.waiting else -1
    line = render.status_line(g, viewer)
    if act.waiting:
        line += f" Waiting for {g.players[act.holder].name} to press Enter."  # noqa: E501
    elif act.mine() is not None and not render.is_turn_decision(act.mine()):
        line += " " + render.question(g, act.mine(), session.verbosity)  # type: ignore[arg-type]
    _tell(session, line)


@_game(name="hand", summary="says the cards in your hand, grouped.", usage="hand", example="hand")
def hand_command(session: "Session", args: str) -> None:
    act = _private(session)
    _tell(session, render.hand_line(act.game, act.holder))


@_game(name="supply", summary="says the Supply piles by cost; supply low for low piles first.",
       usage="supply [low]", example="supply low")
def supply_command(session: "Session", args: str) -> None:
    act = _act(session)
    word = loose(args)
    if word not in ("", "low", "l"):
        raise CommandError(f"{quote(args)} is not a supply option. Type supply, or supply low.")
    lines = render.supply_lines(act.game, low_first=bool(word))
    if session.verbosity == "brief" and not word:
        lines = [" ".join(lines)]
    _tell(session, "\n".join(lines))


@_game(name="deck", summary="says how many cards are in your deck.", usage="deck", example="deck")
def deck_command(session: "Session", args: str) -> None:
    act = _private(session)
    ps = act.game.players[act.holder]
    total = len(ps.all_cards())
    _tell(session, f"{count(len(ps.deck), 'card')} in your deck. {count(total, 'card')} in all.")


def _answer_by_verb(session: "Session", act: GameActivity, verb: str, purpose: Purpose, args: str) -> bool:
    """``trash`` or ``discard`` as the answer to a card's question: Sentry's choice, or Chapel's cards."""
    d = act.mine()
    if d is None or render.is_turn_decision(d):
        return False
    if not args.strip() and isinstance(getattr(d, "options", None), tuple) and verb in d.options:  # type: ignore[attr-defined]
        answer_question(session, act, verb)
        return True
    if args.strip() and d.purpose is purpose:
        answer_question(session, act, args)
        return True
    return False


@_game(name="discard", summary="says your discard pile's top card and size.", usage="discard", example="discard")
def discard_command(session: "Session", args: str) -> None:
    act = _private(session)
    if _answer_by_verb(session, act, "discard", Purpose.DISCARD, args):
        return
    ps = act.game.players[act.holder]
    if not ps.discard:
        _tell(session, "Your discard pile is empty.")
        return
    _tell(session, f"Discard pile: {count(len(ps.discard), 'card')}, {ps.discard[-1].name} on top.")


@_game(name="trash", summary="says the cards in the trash.", usage="trash", example="trash")
def trash_command(session: "Session", args: str) -> None:
    act = _act(session)
    if not act.waiting and _answer_by_verb(session, act, "trash", Purpose.TRASH, args):
        return
    trash = act.game.trash
    _tell(session, f"Trash, {count(len(trash), 'card')}: {grouped(trash)}." if trash else "The trash is empty.")


@_game(name="score", summary="says everyone's VP now.", usage="score", example="score")
def score_command(session: "Session", args: str) -> None:
    act = _act(session)
    _tell(session, render.score_line(act.game, act.holder if not act.waiting else -1))


@_game(name="kingdom", summary="says this game's 10 kingdom cards.", usage="kingdom", example="kingdom")
def kingdom_command(session: "Session", args: str) -> None:
    act = _act(session)
    line = f"Kingdom {act.kingdom}" if act.kingdom.name else f"Kingdom: {act.kingdom}"
    if session.verbosity == "full":
        line += f" Seed {act.setup.seed}."
    _tell(session, line)


@_game(name="log", summary="says what happened, most recent last.", usage="log [N|all]", example="log 3",
       details="N is how many lines; all for the whole game. Works after the game ends.")
def log_command(session: "Session", args: str) -> None:
    act = _act(session)
    word = args.strip().lower()
    if word and word != "all" and not word.isdigit():
        raise CommandError(f"log needs a number or all, not {quote(args)}. Type log 5.")
    n = 5 if not word else (10**6 if word == "all" else int(word))
    if n < 1:
        raise CommandError(f"log needs a number from 1 up, not {quote(args)}. Type log 5.")
    lines = render.log_lines(act.game, act.holder, session.verbosity if session.verbosity != "brief" else "normal")
    if not lines:
        _tell(session, "Nothing has happened yet.")
        return
    shown = lines[-n:]
    head = f"Last {len(shown)} of {len(lines)} log lines, oldest first:" if len(shown) > 1 else "Last log line:"
    _tell(session, "\n".join([head, *shown]))


# ---- undo, save, load -----------------------------------------------------------------------------
@_game(name="undo", summary="takes back your last choice.", usage="undo", example="undo",
       details="Bots' later moves are taken back too and played again.")
def undo_command(session: "Session", args: str) -> None:
    act = _act(session)
    mover = act.last_mover()
    if not act.solo and mover >= 0 and mover != act.holder and not act.waiting:
        name = act.game.players[mover].name
        raise CommandError(f"the last move was {name}'s; only your own can be taken back. Type options.")
    if args.strip():
        raise CommandError(f"{quote('undo ' + args)}: undo takes nothing after it. Type undo.")
    label = act.labels[-1] if act.labels else None
    try:
        act.undo()
    except IllegalAnswer:
        raise CommandError("nothing to undo yet. Type options to hear what you can do.") from None
    if act.labels:
        act.labels.pop()
    head = f"Took back {label}." if label else "Took back your last choice."
    g = act.game
    lines = [head]
    d = act.mine()
    if d is not None and render.is_turn_decision(d):
        lines.append(render.status_line(g, act.holder))
    elif d is not None:
        lines.append(render.question(g, d, session.verbosity))
    _say(session, lines)


@_game(name="save", summary="saves the game under a name.", usage="save NAME", example="save friday")
def save_command(session: "Session", args: str) -> None:
    act = _act(session)
    if not args.strip():
        raise CommandError("save needs a name. Type save friday, for example.")
    try:
        name = store.check_name(args)
        if name == store.AUTOSAVE:
            raise SaveError(f"{quote(args)} is the automatic save. Type another name, such as save friday.")
        act.save_as(name)
    except SaveError as e:
        raise CommandError(str(e)) from None
    except OSError as e:
        raise CommandError(f"could not save {quote(args)}: {e.strerror}. Type save with another name.") from None
    _tell(session, f"Saved as {name}. Type load {name} to come back to it.")


@command("load", summary="loads a saved game.", usage="load NAME", example="load friday", topic=TOPIC,
         one_shot=False)
def load_command(session: "Session", args: str) -> None:
    if not args.strip():
        raise CommandError("load needs a name. Type games for the list, then load NAME.")
    try:
        name = store.check_name(args)
        game, extra = store.read(name)
    except SaveError as e:
        message = str(e)
        message = message[0].lower() + message[1:] if message else message
        raise CommandError(f"{quote(args)} was not loaded: {message} Type games for the list.") from None
    resume(session, game, extra, f"Loaded {name}.")


def resume(session: "Session", game: Any, extra: dict[str, Any], head: str) -> None:
    old = session.state.get(KEY)
    same = old is not None and old.game.setup == game.setup and old.game.answers == game.answers
    if old is not None and not old.over and not same:
        try:
            old.save_as("previous")
            head += " Your last game is saved as previous."
        except OSError:
            pass
    head += "".join(f" {said}" for said in take_over(session, KEY))
    act = GameActivity(game, extra=extra)
    act.catch_up()
    session.state[KEY] = act
    install(session)
    act.autosave()
    g = act.game
    lines = [head]
    if g.over:
        lines.append(render.end_message(g, act.holder))
    elif act.solo:
        lines.append(render.status_line(g, act.holder))
        d = act.mine()
        if d is not None and render.is_turn_decision(d):
            lines.append(render.hand_line(g, act.holder))
        elif d is not None:
            lines.append(render.question(g, d, session.verbosity))
    else:
        act.waiting = True
        name = g.players[act.holder].name
        lines.append(f"{name} is to play. Press Enter when {name} has the keyboard.")
    _say(session, lines)


@command("games", summary="lists your saved games.", usage="games", example="games", topic=TOPIC, one_shot=True)
def games_command(session: "Session", args: str) -> None:
    names = store.saved_names()
    if not names:
        _tell(session, "No saved games yet. Type new to start one.")
        return
    _tell(session, f"{count(len(names), 'saved game')}: {and_list(names)}.")


@command("resume", summary="goes back to the game you were playing.", usage="resume", example="resume",
         topic=TOPIC, one_shot=False)
def resume_command(session: "Session", args: str) -> None:
    session.state.pop(ASK, None)
    try:
        game, extra = store.read(store.AUTOSAVE)
    except SaveError as e:
        raise CommandError(f"could not resume: {e} Type new to start a game.") from None
    resume(session, game, extra, "Resumed.")


def offer_resume(session: "Session") -> None:
    """When the shell starts: offer the game that was being played, if it is not over."""
    install(session)
    if not store.path_for(store.AUTOSAVE).exists():
        return
    try:
        game, extra = store.read(store.AUTOSAVE)
    except SaveError as e:
        kept = store.set_aside_damaged(store.AUTOSAVE)
        where = f" It was kept as {kept.name}." if kept else ""
        session.error(f"the last game could not be loaded. {e}{where} Type new to start a game.")
        return
    if game.over:
        return
    turns = game.players[game.current].turns
    bots = [s.name for s in game.setup.seats if not s.is_person]
    against = f" against {and_list(bots)}" if bots else ""

    def check(key: str, typed: str, answers: dict[str, str]) -> str:
        w = loose(typed)
        if w in ("y", "yes", "resume", "r", "1"):
            return "yes"
        if w in ("n", "no", "2"):
            return "no"
        raise CommandError(f"{quote(typed)} is not yes or no. Type yes to resume, or no.")

    def done(s: "Session", answers: dict[str, str]) -> None:
        if answers["resume"] == "yes":
            resume(s, game, extra, "Resumed.")
        else:
            _say(s, ["Not resumed. It stays saved until you start a new game; type resume to go back."])

    q = Questions([("resume", f"Resume your game{against}, turn {turns}? Enter for yes.", "yes")], done, check)
    session.state[ASK] = q
    _say(session, [q.question()])
