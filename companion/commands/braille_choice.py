"""What ``braille export`` writes, chosen from its options: a kingdom (``--kingdom``: a recommended set, 10
cards, random, or the open game's or table's), any cards (``--cards``), a whole box (``--set``), or a
kingdom's setup (``--setup``), with the title and the file name it gets. The open game is
``session.state["game"]`` (its ``kingdom``), the open table ``session.state["table"]`` (a saved table:
``.table.setup``).
"""

from __future__ import annotations

import argparse
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.cards import Card, NameError_, catalogue, recommended_sets
from companion.cards.names import and_list, loose, quote
from companion.kingdom import KINGDOM_SIZE, Kingdom, KingdomError, choose_kingdom
from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.session import Session

CURRENT_SOURCES = ("game", "table")  # session.state keys that may hold a kingdom, in this order
CURRENT_WORDS = {"game": ("game",), "table": ("table",), "current": CURRENT_SOURCES}
SETS = {"base": ("base2e",), "dominion": ("base2e",), "prosperity": ("prosperity2e",),
        "all": ("base2e", "prosperity2e"), "both": ("base2e", "prosperity2e")}
SET_TITLES = {("base2e",): ("Dominion, every card", "dominion"),
              ("prosperity2e",): ("Prosperity, every card", "prosperity"),
              ("base2e", "prosperity2e"): ("Dominion and Prosperity, every card", "dominion-and-prosperity")}
NAMED_IN_TITLE = 3  # a list of more cards is named by its first 3 "and 7 more"


@dataclass(frozen=True)
class Chosen:
    """What goes in the file: a title, the facts under it, the cards (or a setup), the default file name."""

    title: str  # for the title page, e.g. "Kingdom: First Game"
    stem: str  # the default file's name without .brf, e.g. "first-game"
    cards: tuple[Card, ...] = ()
    kingdom: Kingdom | None = None
    players: int | None = None  # the open table's players, for --setup
    facts: tuple[str, ...] = ()
    note: str = ""  # said after the confirmation, e.g. the seed chosen for a random kingdom


def name_from_cards(cards: tuple[Card, ...]) -> str:
    """``Cellar, Market, Merchant and 7 more``; every name when there are 4 or fewer."""
    names = [c.name for c in cards]
    if len(names) <= NAMED_IN_TITLE + 1:
        return and_list(names)
    return f"{', '.join(names[:NAMED_IN_TITLE])} and {len(names) - NAMED_IN_TITLE} more"


def stem_of(title: str) -> str:
    """``first-game`` from ``First Game``."""
    return re.sub(r"[^a-z0-9]+", "-", loose(title)).strip("-") or "braille"


def file_name(title: str) -> str:
    return stem_of(title) + ".brf"


def _saved_table_kingdom(saved: object) -> tuple[Kingdom, int] | None:
    """The kingdom and number of players of an open table (a ``companion.table.storage.Saved``)."""
    setup = getattr(getattr(saved, "table", None), "setup", None)
    kingdom = getattr(setup, "kingdom_cards", None)
    if isinstance(kingdom, Kingdom):
        return kingdom, len(getattr(setup, "players", ()) or ()) or 2
    return None


def current_kingdom(session: "Session", sources: tuple[str, ...]) -> tuple[Kingdom, str, int | None] | None:
    """The kingdom of the first of ``sources`` that has one, what it is ("game", "table") and its players."""
    for key in sources:
        held = session.state.get(key)
        if held is None:
            continue
        kingdom = getattr(held, "kingdom", None)
        if isinstance(kingdom, Kingdom):
            players = getattr(getattr(held, "game", None), "n", None)
            return kingdom, key, players if isinstance(players, int) else None
        found = _saved_table_kingdom(held)
        if found is not None:
            return found[0], key, found[1]
    return None


def _one_card_refusal(typed: str) -> None:
    """``--kingdom village``: one card is not a kingdom, whatever recommended set starts like it."""
    if "," in typed or recommended_sets().get(typed) is not None:
        return
    card = catalogue().exact(typed)
    if card is not None:
        raise CommandError(f"{card.name} is one card, and a kingdom has {KINGDOM_SIZE}. Name 10 with commas, "
                           f"or type --cards {card.name.lower()} for it alone.")


