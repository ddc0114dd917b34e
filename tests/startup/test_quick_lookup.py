"""The quick path of ``companion card``, ``cards``, ``rule`` and ``help`` says exactly what the full path says.

Whenever companion.quick_lookup answers, its answer must be the full path's standard output to the byte,
with nothing on standard error and exit status 0; everything else it must leave to the full path (None).
The quick path says only answers the full path kept (companion.quick_writer), so each test first runs the
full path once (``prime``), as a person's first lookup does. Here both run in this process on many inputs,
under many settings files and card caches; the tests in test_quick_process.py run real processes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from companion import cli, quick_answers, quick_lookup
from companion.cards import catalogue, glossary
from companion.cards import names as full_names
from companion.settings import Settings
from tests.conftest import needs

# ---------------------------------------------------------------- helpers


@pytest.fixture(autouse=True)
def _code_as_this_test_found_it() -> Iterator[list[list[Any]]]:
    """The package's files as they were when this test began, for the whole test.

    The kept answers are keyed by every module's size and time and every folder's time, read afresh on each
    lookup. These tests ask whether the quick path answers when nothing changed, so the code part of the key
    is the snapshot taken here: a file edited, a checkout merged or a ``__pycache__`` folder made by another
    process while the test runs (which changes its folder's time) is not what they are about. The one test
    that changes the code does so on top of this snapshot; test_quick_process.py runs real processes
    against a copy of the package that nothing else writes to."""
    snapshot = quick_answers._code()
    with pytest.MonkeyPatch.context() as pinned:
        pinned.setattr(quick_answers, "_code", lambda: [list(entry) for entry in snapshot])
        yield snapshot



def full(argv: list[str]) -> tuple[str, str, int]:
    """The full path (companion.cli.run) in this process: standard output, standard error, exit status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.run(argv)
    return out.getvalue(), err.getvalue(), status


def prime() -> None:
    """What a person's first lookup and first ``companion help`` do: the full path answers, and keeps the
    answers (and the card caches) in this test's home."""
    for argv in (["card", "C1"], ["help"]):
        out, err, status = full(argv)
        assert status == 0 and not err, err


def cache_file(home: Path, name: str = "answers") -> Path:
    return home / "state" / "cache" / f"{name}.json"


def agree(argv: list[str], answered: list[list[str]] | None = None) -> None:
    """The quick answer, if any, is the full path's output; records the inputs it answered."""
    quick = quick_lookup.answer(argv)
    if quick is None:
        return
    out, err, status = full(argv)
    assert (quick, "", 0) == (out, err, status), argv
    if answered is not None:
        answered.append(argv)


def write_settings(home: Path, text: str | bytes) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)


def card_inputs() -> list[list[str]]:
    """Every card by name (as written, lower and upper case), plural, code (as written, lower case, spaced),
    every start of each name and of each later word, initials, with and without notes, split or quoted."""
    found: list[list[str]] = []
    for card in catalogue():
        name = card.name
        found += [["card", name], ["card", name.lower()], ["card", name.upper()], ["card", card.plural],
                  ["card", full_names.loose(card.plural)],
                  ["card", *name.split()], ["card", f'"{name}"'], ["card", f"'{name}'"], ["card", name, "notes"],
                  ["card", name, "-n"], ["card", name.replace("'", "\u2019")], ["card", name.replace(" ", "_")]]
        if card.code:
            found += [["card", card.code], ["card", card.code.lower()], ["card", " ".join(card.code)]]
        for i in range(1, len(name)):
            found.append(["card", name[:i]])
        for word in name.split()[1:]:
            for i in range(1, len(word) + 1):
                found.append(["card", word[:i]])
    return found


