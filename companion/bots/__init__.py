"""Bots: the levels (easy, normal, strong), the Big Money family, and a seeded random bot.

Every bot has ``decide(view, decision)`` and sees only its player's view. ``bot_name`` is the one place
a typed bot name is resolved (``new``, ``host``, ``simulate`` and saved games all use it). The names
and their summaries are plain data here, so ``help bots`` does not load the bots; the classes are
imported when first used.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from companion.cards.names import or_list, quote

if TYPE_CHECKING:
    from companion.engine.game import Agent
    from companion.engine.setup import GameSetup

# The drawing cards Big Money is played with, each as its own bot: smithy-bm, council-room-bm...
DRAWING_CARDS = ("Smithy", "Council Room", "Library", "Moat", "Witch", "Laboratory", "Sentry", "Rabble", "Vault",
                 "Magnate", "Watchtower")


def bm_name(card: str) -> str:
    """``Council Room`` to ``council-room-bm``."""
    return card.lower().replace("'", "").replace(" ", "-") + "-bm"


# name: (module, class), in the order help bots says them.
_CLASSES: dict[str, tuple[str, str]] = {
    "easy": ("easy", "EasyBot"),
    "casual": ("casual", "CasualBot"),
    "normal": ("normal", "NormalBot"),
    "strong": ("strong", "StrongBot"),
    "bigmoney": ("bigmoney", "BigMoney"),
    "bmu": ("bigmoney", "BigMoneyUltimate"),
    **{bm_name(card): ("bigmoney", "BigMoneyWith") for card in DRAWING_CARDS},
    "random": ("random_bot", "RandomBot"),
}
BOTS = tuple(_CLASSES)
_CARD_OF = {bm_name(card): card for card in DRAWING_CARDS}
DEFAULT_BOT = "strong"
# One short line each, for help bots, with no colon or semicolon (Orca says them aloud). Each level's wins against
# the level below (2 players, 2,000 games on random kingdoms of both boxes, benchmarks/bench_bots.py --only climb;
# benchmarks/README.md, issue 35); easy's against Big Money Ultimate, 23.2% of 800 games (20.4 to 26.2), --only
# ladder --levels easy --kingdoms 40 --per-kingdom 20 (issue 43). LADDER says what the figures measure.
SUMMARIES: dict[str, str] = {
    "easy": "for beginners. Wins 23 in 100 against bmu.",
    "casual": "between easy and normal. Wins 76 in 100 against easy.",
    "normal": "buys casually at times. Wins 66 in 100 against casual.",
    "strong": "the default. Wins 74 in 100 against normal.",
    "bigmoney": "Big Money. It buys only Treasures and Provinces.",
    "bmu": "Big Money Ultimate, with Duchies and Estates late.",
    **{bm_name(card): f"Big Money Ultimate with {card}." for card in DRAWING_CARDS},
    "random": "any legal move at random, for testing.",
}
LADDER = "Wins are of games of 2 players on random kingdoms of both boxes."
# What a bot seat is called at the table.
DISPLAY: dict[str, str] = {
    "easy": "Easy Bot", "casual": "Casual Bot", "normal": "Bot", "strong": "Strong Bot", "bigmoney": "Big Money", "bmu": "Ultimate",
    "random": "Random", **{bm_name(card): f"{card} Bot" for card in DRAWING_CARDS},
}
ALIASES = {"bm": "bigmoney", "big money": "bigmoney", "bigmoneyultimate": "bmu", "big money ultimate": "bmu",
           "ultimate": "bmu", "general": "normal", "default": "strong", "beginner": "easy", "medium": "normal",
           "hard": "strong"}


class UnknownBot(ValueError):
    pass


def known_bot(name: str) -> bool:
    """A bot this version plays: its registry name, or an earlier version's name for it ("general")."""
    try:
        bot_name(name)
    except UnknownBot:
        return False
    return True


@lru_cache(maxsize=256)
def bot_name(typed: str) -> str:
    """The registry's name for a typed bot name (``Smithy BM``, ``general``, ``Strong``); UnknownBot if none.
    (Kept for each name typed: a simulation makes a bot for every seat of thousands of games.)"""
    key = " ".join(typed.strip().lower().replace("_", " ").split())
    key = ALIASES.get(key, key)
    if key not in _CLASSES:
        dashed = key.replace("'", "").replace(" ", "-")
        if dashed.endswith("bm") and not dashed.endswith("-bm"):
            dashed = dashed[:-2].rstrip("-") + "-bm"
        key = ALIASES.get(dashed, dashed)
    if key not in _CLASSES:
        raise UnknownBot(f"no bot named {quote(typed)}. Choose {or_list(['easy', 'normal', 'strong', 'bmu'])}. "
                         "help bots lists all.")
    return key


def bot_names(typed: str) -> list[str]:
    """The registry's names for a typed list of bots: separated by commas (``Smithy BM, bmu``) or by spaces
    (``strong easy``), a name of two words kept whole where it is one (``Smithy BM``); UnknownBot if any is not."""
    names: list[str] = []
    for part in (p.strip() for p in typed.split(",")):
        if not part:
            continue
        try:
            names.append(bot_name(part))
        except UnknownBot:
            if " " not in part:
                raise
            names.extend(bot_name(word) for word in part.split())
    return names


@lru_cache(maxsize=None)
def _class(module: str, name: str) -> Any:
    return getattr(importlib.import_module(f"companion.bots.{module}"), name)


def make_bot(name: str, seed: int = 0) -> Agent:
    key = bot_name(name)
    cls = _class(*_CLASSES[key])
    bot: Agent = cls(seed, _CARD_OF[key]) if key in _CARD_OF else cls(seed)
    return bot


def display_name(name: str) -> str:
    return DISPLAY[bot_name(name)]


def agents_for(setup: GameSetup) -> list[Agent | None]:
    """One agent per seat of a GameSetup: its bot, or None where a person plays (for Game.advance)."""
    return [None if seat.bot is None else make_bot(seat.bot, setup.seed + i) for i, seat in enumerate(setup.seats)]


_LAZY = {"BigMoney": ("bigmoney", "BigMoney"), "BigMoneyUltimate": ("bigmoney", "BigMoneyUltimate"),
         "BigMoneyWith": ("bigmoney", "BigMoneyWith"), "EasyBot": ("easy", "EasyBot"),
         "GeneralBot": ("general", "GeneralBot"), "CasualBot": ("casual", "CasualBot"), "NormalBot": ("normal", "NormalBot"),
         "RandomBot": ("random_bot", "RandomBot"),
         "StrongBot": ("strong", "StrongBot")}


def __getattr__(name: str) -> Any:  # the bot classes, imported when first asked for
    if name in _LAZY:
        return _class(*_LAZY[name])
    raise AttributeError(f"module 'companion.bots' has no attribute {name!r}")


__all__ = ["BOTS", "bot_names", "DEFAULT_BOT", "LADDER", "SUMMARIES", "BigMoney", "BigMoneyUltimate", "BigMoneyWith", "CasualBot", "EasyBot",
           "GeneralBot", "NormalBot", "RandomBot", "StrongBot", "UnknownBot", "agents_for", "bot_name", "display_name",
           "make_bot"]
