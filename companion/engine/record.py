"""A game as a record: setup, seed and answers. Replay, undo, and versioned JSON save files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable

from companion.cards import Card, catalogue
from companion.filecheck import Damaged, parse
from companion.engine.decisions import IllegalAnswer
from companion.engine.game import Answer, Game
from companion.engine.record_check import check_save
from companion.engine.position import PositionError, parse_position
from companion.engine.setup import GameSetup, Seat
from companion.kingdom import Kingdom

FORMAT = "companion-dominion-game"
# 2: the player picks the order of "when you gain" effects (a question version 1 games never asked),
# and an effect cannot move a gained card another effect has moved. Version 1 files still load, and
# go on under their own rules (GameSetup.legacy_gains), so their answers keep fitting.
VERSION = 4
# 3: a game may start from a position ("start": its text, see docs/positions.md). A game without
# one is still written as version 2, so older programs keep reading it.
# 4: clean-up may hide the hand under the played cards ("hide_hand": true), and the seat that went
# first may be given ("first": a seat number from 0). Older files replay with the hand on top.


class SaveError(ValueError):
    """A save file that cannot be loaded; ``str()`` says why in a sentence."""


def replay(setup: GameSetup, answers: list[Answer], log: bool = True, check: bool = True) -> Game:
    """The game these answers make. With ``check``, an answer the game does not allow raises IllegalAnswer."""
    game = Game(setup, log=log)
    record = game.answers
    for a in answers:
        if game.pending is None:
            raise IllegalAnswer("The record has answers after the game ended.")
        if game.pending.player != a.player:
            raise IllegalAnswer(f"The record has an answer by seat {a.player + 1} where seat "
                                f"{game.pending.player + 1} was asked.")
        game.answer(a.value, a.person, check)
        if record[-1] == a:  # the record keeps the very answer it was given (an undo's save finds it written)
            record[-1] = a
    return game


def undo(game: Game, log: bool = True) -> Game:
    """The game as it was before the last answer a person gave (bots' later answers are dropped too).

    Returns a new Game; raises IllegalAnswer if no person has answered yet.
    """
    for i in range(len(game.answers) - 1, -1, -1):
        if game.answers[i].person:
            return replay(game.setup, game.answers[:i], log=log, check=False)
    raise IllegalAnswer("There is nothing to undo yet.")


# ---- JSON ------------------------------------------------------------------------------------------
def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return {"card": value.name}
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, bool | str | int) or value is None:
        return value
    raise TypeError(f"cannot save an answer of type {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        return catalogue()[value["card"]]
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def to_dict(game: Game) -> dict[str, Any]:
    body = record_body(game, [encode_answer(a) for a in game.answers])
    return {"format": FORMAT, "version": version_of(game.setup), "checksum": _checksum(body), "game": body}


def encode_answer(a: Answer) -> list[Any]:
    """One answer as the record holds it: [seat, by a person, value]."""
    return [a.player, a.person, _encode(a.value)]


def record_body(game: Game, answers: Any) -> dict[str, Any]:
    """The record's ``game`` part, with ``answers`` as given (the encoded answers, or a stand-in for them)."""
    s = game.setup
    body = {
        "kingdom": {"cards": [c.name for c in s.kingdom.cards], "platinum_colony": s.kingdom.platinum_colony,
                    "name": s.kingdom.name},
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in s.seats],
        "seed": s.seed,
        "turn_limit": s.turn_limit,
        "answers": answers,
    }
    if s.start is not None:
        body["start"] = s.start.text()
    if s.hide_hand:
        body["hide_hand"] = True
    if s.first is not None:
        body["first"] = s.first
    return body


def version_of(setup: GameSetup) -> int:
    """The save version a game's record is written as: the oldest that can hold it."""
    if setup.hide_hand or setup.first is not None:
        return 4
    if setup.start is not None:
        return 3
    return 1 if setup.legacy_gains else 2


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), indent=1)


def save(game: Game, path: str | Path) -> None:
    Path(path).write_text(dumps(game), encoding="utf-8")


def loads(text: str, log: bool = True, known_bot: Callable[[str], bool] | None = None) -> Game:
    """The game a saved text holds, replayed and checked; SaveError if it is damaged or too new.
    ``known_bot``: whether a seat's bot is one this version plays (``companion.bots.known_bot``)."""
    try:
        data = parse(text)  # no NaN, no Infinity, no unbounded nesting
    except Damaged as e:
        raise SaveError(f"The save file is damaged, {e}.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("This is not a saved Dominion game.")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("The save file is damaged, it has no version.")
    if version > VERSION:
        raise SaveError(f"The save file is from a newer version ({version}); this program reads version {VERSION}.")
    if version < 1:  # no version 0 was ever written, nor a negative one
        raise SaveError(f"The save file is damaged, it claims version {version}, and versions start at 1.")
    body = data.get("game")
    if not isinstance(body, dict) or data.get("checksum") != _checksum(body):
        raise SaveError("The save file is damaged, its checksum does not match.")
    check_save(data, known_bot)  # every field, before anything is built from it
    try:
        cat = catalogue()
        k = body["kingdom"]
        kingdom = Kingdom(tuple(cat[n] for n in k["cards"]), bool(k["platinum_colony"]), k["name"])
        seats = tuple(Seat(str(s["name"]), s["bot"]) for s in body["seats"])
        start = None
        if version >= 3 and body.get("start") is not None:
            if not isinstance(body["start"], str):
                raise TypeError("its starting position is not text")
            start = parse_position(body["start"])
        hide_hand = version >= 4 and body.get("hide_hand") is True
        first = body.get("first") if version >= 4 else None
        if first is not None and (not isinstance(first, int) or isinstance(first, bool)
                                  or not 0 <= first < len(seats)):
            raise ValueError("the seat that went first is not one of its seats")
        setup = GameSetup(kingdom, seats, int(body["seed"]), body["turn_limit"], legacy_gains=version < 2,
                          start=start, hide_hand=hide_hand, first=first)
        answers = [Answer(int(p), _decode(v), bool(person)) for p, person, v in body["answers"]]
    except PositionError as e:
        raise SaveError(f"The save file is damaged, its starting position is wrong. {e}") from None
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"The save file is damaged, {e}.") from None
    try:
        return replay(setup, answers, log=log)
    except IllegalAnswer as e:
        raise SaveError(f"The save file is damaged, an answer does not fit the game. {e}") from None


def load(path: str | Path, log: bool = True, known_bot: Callable[[str], bool] | None = None) -> Game:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"Cannot read {path}: {e.strerror}.") from None
    return loads(text, log, known_bot)