ODD_INPUTS: list[list[str]] = [
    ["card"], ["card", ""], ["card", " "], ["card", "notes"], ["card", "note"], ["card", "--notes"],
    ["card", "vilage"], ["card", "coper"], ["card", "zzz"], ["card", "kc"], ["card", "tr"], ["card", "wv"],
    ["card", "KC"], ["card", "kings", "court"], ["card", "King’s"], ["card", "workers"], ["card", "c"],
    ["card", "c1", "c1"], ["card", "C1", "notes", "notes"], ["card", "\tvillage"], ["card", "village\t"],
    ["card", "vil\x1blage"], ["card", "village\n"], ["card", "vill\udcffage"], ["card", "vill\ufffdage"],
    ["card", "v" * 1001], ["card", "village " * 120], ["card", "Čapel"], ["card", "村"], ["card", "🂡"],
    ["card", "village\u00a0"], ["card", "\u2003moat"], ["card", "throne\u3000room"], ["card", "'"],
    ["card", "''"], ["card", '"'], ["card", "“village”"], ["card", "village's"], ["card", "-"], ["card", "_"],
    ["card", "C-1"], ["card", "c 1"], ["card", "P 6"], ["card", "1"], ["card", "²"], ["card", "１"],
    ["card", "gold", "silver"], ["card", "mine", "notes"], ["card", "Mine", "NOTES"], ["card", "ı"],
    ["card", "İ"], ["card", "ǅ"], ["card", "markets"], ["card", "duchies"], ["card", "libraries"],
    ["card", "witches"], ["card", "gardens"], ["card", "gardenses"], ["card", "x" * 30], ["card", "a b c d e"],
    ["card", "ball"], ["card", "chest"], ["card", "court"], ["card", "room"], ["card", "village's"],
    ["card", "2", "silvers"], ["card", "2 silvers"], ["card", "a", "smithy"], ["card", "two", "villages", "notes"],
    ["card", "2"], ["card", "3", "zzz"],
]


def rule_inputs() -> list[list[str]]:
    found: list[list[str]] = [["rule"], ["rule", ""], ["rule", "more"], ["rule", "full"], ["rule", "zzz"],
                              ["rule", "trsh"], ["rule", "t"], ["rule", "\x07"], ["rule", "trash", "more", "more"]]
    for term in glossary().terms:
        found += [["rule", term.term], ["rule", term.term.upper()], ["rule", term.term, "more"],
                  ["rule", term.term, "--full"], ["rule", f'"{term.term}"']]
        found += [["rule", alias] for alias in term.aliases]
        for i in range(1, min(len(term.term), 8)):
            found.append(["rule", term.term[:i]])
    return found


CARDS_INPUTS: list[list[str]] = [
    ["cards"], ["cards", "all"], ["cards", "cost", "4"], ["cards", "4"], ["cards", "$5"], ["cards", "4", "coins"],
    ["cards", "prosperity", "attack"], ["cards", "treasure"], ["cards", "treasures"], ["cards", "base"],
    ["cards", "base", "set"], ["cards", "kingdom", "cost", "5"], ["cards", "basic"], ["cards", "victory"],
    ["cards", "4", "5"], ["cards", "²"], ["cards", "100"], ["cards", "zzz"], ["cards", "a"], ["cards", "cost", "9"],
    ["cards", "curse", "cost", "0"], ["cards", "action,", "attack"], ["cards", "reaction"], ["cards", "0"],
    ["cards", "dominion", "prosperity"], ["cards", "１"], ["cards", "Prosperity2e"], ["cards", "act"],
    ["cards", "attacks", "with", "cost", "of", "4"], ["cards", "moat"], ["cards", "cost"], ["cards", "-3"],
    ["cards", "kingdom", "basic"], ["cards", "treasure", "victory"], ["cards", ""], ["cards", "'all'"],
    ["cards", "cost", "3", "action"], ["cards", "atack"], ["cards", "prosperity", "curse"], ["cards", "curse"],
]


# ---------------------------------------------------------------- the answers agree


def test_every_card_name_code_and_start_of_a_name_agrees(home: Path) -> None:
    prime()
    answered: list[list[str]] = []
    inputs = card_inputs() + ODD_INPUTS
    for argv in inputs:
        agree(argv, answered)
    assert len(answered) > len(inputs) // 2  # the quick path does answer most of them
    for card in catalogue():  # and always a card's own name, plural and braille code
        assert ["card", card.name] in answered and ["card", card.name.lower()] in answered
        assert ["card", card.plural] in answered and ["card", full_names.loose(card.plural)] in answered
        if card.code:
            assert ["card", card.code] in answered
    for argv in (["card", "ball"], ["card", "chest"], ["card", "kc"], ["card", "wv"], ["card", "tr"]):
        assert argv in answered  # the start of a later word, initials
    for argv in (["card"], ["card", "vilage"], ["card", "zzz"], ["card", "c"], ["card", "v" * 1001],
                 ["card", "vil\x1blage"]):
        assert argv not in answered  # an error, a misspelling, an ambiguous start: the full path's


def test_a_count_before_a_card_name_is_left_out_on_both_paths(home: Path) -> None:
    """card 2 silvers is Silver (it was "no card named '2 silvers'. Did you mean Silver?")."""
    prime()
    for argv in (["card", "2", "silvers"], ["card", "2 silvers"], ["card", "a", "silver"]):
        out, err, status = full(argv)
        assert (status, err) == (0, "") and out == full(["card", "silver"])[0], (argv, out, err)
        agree(argv)


