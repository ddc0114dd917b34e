"""Bots: Big Money, Big Money Ultimate, the general bot for every card, and a seeded random bot.

Every bot has ``decide(view, decision)`` and sees only its player's view.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.bots.bigmoney import BigMoney, BigMoneyUltimate
from companion.bots.general import GeneralBot
from companion.bots.random_bot import RandomBot
from companion.cards.names import or_list, quote

BOTS: dict[str, Callable[[int], Any]] = {
    "bigmoney": BigMoney,
    "bmu": BigMoneyUltimate,
    "general": GeneralBot,
    "random": RandomBot,
}
ALIASES = {"bm": "bigmoney", "big money": "bigmoney", "bigmoneyultimate": "bmu", "big money ultimate": "bmu",
           "ultimate": "bmu"}


class UnknownBot(ValueError):
    pass


def bot_name(typed: str) -> str:
    key = typed.strip().lower()
    key = ALIASES.get(key, key)
    if key not in BOTS:
        raise UnknownBot(f"no bot named {quote(typed)}. Choose {or_list(list(BOTS))}.")
    return key


def make_bot(name: str, seed: int = 0) -> Any:
    return BOTS[bot_name(name)](seed)


def agents_for(setup: Any) -> list[Any]:
    """One agent per seat of a GameSetup: its bot, or None where a person plays (for Game.advance)."""
    return [None if seat.bot is None else make_bot(seat.bot, setup.seed + i) for i, seat in enumerate(setup.seats)]


__all__ = ["BOTS", "BigMoney", "BigMoneyUltimate", "GeneralBot", "RandomBot", "UnknownBot", "agents_for", "bot_name", "make_bot"]
