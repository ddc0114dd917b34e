"""The words of ``analysis``: where the game was won or lost, each differing move in a line, and the points.

The summary's first line says where the game turned ("Strong Bot pulled ahead between turns 10 and 15, by 9
points."), the next how many moves differed and that each cost assumes you then played on as the strong bot
would. A move line says the turn (or the turns, where the same move was made on several: "Turns 1 and 2, you
bought Silver, and Strong Bot would buy Chapel."), the difference in chances with its interval, what your
move did to your deck where it cost cards ("It trashed 5 Coppers, leaving 2 coins in 8 cards."), and the
bot's reason in the hint's words, said once. Only a cost whose interval lies above 0 is called a cost; the
costliest (at most 3) are said in turn order. A response keeps within MAX_WORDS: reasons are cut to their
first sentence, then left out, last line first.
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


ASSUMES = f"Each cost assumes you then played on as {BOT} would."


def clear(a: Analysis, d: Difference) -> bool:
    """Whether ``d`` cost wins beyond its margin: the whole 95% interval above 0."""
    c = a.cost(d)
    return round(100 * c.mean) > 0 and c.mean - c.half > 0


def chances(a: Analysis, d: Difference, at: str = "") -> str:
    """ "About 12 in 100 more wins, give or take 6." (the 95% interval's half width); a cost within its
    margin is said as no clear difference."""
    c = a.cost(d)
    m, h = round(100 * c.mean), max(1, round(100 * c.half))
    if m > 0 and clear(a, d):
        return f"About {m} in 100 more wins{at}, give or take {h}."
    if m < 0 and c.mean + c.half < 0:
        return f"Your move won about {-m} in 100 more{at}, give or take {h}."
    return f"No clear difference, give or take {h} in 100."


def _turns(turns: Sequence[int]) -> str:
    """ "Turn 4", "Turns 1 and 2", "Turns 3, 5 and 8"."""
    if len(turns) == 1:
        return f"Turn {turns[0]}"
    said = [str(t) for t in turns]
    return f"Turns {', '.join(said[:-1])} and {said[-1]}"


def move_line(a: Analysis, d: Difference, with_turn: bool = True, reason: str | None = None,
              turns: Sequence[int] = ()) -> str:
    """One move (or the same move on several ``turns``, costed by ``d``, the costliest of them)."""
    head = f"{_turns(turns or [d.turn])}, " if with_turn else ""
    asked = f"with {d.card}, " if d.card else ""
    said = f"{head}{asked}you {_did(d.did)}, and {BOT} would {_would(d.would)}."
    why = d.why if reason is None else reason
    at = f" at turn {d.turn}" if len(turns) > 1 else ""
    return " ".join(filter(None, (said[:1].upper() + said[1:], chances(a, d, at), d.effect, why)))


def turning_line(a: Analysis) -> str:
    """Where the game was won or lost, from the points by turn: "Strong Bot pulled ahead between turns 10 and
    15, by 9 points." """
    marks = [("0", tuple(0 for _ in a.names)), *a.points]
    if len(marks) < 2 or len(a.names) < 2:
        return ""

    def lead(vps: tuple[int, ...]) -> int:
        return vps[a.seat] - max(v for i, v in enumerate(vps) if i != a.seat)

    end = lead(marks[-1][1])
    if end == 0:
        return "The game ended level."
    sign = 1 if end > 0 else -1
    swings = [(sign * (lead(marks[i + 1][1]) - lead(marks[i][1])), i) for i in range(len(marks) - 1)]
    swing, i = max(swings, key=lambda s: (s[0], -s[1]))
    start, stop = marks[i][0], marks[i + 1][0]
    if start == "0":
        span = "the start and the end" if stop == "the end" else f"the start and turn {stop}"
    else:
        span = f"turn {start} and the end" if stop == "the end" else f"turns {start} and {stop}"
    start = "the start" if start == "0" else f"turn {start}"
    if end > 0:
        who = "You"
    else:
        finals = marks[-1][1]
        who = a.names[max((i for i in range(len(a.names)) if i != a.seat), key=lambda i: finals[i])]
    if swing <= 0:
        return f"{who} led from {start}."
    return f"{who} pulled ahead between {span}, by {swing} {'point' if swing == 1 else 'points'}."


def groups(a: Analysis, moves: Sequence[Difference]) -> list[tuple[Difference, list[int]]]:
    """The same move made where the bot made another, grouped: each group as its costliest member and the
    turns it was made on, in the order of the first."""
    found: dict[tuple[str, str, str, str], list[Difference]] = {}
    for d in moves:
        found.setdefault((d.purpose.name, d.card, d.did, d.would), []).append(d)
    out = []
    for ds in found.values():
        worst = max(ds, key=lambda d: (a.cost(d).mean, -d.index))
        out.append((worst, sorted(dict.fromkeys(d.turn for d in ds))))
    return out


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
        with_turn: bool = True, limit: int = MAX_WORDS, turns: Sequence[Sequence[int]] = ()) -> list[str]:
    """The lines, within ``limit`` words: a reason said already is not said again; then each reason cut to
    its first sentence, then left out, last first."""
    seen: set[str] = set()
    reasons = []
    for d in moves:
        reasons.append("" if d.why in seen else d.why)
        seen.add(d.why)
    spans = list(turns) or [() for _ in moves]

    def build() -> list[str]:
        return [*head, *(move_line(a, d, with_turn, r, t) for d, r, t in zip(moves, reasons, spans)), *tail]

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
    """Where the game was won or lost; the costliest moves beyond their margins (the same move on several
    turns said once), in turn order; and the points by turn."""
    n = len(a.differences)
    first = [line for line in (turning_line(a),) if line]
    if a.decisions == 0:
        head = ["A bot made every one of your moves in that game, so none is yours to analyse."]
        return "\n".join([*head, points_line(a)])
    if n == 0:
        return "\n".join([*first, f"All {a.decisions} of your moves were {BOT}'s.", points_line(a)])
    costly = [(d, t) for d, t in groups(a, a.differences) if clear(a, d)]
    costly = sorted(costly, key=lambda g: (-a.cost(g[0]).mean, g[0].index))[:3]
    costly.sort(key=lambda g: g[1][0])
    if not costly:
        none = "It did not" if n == 1 else "None of them"
        head = [*first, f"{BOT} differed on {n} of {a.decisions} moves. {none} cost you a clear share of wins."]
        nearest = max(groups(a, a.differences), key=lambda g: (a.cost(g[0]).mean, -g[0].index))
        if round(100 * a.cost(nearest[0]).mean) > 0:  # said as no clear difference, with what it did and why
            head[-1] += " The nearest to a cost follows."
            return "\n".join(fit(head, a, [nearest[0]], [points_line(a)], turns=[nearest[1]]))
    else:
        most = "These cost you most." if len(costly) > 1 else "This cost you most."
        head = [*first, f"{BOT} differed on {n} of {a.decisions} moves. {most} {ASSUMES}"]
    return "\n".join(fit(head, a, [d for d, _ in costly], [points_line(a)], turns=[t for _, t in costly]))


def turn_words(a: Analysis, turn: int) -> str:
    moves = a.on_turn(turn)
    if not moves:
        return f"On turn {turn} you played as {BOT} would."
    head = [f"Turn {turn}, {len(moves)} {'move' if len(moves) == 1 else 'moves'} differed.", ASSUMES]
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
    head = [f"Page {page} of {last}, {n} {'move' if n == 1 else 'moves'} in all.", ASSUMES]
    tail = [f"Type analysis all {page + 1} for the next page."] if page < last else []
    return "\n".join(fit(head, a, page_moves(a, page), tail))


__all__ = ["ASSUMES", "MAX_WORDS", "PAGE", "chances", "clear", "fit", "groups", "move_line", "page_moves", "page_words",
           "pages", "points_line", "summary", "turn_words", "turning_line"]
