"""Hints: what the strong bot would do now, and why, from the reasons it really used.

``advice(game, seat)`` asks a fresh strong bot the pending decision through that seat's view (a bot
changes nothing), and returns its answer with a sentence or two built from the bot's own reason.
Only ``advice``, ``turn_plan`` and ``_plan`` hold the game: the plan replays a copy of it, which a view
cannot make. Every function that words the hint takes the seat's view (or no game at all).
At a turn's own question, where the rest of the turn hides nothing (no Action is played, only
Treasures that ask nothing), the hint is the whole plan: the coins and what to buy, and why.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.bots import StrongBot
from companion.cards import Card
from companion.cards.names import and_list
from companion.engine.decisions import ChooseCards, ChooseOne, Decision, NameCard, OrderCards, Purpose, YesNo
from companion.engine.record import replay
from companion.game.money import autoplayed, money

if TYPE_CHECKING:
    from companion.engine import Game
    from companion.engine.view import PlayerView

_VERB = {
    Purpose.PLAY_ACTION: "Play", Purpose.PLAY_TREASURES: "Play", Purpose.BUY: "Buy", Purpose.GAIN: "Gain",
    Purpose.TRASH: "Trash", Purpose.DISCARD: "Discard",
    Purpose.PLAY: "Play", Purpose.REVEAL: "Reveal", Purpose.SET_ASIDE: "Set aside",
    Purpose.START_OF_TURN: "Play",
}
_NONE = {
    Purpose.PLAY_ACTION: "Play no Action", Purpose.PLAY_TREASURES: "Play no Treasures", Purpose.BUY: "Buy nothing",
    Purpose.GAIN: "Gain nothing", Purpose.TRASH: "Trash nothing", Purpose.DISCARD: "Discard nothing",
    Purpose.TOPDECK: "Put nothing on your deck", Purpose.PLAY: "Play nothing", Purpose.REVEAL: "Reveal nothing",
    Purpose.START_OF_TURN: "Play nothing",
}


def move_only(text: str) -> str:
    """A hint without its reason (brief verbosity): every line but the last, which says why."""
    return text.rpartition("\n")[0] or text


def grouped(cards: tuple[Card, ...]) -> str:
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return and_list([c.counted(n) if n > 1 else c.name for c, n in counts.items()])


def advice(game: "Game", seat: int) -> tuple[Any, str]:
    """The strong bot's answer to ``seat``'s pending decision, and the words that say it and why."""
    d = game.pending
    if d is None or d.player != seat:
        raise ValueError("no decision for this seat")
    bot = StrongBot(game.setup.seed + seat)
    answer = bot.decide(game.view(seat), d)
    why = bot.why
    plan = _plan(game, seat, bot, d, answer)
    if plan is not None:
        return answer, spoken(plan_words(d, answer, why, plan))
    if d.card is None and d.purpose is Purpose.PLAY_TREASURES and isinstance(d, ChooseCards):
        return answer, spoken(treasure_words(game.view(seat), d, answer))
    return answer, words(d, answer, why)


def spoken(text: str) -> str:
    """Advice as a screen reader says it without naming signs: the bots' reasons join phrases with a
    semicolon or a colon, which Orca reads as "semi" and "colon"; a full stop and a comma say the same."""
    text = re.sub(r";\s+(\w)", lambda m: ". " + m.group(1).upper(), text)
    return re.sub(r"(?<=\w):\s", ", ", text)


def _kept(d: ChooseCards, chosen: tuple[Card, ...]) -> str:
    """Why a Treasure is left in hand (the bot keeps Investment back when no card is worth trashing)."""
    left = [c for c in dict.fromkeys(d.options) if chosen.count(c) < d.options.count(c)]
    return " ".join(f"{c.name} would trash a card you need." for c in left if c.name == "Investment")


def treasure_words(view: PlayerView, d: ChooseCards, answer: Any) -> str:
    """Treasures where one asks a question (Crystal Ball, Anvil, Tiara...): what follows it is not known, so
    the coins they are worth (a question may change it: Anvil takes a Treasure), and which ask."""
    chosen = d.normalise(answer)
    m = money(view)
    asking = [c.name for c in dict.fromkeys(chosen) if c in m.asking]
    reason = f"They are worth {m.total + m.at_least} coins"
    if asking:
        reason += f", and {and_list(asking)} {'asks' if len(asking) == 1 else 'ask'} a question as you play"
    move = move_words(d, answer)
    if len(chosen) > 1 and chosen[0] in m.asking:  # play treasures would play it after the plain ones
        move, reason = f"Play {chosen[0].name} first", "Then the others. " + reason.replace("They", "Your Treasures", 1)
    return f"{move}.\n{' '.join(filter(None, (reason + '.', _kept(d, chosen))))}"


_TURN = (Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.BUY)
_TEXT_WORDS = 16  # a card's text longer than this is not said in a hint
_FIRST_LINE = 40  # a braille display's line: the first line of a hint fits it


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The rest of a turn as the strong bot plays it: the coins it buys with, the cards it buys (up to a
    question, such as Watchtower's), and the first buy's reason."""
    coins: int
    buys: tuple[Card, ...]
    why: str


