"""The table's prompt names whose turn it is, so a player hears it before typing each entry."""

from __future__ import annotations

from pathlib import Path

from tests.table.driver import Driver
from tests.terminal import Terminal, needs_posix_terminal


def test_the_prompt_follows_the_turn_entries_and_undo(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    d = Driver()
    assert d.session.prompt == "companion. "
    d.run('table new --players Ann,Cal --kingdom "First Game" --seed 3')
    assert d.session.prompt == "table, Ann. "
    d.run("next")
    assert d.session.prompt == "table, Cal. "
    d.run("undo")
    assert d.session.prompt == "table, Ann. "
    d.run("new --bots bigmoney --seed 1")  # a game puts the table away and sets its own prompt
    assert not d.session.prompt.startswith("table")


def test_the_prompt_is_heard_in_a_real_terminal(tmp_path: Path) -> None:
    needs_posix_terminal()
    with Terminal(tmp_path / "home") as term:
        term.wait_for("companion. ")
        term.type('table new --players Ann,Cal --kingdom "First Game" --seed 3')
        term.key("Enter")
        term.wait_for("table, Ann. ")
        term.type("next")
        term.key("Enter")
        raw = term.wait_for("table, Cal. ")
        assert b"Cal's turn 1." in raw