@pytest.mark.parametrize("verbosity", ["normal", "brief", "full"])
def test_card_lists_agree(home: Path, verbosity: str) -> None:
    write_settings(home, f'verbosity = "{verbosity}"\n')
    prime()
    answered: list[list[str]] = []
    for argv in CARDS_INPUTS:
        agree(argv, answered)
    for argv in (["cards"], ["cards", "all"], ["cards", "cost", "4"], ["cards", "prosperity", "attack"],
                 ["cards", "treasures"], ["cards", "cost", "9"], ["cards", "act"], ["cards", "curse"]):
        assert argv in answered
    for argv in (["cards", "4", "5"], ["cards", "²"], ["cards", "zzz"], ["cards", "a"], ["cards", "atack"]):
        assert argv not in answered  # errors: the full path's


def test_every_rules_term_and_alias_agrees(home: Path) -> None:
    prime()
    answered: list[list[str]] = []
    for argv in rule_inputs():
        agree(argv, answered)
    assert ["rule"] in answered
    for term in glossary().terms:
        assert ["rule", term.term] in answered and ["rule", term.term, "more"] in answered


SETTINGS_FILES: dict[str, str | bytes] = {
    "brief": 'verbosity = "brief"\n',
    "full": "# Dominion Companion settings\nverbosity = 'full'  # everything\n",
    "upper case": 'verbosity = "FULL"\ncodes = "OFF"\n',
    "codes off": "codes = false\n",
    "notes on": "notes = true\nsounds = \"on\"\n",
    "all": 'verbosity = "brief"\ncodes = "off"\nnotes = "on"\nspeech = "off"\nsounds = "off"\n',
    "other areas": 'editor = "plain"\nautoplay = "off"\nverbosity="full"#x\n\n\t\n',
    "empty": "",
    # Files the full path reads without a word, in forms the quick path once left to it (it compares text):
    "number": "low = 3\n",
    "quoted key": '"verbosity" = "brief"\n',
    "table": '[table]\nverbosity = "brief"\n',
    "crlf": 'verbosity = "brief"\r\n',
    "escape": 'verbosity = "bri\\u0065f"\n',
    "multi-line": 'verbosity = """brief"""\n',
    "bom": '\ufeffverbosity = "brief"\n',  # (Notepad's byte-order mark)
    # Files the quick path leaves to the full path (a notice, or speech):
    "speech": 'speech = "on"\n',
    "speech flag": "speech = true\n",
    "bad value": 'verbosity = "loud"\n',
    "bad type": "verbosity = true\n",
    "damaged": "verbosity = \n",
    "duplicate": 'verbosity = "brief"\nverbosity = "full"\n',
    "control": '# an escape \x1b\nverbosity = "brief"\n',
    "delete": 'verbosity = "brief" # \x7f\n',
    "not utf-8": b'verbosity = "br\xffef"\n',
}
QUICK_FILES = ("brief", "full", "upper case", "codes off", "notes on", "all", "other areas", "empty", "number",
               "quoted key", "table", "crlf", "escape", "multi-line", "bom")


@pytest.mark.parametrize("name", list(SETTINGS_FILES))
def test_settings_files_agree(home: Path, name: str) -> None:
    write_settings(home, SETTINGS_FILES[name])
    full(["card", "C1"])  # the first lookup under this file: the full path, which keeps answers if it can
    answered: list[list[str]] = []
    inputs = [["card", c.name] for c in catalogue()] + [
        ["card", "C1", "notes"], ["card", "village"], ["card", "thron"], ["rule"], ["rule", "trash"],
        ["rule", "trash", "more"], ["card", "vilage"],
    ]
    for argv in inputs:
        agree(argv, answered)
    if name in QUICK_FILES:
        assert len(answered) == len(inputs) - 1, name  # all but the misspelling
    else:
        assert not answered, name


def test_a_file_the_program_wrote_agrees(home: Path) -> None:
    prime()
    settings = Settings(path=home / "config" / "settings.toml")
    for name, value in (("verbosity", "full"), ("codes", "off"), ("notes", "on"), ("sounds", "on")):
        settings.set(name, value)
    assert settings.save() is None
    assert quick_lookup.answer(["card", "C1"]) is None  # kept under the old file: the full path once
    prime()
    for argv in (["card", "C1"], ["card", "kc"], ["rule", "trash"]):
        assert quick_lookup.answer(argv) is not None
        agree(argv)