def turn_plan(game: "Game", seat: int) -> TurnPlan | None:
    """The plan for ``seat``'s turn from its pending turn question, or None where it cannot be known."""
    d = game.pending
    if d is None or d.player != seat:
        return None
    bot = StrongBot(game.setup.seed + seat)
    return _plan(game, seat, bot, d, bot.decide(game.view(seat), d))


def _quiet(view: PlayerView, cards: tuple[Card, ...]) -> bool:
    """Treasures that ask nothing and show nothing when played (autoplay's: Copper, Bank, Hoard...)."""
    return len(autoplayed(view, cards)) == len(cards)


def _plan(game: "Game", seat: int, bot: StrongBot, d: Decision, answer: Any) -> TurnPlan | None:
    """Play the turn on in a copy of the game, as the bot would, while it shows nothing hidden: no Action
    (what it draws or reveals is hidden) and only quiet Treasures; stop at any other question.
    It takes the game, not the seat's view, for one reason: to replay a copy of it (setup and answers);
    everything it reads to decide and to word is the seat's view, of the game or of the copy."""
    if d.card is not None or d.purpose not in _TURN or not isinstance(d, ChooseCards):
        return None
    first = d.normalise(answer)
    if d.purpose is Purpose.PLAY_ACTION and first:
        return None
    view = game.view(seat)
    if d.purpose is Purpose.PLAY_TREASURES and not _quiet(view, first):
        return None
    if d.purpose is Purpose.BUY and (not first or view.buys < 2):
        return None  # one card or none: the words for this question alone say it
    sim = replay(game.setup, game.answers, log=False, check=False)
    try:
        coins: int | None = None
        buys: list[Card] = []
        why = ""
        p = sim.pending
        mine = sim.view(seat)
        while p is not None and p.player == seat and p.card is None and isinstance(p, ChooseCards) \
                and p.purpose in _TURN:
            a = p.normalise(bot.decide(sim.view(seat), p))
            if p.purpose is Purpose.BUY:
                if coins is None:
                    coins = mine.coins
                if not buys:
                    why = bot.why
                if not a:
                    break
                buys.append(a[0])
            elif coins is not None or (p.purpose is Purpose.PLAY_ACTION and a) or not _quiet(mine, a):
                return None
            sim.answer(a, True, False)
            p = sim.pending
        return None if coins is None else TurnPlan(coins, tuple(buys), why)
    finally:
        sim.close()


