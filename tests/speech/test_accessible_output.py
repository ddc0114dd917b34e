"""Every command's output, at every verbosity, against the accessibility guide's checks (tests/accessibility.py)."""

from __future__ import annotations

import pytest

from companion.cards import catalogue, glossary
from companion.cards.describe import card_text, plain
from companion.commands import registry
from companion.settings import Settings
from tests.accessibility import check_error, check_response
from tests.home import Typist

CARDS = catalogue().cards
VERBOSITIES = ("brief", "normal", "full")


def typist(verbosity: str = "normal", **values: str) -> Typist:
    return Typist(Settings({"verbosity": verbosity, **values}))


@pytest.mark.parametrize("verbosity", VERBOSITIES)
@pytest.mark.parametrize("card", CARDS, ids=str)
def test_card(card, verbosity: str) -> None:
    out = typist(verbosity).type(f"card {card.name}")
    payload = len(card_text(card).split()) + len(" ".join(card.below_line).split())  # the card's own words
    limit = {"brief": 15, "normal": 40, "full": 60}[verbosity] + payload
    check_response(out, verbosity, key=f"{card.cost} coin", max_words=limit)
    assert out.startswith(card.name + ",")


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_card_notes_and_codes(card) -> None:
    out = typist().type(f"card {card.code or card.name} notes")
    check_response(out, listing=True, key=f"{card.cost} coin")
    assert out.rstrip("\n").endswith(plain(card.note))  # said with its signs as pauses
    assert (f"Braille code {card.code}." in out) == bool(card.code)
    assert "Braille code" not in typist(codes="off").type(f"card {card.name}")


FILTERS = ["", "all", "cost 0", "cost 4", "5", "11", "prosperity", "dominion", "kingdom", "basic", "action",
           "treasure", "victory", "curse", "attack", "reaction", "prosperity attack", "kingdom treasure",
           "base victory", "curse prosperity", "cost 99", "attacks", "pros att"]


@pytest.mark.parametrize("verbosity", VERBOSITIES)
@pytest.mark.parametrize("words", FILTERS)
def test_cards(words: str, verbosity: str) -> None:
    out = typist(verbosity).type(f"cards {words}".strip())
    first = out.split("\n")[0]
    check_response(out, verbosity, listing=True)
    assert first.split()[0].isdigit() or first.startswith("No "), first  # the count first


def test_cards_counts_are_right() -> None:
    out = typist().type("cards cost 4")
    n = int(out.split()[0])
    assert n == sum(c.cost == 4 for c in CARDS)
    assert all(c.name in out for c in CARDS if c.cost == 4)


@pytest.mark.parametrize("verbosity", VERBOSITIES)
@pytest.mark.parametrize("term", glossary().terms, ids=str)
def test_rule(term, verbosity: str) -> None:
    out = typist(verbosity).type(f"rule {term.term}")
    # Glossary sentences are written to be at most 15 words: a braille user pans the first line. The end of
    # the game has three ways to end and a fourth pile at 5 or 6 players: in 15 words it could only be said
    # as "5 or 6 players, 4.", which the ear does not follow; two plain sentences take 20.
    most = 20 if term.term == "end of game" and verbosity == "brief" else None
    check_response(out, verbosity, listing=verbosity == "full", first_line_chars=None, max_words=most)
    assert out.startswith(plain(term.short))  # the rulebook's words, with their signs said as pauses
    assert (plain(term.full) in out) == (verbosity == "full")


def test_rule_list_and_more() -> None:
    check_response(typist().type("rule"), listing=True, key="47")
    out = typist().type("rule trash more")
    check_response(out, listing=True, first_line_chars=None)


@pytest.mark.parametrize("name", ["", *sorted(registry.names())])
def test_help(name: str) -> None:
    out = typist().type(f"help {name}".strip())
    check_response(out, listing=not name or name == "bots", max_words=60)  # help bots: a list asked for
    if name:
        cmd = registry.registrations(name)[0]  # a shared verb: the first area's, as help says it
        assert cmd.example in out


@pytest.mark.parametrize("line", ["settings", "set verbosity brief", "set verbosity", "speech", "speech off",
                                  "repeat", "review", "review 3", "history"])
def test_settings_and_review(line: str) -> None:
    t = typist()
    t.type("card village")
    check_response(t.type(line), listing=line.startswith(("settings", "review", "history")))


@pytest.mark.parametrize(
    ("line", "typed"),
    [("card vilage", "vilage"), ("card zzzz", "zzzz"), ("card m", "m"), ("card", None), ("cards xyz", "xyz"),
     ("cards cost 4 5", "5"), ("rule zzz", "zzz"), ("help xyz", "xyz"), ("review many", "many"), ("review 0", "0"),
     ("set verbosity loud", "loud"), ("set volume 3", "volume"), ("set", None), ("speech loud", "loud"),
     ("bogus", "bogus"), ("crd village", "crd"), ("repeat now", "now"), ("history x", "x"),
     ("card " + "x" * 5000, None), ("card vil\x1b[A", "card vil"), ("card \udcff", None)],
)
def test_errors(line: str, typed: str | None) -> None:
    t = typist()
    out = t.type(line)
    check_error(out, typed)
    assert t.response is not None and t.response.failed
