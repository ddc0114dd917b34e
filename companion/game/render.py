"""Everything the game says, built in one place: events, decisions, and the one-line summaries.

Events are rendered as the listening player may know them (``event.seen_by``), so a hand is never
spoken to anyone else. Verbosity: ``brief`` says only what changed for you and what others bought;
``normal`` adds what others played and attacks; ``full`` adds draws, shuffles and discards.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Self, Sequence

from companion.cards import Card
from companion.cards.names import and_list, or_list
from companion.engine import (
    ChooseCards, ChooseOne, Decision, NameCard, OrderCards, Phase, Purpose, YesNo,
)
from companion.engine.events import (
    Bought, Discarded, Drew, Event, Gained, GameOver, LookedAt, Named, PhaseStarted, Played, PutOnDeck,
    Reacted, Revealed, SetAside, Shuffled, TookVP, Trashed, TurnStarted, Zone,
)
from companion.game.words import coins, count, grouped, in_order, possessive

if TYPE_CHECKING:
    from companion.engine import Game

TURN_DECISIONS = (Purpose.PLAY_ACTION, Purpose.PLAY_TREASURES, Purpose.BUY)
LOW_PILE = 3
BRIEF_WORDS = 15  # the most words a brief response may have


def is_turn_decision(d: Decision | None) -> bool:
    """The turn's own questions (play an Action, play Treasures, buy), answered with play, buy and end."""
    return d is not None and d.card is None and d.purpose in TURN_DECISIONS


def name_of(game: "Game", seat: int, viewer: int) -> str:
    return "You" if seat == viewer else game.players[seat].name


# ---- events ---------------------------------------------------------------------------------------
class _Clauses:
    """Clauses about one actor at a time, joined into sentences: "Bot played Smithy, bought Gold."."""

    def __init__(self) -> None:
        self.sentences: list[str] = []
        self.actor: str | None = None
        self.parts: list[str] = []

    def add(self, actor: str, clause: str) -> None:
        if actor != self.actor:
            self.flush()
            self.actor = actor
        self.parts.append(clause)

    brief = False

    def flush(self) -> None:
        if self.parts and self.actor is not None:
            parts = _collapse(self.parts)
            if self.brief and self.actor == "You":
                text = ", ".join(parts)
                self.sentences.append(f"{text[0].upper()}{text[1:]}.")
            else:
                self.sentences.append(f"{self.actor} {', '.join(parts)}.")
        self.parts = []
        self.actor = None


def _collapse(parts: list[str]) -> list[str]:
    """``trashed Copper, trashed Copper`` becomes ``trashed 2 Coppers``."""
    from companion.cards import catalogue

    cat = catalogue()
    out: list[str] = []
    runs: list[tuple[str, int]] = []
    for p in parts:
        if runs and runs[-1][0] == p:
            runs[-1] = (p, runs[-1][1] + 1)
        else:
            runs.append((p, 1))
    for p, n in runs:
        verb, _, rest = p.partition(" ")
        card = cat.by_name.get(rest)
        if n > 1 and card is not None:
            out.append(f"{verb} {card.counted(n)}")
        else:
            out.extend([p] * n)
    return out


