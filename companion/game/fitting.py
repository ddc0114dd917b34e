"""Fitting a response to its limits: lines that can give way to shorter ones, and the steps that shorten a
response (other players' turns first) until it fits its verbosity's words and lines and its first line
fits a 40-cell braille display.
"""

from __future__ import annotations

import re
from typing import Iterator, Self, Sequence

from companion.cards import Card
from companion.cards.names import and_list
from companion.game.words import count, grouped

BRIEF_WORDS = 15  # the most words a brief response may have


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


class Hint(Said):
    """The hint said with your hand when hints are on: ``short`` is its move without the reason. The first
    thing to shorten, then to go: your buy, other players' buys and attacks and the piles come first.
    ``last`` is its shortest form ("Hint: type hint."), and ``kept`` whether that is said even when the
    news leaves no room (a lesson of the first game is; a hint is not)."""

    last: str
    kept: bool

    def __new__(cls, text: str, short: str, last: str = "Hint: type hint.", kept: bool = False) -> Self:
        line = super().__new__(cls, text, short)
        line.last, line.kept = last, kept
        return line


def fit_response(lines: Sequence[str], verbosity: str) -> list[str]:
    """Keep a response within the words and lines of its verbosity by saying other players' turns more
    briefly, step by step: each turn in one short line (attacks, VP tokens, buys); then those in one
    line; then only what each bought; then the latest turns, with how many more ``log`` has. What
    happened to you, piles running out and what you must do now are always said, first and whole.
    A hint gives way before any of that: first its reason, then the hint itself ("Hint: type hint.")."""
    lines = [line for line in lines if line]
    hints = [line for line in lines if isinstance(line, Hint)]
    if not hints or _fits(lines, verbosity):
        return _fit_news(lines, verbosity)
    hint = hints[0]
    at = lines.index(hint)
    after = lines[at - 1] if at else None  # the hint is said just after this line (your hand)
    rest = [line for line in lines if not isinstance(line, Hint)]
    for said in dict.fromkeys(s for s in (str(hint), hint.short, hint.last) if s):
        for candidate, whole in _steps(rest, verbosity):
            if not whole:
                break
            with_hint = _place(candidate, after, said)
            if _fits(with_hint, verbosity):
                return with_hint
    if not (hint.kept and hint.last):
        return _fit_news(rest, verbosity)
    for candidate, _ in _steps(rest, verbosity):  # a lesson is kept whole: the news is shortened around it
        placed = _place(candidate, after, hint.last)
        if _fits(placed, verbosity):
            return placed
    return _place(_fit_news(rest, verbosity), after, hint.last)  # nothing fits: the news as it fits alone


def _place(lines: list[str], after: str | None, hint: str) -> list[str]:
    """``hint`` put just after the line ``after`` (or first), as it was said before fitting."""
    if after is None:
        return [hint, *lines]
    for i in range(len(lines) - 1, -1, -1):
        if lines[i] == after or lines[i].endswith(after):
            return [*lines[: i + 1], hint, *lines[i + 1:]]
    return [*lines, hint]


def _fit_news(lines: list[str], verbosity: str) -> list[str]:
    """The first of the fitting steps that fits, or the last step whatever its length."""
    last: list[str] = list(lines)
    for candidate, _ in _steps(lines, verbosity):
        last = candidate
        if _fits(candidate, verbosity):
            return candidate
    return last


