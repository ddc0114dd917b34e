"""Settings survive a `set`: a valid file with quoted keys, multi-line strings, control characters, tables
and comments is written back valid, with everything the program does not own exactly as it was."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.settings import DAMAGED, load_settings
from tests.home import Typist

HAND_WRITTEN = r'''# My settings, written by hand.
verbosity = "full"  # I like to hear everything
"quoted key" = "kept"
"key with \"quotes\" and spaces" = 3
multi = """first line
second "line" with a backslash \\ here"""
literal = 'C:\path\to'
control = "bell\u0007 and tab\t and escape\u001b"
numbers = [1, 2.5, -3]
when = 2026-11-23T12:00:00Z
future_switch = true

[table]
nested = { a = 1, "b c" = "d" }

[[many]]
name = "one"
'''


def _write(home: Path, text: str) -> Path:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["set codes off", "set speech off", "set verbosity brief", "set notes on"])
def test_a_set_keeps_a_hand_written_file_valid_and_whole(home: Path, command: str) -> None:
    path = _write(home, HAND_WRITTEN)
    before = tomllib.loads(HAND_WRITTEN)
    typist = Typist()
    out = typist.type(command)
    assert not out.startswith("Error,"), out
    text = path.read_text(encoding="utf-8")
    after = tomllib.loads(text)  # the old writer made this invalid: every setting was lost at the next start
    name, value = command.split()[1:]
    assert after[name] == value
    for key, old in before.items():
        if key != name:
            assert after[key] == old, key
    assert "# My settings, written by hand." in text and "# I like to hear everything" in text
    again = load_settings()
    assert again.notice is None and again.get(name) == value


def test_values_with_quotes_and_control_characters_round_trip(home: Path) -> None:
    path = _write(home, "")
    settings = load_settings()
    settings._values["from_another_version"] = 'say "hi"\\\x01\n'  # what the old writer broke on
    assert settings.save() is None
    assert tomllib.loads(path.read_text())["from_another_version"] == 'say "hi"\\\x01\n'


def test_a_damaged_file_is_set_aside_not_lost(home: Path) -> None:
    path = _write(home, 'verbosity = "brief"\nbroken = [\n')
    typist = Typist()
    assert typist.session.settings.notice is not None
    typist.type("set codes off")
    assert (path.parent / DAMAGED).read_text() == 'verbosity = "brief"\nbroken = [\n'
    assert tomllib.loads(path.read_text())["codes"] == "off"


def test_an_area_setting_not_yet_defined_survives_a_load_and_a_set(home: Path) -> None:
    path = _write(home, 'an_area_setting = "on"\nverbosity = "brief"\n')
    settings = load_settings()
    assert settings._values["an_area_setting"] == "on"  # read before its area defines it
    settings.set("codes", "off")
    assert settings.save() is None
    assert tomllib.loads(path.read_text()) == {"an_area_setting": "on", "verbosity": "brief", "codes": "off"}