def event_clause(game: "Game", e: Event, viewer: int, verbosity: str) -> tuple[int, str] | None:
    """(actor seat, clause) for one event as ``viewer`` knows it, or None if not said at this verbosity."""
    full = verbosity == "full"
    brief = verbosity == "brief"
    mine = getattr(e, "player", None) == viewer
    if isinstance(e, Played):
        if brief and not mine:
            return None
        by = f" with {e.by.name}" if e.by is not None and e.by != e.card else ""
        return e.player, f"played {e.card.name}{by}"
    if isinstance(e, Drew):
        if e.cards:
            return e.player, f"drew {grouped(e.cards)}"
        if full:
            return e.player, f"drew {count(e.count, 'card')}"
        return None
    if isinstance(e, Bought):
        return e.player, f"bought {e.card.name}"
    if isinstance(e, Gained):
        if e.bought:
            return None
        where = {Zone.HAND: " into hand", Zone.DECK: " onto the deck"}.get(e.to, "")
        return e.player, f"gained {e.card.name}{where}"
    if isinstance(e, Trashed):
        if brief and not mine:
            return None
        return e.player, f"trashed {e.card.name}"
    if isinstance(e, Discarded):
        if e.cards:
            if e.source is not Zone.HAND and not (mine or full):
                return None
            return e.player, f"discarded {grouped(e.cards)}"
        if brief:
            return None
        top = f", {e.top.name} on top" if e.top is not None and full else ""
        return e.player, f"discarded {count(e.count, 'card')}{top}"
    if isinstance(e, Revealed):
        if brief and not mine:
            return None
        return (e.player, f"revealed {in_order(e.cards)}") if e.cards else None
    if isinstance(e, LookedAt):
        if e.cards:
            return e.player, f"looked at {in_order(e.cards)}"
        return (e.player, "looked at some cards") if full else None
    if isinstance(e, PutOnDeck):
        if e.cards:
            return e.player, f"put {in_order(e.cards)} on the deck"
        return (e.player, f"put {count(e.count, 'card')} on the deck") if not brief else None
    if isinstance(e, SetAside):
        return e.player, f"set aside {e.card.name}"
    if isinstance(e, Shuffled):
        return (e.player, "shuffled") if (full or (mine and not brief)) else None
    if isinstance(e, Reacted):
        if e.to is not None and e.to in game.attacks:
            return e.player, f"blocked {e.to.name} with {e.card.name}"
        to = f" to {e.to.name}" if e.to is not None else ""
        return e.player, f"reacted with {e.card.name}{to}"
    if isinstance(e, Named):
        return e.player, f"named {e.card.name} for {e.for_card.name}"
    if isinstance(e, TookVP):
        return e.player, f"took {count(e.amount, 'VP token')}"
    return None


def turn_player_at(game: "Game", index: int) -> int | None:
    """Whose turn it was at position ``index`` of the log (None before the first turn)."""
    log = game.log
    for i in range(min(index, len(log)) - 1, -1, -1):
        e = log[i]
        if isinstance(e, TurnStarted):
            return e.player
    return None


def render_events(game: "Game", events: Sequence[Event], viewer: int, verbosity: str,
                  turn_player: int | None = None) -> list[str]:
    """Lines for a stretch of the log, as ``viewer`` knows it: your own doings in detail, each other
    player's turn in one line with attacks on you and piles running out first. ``turn_player`` is
    whose turn it was where the stretch begins."""
    lines: list[str] = []
    group: list[Event] = []

    def close(ended: bool = False) -> None:
        if group and turn_player is not None:  # the setup's first draws are said with the first turn
            lines.extend(_render_group(game, group, viewer, verbosity, turn_player, ended))
        group.clear()

    for e in events:
        if isinstance(e, TurnStarted):
            close(ended=True)
            turn_player = e.player
            continue
        if isinstance(e, GameOver):
            close()
            continue
        group.append(e)
    close()
    return [line for line in lines if line]


