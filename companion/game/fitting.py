"""Fitting a response to its limits: lines that can give way to shorter ones, and the steps that shorten a
response (other players' turns first) until it fits its verbosity's words and lines and its first line
fits a 40-cell braille display.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import ClassVar, Iterator, Sequence

from companion.cards import Card
from companion.cards.names import and_list
from companion.game.words import count, grouped

BRIEF_WORDS = 15  # the most words a brief response may have


@dataclass(frozen=True, slots=True)
class Said:
    """A line of a response, as a value: its ``text``, the shorter form it can give way to (``short``) when
    a response would be too long, and whether it can go unsaid as a last resort (``droppable``: your own
    buy, an attack that only saw your hand). Its kind is its class: plain news (this one), another
    player's turn (``TurnLine``), what happened to you in another's turn (``Attack``), a hint or a lesson
    (``Hint``). Nothing here is a ``str``, so no f-string or join can lose what a line knows: a response
    becomes text only when it is fitted (``fit_response``), at the edge."""

    text: str
    short: str
    droppable: bool = field(default=False, kw_only=True)
    kind: ClassVar[str] = "news"

    def __str__(self) -> str:
        return self.text


Spoken = Said | str  # a line of a response: a value that can give way, or plain words said as they are


@dataclass(frozen=True, slots=True)
class TurnLine(Said):
    """A line about another player's turn: ``short`` is its one short line ("" when it can go unsaid),
    ``who`` the player and ``bought`` what they bought (``cards``), for the shortest form of many turns."""

    who: str = ""
    bought: str = ""
    cards: tuple[Card, ...] = ()
    kind: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class Attack(Said):
    """What happened to you in another player's turn: ``who`` played ``card`` (None if not an Attack)
    and you ``what`` (the short clauses), so several alike can be said in one line."""

    who: str
    card: Card | None
    what: str
    brief: bool
    kind: ClassVar[str] = "attack"


def _merge_attacks(lines: Sequence[Spoken]) -> list[Spoken]:
    """Several attacks in a row that did the same to you: one line, with how many times."""
    out: list[Spoken] = []
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
                text = f"{by} from {and_list([a.who for a in run])}, you {what}."
            out.append(Said(text, text))
        else:
            out.extend(run)
        run.clear()
        out.extend(between)  # other players' turns in between are said after, as when turns are summed up
        between.clear()

    between: list[Spoken] = []
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
FIRST_SENTENCE_WORDS = 12  # "Bot played Laboratory, drew 2 cards, played 4 Coppers and Silver, bought Gold." is 13


def _fits(lines: Sequence[Spoken], verbosity: str) -> bool:
    limit = LIMITS.get(verbosity)
    text = fit_first_line("\n".join(map(str, lines)))
    first = re.split(r"[.?!:;\n]", text.strip(), maxsplit=1)[0]
    if len(first.split()) > FIRST_SENTENCE_WORDS:  # at every verbosity, full too
        return False
    if limit is None:
        return True
    return len(text.split()) <= limit[0] and text.count("\n") + 1 <= limit[1]


@dataclass(frozen=True, slots=True)
class Hint(Said):
    """The hint said with your hand when hints are on: ``short`` is its move without the reason. The first
    thing to shorten, then to go: your buy, other players' buys and attacks and the piles come first.
    ``last`` is its shortest form ("Hint, type hint."), and ``kept`` whether that is said even when the
    news leaves no room (a lesson of the first game is; a hint is not)."""

    last: str = "Hint, type hint."
    kept: bool = False
    kind: ClassVar[str] = "hint"


def fit_response(lines: Sequence[Spoken], verbosity: str) -> list[str]:
    """Keep a response within the words and lines of its verbosity by saying other players' turns more
    briefly, step by step: each turn in one short line (attacks, VP tokens, buys); then those in one
    line; then only what each bought; then the latest turns, with how many more ``log`` has. What
    happened to you, piles running out and what you must do now are always said, first and whole.
    A hint gives way before any of that: first its reason, then the hint itself ("Hint, type hint.").
    The lines become text here, and only here."""
    return [str(line) for line in _fit(lines, verbosity)]


def _fit(lines: Sequence[Spoken], verbosity: str) -> list[Spoken]:
    lines = [line for line in lines if str(line)]
    hints = [line for line in lines if isinstance(line, Hint)]
    if not hints or _fits(lines, verbosity):
        return _fit_news(lines, verbosity)
    advice = [line for line in hints if not line.kept]
    if advice and len(advice) < len(hints):  # a lesson of the first game, and the turn's hint with hints on
        return _with_advice(lines, advice[0], verbosity)
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


def _with_advice(lines: list[Spoken], advice: Hint, verbosity: str) -> list[Spoken]:
    """A lesson (kept) and the turn's hint (``advice``) both: the news and the lesson are fitted first, then
    the hint goes in, in the longest of its forms that still fits, or not at all."""
    at = lines.index(advice)
    after = lines[at - 1] if at else None
    fitted = _fit([line for line in lines if line is not advice], verbosity)
    for said in dict.fromkeys(s for s in (str(advice), advice.short, advice.last) if s):
        placed = _place(fitted, after, said)
        if _fits(placed, verbosity):
            return placed
    return fitted


def _place(lines: list[Spoken], after: Spoken | None, hint: str) -> list[Spoken]:
    """``hint`` put just after the line ``after`` (or first), as it was said before fitting."""
    if after is None:
        return [hint, *lines]
    for i in range(len(lines) - 1, -1, -1):
        if str(lines[i]).endswith(str(after)):
            return [*lines[: i + 1], hint, *lines[i + 1:]]
    return [*lines, hint]


def _fit_news(lines: list[Spoken], verbosity: str) -> list[Spoken]:
    """The first of the fitting steps that fits, or the last step whatever its length."""
    last: list[Spoken] = list(lines)
    for candidate, _ in _steps(lines, verbosity):
        last = candidate
        if _fits(candidate, verbosity):
            return candidate
    return last


def _steps(lines: list[Spoken], verbosity: str) -> Iterator[tuple[list[Spoken], bool]]:
    """Each way of saying ``lines``, longest first, with whether it still says every line's news: your
    buy, what others bought and played against you, the piles. The last is said even if too long."""
    yield list(lines), True
    if not any(isinstance(line, Said) for line in lines):
        return
    # 1. what happened to you, in short; each other turn in one short line
    short: list[Spoken] = []
    for line in _merge_attacks(lines):
        if isinstance(line, Said):
            if line.short:
                short.append(replace(line, text=line.short))
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

    def with_turns(said: str) -> list[Spoken]:
        return rest[:at] + ([said] if said else []) + rest[at:]

    # 2. the short lines in one line; then also the news of your own turn and the piles joined in fewer
    # lines (two piles, your buy and an attack on you took the room of another player's buy)
    together = with_turns(" ".join(t.text for t in turns))
    yield together, whole
    yield _join_said(together), whole
    # 3. only what each bought; or what all bought, without names; then fewer turns, the latest kept,
    # with a count of the rest
    bought = [t for t in turns if t.bought]
    everyone = [c for t in turns for c in t.cards]
    if everyone:
        each = with_turns(f"Bought, {', '.join(f'{t.who} {t.bought}' for t in bought)}.")
        yield each, False
        yield _join_said(each), False
        yield with_turns(f"Others bought {grouped(everyone)}."), False
    # Turns that bought Victory cards are cut last, then the latest; whatever is cut is counted.
    order = sorted(range(len(bought)), key=lambda i: (_bought_victory(bought[i]), i))
    for drop in range(len(bought) + 1):
        gone = set(order[:drop])
        kept = [b for i, b in enumerate(bought) if i not in gone]
        left = len(turns) - len(kept)
        parts = [f"{t.who} {t.bought}" for t in kept]
        said = f"Bought, {', '.join(parts)}." if parts else ""
        if not drop and not parts:
            continue  # nothing bought: only a count of the turns, below
        if left and drop:
            more = f"{count(left, 'more turn')} in the log." if parts else \
                f"{count(left, 'other turn')}, type log."
            said = f"{said} {more}".strip()
        yield with_turns(said), False
    # 4. only a count of the other turns, with what happened to you and the piles; then those in fewer
    # lines; then without what can go unsaid. Attacks on you and piles are never cut; the count is cut
    # only when nothing with it fits at all.
    n = len(turns)
    hint = f"Log, {count(n, 'turn')}." if verbosity == "brief" else f"{count(n, 'other turn')}, type log."
    essential: list[Spoken] = _join_said([line for line in with_turns(hint)
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


def _join_said(lines: list[Spoken]) -> list[Spoken]:
    out: list[Spoken] = []
    for line in lines:
        if out and isinstance(line, Said) and isinstance(out[-1], Said) and not isinstance(line, TurnLine):
            out[-1] = Said(f"{out[-1].text} {line.text}", f"{out[-1].text} {line.text}")
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
