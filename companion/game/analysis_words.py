"""The words of ``analysis``: each differing move in a line, the costliest first, and the points by turn.

A line says the turn, what you did, what the strong bot would have done, the difference in chances with
its interval, and the bot's reason in the hint's words: "Turn 4, you bought Workshop, and Strong Bot would buy
Silver. About 10 in 100 more wins, give or take 6. Your deck has 8 coins in 12 cards; ..." A response
keeps within MAX_WORDS: reasons are cut to their first sentence, then left out, last line first.
"""

from __future__ import annotations

from typing import Sequence

from companion.game.analysis import Analysis, Difference

MAX_WORDS = 150
PAGE = 3  # moves a page of ``analysis all``
BOT = "Strong Bot"

# A hint's move starts with a verb: its past for what you did, its plain form after "would".
_PAST = {"Buy": "bought", "Play": "played", "Gain": "gained", "Trash": "trashed", "Discard": "discarded",
         "Put": "put", "Reveal": "revealed", "Set": "set", "Choose": "chose", "Name": "named"}


def _did(move: str) -> str:
    verb, _, rest = move.partition(" ")
    if verb in ("Yes", "No") and not rest:
        return f"said {verb.lower()}"
    if verb in _PAST:
        return f"{_PAST[verb]} {rest}".strip()
    return f"chose {move[:1].lower()}{move[1:]}"


def _would(move: str) -> str:
    verb, _, rest = move.partition(" ")
    if verb in ("Yes", "No") and not rest:
        return f"say {verb.lower()}"
    if verb in _PAST:
        return f"{verb.lower()} {rest}".strip()
    return f"choose {move[:1].lower()}{move[1:]}"


def chances(a: Analysis, d: Difference) -> str:
    """ "About 12 in 100 more wins, give or take 6." (the 95% interval's half width)."""
    c = a.cost(d)
    m, h = round(100 * c.mean), max(1, round(100 * c.half))
    if m > 0:
        return f"About {m} in 100 more wins, give or take {h}."
    if m < 0:
        return f"Your move won about {-m} in 100 more, give or take {h}."
    return f"No clear difference, give or take {h} in 100."


def move_line(a: Analysis, d: Difference, with_turn: bool = True, reason: str | None = None) -> str:
    head = f"Turn {d.turn}, " if with_turn else ""
    asked = f"with {d.card}, " if d.card else ""
    said = f"{head}{asked}you {_did(d.did)}, and {BOT} would {_would(d.would)}."
    why = d.why if reason is None else reason
    return " ".join(filter(None, (said[:1].upper() + said[1:], chances(a, d), why)))


def points_line(a: Analysis) -> str:
    """ "Points at turns 5, 10, 15 and the end. You 3, 6, 14, 22. Strong Bot 3, 9, 20, 31." """
    marks = list(a.points[:-1])
    if len(marks) > 6:  # a long game: every tenth turn
        marks = [m for m in marks if int(m[0]) % 10 == 0]
    labels = [m[0] for m in marks]
    shown = [*marks, a.points[-1]]
    at = "Points at the end" if not labels else \
        f"Points at turn{'s' if len(labels) > 1 else ''} {', '.join(labels)} and the end"
    who = []
    for seat, name in enumerate(a.names):
        vps = ", ".join(str(p[1][seat]) for p in shown)
        who.append(f"{'You' if seat == a.seat else name} {vps}.")
    return f"{at}. {' '.join(who)}"


def _words(lines: Sequence[str]) -> int:
    return sum(len(line.split()) for line in lines)


def fit(head: Sequence[str], a: Analysis, moves: Sequence[Difference], tail: Sequence[str],
        with_turn: bool = True, limit: int = MAX_WORDS) -> list[str]:
    """The lines, within ``limit`` words: each reason cut to its first sentence, then left out, last first."""
    reasons = [d.why for d in moves]

    def build() -> list[str]:
        return [*head, *(move_line(a, d, with_turn, r) for d, r in zip(moves, reasons)), *tail]

    lines = build()
    for i in reversed(range(len(moves))):
        if _words(lines) <= limit:
            break
        first = reasons[i].split(". ")[0].rstrip(".")
        reasons[i] = first + "." if first and first + "." != reasons[i] else reasons[i]
        lines = build()
    for i in reversed(range(len(moves))):
        if _words(lines) <= limit:
            break
        reasons[i] = ""
        lines = build()
    return lines


def summary(a: Analysis) -> str:
    """The three costliest moves, and the points by turn."""
    costly = a.costliest(3)
    n = len(a.differences)
    if a.decisions == 0:
        head = ["A bot made every one of your moves in that game, so none is yours to analyse."]
    elif n == 0:
        head = [f"All {a.decisions} of your moves were {BOT}'s."]
    elif not costly:
        head = [f"{BOT} differed on {n} of {a.decisions} moves.", "None of them cost you a clear share of wins."]
    else:
        head = [f"{BOT} differed on {n} of {a.decisions} moves.",
                f"These {len(costly)} cost you most." if len(costly) > 1 else "This one cost you most."]
    return "\n".join(fit(head, a, costly, [points_line(a)]))


def turn_words(a: Analysis, turn: int) -> str:
    moves = a.on_turn(turn)
    if not moves:
        return f"On turn {turn} you played as {BOT} would."
    head = [f"Turn {turn}, {len(moves)} {'move' if len(moves) == 1 else 'moves'} differed."]
    return "\n".join(fit(head, a, moves, [], with_turn=False))


def pages(a: Analysis) -> int:
    return max(1, -(-len(a.differences) // PAGE))


def page_moves(a: Analysis, page: int) -> list[Difference]:
    return list(a.differences[(page - 1) * PAGE: page * PAGE])


def page_words(a: Analysis, page: int) -> str:
    n = len(a.differences)
    if n == 0:
        return f"All {a.decisions} of your moves were {BOT}'s."
    last = pages(a)
    head = [f"Page {page} of {last}, {n} {'move' if n == 1 else 'moves'} in all."]
    tail = [f"Type analysis all {page + 1} for the next page."] if page < last else []
    return "\n".join(fit(head, a, page_moves(a, page), tail))


__all__ = ["MAX_WORDS", "PAGE", "chances", "fit", "move_line", "page_moves", "page_words", "pages",
           "points_line", "summary", "turn_words"]
