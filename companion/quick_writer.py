"""The full path's side of the quick answers (companion.quick_answers): after it has answered a lookup or
``help`` one-shot, it keeps what the real commands say, so that the next ``companion card C1`` is said
without loading the program.

For the lookups, every way of typing a card, a rules term or a card filter that the tests and people use
(names, plurals, braille codes, initials, each start of a name and of its later words, with ``notes`` or
``more``, costs and pairs of filters) is run through companion.dispatch exactly as ``companion card ...``
runs it, under the settings now in the file; what succeeds is kept under its key. Nothing here says a card
or knows a name rule: a guess the commands refuse, or answer with an error, is simply not kept.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any, Iterable, Iterator

from companion import quick_answers
from companion.quick_answers import key_of

COST_FORMS = ("{n}", "cost {n}", "${n}")


def keep_lookups() -> None:
    """Keep the answers of ``card``, ``cards`` and ``rule`` for the settings now in the file, unless they
    are kept already. Never raises: the command has been answered; this only saves time next time."""
    try:
        _keep("answers", _lookups)
    except Exception:  # noqa: BLE001, S110 - a courtesy: whatever fails, the full path answers next time too
        pass


def keep_help(text: str, said_under: Any) -> None:
    """Keep ``help`` alone's answer ``text``, said under the settings ``said_under``."""
    def answers(settings: Any) -> dict[str, Any]:
        if _values(settings) != _values(said_under):
            raise _Changed  # the settings file changed since the answer was said
        return {"answers": [text], "keys": {"help": {"": 0}}}

    try:
        _keep("help", answers)
    except Exception:  # noqa: BLE001, S110 - as keep_lookups
        pass


class _Changed(Exception):
    """What the answers depend on changed while they were worked out: none are kept."""


def _values(settings: Any) -> list[tuple[str, str]]:
    return [(spec.name, value) for spec, value in settings.items()]


def _keep(name: str, work: Any) -> None:
    if os.environ.get("COMPANION_NO_CACHE"):
        return
    from companion.cards import catalogue
    from companion.cards.catalogue import glossary
    from companion.paths import atomic_write, config_dir, state_dir
    from companion.settings import load_settings

    config, state = str(config_dir()), str(state_dir())
    catalogue()
    glossary()  # the card caches the key names are written first
    text = quick_answers.settings_text(config)
    if quick_answers.load(name, state, config) is not None:
        return  # kept already, for exactly these files
    key = quick_answers.current_key(state)
    settings = load_settings()
    if settings.notice or settings.speech:
        return  # the full path says a notice, or speaks: never the quick path's to answer
    data = work(settings)
    if quick_answers.current_key(state) != key or quick_answers.settings_text(config) != text:
        raise _Changed
    atomic_write(Path(quick_answers.path_of(state, name)),
                 json.dumps({"key": key, "settings": text, "data": data}, ensure_ascii=False))


def _lookups(settings: Any) -> dict[str, Any]:
    from companion.dispatch import run_line
    from companion.session import Session

    answers: list[str] = []
    numbers: dict[str, int] = {}
    keys: dict[str, dict[str, int]] = {"card": {}, "cards": {}, "rule": {}}
    for command, typed in _guesses():
        key = key_of([typed])
        if key is None or key in keys[command]:
            continue
        out = io.StringIO()
        session = Session(out=out, settings=settings)
        if run_line(session, f"{command} {typed}".strip(), one_shot=True).failed or not out.getvalue():
            continue
        text = out.getvalue()
        keys[command][key] = numbers.setdefault(text, len(answers))
        if keys[command][key] == len(answers):
            answers.append(text)
    return {"answers": answers, "keys": keys}


def _guesses() -> Iterator[tuple[str, str]]:
    """(command, words) for every way of typing a lookup worth keeping; the commands decide which work."""
    from companion.cards import catalogue
    from companion.cards.catalogue import glossary
    from companion.cards.model import TYPES
    from companion.cards.names import loose, normalise

    for card in catalogue():
        whole = [card.name, card.plural, loose(card.name), loose(card.plural), *([card.code] if card.code else [])]
        words = loose(card.name).split()
        if len(words) > 1:
            whole.append("".join(w[0] for w in words))  # initials: kc, wv
        for typed in whole:
            yield "card", typed
            yield "card", f"{typed} notes"
        for typed in _starts([normalise(card.name), loose(card.name)]):
            yield "card", typed
    yield "rule", ""
    for term in glossary().terms:
        for typed in (term.term, *term.aliases):
            yield "rule", typed
            yield "rule", f"{typed} more"
        for typed in _starts([normalise(term.term)]):
            yield "rule", typed
    filters = ["all", "dominion", "base", "prosperity", "kingdom", "basic"]
    types = [form for t in TYPES for form in (t.lower(), f"{t.lower()}s")]
    for typed in ["", *filters, *types, *_starts(filters + types, first=2)]:
        yield "cards", typed
    for n in range(13):
        for form in COST_FORMS:
            yield "cards", form.format(n=n)
    for group in ("dominion", "prosperity", "kingdom", "basic"):
        for kind in types:
            yield "cards", f"{group} {kind}"


def _starts(names: Iterable[str], first: int = 1) -> Iterator[str]:
    """Each start of each name, and of each later word of it."""
    for name in names:
        for i in range(first, len(name)):
            yield name[:i]
        for word in name.split(" ")[1:]:
            for i in range(first, len(word) + 1):
                yield word[:i]