def _steps(lines: list[str], verbosity: str) -> Iterator[tuple[list[str], bool]]:
    """Each way of saying ``lines``, longest first, with whether it still says every line's news: your
    buy, what others bought and played against you, the piles. The last is said even if too long."""
    yield list(lines), True
    if not any(isinstance(line, Said) for line in lines):
        return
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
    whole = all(line.short for line in lines if isinstance(line, Said))  # nothing went unsaid
    yield short, whole
    turns = [line for line in short if isinstance(line, TurnLine)]
    if not turns:
        yield _join_said(short), whole
        yield _join_said([line for line in short if not (isinstance(line, Said) and line.droppable)]), False
        return
    rest = [line for line in short if not isinstance(line, TurnLine)]
    # other turns go after what happened to you, however late in the round it happened
    at = max([short.index(turns[0])] + [i + 1 for i, line in enumerate(rest) if isinstance(line, Said)])

    def with_turns(said: str) -> list[str]:
        return rest[:at] + ([said] if said else []) + rest[at:]

    # 2. the short lines in one line
    yield with_turns(" ".join(turns)), whole
    # 3. only what each bought; or what all bought, without names; then fewer turns, the latest kept,
    # with a count of the rest
    bought = [t for t in turns if t.bought]
    everyone = [c for t in turns for c in t.cards]
    if everyone:
        yield with_turns(f"Bought: {', '.join(f'{t.who} {t.bought}' for t in bought)}."), False
        yield with_turns(f"Others bought {grouped(everyone)}."), False
    # Turns that bought Victory cards are cut last, then the latest; whatever is cut is counted.
    order = sorted(range(len(bought)), key=lambda i: (_bought_victory(bought[i]), i))
    for drop in range(len(bought) + 1):
        gone = set(order[:drop])
        kept = [b for i, b in enumerate(bought) if i not in gone]
        left = len(turns) - len(kept)
        parts = [f"{t.who} {t.bought}" for t in kept]
        said = f"Bought: {', '.join(parts)}." if parts else ""
        if not drop and not parts:
            continue  # nothing bought: only a count of the turns, below
        if left and drop:
            more = f"{count(left, 'more turn')} in the log." if parts else \
                f"{count(left, 'other turn')}: type log."
            said = f"{said} {more}".strip()
        yield with_turns(said), False
    # 4. only a count of the other turns, with what happened to you and the piles; then those in fewer
    # lines; then without what can go unsaid. Attacks on you and piles are never cut; the count is cut
    # only when nothing with it fits at all.
    n = len(turns)
    hint = f"Log: {count(n, 'turn')}." if verbosity == "brief" else f"{count(n, 'other turn')}: type log."
    essential: list[str] = _join_said([line for line in with_turns(hint)
                                       if not (isinstance(line, Said) and line.droppable)])
    yield with_turns(hint), False
    yield _join_said(with_turns(hint)), False
    yield essential, False
    bare = _join_said([line for line in with_turns("") if not (isinstance(line, Said) and line.droppable)])
    if _fits(bare, verbosity):
        yield bare, False
    yield essential, False


def _bought_victory(turn: "TurnLine") -> bool:
    """Whether another player's turn bought a Victory card (a Province, a Duchy...): said longest."""
    return any(c.is_victory for c in turn.cards)


def _join_said(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        if out and isinstance(line, Said) and isinstance(out[-1], Said) and not isinstance(line, TurnLine):
            out[-1] = Said(f"{out[-1]} {line}", f"{out[-1]} {line}")
        else:
            out.append(line)
    return out


_SENTENCE_END = re.compile(r"[.?!] (?=\S)")


def fit_first_line(text: str, width: int = 40) -> str:
    """Break an over-long first line between sentences, so a 40-cell braille display shows its first
    sentence whole where it fits. A sentence is never broken inside: a screen reader says each line as
    its own utterance, and "You played 2 Coppers, / 2 Golds and Silver, bought Province." is heard as two.
    A first sentence longer than the display stays whole, on its own line."""
    first, nl, rest = text.partition("\n")
    if len(first) <= width:
        return text
    ends = [m.end() - 1 for m in _SENTENCE_END.finditer(first)]  # the space after each sentence
    if not ends:
        return text
    within = [at for at in ends if at <= width]
    cut = within[-1] if within else ends[0]
    head, tail = first[:cut].rstrip(), first[cut:].strip()
    return head + "\n" + tail + (nl + rest if nl else "")