def words(d: Decision, answer: Any, why: str) -> str:
    """The move on a short first line, then why: "Buy Gold.", "Your deck has 4 Silvers and no Gold,
    and Provinces need 8 coins." """
    move, reason = "", why
    if d.purpose is Purpose.PLAY_ACTION:
        reason = _only_action(d, answer) or reason
    if why.startswith(("Buy ", "Gain ")) or why.startswith(_NONE.get(d.purpose, "\0")):
        move, _, reason = why.partition(": ")  # a buy's reason says its move itself
    if not move:
        move = move_words(d, answer)
    reason = reason or default_reason(d, answer)
    return spoken(f"{move}.\n{reason[:1].upper()}{reason[1:]}")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def plan_words(d: Decision, answer: Any, why: str, plan: TurnPlan) -> str:
    """A turn's plan in a line (two if it would not fit a braille line), then why: "Play Treasures, 6
    coins, buy Gold." with the buy's reason; "Play no Action, then buy Silver." with the skip's reason."""
    buying = f"buy {grouped(plan.buys)}" if plan.buys else "buy nothing"
    _, _, reason = plan.why.partition(": ")
    if len(plan.buys) > 1 and reason.startswith("it "):
        reason = plan.buys[0].name + reason[2:]  # "Province is worth 6 points", not "it", before two cards
    if d.purpose is Purpose.BUY:
        return f"{_cap(buying)}.\n{_cap(reason)}"
    if d.purpose is Purpose.PLAY_ACTION:
        head, buying = "Play no Action", f"then {buying}"
        reason = f"{_cap(why or default_reason(d, answer))} You will have {plan.coins} coins."
    elif isinstance(d, ChooseCards):  # Treasures
        chosen = d.normalise(answer)
        play = "Play Treasures" if len(chosen) == len(d.options) else \
            f"Play {grouped(chosen)}" if chosen else "Play no Treasures"
        head = f"{play}, {plan.coins} coins"
        reason = " ".join(filter(None, (_cap(reason), _kept(d, chosen))))
    else:
        raise TypeError(f"no plan for {d!r}")
    line = f"{head}, {buying}."
    if len(line) > _FIRST_LINE:
        line = f"{head}.\n{_cap(buying)}."
    return f"{line}\n{_cap(reason)}"


def _only_action(d: Decision, answer: Any) -> str:
    """The reason to play the one Action card in hand: what it does, if that is short to say."""
    cards = set(d.options) if isinstance(d, ChooseCards) else set()
    chosen = d.normalise(answer) if isinstance(d, ChooseCards) else ()
    if len(cards) != 1 or not chosen:
        return ""
    card, n = chosen[0], len(d.options)  # type: ignore[attr-defined]
    text = " ".join(line if line.endswith(".") else line + "." for line in card.text)
    only = "it is your only Action card." if n == 1 else f"you have {card.counted(n)} and no other Action card."
    return only + (f" {card.name}: {text}" if len(text.split()) <= _TEXT_WORDS else "")


def move_words(d: Decision, answer: Any) -> str:
    if isinstance(d, ChooseCards):
        chosen = d.normalise(answer)
        if not chosen:
            return _NONE.get(d.purpose, "None")
        if d.purpose is Purpose.PLAY_TREASURES:
            return "Play your Treasures" if len(chosen) == len(d.options) else f"Play {grouped(chosen)}"
        if d.purpose is Purpose.TOPDECK:
            return f"Put {grouped(chosen)} on your deck"
        return f"{_VERB.get(d.purpose, 'Choose')} {grouped(chosen)}"
    if isinstance(d, YesNo):
        return "Yes" if answer else "No"
    if isinstance(d, ChooseOne):
        if d.purpose is Purpose.ORDER:
            return f"{answer} first"
        return f"Choose {answer}"
    if isinstance(d, OrderCards):
        return f"Top first: {', '.join(c.name for c in answer)}"  # as the question's prompt says it
    if isinstance(d, NameCard):
        return f"Name {answer.name}"
    return str(answer)


