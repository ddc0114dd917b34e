"""Tab completion for a typed line, the same for every input backend: command names, then the command's
own ``complete`` function, else card names. No cmd2 here, so it is tested directly.
"""

from __future__ import annotations

import os

from companion.cards import catalogue
from companion.cards.names import and_list
from companion.commands import registry
from companion.refusal import CommandError
from companion.session import Session

MAX_SHOWN = 60


def complete_line(session: Session, before_cursor: str) -> tuple[int, list[str]]:
    """``(start, candidates)``: each candidate replaces ``before_cursor[start:]``.

    ``complete(session, text)`` functions receive the text typed after the command name (maybe empty, maybe
    several words) and return whole replacements for it, such as "Throne Room" for "thr".
    """
    stripped = before_cursor.lstrip()
    offset = len(before_cursor) - len(stripped)
    name, space, rest = stripped.partition(" ")
    if not space:
        seen: list[str] = []
        for each in registry.unique_commands():
            for n in (each.name, *each.aliases):
                if n.startswith(name.lower()) and each.shell and n not in seen and n != "bye":
                    seen.append(n)
        return offset, sorted(seen)
    try:
        cmd = registry.find_command(session, name)
    except CommandError:
        cmd = None
    args = rest.lstrip()
    start = len(before_cursor) - len(args)
    try:
        if cmd is not None and cmd.complete is not None:
            found = list(cmd.complete(session, args))
        else:
            found = catalogue().complete(args) if args.strip() else []
    except Exception:  # noqa: BLE001 - a broken completer must not break typing
        return start, []
    return start, list(dict.fromkeys(found))


def _told_apart(candidates: list[str]) -> list[str]:
    """Each candidate without the words all of them share: "--grade 1" and "--grade 2" are said as 1 and 2,
    "export --kingdom random --set" and "... --seed" as --set and --seed, not the whole line each time."""
    if len(candidates) < 2:
        return candidates
    shared = os.path.commonprefix(candidates)
    cut = max(shared.rfind(" "), shared.rfind(",")) + 1  # up to a whole word: "Mi" of Militia and Mine stays
    tails = [c[cut:].strip() for c in candidates]
    tails = [t[1:-1] if len(t) > 2 and t[0] == t[-1] == '"' else t for t in tails]  # a quote is heard as "quote"
    return tails if all(tails) else candidates


def describe_matches(candidates: list[str]) -> str:
    """What Tab says when there are several matches: one plain line, no columns, each match by what tells it
    from the others."""
    candidates = _told_apart(candidates)
    shown = candidates[:MAX_SHOWN]
    more = len(candidates) - len(shown)
    tail = f" and {more} more" if more else ""
    if len(candidates) == 1:
        return f"1 match, {shown[0]}."
    return f"{len(candidates)} matches, {and_list(shown) if not more else ', '.join(shown)}{tail}."