def _render_group(game: "Game", events: list[Event], viewer: int, verbosity: str,
                  turn_player: int | None, ended: bool = False) -> list[str]:
    out = _Clauses()
    out.brief = verbosity == "brief"
    urgent: list[str] = []
    attack: Card | None = None
    i = 0
    cleanup = False
    while i < len(events):
        e = events[i]
        i += 1
        if isinstance(e, PhaseStarted):
            cleanup = e.phase is Phase.CLEANUP
            continue
        if cleanup and isinstance(e, (Discarded, Drew, Shuffled)) and e.player == turn_player:
            continue  # clean-up goes without saying; the next hand is said when that turn starts
        if verbosity == "brief" and ended and isinstance(e, Bought) and e.player == viewer:
            continue  # brief: your own buy that ended your turn goes without saying
        if isinstance(e, Played) and e.by is None and game.is_treasure(e.card):
            run = [e.card]  # Treasures played one after another: one clause, counted
            while i < len(events):
                more = events[i]
                if not (isinstance(more, Played) and more.player == e.player and more.by is None
                        and game.is_treasure(more.card)):
                    break
                run.append(more.card)
                i += 1
            if verbosity == "brief":
                continue
            c: tuple[int, str] | None = (e.player, f"played {grouped(run)}")
        elif isinstance(e, Drew) and e.cards:
            drawn = list(e.cards)  # Library draws one card at a time: one clause
            while i < len(events):
                more = events[i]
                if not (isinstance(more, Drew) and more.player == e.player and more.cards):
                    break
                drawn += more.cards
                i += 1
            c = (e.player, f"drew {grouped(drawn)}")
        else:
            c = event_clause(game, e, viewer, verbosity)
        if c is None:
            continue
        actor, clause = c
        if isinstance(e, Played) and e.player == turn_player and e.card in game.attacks:
            attack = e.card
        if actor == viewer and turn_player is not None and turn_player != viewer:
            # Something that happened to you in someone else's turn (an attack): say it first.
            urgent.append(clause)
            continue
        out.add(name_of(game, actor, viewer), clause)
    out.flush()
    head: list[str] = []
    if urgent:
        by = f"{possessive(game.players[turn_player].name)} {attack.name}: you" if attack is not None \
            and turn_player is not None and verbosity != "brief" else "You"
        said = ", ".join(_collapse(urgent))
        known = ("revealed ", "drew ", "looked at ") + (("discarded ", "put ") if verbosity == "brief" else ())
        kept = [c for c in _collapse(urgent) if not c.startswith(known)]
        first = _collapse(urgent)[0]
        first = "revealed your hand" if first.startswith("revealed ") else first  # the cards are in the log
        short = ", ".join(kept or ([] if verbosity == "brief" else [first]))
        who = game.players[turn_player].name if turn_player is not None else ""
        if verbosity == "brief":  # what you chose yourself goes without saying when words are short
            head.append(Attack(f"{said[0].upper()}{said[1:]}.", f"{short[0].upper()}{short[1:]}." if short else "",
                               who, attack, short, True))
        else:
            hit = Attack(f"{by} {said}.", f"{by} {short}.", who, attack, short, False)
            hit.droppable = not kept
            head.append(hit)
    sentences = _merge_same(out.sentences)
    if turn_player is None:
        return head + sentences
    if turn_player == viewer:
        if cleanup and sentences and sentences[0].startswith("You ") and verbosity != "brief":
            sentences[0] = Said(sentences[0], f"You {_turn_summary(game, events, viewer, viewer)}.", True)
        return head + sentences
    # Another player's turn: each line can give way to one short line of what matters, when many are said.
    who = name_of(game, turn_player, viewer)
    short = _turn_summary(game, events, turn_player, viewer, cleanup or ended)
    nothing = f"{who} bought nothing." if short == "bought nothing" else ""  # an empty turn is still said
    lines: list[str] = [TurnLine(sentences[0] if sentences else nothing, f"{who} {short}." if short else "", who,
                                 _bought(events, turn_player),
                                 tuple(e.card for e in events if isinstance(e, Bought) and e.player == turn_player))]
    lines += [TurnLine(s, "", who, "") for s in sentences[1:]]
    return head + lines


def _merge_same(sentences: list[str]) -> list[str]:
    """``Bot discarded 2 cards. Bot 2 discarded 2 cards.`` becomes ``Bot and Bot 2 discarded 2 cards.``"""
    out: list[str] = []
    run: list[tuple[str, str]] = []  # (actor, rest) of consecutive sentences saying the same thing

    def close() -> None:
        if len(run) > 1:
            out.append(f"{and_list([a for a, _ in run])} {run[0][1]}")
        elif run:
            out.append(f"{run[0][0]} {run[0][1]}")
        run.clear()

    for s in sentences:
        for verb in _SHARED_CLAUSES:
            at = s.find(f" {verb} ")
            if at > 0 and s[at + 1:].count(",") == 0:
                actor, rest = s[:at], s[at + 1:]
                break
        else:
            close()
            out.append(s)
            continue
        if run and run[0][1] != rest:
            close()
        run.append((actor, rest))
    close()
    return out


_SHARED_CLAUSES = ("discarded", "gained", "put", "revealed", "drew", "trashed", "blocked", "reacted")


def _bought(events: Sequence[Event], player: int) -> str:
    """What ``player`` bought in these events, grouped ("Gold", "2 Silvers"); "" for nothing."""
    cards = [e.card for e in events if isinstance(e, Bought) and e.player == player]
    return grouped(cards) if cards else ""


