"""The quick path of ``companion card`` and ``companion rule`` says exactly what the full path says.

Whenever companion.quick_lookup answers, its answer must be the full path's standard output to the byte,
with nothing on standard error and exit status 0; everything else it must leave to the full path (None).
Here both run in this process on many inputs, under many settings files and card caches; the tests in
test_quick_process.py run real processes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from companion import cli, quick_cards, quick_lookup
from companion.cards import cache, catalogue, glossary, loader, model
from companion.cards import names as full_names
from companion.commands import lookup
from companion.settings import Settings
from tests.conftest import needs

# ---------------------------------------------------------------- helpers


def full(argv: list[str]) -> tuple[str, str, int]:
    """The full path (companion.cli.run) in this process: standard output, standard error, exit status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.run(argv)
    return out.getvalue(), err.getvalue(), status


def build_caches() -> None:
    """The card and glossary caches, written by the full path's own cache code into this test's home
    (the catalogue loaded once per process is not touched)."""
    catalogue.__wrapped__()
    glossary.__wrapped__()


def cache_file(home: Path, name: str = "cards") -> Path:
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
    build_caches()
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


@pytest.mark.parametrize("verbosity", ["normal", "brief", "full"])
def test_card_lists_agree(home: Path, verbosity: str) -> None:
    build_caches()
    write_settings(home, f'verbosity = "{verbosity}"\n')
    answered: list[list[str]] = []
    for argv in CARDS_INPUTS:
        agree(argv, answered)
    for argv in (["cards"], ["cards", "all"], ["cards", "cost", "4"], ["cards", "prosperity", "attack"],
                 ["cards", "treasures"], ["cards", "cost", "9"], ["cards", "act"], ["cards", "curse"]):
        assert argv in answered
    for argv in (["cards", "4", "5"], ["cards", "²"], ["cards", "zzz"], ["cards", "a"], ["cards", "atack"]):
        assert argv not in answered  # errors: the full path's


def test_every_rules_term_and_alias_agrees(home: Path) -> None:
    build_caches()
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
    # Files the quick path leaves to the full path (a notice, speech, or TOML it does not read itself):
    "speech": 'speech = "on"\n',
    "speech flag": "speech = true\n",
    "bad value": 'verbosity = "loud"\n',
    "bad type": "verbosity = true\n",
    "number": "low = 3\n",
    "damaged": "verbosity = \n",
    "duplicate": 'verbosity = "brief"\nverbosity = "full"\n',
    "quoted key": '"verbosity" = "brief"\n',
    "table": '[table]\nverbosity = "brief"\n',
    "crlf": 'verbosity = "brief"\r\n',
    "bom": '\ufeffverbosity = "brief"\n',
    "escape": 'verbosity = "bri\\u0065f"\n',
    "multi-line": 'verbosity = """brief"""\n',
    "control": '# an escape \x1b\nverbosity = "brief"\n',
    "delete": 'verbosity = "brief" # \x7f\n',
    "not utf-8": b'verbosity = "br\xffef"\n',
}
QUICK_FILES = ("brief", "full", "upper case", "codes off", "notes on", "all", "other areas", "empty")


@pytest.mark.parametrize("name", list(SETTINGS_FILES))
def test_settings_files_agree(home: Path, name: str) -> None:
    build_caches()
    write_settings(home, SETTINGS_FILES[name])
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
    build_caches()
    settings = Settings(path=home / "config" / "settings.toml")
    for name, value in (("verbosity", "full"), ("codes", "off"), ("notes", "on"), ("sounds", "on")):
        settings.set(name, value)
    assert settings.save() is None
    for argv in (["card", "C1"], ["card", "kc"], ["rule", "trash"]):
        assert quick_lookup.answer(argv) is not None
        agree(argv)


def test_a_settings_folder_that_is_not_a_file_goes_to_the_full_path(home: Path) -> None:
    build_caches()
    (home / "config" / "settings.toml").mkdir(parents=True)
    assert quick_lookup.answer(["card", "C1"]) is None


def test_a_settings_pipe_is_left_to_the_full_path_without_waiting(home: Path) -> None:
    needs("named pipes", hasattr(os, "mkfifo"))
    build_caches()
    (home / "config").mkdir(parents=True)
    os.mkfifo(home / "config" / "settings.toml")
    assert quick_lookup.answer(["card", "C1"]) is None


