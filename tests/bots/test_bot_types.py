"""The bots say their types: the view the engine gives them (PlayerView), a Counter of cards, the general bot,
a bot's answer. ``Any`` is left only where a value is truly any (a card table's values, a bot class loaded by
name, and the plan search's files, which belong to the compiled engine's work)."""

from __future__ import annotations

import re

from tests.conftest import ROOT

MOST_ANY = 20


def test_the_bots_use_any_fewer_than_20_times() -> None:
    found = {p.name: len(re.findall(r"\bAny\b", p.read_text(encoding="utf-8")))
             for p in sorted((ROOT / "companion" / "bots").glob("*.py"))}
    assert sum(found.values()) < MOST_ANY, {name: n for name, n in found.items() if n}


def test_no_bot_module_takes_a_view_or_a_bot_as_any() -> None:
    for p in sorted((ROOT / "companion" / "bots").glob("*.py")):
        text = p.read_text(encoding="utf-8")
        assert not re.search(r"\b(view|bot|owned|facts): Any\b", text), p.name