def _turn_summary(game: "Game", events: Sequence[Event], player: int, viewer: int, over: bool = True) -> str:
    """Only what matters of another player's turn: the attacks played, VP tokens, gains and buys
    ("bought nothing" only once the turn is ``over``)."""
    parts: list[str] = []
    attacks = [e.card for e in events if isinstance(e, Played) and e.player == player and e.card in game.attacks]
    if attacks:
        parts.append(f"played {grouped(attacks)}")
    tokens = sum(e.amount for e in events if isinstance(e, TookVP) and e.player == player)
    if tokens:
        parts.append(f"took {count(tokens, 'VP token')}")
    gained = [e.card for e in events if isinstance(e, Gained) and e.player == player and not e.bought]
    if gained:
        parts.append(f"gained {grouped(gained)}")
    bought = _bought(events, player)
    if bought or over:
        parts.append(f"bought {bought}" if bought else "bought nothing")
    return ", ".join(parts)


class Said(str):
    """A line that can give way to a shorter one (``short``) when a response would be too long."""

    short: str
    droppable = False  # can go unsaid as a last resort: your own buy, an attack that only saw your hand

    def __new__(cls, text: str, short: str, droppable: bool = False) -> Self:
        line = super().__new__(cls, text)
        line.short = short
        line.droppable = droppable
        return line


class TurnLine(Said):
    """A line about another player's turn: ``short`` is its one short line ("" when it can go unsaid),
    ``who`` the player and ``bought`` what they bought, for the shortest form of many turns."""

    who: str
    bought: str
    cards: tuple[Card, ...]

    def __new__(cls, text: str, short: str, who: str = "", bought: str = "",
                cards: tuple[Card, ...] = ()) -> Self:
        line = super().__new__(cls, text, short)
        line.who = who
        line.bought = bought
        line.cards = cards
        return line


class Attack(Said):
    """What happened to you in another player's turn: ``who`` played ``card`` (None if not an Attack)
    and you ``what`` (the short clauses), so several alike can be said in one line."""

    who: str
    card: Card | None
    what: str
    brief: bool

    def __new__(cls, text: str, short: str, who: str, card: Card | None, what: str, brief: bool) -> Self:
        line = super().__new__(cls, text, short)
        line.who, line.card, line.what, line.brief = who, card, what, brief
        return line


def _merge_attacks(lines: list[str]) -> list[str]:
    """Several attacks in a row that did the same to you: one line, with how many times."""
    out: list[str] = []
    run: list[Attack] = []

    def close() -> None:
        if len(run) > 1:
            what, n = run[0].what, len(run)
            cards = {a.card for a in run}
            what = _times(what, n)
            if run[0].brief:
                text = f"{what[0].upper()}{what[1:]}."
            else:
                card = next(iter(cards))
                by = card.plural if len(cards) == 1 and card is not None else "Attacks"
                text = f"{by} from {and_list([a.who for a in run])}: you {what}."
            out.append(Said(text, text))
        else:
            out.extend(run)
        run.clear()
        out.extend(between)  # other players' turns in between are said after, as when turns are summed up
        between.clear()

    between: list[str] = []
    for line in lines:
        if isinstance(line, Attack) and line.what:
            if run and run[0].what != line.what:
                close()
            run.append(line)
            continue
        if run and isinstance(line, TurnLine):
            between.append(line)
            continue
        close()
        out.append(line)
    close()
    return out


def _times(what: str, n: int) -> str:
    """``gained Curse`` done 3 times is ``gained 3 Curses``; anything else gets ``, 3 times``."""
    from companion.cards import catalogue

    verb, _, rest = what.partition(" ")
    card = catalogue().by_name.get(rest)
    return f"{verb} {card.counted(n)}" if card is not None else f"{what}, {n} times"


LIMITS = {"brief": (BRIEF_WORDS, 5), "normal": (40, 5)}  # words and lines a response may have


def _fits(lines: Sequence[str], verbosity: str) -> bool:
    limit = LIMITS.get(verbosity)
    if limit is None:
        return True
    text = fit_first_line("\n".join(lines))
    return len(text.split()) <= limit[0] and text.count("\n") + 1 <= limit[1]