def from_kingdom(session: "Session", typed: str | None, seed: int | None, colony: bool | None) -> Chosen:
    """The kingdom named after --kingdom (or the current game's or table's)."""
    if typed is None or loose(typed) in CURRENT_WORDS:
        sources = CURRENT_SOURCES if typed is None else CURRENT_WORDS[loose(typed)]
        found = current_kingdom(session, sources)
        if found is None:
            where = "game or table" if typed is None else loose(typed)
            raise CommandError(f"there is no {where} with a kingdom now. Add --kingdom and a set's name, like --kingdom \"First Game\".")
        if seed is not None:
            raise CommandError("--seed is only for --kingdom random. Leave out --seed.")
        kingdom, _, players = found
        if colony is not None:
            kingdom = kingdom.with_platinum_colony(colony)
        return _kingdom_chosen(kingdom.name or name_from_cards(kingdom.cards), kingdom, players=players)
    is_random = loose(typed) in ("random", "r")
    if seed is not None and not is_random:
        raise CommandError(f"--seed is only for --kingdom random, not {quote(typed)}. Leave out --seed.")
    if not is_random:
        _one_card_refusal(typed)
    note = ""
    if is_random and seed is None:  # chosen here and said, so that the same kingdom can be made again
        seed = random.SystemRandom().randrange(1, 10_000)
        note = f"Random kingdom, seed {seed}."
    try:
        kingdom = choose_kingdom(typed, seed=seed, platinum_colony=colony)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    title = f"random, seed {seed}" if is_random else kingdom.name or name_from_cards(kingdom.cards)
    return _kingdom_chosen(title, kingdom, note)


def _kingdom_chosen(name: str, kingdom: Kingdom, note: str = "", players: int | None = None) -> Chosen:
    facts = ("With Platinum and Colony.",) if kingdom.platinum_colony else ()
    return Chosen(f"Kingdom: {name}", stem_of(name), kingdom=kingdom, facts=facts, note=note, players=players)


def from_cards(typed: str) -> Chosen:
    cat = catalogue()
    if not typed.strip():
        raise CommandError("no cards named after --cards. Type --cards and cards with commas, like --cards village, smithy.")
    try:
        cards = tuple(dict.fromkeys(cat.find_many(typed)))
    except NameError_ as e:
        raise CommandError(f"{e} Type --cards and cards with commas, like --cards village, smithy.") from None
    if not cards:
        raise CommandError(f"no cards in {quote(typed)}. Type --cards and cards with commas, like --cards village, smithy.")
    name = name_from_cards(cards)
    return Chosen(f"{'Card' if len(cards) == 1 else 'Cards'}: {name}", stem_of(name), cards=cards)


def from_set(typed: str) -> Chosen:
    ids = SETS.get(loose(typed))
    if ids is None:
        raise CommandError(f"no box named {quote(typed)}. Type --set base, --set prosperity or --set all.")
    every = catalogue().cards
    cards: list[Card] = []
    for set_id in ids:  # each box's basic cards as a Supply lays them out, then its kingdom cards by cost
        cards += [c for c in every if c.set == set_id and not c.is_kingdom]
        cards += sorted(c for c in every if c.set == set_id and c.is_kingdom)
    title, stem = SET_TITLES[ids]
    return Chosen(title, stem, cards=tuple(cards))


def the_cards(chosen: Chosen, basic: bool) -> tuple[Card, ...]:
    """A kingdom's handout: its 10 cards, Platinum and Colony if it uses them; ``basic``: every basic card."""
    if chosen.kingdom is None:
        return chosen.cards
    kingdom = chosen.kingdom
    if basic:
        return kingdom.cards + kingdom.basic_cards
    return kingdom.cards + tuple(c for c in kingdom.basic_cards if c.name in ("Platinum", "Colony"))


def _colony(typed: str | None) -> bool | None:
    if typed is None:
        return None
    word = loose(typed)
    if word in ("on", "yes"):
        return True
    if word in ("off", "no"):
        return False
    raise CommandError(f"--colony {quote(typed)} is not a choice. Type --colony on or --colony off.")


def choose(session: "Session", options: argparse.Namespace, seed: int | None) -> Chosen:
    """What export's options name: one of --kingdom (the default), --cards or --set; CommandError if not."""
    given = [o for o, v in (("--kingdom", options.kingdom), ("--cards", options.cards), ("--set", options.set))
             if v is not None]
    if len(given) > 1:
        raise CommandError(f"{and_list(given)} both say what to export. Type one of them.")
    source = given[0] if given else "--kingdom"
    if source != "--kingdom":
        for option, value in (("--seed", options.seed), ("--colony", options.colony), ("--setup", options.setup),
                              ("--basic", options.basic)):
            if value:
                raise CommandError(f"{option} is for a kingdom, not for {source}. Leave out {option}.")
    if source == "--cards":
        return from_cards(options.cards)
    if source == "--set":
        return from_set(options.set)
    return from_kingdom(session, options.kingdom, seed, _colony(options.colony))
