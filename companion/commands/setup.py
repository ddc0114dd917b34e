"""Setting up a game: the rulebooks' recommended sets, and how to lay out any kingdom for 2 to 6 players.

``sets`` lists the recommended Sets of 10 and says one; ``setup`` says which piles to take out and how many
cards each, which reference cards to hand out and what each player starts with, without starting a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import catalogue, recommended_sets
from companion.cards.loader import RecommendedSet
from companion.cards.names import NameError_, and_list, loose, quote
from companion.commands.lookup import CARDS
from companion.commands.registry import ArgumentParser, answer, command
from companion.refusal import CommandError
from companion.response import Response
from companion.kingdom import KingdomError, choose_kingdom
from companion.table.text import layout_lines
from companion.numbers import as_number, is_number

if TYPE_CHECKING:
    from companion.session import Session

RULEBOOK = {"base2e": "the Dominion rulebook", "prosperity2e": "the Prosperity rulebook"}


def _boxes(group: str) -> str:
    """A set's boxes said one way: the Prosperity rulebook's "Prosperity & Dominion" is "Dominion & Prosperity"."""
    said = "Dominion & Prosperity" if group == "Prosperity & Dominion" else group
    return said.replace("/", " and ")  # "Cornucopia/Guilds", one box: a slash is heard as "slash"


def _playable_line(sets: list[RecommendedSet], source: str) -> str:
    names = [s.name for s in sets if s.source == source and s.playable]
    return f"{'Dominion' if source == 'base2e' else 'Prosperity'}. {and_list(names)}."


def _describe(chosen: RecommendedSet) -> list[str]:
    lines = [f"{chosen.name}, from {RULEBOOK[chosen.source]}."]
    if chosen.missing:
        lines.append(f"{and_list(list(chosen.kingdom))}.")
        lines.append(f"Needs other boxes for {and_list(list(chosen.missing))}, so it cannot be played here.")
        return lines
    cat = catalogue()
    ordered = sorted((cat[n] for n in chosen.kingdom), key=lambda c: (c.cost, c.name))
    lines.append(f"{and_list([c.name for c in ordered])}.")
    if chosen.platinum_colony:
        lines.append("With Platinum and Colony.")
    older = recommended_sets().retired(chosen.name)
    if older is not None and older.missing:
        lines.append(f"The Dominion rulebook's older version used {and_list(list(older.missing))}, "
                     "retired from Prosperity.")
    return lines


@command(
    "sets",
    summary="lists the rulebooks' recommended kingdoms, or says one.",
    usage="sets, sets NAME, or sets all",
    example="sets first game",
    topic=CARDS,
    complete=lambda session, text: recommended_sets().complete(text),
    details="Alone, it lists the sets you can play with Dominion and Prosperity. sets all adds those that "
            "need other boxes.",
)
def sets_command(session: "Session", args: str) -> Response:
    every = recommended_sets()
    current = list(every.current)
    typed = args.strip()
    if not typed:
        playable = [s for s in current if s.playable]
        others = len(current) - len(playable)
        return answer(session, "\n".join([
            f"{len(playable)} recommended sets can be played here.",
            _playable_line(current, "base2e"),
            _playable_line(current, "prosperity2e"),
            f"{others} more need other boxes. Type sets all. For one set, type sets and its name.",
        ]))
    if loose(typed) == "all":
        groups: dict[str, list[str]] = {}
        for s in sorted(current, key=lambda s: "alone" not in s.group):  # the playable ones first
            groups.setdefault(_boxes(s.group), []).append(s.name)
        lines = [f"{len(current)} recommended sets, by the boxes they need."]
        lines += [f"{group}. {and_list(names)}." for group, names in groups.items()]
        return answer(session, "\n".join(lines))
    try:
        chosen = every.find(typed)
    except NameError_ as e:
        raise CommandError(f"{e} Type sets for the list.") from None
    return answer(session, "\n".join(_describe(chosen)))


def _setup_parser() -> ArgumentParser:
    parser = ArgumentParser("setup")
    parser.add_argument("words", nargs="*")
    parser.add_argument("--players", "-p")
    parser.add_argument("--kingdom", "-k")
    parser.add_argument("--seed")
    parser.add_argument("--colony", choices=("on", "off", "rule"))
    return parser


@command(
    "setup",
    summary="says how to lay out a kingdom for 2 to 6 players.",
    usage="setup PLAYERS KINGDOM",
    example="setup 4 first game",
    topic=CARDS,
    details="The kingdom is a recommended set, 10 cards with commas, or random. Add --colony on or off, "
            "and --seed for a random kingdom you can make again. Without a kingdom, First Game.",
)
def setup_command(session: "Session", args: str) -> Response:
    options = _setup_parser().parse(args, intermixed=True)
    words = list(options.words)
    players_text = options.players
    if players_text is None and words and is_number(words[0]):
        players_text = words.pop(0)
    kingdom_text = options.kingdom or " ".join(words) or "First Game"
    found = as_number(players_text) if players_text is not None else 2
    if found is None:
        raise CommandError(f"{quote(players_text)} is not a number of players. Type a number from 2 to 6, "
                           "like setup 4 first game.")
    players = found
    if not 2 <= players <= 6:
        raise CommandError(f"{quote(players_text or '')} players, but Dominion is for 2 to 6. "
                           "Type a number from 2 to 6, like setup 4 first game.")
    seed = None
    if options.seed is not None:
        seed = as_number(options.seed)
        if seed is None or seed < 0:
            raise CommandError(f"--seed {quote(options.seed)} is not a whole number. Type --seed and a number.")
    colony = {"on": True, "off": False}.get(options.colony or "")
    random_kingdom = loose(kingdom_text) in ("random", "r")
    if random_kingdom and seed is None:
        import random

        seed = random.randrange(1, 10_000)
    try:
        kingdom = choose_kingdom(kingdom_text, seed=seed, platinum_colony=colony)
    except KingdomError as e:
        raise CommandError(str(e)) from None
    from companion.commands.braille import emboss_line, with_emboss_line

    lines = [f"Setup for {players} players."] + layout_lines(kingdom, players)
    lines = with_emboss_line(lines, emboss_line(kingdom, seed if random_kingdom else None, options.colony))
    if random_kingdom:
        lines[0] = f"Setup for {players} players, random kingdom, seed {seed}."
    return answer(session, "\n".join(lines))