def fit_response(lines: Sequence[str], verbosity: str) -> list[str]:
    """Keep a response within the words and lines of its verbosity by saying other players' turns more
    briefly, step by step: each turn in one short line (attacks, VP tokens, buys); then those in one
    line; then only what each bought; then the latest turns, with how many more ``log`` has. What
    happened to you, piles running out and what you must do now are always said, first and whole."""
    lines = [line for line in lines if line]
    if _fits(lines, verbosity) or not any(isinstance(line, Said) for line in lines):
        return list(lines)
    # 1. what happened to you, in short; each other turn in one short line
    short: list[str] = []
    for line in _merge_attacks(lines):
        if isinstance(line, TurnLine):
            if line.short:
                short.append(TurnLine(line.short, line.short, line.who, line.bought, line.cards))
        elif isinstance(line, Attack):
            if line.short:
                hit = Attack(line.short, line.short, line.who, line.card, line.what, line.brief)
                hit.droppable = line.droppable
                short.append(hit)
        elif isinstance(line, Said):
            if line.short:
                short.append(Said(line.short, line.short, line.droppable))
        else:
            short.append(line)
    if _fits(short, verbosity):
        return short
    turns = [line for line in short if isinstance(line, TurnLine)]
    if not turns:
        joined = _join_said(short)
        if _fits(joined, verbosity):
            return joined
        return _join_said([line for line in short if not (isinstance(line, Said) and line.droppable)])
    rest = [line for line in short if not isinstance(line, TurnLine)]
    # other turns go after what happened to you, however late in the round it happened
    at = max([short.index(turns[0])] + [i + 1 for i, line in enumerate(rest) if isinstance(line, Said)])

    def with_turns(said: str) -> list[str]:
        return rest[:at] + ([said] if said else []) + rest[at:]

    # 2. the short lines in one line
    joined = with_turns(" ".join(turns))
    if _fits(joined, verbosity):
        return joined
    # 3. only what each bought; or what all bought, without names; then fewer turns, the latest kept,
    # with a count of the rest
    bought = [t for t in turns if t.bought]
    everyone = [c for t in turns for c in t.cards]
    if everyone:
        said = f"Bought: {', '.join(f'{t.who} {t.bought}' for t in bought)}."
        if _fits(with_turns(said), verbosity):
            return with_turns(said)
        said = f"Others bought {grouped(everyone)}."
        if _fits(with_turns(said), verbosity):
            return with_turns(said)
    for drop in range(len(turns) + 1):
        kept = bought[drop:] if drop <= len(bought) else []
        left = len(turns) - len(kept) if drop else 0
        parts = [f"{t.who} {t.bought}" for t in kept]
        said = f"Bought: {', '.join(parts)}." if parts else ""
        if not drop and not parts:
            continue  # nothing bought: only a count of the turns, below
        if left:
            more = f"{count(left, 'more turn')} in the log." if parts else \
                f"{count(left, 'other turn')}: type log."
            said = f"{said} {more}".strip()
        candidate = with_turns(said)
        if _fits(candidate, verbosity):
            return candidate
    fewest = with_turns("")  # 4. none: log has them all
    if _fits(fewest, verbosity):
        return fewest
    joined = _join_said(fewest)  # 5. what happened to you in one line
    if _fits(joined, verbosity):
        return joined
    return _join_said([line for line in fewest if not (isinstance(line, Said) and line.droppable)])  # 6.


