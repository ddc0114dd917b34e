"""Names that look the same are one name, whatever compatibility forms or invisible characters they are
spelt with: a property test over Unicode's confusables data, the fullwidth block and the default-ignorable
characters; and bots' names are refused to people."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.server import names

PAIRS = sorted(names.prototypes().items())
FULLWIDTH = [chr(c) for c in range(0xFF01, 0xFF5F)]  # fullwidth ASCII: ！ to ～
IGNORABLE = ["\u00ad", "\u034f", "\u180b", "\u200b", "\u200c", "\u200d", "\u2060", "\u2061", "\ufe0f", "\ufeff",
             "\U000e0001", "\U000e0100"]
LETTERS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=6)


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PAIRS), LETTERS, LETTERS)
def test_a_confusable_and_its_prototype_are_one_name(pair, before, after):
    source, target = pair
    if any(unicodedata.category(c) == "Cc" for c in source + target):
        return  # a control character (a tab in one prototype) is never part of a name
    if nfkc(source) != source:  # a compatibility form: it is its folded form's name (NFKC before the skeleton)
        target = nfkc(source)
    assert names.key(before + source + after) == names.key(before + target + after)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(FULLWIDTH), min_size=1, max_size=8))
def test_fullwidth_letters_are_the_letters_they_show(chars):
    shown = "".join(chars)
    assert names.key(shown) == names.key(nfkc(shown))


@settings(max_examples=200, deadline=None)
@given(LETTERS, st.lists(st.tuples(st.integers(0, 20), st.sampled_from(IGNORABLE)), max_size=4))
def test_invisible_characters_change_no_name(name, inserts):
    spelt = name
    for at, ch in inserts:
        spelt = spelt[:at] + ch + spelt[at:]
    assert names.key(spelt) == names.key(name)
    assert names.tidy(spelt) == names.tidy(name)  # nor what is said


def test_every_fullwidth_latin_letter_folds():
    """The issue's count: 18 of the 52 fullwidth Latin letters made a name that passed for a registered one."""
    latin = [chr(c) for c in [*range(0xFF21, 0xFF3B), *range(0xFF41, 0xFF5B)]]
    assert [c for c in latin if names.key(c) != names.key(nfkc(c))] == []
    assert names.same("\uff21\uff4e\uff41", "Ana") and names.tidy("\uff21\uff4e\uff41") == "Ana"
    assert names.same("\U0001d400na", "Ana") and names.same("\ufb01ona", "fiona")


@pytest.mark.parametrize("name", ["Strong Bot", "StrongBot", "strong bot", "\uff33trong Bot", "Bot", "Smithy Bot",
                                  "Big Money", "Random", "Mega-bot"])
def test_a_bots_name_is_refused_to_a_person(name):
    said = names.refusal(name)
    assert said is not None and said.endswith("is a bot's, so people would take you for one. Join again with another name.")


@pytest.mark.parametrize("name", ["Abbot", "Talbot", "Robin", "Ana"])
def test_names_with_bot_inside_a_word_are_kept(name):
    assert names.refusal(name) is None
