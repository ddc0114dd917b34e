"""Settings on disk, the folders every area saves under, and Tab completion for every command."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.paths import atomic_write, config_dir, data_dir, state_dir
from companion.session import Session
from companion.settings import SettingError, Settings, load_settings
from companion.shell.completion import complete_line, describe_matches


def test_folders_follow_the_environment(home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert (config_dir(), data_dir(), state_dir()) == (home / "config", home / "data", home / "state")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "saves"))
    assert data_dir() == tmp_path / "saves"
    monkeypatch.delenv("COMPANION_HOME")
    monkeypatch.delenv("COMPANION_DATA_DIR")
    assert "companion" in str(config_dir()).lower()  # the platform's own folder


def test_settings_round_trip(home: Path) -> None:
    s = load_settings()
    assert (s.verbosity, s.speech, s.on("codes"), s.notice) == ("normal", False, True, None)
    s.set("verbosity", "F")
    s.set("speech", "yes")
    assert s.save() is None
    again = load_settings()
    assert (again.verbosity, again.speech) == ("full", True)


@pytest.mark.parametrize(
    ("content", "notice"),
    [(b"verbosity = [\n", "damaged"), (b"\xff\xfe\x00", "damaged"), (b'verbosity = "shouty"\n', "verbosity"),
     (b"speech = 3\n", "speech")],
)
def test_damaged_settings_give_defaults_and_one_line(home: Path, content: bytes, notice: str) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    s = load_settings()
    assert s.verbosity == "normal" and not s.speech
    assert s.notice is not None and "\n" not in s.notice and notice in s.notice


def test_unknown_keys_are_kept_for_other_versions(home: Path) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text('future = "x"\nverbosity = "brief"\n')
    s = load_settings()
    s.set("codes", "off")
    s.save()
    assert 'future = "x"' in path.read_text() and load_settings().verbosity == "brief"


def test_setting_errors_change_nothing() -> None:
    s = Settings()
    with pytest.raises(SettingError, match="verbosity cannot be 'loud'"):
        s.set("verbosity", "loud")
    with pytest.raises(SettingError, match="no setting named"):
        s.set("volume", "3")
    assert s.verbosity == "normal"


def test_an_unwritable_folder_is_a_sentence_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    s = Settings(path=blocker / "settings.toml")
    assert s.save().startswith("This is set for now, but it could not be saved")


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    atomic_write(tmp_path / "a" / "x.toml", "one\n")
    atomic_write(tmp_path / "a" / "x.toml", "two\n")
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["x.toml"]
    assert (tmp_path / "a" / "x.toml").read_text() == "two\n"


SESSION = Session()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("", None),
        ("ca", ["card", "cards"]),
        ("he", ["help"]),
        ("card thr", ["Throne Room"]),
        ("card kings", ["King's Court"]),
        ("card mi", ["Militia", "Mine", "Mint"]),
        ("card c1", ["Copper"]),
        ("card village n", ["village notes"]),
        ("cards pros", ["prosperity"]),
        ("cards prosperity att", ["prosperity attack"]),
        ("rule tra", ["Trash pile", "trash"]),
        ("help ca", ["card", "cards"]),
        ("set verb", ["verbosity"]),
        ("set verbosity b", ["verbosity brief"]),
        ("speech o", ["on", "off"]),
        ("nosuch thing", []),
        ("review vil", ["Village"]),  # no completer of its own: card names
    ],
)
def test_completion(line: str, expected: list[str] | None) -> None:
    start, found = complete_line(SESSION, line)
    if expected is None:
        assert "card" in found and "quit" in found and "help" in found
        return
    assert found == expected
    assert start == len(line) - len(line.partition(" ")[2]) if " " in line else start == 0


def test_match_list_is_one_plain_line() -> None:
    assert describe_matches(["Militia", "Mine", "Mint"]) == "3 matches, Militia, Mine and Mint."
    many = describe_matches([f"c{n}" for n in range(70)])
    assert many.startswith("70 matches, c0, c1") and many.endswith("and 10 more.") and "\n" not in many
