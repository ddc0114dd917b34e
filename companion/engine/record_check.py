"""Checking a saved game's fields before it is replayed: every field, with a sentence for the first bad one.

``check_save(data)`` takes the parsed JSON of a save file (see ``companion.engine.record``) and raises
``SaveError`` naming the field that is not what this program writes: a kingdom of 9 cards, 10 Cellars or
Province, a bot this version does not know, a seed that is not a whole number, a turn limit of "x", an
answer nested too deeply. The replay that follows checks that every answer fits the game.
"""

from __future__ import annotations

from typing import Any, Callable

from companion import filecheck
from companion.filecheck import Damaged

MAX_ANSWERS = 1_000_000
MAX_VALUE_DEPTH = 3  # an answer is a value, a card, or a list of them (of lists, for some questions)


def _value(value: Any, where: str, depth: int = 0) -> None:
    if depth > MAX_VALUE_DEPTH:
        raise Damaged(f"{where} nests too deeply")
    if isinstance(value, dict):
        if set(value) != {"card"}:
            raise Damaged(f"{where} is not a card")
        filecheck.card(value["card"], where)
    elif isinstance(value, list):
        filecheck.listed(value, where, 0, 500)
        for v in value:
            _value(v, where, depth + 1)
    elif isinstance(value, int) and not isinstance(value, bool):
        filecheck.whole(value, where, -1_000_000, 1_000_000)
    elif isinstance(value, str):
        filecheck.text(value, where, 200, 0)
    elif value is not None and not isinstance(value, bool):
        raise Damaged(f"{where} is not an answer this program gives")


def check_body(body: Any, known_bot: Callable[[str], bool] | None = None) -> None:
    """The ``game`` part of a save: kingdom, seats, seed, turn limit and answers. Damaged if one is wrong.
    ``known_bot`` says whether a seat's bot is one this version plays (the bots are above the engine, so
    the caller who will make them gives it); without it, a bot's name is only checked as a name."""
    body = filecheck.mapping(body, "the game")
    kingdom = filecheck.mapping(filecheck.field(body, "kingdom", "the game"), "the kingdom")
    filecheck.kingdom(filecheck.field(kingdom, "cards", "the kingdom"))
    filecheck.flag(filecheck.field(kingdom, "platinum_colony", "the kingdom"), "platinum_colony")
    filecheck.maybe_text(kingdom.get("name"), "the kingdom's name", 80)
    seats = filecheck.listed(filecheck.field(body, "seats", "the game"), "the seats", 2, 6)
    for i, seat in enumerate(seats):
        where = f"seat {i + 1}"
        seat = filecheck.mapping(seat, where)
        filecheck.text(filecheck.field(seat, "name", where), f"{where}'s name", 40)
        bot = seat.get("bot")
        if bot is not None and (not isinstance(bot, str) or len(bot) > 40
                                or (known_bot is not None and not known_bot(bot))):
            shown = bot[:20] if isinstance(bot, str) else "a number"
            raise Damaged(f"{where}'s bot is unknown here, '{shown}'")
    filecheck.whole(filecheck.field(body, "seed", "the game"), "the seed", -2**63, 2**63 - 1)
    filecheck.maybe_whole(body.get("turn_limit"), "the turn limit", 1, 10_000)
    answers = filecheck.listed(filecheck.field(body, "answers", "the game"), "the answers", 0, MAX_ANSWERS)
    for n, answer in enumerate(answers, 1):
        where = f"answer {n}"
        if not isinstance(answer, list) or len(answer) != 3:
            raise Damaged(f"{where} is not a seat, a person and a value")
        filecheck.whole(answer[0], f"{where}'s seat", 0, len(seats) - 1)
        filecheck.flag(answer[1], f"{where}'s person")
        _value(answer[2], where)


def check_save(data: Any, known_bot: Callable[[str], bool] | None = None) -> None:
    """SaveError with a sentence if the ``game`` part of a parsed save is not what this program writes."""
    from companion.engine.record import SaveError

    try:
        check_body(data.get("game") if isinstance(data, dict) else None, known_bot)
    except Damaged as e:
        raise SaveError(f"The save file is damaged, {e}.") from None
