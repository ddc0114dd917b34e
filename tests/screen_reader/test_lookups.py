"""Card and rule lookups in the installed shell, heard through Orca in gnome-terminal."""

from __future__ import annotations

from pathlib import Path

from tests.install.conftest import Installed
from tests.screen_reader.desktop import Desktop
from tests.screen_reader.listening import check_answer
from tests.screen_reader.shell import Shell


def test_card_and_rule_lookups_sound_right(desktop: Desktop, program: Installed, tmp_path: Path) -> None:
    with Shell(desktop, program, tmp_path / "home") as shell:
        check_answer(shell.opening, "")
        for typed, expected in (("card cellar", "Cellar, 2 coins, Action."), ("card C1", "Copper, 0 coins, Treasure."),
                                ("card witch", "Witch, 5 coins, Action Attack."), ("rule trash", "Trash means"),
                                ("cards cost 3", "cards cost 3 coins")):
            answer = shell.line(typed)
            check_answer(answer.said, typed)
            assert expected.rstrip(".") in answer.words, answer.words