# Cards whose trashing gains a better card: the bot's choice there is not "the card that helps least".
_UPGRADES = {
    "Mine": "Mine turns it into a Treasure costing up to 3 coins more, in your hand.",
    "Remodel": "Remodel turns it into a card costing up to 2 coins more.",
    "Expand": "Expand turns it into a card costing up to 3 coins more.",
}
# Watchtower's three answers about a card just gained.
_WATCHTOWER = {
    "trash": "that card would only weaken your deck.",
    "deck": "you want that card in your next hand.",
    "no": "that card can wait in your discard pile.",
}
# The yes-or-no questions cards ask, by card: why the bot's yes, and why its no (its rule in words).
_YES_NO = {
    "Vault": ("you have 2 weak cards to swap for a new one: Coppers, Victory cards or Curses.",
              "you have fewer than 2 weak cards to swap: Coppers, Victory cards or Curses."),
    "Moneylender": ("the Copper gives 3 coins instead of 1, and your deck is better without it.",
                    "Gardens count every card, so keep the Copper."),
    "Tiara": ("you want that card in your next hand.", "that card can wait in your discard pile."),
    "Library": ("you have no Action left to play it.", "you have an Action left to play it."),
    "Vassal": ("playing it from Vassal uses none of your Actions.", "it would not help this turn."),
}

# Sentry's and Crystal Ball's answers about the card they look at.
_ABOUT = {
    "trash": "{} only weakens your deck.",
    "discard": "{} would weaken your next hand.",
    "keep": "you want {} in your next hand.",
    "leave": "you want {} in your next hand.",
    "play": "{} played now adds to this turn.",
}
_INVESTMENT = {
    "trash": "your different Treasures are worth a point each now.",
    "coin": "a coin does more now than a point for each different Treasure.",
}


def default_reason(d: Decision, answer: Any) -> str:
    """A plain reason where the bot's rule needs none spelt out."""
    p = d.purpose
    if p is Purpose.PLAY_TREASURES:
        return "all your coins count toward the buy."
    if p is Purpose.PLAY_ACTION:
        return "no Action here helps this turn."
    if p is Purpose.START_OF_TURN and isinstance(d, ChooseCards) and d.normalise(answer):
        return "played at the start of your turn, it uses none of your Actions."
    asker = d.card.name if d.card is not None else ""
    if asker == "Watchtower" and isinstance(d, ChooseOne):
        return _WATCHTOWER.get(answer, "it is the better choice for your deck now.")
    if isinstance(d, ChooseOne) and d.about is not None and answer in _ABOUT:
        about = d.about.name
        if answer == "trash" and about == "Copper":
            return "your deck has coins enough without this Copper."
        return _ABOUT[answer].format(about)
    if isinstance(d, ChooseOne) and asker == "Investment" and answer in _INVESTMENT:
        return _INVESTMENT[answer]
    if isinstance(d, YesNo) and asker in _YES_NO:
        return _YES_NO[asker][0 if answer else 1]
    if p is Purpose.REACT:
        return "revealing keeps the attack off you." if answer else "revealing would not help."
    if p in (Purpose.TRASH, Purpose.DISCARD):
        chosen = d.normalise(answer) if isinstance(d, ChooseCards) else ()
        if not chosen:
            return "every card here still helps your deck."
        if p is Purpose.TRASH and asker in _UPGRADES:
            return _UPGRADES[asker]
        return "these help your deck least: Curses and Victory cards first, then Coppers."
    if isinstance(d, OrderCards):
        return "the card you want most is drawn first."
    if p is Purpose.TOPDECK:
        return "the best card comes back first."
    if p is Purpose.GAIN:
        return "it is the best card on offer for your deck now."
    if p is Purpose.ORDER:
        return "that order leaves your cards where you want them."
    if isinstance(d, NameCard):
        return "it is the card the other player most wants to gain."
    return "it is the better choice for your deck now."


__all__ = ["TurnPlan", "advice", "move_only", "plan_words", "treasure_words", "turn_plan", "words"]