# ---------------------------------------------------------------- the cache


def test_no_cache_stale_or_damaged_goes_to_the_full_path(home: Path) -> None:
    assert quick_lookup.answer(["card", "C1"]) is None  # none yet
    build_caches()
    assert quick_lookup.answer(["card", "C1"]) is not None
    path = cache_file(home)
    good = path.read_bytes()
    doc = json.loads(good)
    stale = dict(doc, key=[*doc["key"][:1], [2, 7], *doc["key"][2:]])  # another Python's
    for text in (good[: len(good) // 2], b"", b"[]", b"\xff", json.dumps(stale).encode(), b"[" * 100_000,
                 good + b" " * (cache.MAX_BYTES + 1)):
        path.write_bytes(text)
        assert quick_lookup.answer(["card", "C1"]) is None
    path.write_bytes(good)
    assert quick_lookup.answer(["card", "C1"]) is not None


def test_no_cache_is_read_when_it_is_switched_off(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build_caches()
    monkeypatch.setenv("COMPANION_NO_CACHE", "1")
    assert quick_lookup.answer(["card", "C1"]) is None


def test_the_key_is_the_full_paths_key(home: Path) -> None:
    build_caches()
    doc = json.loads(cache_file(home).read_text(encoding="utf-8"))
    folder = loader.data_dir()
    assert doc["key"] == json.loads(json.dumps(cache._key(folder, loader.CARD_FILES)))
    assert quick_cards._load(str(home / "state"), "cards", quick_cards.CARD_FILES) == (str(folder), doc["data"])


VALUES: list[Any] = [None, "", " ", "x", "Copper", "Action", "basic", "kingdom", 0, -1, 1, 3, True, False, 1.5,
                     [], [""], ["x"], ["Action"], ["Treasure", "Attack"], {}, {"2": 1}, {str(n): 8 for n in range(2, 7)},
                     {str(n): 0 for n in range(2, 7)}, {"2": 8, "3": 8, "4": 8, "5": 8, "7": 8},
                     {"2": True, "3": 8, "4": 8, "5": 8, "6": 8}, {"2": 8, "3": 8, "4": 8, "5": 8, "6": 12.0},
                     {"2": 8, "3": 8, "4": 8, "5": 8, "06": 8}]
FIELDS = ["name", "kind", "types", "cost", "pile", "coin", "vp", "note", "code", "text", "below_line", "set", "other"]


def _mutated(docs: list[Any], rng: random.Random) -> list[Any]:
    docs = json.loads(json.dumps(docs))
    doc = rng.choice(docs)
    what = rng.random()
    if what < 0.05:
        doc[rng.choice(["set", "cards"])] = rng.choice(VALUES)
    elif what < 0.1:
        doc["cards"].append(json.loads(json.dumps(rng.choice(doc["cards"]))))  # a card twice
    elif what < 0.15:
        del doc["cards"][rng.randrange(len(doc["cards"]))]
    else:
        card = rng.choice(doc["cards"])
        field = rng.choice(FIELDS)
        if rng.random() < 0.2:
            card.pop(field, None)
        else:
            card[field] = rng.choice(VALUES)
    return docs


def _as_card(card: model.Card) -> dict[str, Any]:
    return {f: (dict(card.pile) if f == "pile" and not isinstance(card.pile, int) else getattr(card, f))
            for f in ("name", "set", "kind", "cost", "types", "text", "below_line", "coin", "vp", "pile", "note",
                      "code", "plural")}


def test_the_cache_is_refused_exactly_where_the_loader_refuses_it(home: Path) -> None:
    build_caches()
    docs = json.loads(cache_file(home).read_text(encoding="utf-8"))["data"]
    folder = loader.data_dir()
    rng = random.Random(14)
    refused = 0
    for _ in range(1500):
        changed = _mutated(docs, rng)
        try:
            expected: list[dict[str, Any]] | None = [_as_card(c) for c in loader.cards_from_docs(folder, changed)]
        except loader.CardDataError:
            expected = None
        try:
            got: list[dict[str, Any]] | None = quick_cards._checked_cards(changed)
        except quick_cards._Refused:
            got = None
        assert got == expected
        refused += expected is None
    assert 250 < refused < 1450  # both kinds of case were tried


def test_a_valid_cache_is_what_is_said(home: Path) -> None:
    """The cache holds what the full path uses too: a changed (still valid) text is said by both."""
    build_caches()
    path = cache_file(home)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["data"][0]["cards"][0]["text"] = ["Worth 1 coin, and a changed line."]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert quick_lookup.answer(["card", "C1"]) == "Copper, 0 coins, Treasure.\nWorth 1 coin, and a changed line.\nBraille code C1.\n"


# ---------------------------------------------------------------- the pieces it repeats


def test_the_copied_constants_are_the_programs() -> None:
    from companion import dispatch, paths, settings

    assert quick_cards.CARD_FILES == loader.CARD_FILES and quick_cards.BOX_CARDS == loader.BOX_CARDS
    assert (quick_cards.SETS, quick_cards.TYPES, quick_cards.KINDS) == (model.SETS, model.TYPES, model.KINDS)
    assert (quick_cards.CACHE_VERSION, quick_cards.MAX_BYTES) == (cache.CACHE_VERSION, cache.MAX_BYTES)
    assert quick_lookup.APP == paths.APP and quick_lookup.SETTINGS_FILE == settings.FILENAME
    assert quick_lookup.MAX_LINE == dispatch.MAX_LINE and quick_lookup._NOTES_WORDS == lookup._NOTES_WORDS
    assert quick_lookup._TYPE_PLURALS == lookup._TYPE_PLURALS
    filters = lookup._filter_words()
    assert quick_cards.index(quick_lookup._FILTERS) == (filters._exact, filters._names)
    assert quick_lookup._COST_WORDS == {"cost", "costs", "costing", "coin", "coins", "cards", "card", "with", "of",
                                        "and", "that", "the"}  # lookup._cost_filter's words to skip
    for name, choices in quick_lookup.CHOICES.items():
        spec = settings.SPECS[name]
        assert set(choices) == set(spec.choices) and choices[0] == spec.default


TEXT = st.text(alphabet=st.sampled_from(list("aZ_ '’`´ʼ\"“”-.\t\n\u00a0\u2003\u3000\x1c\x85İı")))


@given(TEXT)
@hyp_settings(max_examples=400, deadline=None)
def test_normalise_and_plain_are_the_programs(text: str) -> None:
    assert quick_cards.normalise(text) == full_names.normalise(text)
    assert quick_cards.loose(text) == full_names.loose(text)
    assert quick_lookup._plain(text) == lookup._plain(text)


@given(st.text(alphabet=st.sampled_from(list("0123456789-+ \n١２coinsVP"))))
@hyp_settings(max_examples=400, deadline=None)
def test_worth_is_the_pattern_a_treasure_line_has(text: str) -> None:
    worth = re.compile(r"^-?\d+ (coin|coins|VP)$")  # a card whose one line is its worth: "Worth 2 coins."
    assert quick_cards._worth(text) == bool(worth.match(text))
    for line in ("1 coin", "-2 coins", "3 VP", "3 VP\n", "١ coin", "1 coin\n\n", "1  coin", " 1 coin"):
        assert quick_cards._worth(line) == bool(worth.match(line))


@given(st.lists(st.text(alphabet=st.sampled_from(list("ab \t\n\x00\x1b\x7f\x9f\xa0\udc80\ufffdcardé")), max_size=4)))
@hyp_settings(max_examples=300, deadline=None)
def test_the_line_is_checked_as_the_dispatcher_checks_it(words: list[str]) -> None:
    from companion.commands.registry import CommandError
    from companion.dispatch import check_line

    argv = ["card", *words]
    line = f"card {' '.join(words)}".strip()
    try:
        checked: str | None = check_line(line)
    except CommandError:
        checked = None
    got = quick_lookup._args(argv)
    if checked is None:
        assert got is None
    else:
        assert got == lookup._plain(checked.partition(" ")[2].strip())


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
    build_caches()

    def broken(*args: object) -> None:
        raise RuntimeError("a surprise")

    monkeypatch.setattr(quick_cards, "find_card", broken)
    assert quick_lookup.answer(["card", "C1"]) is None