def test_a_settings_folder_that_is_not_a_file_goes_to_the_full_path(home: Path) -> None:
    prime()
    (home / "config" / "settings.toml").mkdir(parents=True)
    assert quick_lookup.answer(["card", "C1"]) is None


def test_a_settings_pipe_is_left_to_the_full_path_without_waiting(home: Path) -> None:
    needs("named pipes", hasattr(os, "mkfifo"))
    prime()
    (home / "config").mkdir(parents=True)
    os.mkfifo(home / "config" / "settings.toml")
    assert quick_lookup.answer(["card", "C1"]) is None


# ---------------------------------------------------------------- the kept answers


def test_none_stale_or_damaged_goes_to_the_full_path(home: Path) -> None:
    assert quick_lookup.answer(["card", "C1"]) is None  # none kept yet
    prime()
    assert quick_lookup.answer(["card", "C1"]) is not None
    path = cache_file(home)
    good = path.read_bytes()
    doc = json.loads(good)
    stale = dict(doc, key=[*doc["key"][:1], [2, 7], *doc["key"][2:]])  # another Python's
    for text in (good[: len(good) // 2], b"", b"[]", b"\xff", json.dumps(stale).encode(), b"[" * 100_000,
                 good + b" " * (quick_answers.MAX_BYTES + 1)):
        path.write_bytes(text)
        assert quick_lookup.answer(["card", "C1"]) is None
    path.write_bytes(good)
    assert quick_lookup.answer(["card", "C1"]) is not None


def test_none_is_read_when_the_cache_is_switched_off(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prime()
    monkeypatch.setenv("COMPANION_NO_CACHE", "1")
    assert quick_lookup.answer(["card", "C1"]) is None and quick_lookup.answer(["help"]) is None


def test_a_changed_settings_file_code_or_card_data_is_answered_by_the_full_path(
        home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    prime()
    assert quick_lookup.answer(["card", "C1"]) is not None
    write_settings(home, 'verbosity = "brief"\n')  # the settings file: its text is compared whole
    assert quick_lookup.answer(["card", "C1"]) is None and quick_lookup.answer(["help"]) is None
    write_settings(home, 'verbosity = "brief"\n # a comment\n')
    full(["card", "C1"])
    assert quick_lookup.answer(["card", "C1"]) == "Copper, 0 coins.\nWorth 1 coin.\n"  # kept afresh
    (home / "config" / "settings.toml").unlink()
    assert quick_lookup.answer(["card", "C1"]) is None
    prime()
    cards = home / "state" / "cache" / "cards.json"
    if cards.exists():  # (in this process the catalogue was loaded once, before this test's home)
        os.utime(cards, ns=(1, 1))  # a card cache the lookups read, changed since
    else:
        cards.write_text("{}", encoding="utf-8")  # a card cache the lookups read, written since
    assert quick_lookup.answer(["card", "C1"]) is None
    prime()
    key = quick_answers.current_key(str(home / "state"))
    code = [entry for entry in key[2] if len(entry) == 3]
    assert any(entry[0] == "quick_answers.py" for entry in code) and any(
        entry[0] == os.path.join("cards", "describe.py") for entry in code)  # every module of the package
    assert quick_lookup.answer(["card", "C1"]) is not None
    with monkeypatch.context() as changed:  # (its own undo: the home's variables stay as they are)
        changed.setattr(quick_answers, "_code", lambda: [*code, ["new.py", 1, 1]])  # a module added
        assert quick_lookup.answer(["card", "C1"]) is None
    assert quick_lookup.answer(["card", "C1"]) is not None
    real = quick_answers._data
    monkeypatch.setattr(quick_answers, "_data", lambda: [real()[0], [["base2e.yaml", 1, 1]]])  # the YAML changed
    assert quick_lookup.answer(["card", "C1"]) is None


@pytest.mark.parametrize("bad", ["\x1b[2Jcleared\n", "no newline", "bell\x07\n", "\ud800\n", 3, None,
                                 "x" * (quick_answers.MAX_ANSWER + 1) + "\n"])
def test_a_hand_made_answer_that_is_not_plain_text_is_never_said(home: Path, bad: object) -> None:
    """The answers file is hostile: at worst it can hold plain lines, never an escape sequence."""
    prime()
    path = cache_file(home)
    doc = json.loads(path.read_text(encoding="utf-8"))
    number = doc["data"]["keys"]["card"]["c1"]
    doc["data"]["answers"][number] = bad
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert quick_lookup.answer(["card", "C1"]) is None
    assert quick_lookup.answer(["card", "village"]) is not None  # the others are still said


@pytest.mark.parametrize("number", [-1, 10_000, True, "0", 1.0, None])
def test_a_hand_made_key_that_points_nowhere_is_never_said(home: Path, number: object) -> None:
    prime()
    path = cache_file(home)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["data"]["keys"]["card"]["c1"] = number
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert quick_lookup.answer(["card", "C1"]) is None


def test_answers_are_kept_only_as_the_full_path_said_them(home: Path) -> None:
    """The writer keeps what dispatch printed: a kept answer is the full path's output for its key."""
    prime()
    data = json.loads(cache_file(home).read_text(encoding="utf-8"))["data"]
    checked = 0
    for command, keyed in data["keys"].items():
        for key, number in list(keyed.items())[::7]:
            out, err, status = full([command, *key.split()])
            assert (out, err, status) == (data["answers"][number], "", 0), (command, key)
            checked += 1
    assert checked > 100


def test_no_answers_are_kept_under_a_notice_or_speech(home: Path) -> None:
    for text in ('verbosity = "loud"\n', 'speech = "on"\n', "verbosity = \n"):
        write_settings(home, text)
        full(["card", "C1"])
        full(["help"])
        assert not cache_file(home).exists() and not cache_file(home, "help").exists(), text


def test_help_alone_is_said_as_the_full_path_said_it(home: Path) -> None:
    prime()
    for argv in (["help"], ["-h"], ["--help"]):
        out, err, status = full(argv)
        assert quick_lookup.answer(argv) == out and (err, status) == ("", 0)
    for argv in (["help", "card"], ["help", ""], ["?"]):
        assert quick_lookup.answer(argv) is None


TYPED = st.lists(st.text(alphabet=st.sampled_from(list("aZ_ '’`´ʼ\"“”-.\t\n\u00a0\u2003\u3000\x1c\x85İıvilage")),
                         max_size=3), max_size=3)


@given(TYPED)
@hyp_settings(max_examples=300, deadline=None)
def test_a_key_stands_only_for_words_the_lookups_read_alike(words: list[str]) -> None:
    """key_of gives one key to words only where the lookups read them the same: the same words in other
    case or with other runs of spaces. Anything else (quotes, tabs, other spaces, underscores, curly or
    edge apostrophes, control characters) has no key, and goes to the full path."""
    key = quick_answers.key_of(words)
    if key is None:
        return
    assert key == key.lower() and "  " not in key and key == key.strip()
    assert all(ch == " " or (ch.isprintable() and not ch.isspace()) for ch in key)
    assert not set(key) & set('"“”_‘’ʼ`´\t')
    assert full_names.normalise(" ".join(words)) == full_names.normalise(key)


def test_the_settings_file_name_is_the_programs() -> None:
    from companion import settings

    assert quick_answers.SETTINGS_FILE == settings.FILENAME


def test_the_folders_are_the_programs(home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from companion import paths

    cases: list[dict[str, str]] = [
        {"COMPANION_HOME": str(home)}, {"COMPANION_HOME": "~/x"}, {"COMPANION_HOME": "~"},
        {"COMPANION_HOME": str(home), "COMPANION_CONFIG_DIR": str(tmp_path / "c")},
        {"COMPANION_STATE_DIR": "~/s", "COMPANION_CONFIG_DIR": str(tmp_path / "c//d/")},
        {"COMPANION_HOME": "", "COMPANION_STATE_DIR": str(tmp_path / "s"), "COMPANION_CONFIG_DIR": str(tmp_path)},
    ]
    for case in cases:
        for variable in ("COMPANION_HOME", "COMPANION_CONFIG_DIR", "COMPANION_STATE_DIR"):
            monkeypatch.delenv(variable, raising=False)
        for variable, value in case.items():
            monkeypatch.setenv(variable, value)
        folders = quick_lookup._folders()
        assert folders is not None
        assert [Path(f) for f in folders] == [paths.config_dir(), paths.state_dir()], case


def test_a_home_that_cannot_be_found_goes_to_the_full_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", "~no-such-user-anywhere/x")
    assert quick_lookup._folders() is None


def test_answer_never_raises(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prime()

    def broken(*args: object) -> None:
        raise RuntimeError("a surprise")

    monkeypatch.setattr(quick_answers, "said", broken)
    assert quick_lookup.answer(["card", "C1"]) is None
