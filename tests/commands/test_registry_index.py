"""The registry's static index of areas matches what each area really registers, so lazy loading finds
every command; and a lookup loads only what it needs."""

from __future__ import annotations

import os
import subprocess
import sys

from companion.commands import registry
from tests.conftest import ROOT


def test_the_index_names_exactly_what_each_area_registers() -> None:
    registry._load()
    registered: dict[str, set[str]] = {}
    for cmd in registry._REGISTERED:
        registered.setdefault(cmd.run.__module__, set()).update((cmd.name, *cmd.aliases))
    assert {m: set(names) for m, names in registry.AREAS.items()} == registered


def test_every_starter_resolves_to_a_function() -> None:
    assert [h.__name__ for h in registry.start_hooks()] == ["clear_abandoned", "offer_table", "offer_game"]


def test_a_card_lookup_loads_no_other_area(tmp_path) -> None:
    code = (
        "import sys\n"
        "from companion.cli import run\n"
        "run(['card', 'C1'])\n"
        "heavy = [m for m in ('cmd2', 'companion.engine', 'companion.game', 'companion.table', 'companion.bots',"
        " 'companion.braille', 'companion.commands.game', 'companion.commands.table', 'companion.commands.table_entries',"
        " 'companion.commands.table_session') if m in sys.modules]\n"
        "print('loaded:', heavy)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[0] == "Copper, 0 coins, Treasure."
    assert done.stdout.splitlines()[-1] == "loaded: []"


def test_settings_of_areas_not_yet_loaded_can_be_set_and_listed_one_shot(tmp_path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(tmp_path))

    def companion(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True,
                              text=True, timeout=60).stdout

    assert companion("set", "lowpile", "2") == "Lowpile is now 2.\n"
    assert companion("set", "autoplay", "off") == "Autoplay is now off.\n"
    listed = companion("settings")
    assert "lowpile is 2," in listed and "autoplay is off," in listed