def _join_said(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        if out and isinstance(line, Said) and isinstance(out[-1], Said) and not isinstance(line, TurnLine):
            out[-1] = Said(f"{out[-1]} {line}", f"{out[-1]} {line}")
        else:
            out.append(line)
    return out


def pile_news(game: "Game", before: dict[Card, int], brief: bool = False) -> list[str]:
    """Piles that ran out or ran low since ``before`` (a copy of the Supply counts)."""
    news: list[str] = []
    emptied = [c for c, n in game.supply.items() if n == 0 and before.get(c, 0) > 0]
    if emptied:  # several piles emptied at once are said together, with one count of what is left
        left = game.empty_to_end - game.empty_piles()
        ending = any(c in (game.province, game.colony) for c in emptied) or left <= 0
        names = and_list([c.name for c in emptied])
        if brief:  # the count of piles left can give way when words are short: supply low says it
            said = f"{names} pile{'s' if len(emptied) > 1 else ''} empty"
            news.append(Said(f"{said}; 1 more ends the game." if left == 1 and not ending else f"{said}.",
                             f"{said}."))
        else:
            said = f"The {names} pile is empty" if len(emptied) == 1 else f"The {names} piles are empty"
            verb = "ends" if left == 1 else "end"
            news.append(said + ("." if ending else f"; {count(left, 'more empty pile')} {verb} the game."))
    for c in (game.province, game.colony):
        if c is None:
            continue
        n = game.supply[c]
        if 0 < n <= 4 and before.get(c, 0) != n:
            news.append(f"{c.plural}: {n}." if brief else f"{c.counted(n)} left.")
    return [line if isinstance(line, Said) else Said(line, line) for line in news]  # said first and whole; may share a line when many


# ---- decisions ----------------------------------------------------------------------------------
def distinct(options: Sequence[Card], purpose: Purpose | None = None) -> list[Card]:
    """The choices as numbered: each different card once, in the order offered (cards to gain: dearest first)."""
    cards = list(dict.fromkeys(options))
    if purpose is Purpose.GAIN:
        cards.sort(key=lambda c: (-c.cost, c.name))
    return cards


def numbered_cards(options: Sequence[Card], purpose: Purpose | None = None, counted: bool = True) -> str:
    counts = Counter(options)
    parts = []
    for i, c in enumerate(distinct(options, purpose), 1):
        n = counts[c]
        parts.append(f"{i} {c.name}" + (f" ({n})" if n > 1 and counted else ""))
    return ", ".join(parts)


def amount(d: ChooseCards, brief: bool = False) -> str:
    if d.min == d.max:
        return f"exactly {d.min}" if d.min != 1 and not brief else str(d.min)
    if d.min == 0 and d.max == 1:
        return "1 or none"
    if d.min == 0:
        return f"up to {d.max}"
    return f"{d.min} to {d.max}"


_VERBS = {
    Purpose.START_OF_TURN: "play",
    Purpose.PLAY: "play",
    Purpose.GAIN: "gain",
    Purpose.TRASH: "trash",
    Purpose.DISCARD: "discard",
    Purpose.TOPDECK: "put on your deck",
    Purpose.SET_ASIDE: "set aside",
    Purpose.REVEAL: "reveal",
    Purpose.REACT: "reveal",
    Purpose.CHOOSE: "choose",
    Purpose.ORDER: "order",
    Purpose.NAME: "name",
    Purpose.PLAY_ACTION: "play",
    Purpose.PLAY_TREASURES: "play",
    Purpose.BUY: "buy",
}


def question(game: "Game", d: Decision, verbosity: str) -> str:
    """A card's question in one short line with numbered choices."""
    head = f"{d.card.name}: " if d.card is not None else ""
    if d.purpose is Purpose.START_OF_TURN:
        head = "Start of turn: "
    if isinstance(d, ChooseCards):
        verb = _VERBS.get(d.purpose, d.purpose.value)
        if verbosity == "brief" and d.purpose is Purpose.TOPDECK:
            verb = "put on deck"
        counted = verbosity != "brief" or d.max > 1  # brief: how many copies matters only when several are chosen
        text = f"{head}{verb} {amount(d, verbosity == 'brief')}. {numbered_cards(d.options, d.purpose, counted)}."
        if d.min == 0 and d.max > 1 and verbosity != "brief":
            text += " Or none."
        return text
    if isinstance(d, ChooseOne):
        choices = ", ".join(f"{i} {o}" for i, o in enumerate(d.options, 1))
        if d.purpose is Purpose.ORDER and d.about is not None:  # the order of "when you gain" effects
            return f"{d.about.name} gained: which first? {choices}."
        about = f" for {d.about.name}" if d.about is not None else ""
        return f"{head}choose{about}. {choices}."
    if isinstance(d, YesNo):
        about = f" {d.about.name}" if d.about is not None else ""
        verb = _VERBS.get(d.purpose, d.purpose.value)
        return f"{head}{verb}{about}? Yes or no."
    if isinstance(d, OrderCards):
        return f"{head}order, top card first. {numbered_cards(d.cards)}."
    if isinstance(d, NameCard):
        whose = game.players[d.for_player].name
        return f"{head}name a card for {whose}. Type its name."
    return str(d)


def hand_over(name: str, what: str, verbosity: str) -> str:
    """The keyboard goes to another person: whose turn (or answer) it is, and to press Enter."""
    if verbosity == "brief":
        return f"{name}'s {what}. Press Enter."
    return f"{name}'s {what}. Press Enter when {name} has the keyboard."


def prompt_for(game: "Game", d: Decision | None) -> str:
    """The prompt: short, and saying how many may or must be chosen."""
    if d is None:
        return "game over> "
    if is_turn_decision(d):
        t = game.turn
        if d.purpose is Purpose.PLAY_ACTION:
            return f"action, {count(t.actions, 'action')}> "
        if d.purpose is Purpose.PLAY_TREASURES:
            return "buy phase> " if not t.coins else f"buy phase, {coins(t.coins)}> "
        return f"buy, {coins(t.coins)}, {count(t.buys, 'buy')}> "
    if isinstance(d, ChooseCards):
        return f"{_VERBS.get(d.purpose, 'choose')} {amount(d)}> "
    if isinstance(d, YesNo):
        return "yes or no> "
    if isinstance(d, ChooseOne):
        return f"choose 1 to {len(d.options)}> "
    if isinstance(d, OrderCards):
        return "order, top first> "
    return "name a card> "


# ---- summaries ------------------------------------------------------------------------------------
def status_line(game: "Game", viewer: int) -> str:
    t = game.turn
    whose = name_of(game, game.current, viewer)
    turn_no = game.players[game.current].turns
    if game.over:
        return "The game is over. Type score, or log."
    phase = {Phase.ACTION: "Action phase", Phase.BUY: "Buy phase", Phase.START: "start of turn",
             Phase.CLEANUP: "Clean-up"}.get(game.phase, str(game.phase))
    line = (f"{possessive(whose)} turn {turn_no}, {phase}: {count(t.actions, 'action')}, "
            f"{count(t.buys, 'buy')}, {coins(t.coins)}")
    if viewer == game.current and not t.bought:
        more = sum(game.fx[c.name].coin for c in game.players[viewer].hand if game.is_treasure(c))
        if more:
            line += f", {more} more in Treasures"
    return line + "."


def hand_line(game: "Game", viewer: int) -> str:
    hand = game.players[viewer].hand
    if not hand:
        return "Your hand is empty."
    return f"Hand, {count(len(hand), 'card')}: {grouped(hand)}."


def turn_start(game: "Game", viewer: int, verbosity: str, people: int) -> str:
    turn_no = game.players[viewer].turns
    who = "Your" if people == 1 else possessive(game.players[viewer].name)
    hand = game.players[viewer].hand
    if verbosity == "brief":
        return f"Turn {turn_no}: {grouped(hand)}."
    lines = f"{who} turn {turn_no}. {grouped(hand)}."
    if verbosity == "full":
        ps = game.players[viewer]
        lines += f" Deck {len(ps.deck)}, discard {len(ps.discard)}."
    return lines


def score_line(game: "Game", viewer: int) -> str:
    from companion.engine.scoring import victory_points

    parts = [f"{name_of(game, p, viewer)} {victory_points(game, p)} VP" for p in range(game.n)]
    return f"Score: {and_list(parts)}."


def end_message(game: "Game", viewer: int, verbosity: str = "normal") -> str:
    r = game.result
    assert r is not None
    scores = sorted(r.scores, key=lambda s: -s.vp)
    if verbosity == "brief":
        names = and_list([name_of(game, w, viewer) for w in r.winners])
        verb = "win" if names == "You" or len(r.winners) > 1 else "wins"
        if len(scores) <= 3:
            return f"Game over: {names} {verb}, {' to '.join(str(s.vp) for s in scores)} VP."
        mine = next((s.vp for s in scores if s.player == viewer), None)  # many players: the top and yours
        yours = f" You {mine}." if mine is not None and viewer not in r.winners else ""
        return f"Game over: {names} {verb}, {scores[0].vp} VP.{yours}"
    said = and_list([f"{name_of(game, s.player, viewer)} {s.vp}" for s in scores])
    winners = [name_of(game, w, viewer) for w in r.winners]
    if len(winners) > 1:
        won = f"{and_list(winners)} share the win."
    elif winners[0] == "You":
        won = "You win."
    else:
        won = f"{winners[0]} wins."
    text = f"Game over. {won} {r.reason.value[0].upper() + r.reason.value[1:]}. VP: {said}."
    return Said(f"{text} Type log to review it.", text)


def supply_lines(game: "Game", low_first: bool = False) -> list[str]:
    """Piles grouped by cost (cheapest first), or low piles first."""
    supply = game.supply
    if low_first:
        order = sorted(supply, key=lambda c: (supply[c], game.cost(c), c.name))
        low = [c for c in order if supply[c] <= 5]
        head = f"Low piles: {and_list([f'{c.name} {supply[c]}' for c in low])}." if low else "No pile has 5 or fewer."
        return [head, f"{count(game.empty_piles(), 'pile')} empty; {game.empty_to_end} end the game."]
    by_cost: dict[int, list[Card]] = {}
    for c in supply:
        by_cost.setdefault(game.cost(c), []).append(c)
    lines = []
    for cost in sorted(by_cost):
        items = [f"{c.name} {supply[c]}" for c in sorted(by_cost[cost], key=lambda c: c.name)]
        lines.append(f"{coins(cost).capitalize()}: {', '.join(items)}.")
    return lines


def options_line(game: "Game", viewer: int, d: Decision | None, verbosity: str = "normal") -> str:
    """What you can do now and what it costs (at brief, the dearest cards that fit in 15 words)."""
    if d is None:
        return "The game is over. Type score, log or new."
    if not is_turn_decision(d):
        return question(game, d, "normal")
    t = game.turn
    hand = game.players[viewer].hand
    if d.purpose is Purpose.PLAY_ACTION:
        acts = distinct([c for c in d.options])  # type: ignore[attr-defined]
        return (f"Play {or_list([c.name for c in acts])}; {count(t.actions, 'action')} left. "
                f"Or buy a card, or end.")
    if d.purpose is Purpose.PLAY_TREASURES:
        plain = [c for c in hand if game.is_treasure(c) and game.fx[c.name].play is None]
        others = [c for c in hand if game.is_treasure(c) and game.fx[c.name].play is not None]
        total = t.coins + sum(game.fx[c.name].coin for c in plain)
        can = sorted({c for c in game.supply if game.supply[c] and game.cost(c) <= total and not c.is_curse},
                     key=lambda c: (-game.cost(c), c.name))[:6]
        extra = f" Also {grouped(others)}." if others else ""
        while True:
            line = (f"{coins(total).capitalize()} with your Treasures.{extra} "
                    f"Buy {or_list([c.name for c in can])}, or end.")
            if verbosity != "brief" or len(can) <= 1 or len(line.split()) <= BRIEF_WORDS:
                return line
            can = can[:-1]
    buyable = sorted(game.buyable(), key=lambda c: (-game.cost(c), c.name))
    if not buyable:
        return f"Nothing costs {coins(t.coins)} or less. Type end."
    groups: dict[int, list[str]] = {}
    for c in buyable:
        groups.setdefault(game.cost(c), []).append(c.name)
    said = "; ".join(f"{k}: {', '.join(v)}" for k, v in groups.items())
    return f"Buy with {coins(t.coins)}, {count(t.buys, 'buy')}. {said}. Or end."


def fit_first_line(text: str, width: int = 40) -> str:
    """Break an over-long first line at a clause boundary, so a 40-cell braille display shows it whole."""
    first, nl, rest = text.partition("\n")
    if len(first) <= width:
        return text
    cut = -1
    for sep in (". ", ": ", "; ", ", "):
        at = first.rfind(sep, 0, width)
        if at > 0:
            cut = max(cut, at + 1) if sep != ", " or cut < 0 else cut
    if cut <= 0:  # no clause boundary: the last space that does not split a number from its noun
        spaces = [i for i, ch in enumerate(first[: width + 1]) if ch == " " and i > 0]
        good = [i for i in spaces if not first[:i].split()[-1].isdigit()]
        if not good:
            return text
        cut = good[-1]
    head, tail = first[:cut].rstrip(), first[cut:].strip()
    return head + "\n" + tail + (nl + rest if nl else "")


def log_lines(g: "Game", viewer: int, verbosity: str) -> list[str]:
    """The whole log as ``viewer`` may know it: one line per turn, oldest first."""
    events = g.view(viewer).log(0)
    lines: list[str] = []
    chunk: list[Event] = []
    starts: list[TurnStarted] = []  # the TurnStarted that opens the chunk

    def close() -> None:
        if chunk:
            start = starts[-1]
            said = render_events(g, chunk, viewer, verbosity)
            who = name_of(g, start.player, viewer)
            if said and said[0].startswith(who + " "):
                said[0] = said[0][len(who) + 1:]
            body = " ".join(said) if said else "nothing played or bought."
            lines.append(f"{possessive(who)} turn {start.turn}: {body}")

    for e in events:
        if isinstance(e, TurnStarted):
            close()
            chunk = [e]
            starts.append(e)
        elif chunk:
            chunk.append(e)
    close()
    if g.over:
        lines.append(end_message(g, viewer))
    return lines
