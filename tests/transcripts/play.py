"""Whole games and the lobby, played by script, written as transcripts: what each person hears, word for word.

Each function plays one scripted session and returns its transcript: every typed line (``> `` and who typed
it), then every message each person was sent because of it, with the prompt they were left at. The scripts
choose their lines from the game as it stands (tests.game.driver), so one change of the words cannot change
the lines typed. ``test_transcripts`` compares them with golden/; ``UPDATE_GOLDEN=1`` writes them again:

    UPDATE_GOLDEN=1 python -m pytest -p no:cacheprovider -q tests/transcripts
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from companion.dispatch import run_line
from companion.game.activity import game_of
from companion.session import Session
from companion.settings import Settings
from tests.game.driver import choose_line

FRIENDS = 'new --players 3 --bots bigmoney --names "Ana,Ben" --kingdom "First Game" --seed 7'
LIMIT = 600  # lines a script types at most: every game here ends well before
_CODE = re.compile(r"\b\d{3} \d{3} \d{3}\b|\b\d{9}\b")  # a private game's code is new each time
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def _extra(step: int) -> str | None:
    """A look at the game now and then between moves (the same steps in every transcript)."""
    return {7: "hand", 19: "status", 31: "supply", 43: "repeat", 55: "log"}.get(step % 60)


def hotseat() -> str:
    """Friends at one keyboard (two people and a bot) play a whole game through the shell's one session."""
    out = io.StringIO()
    session = Session(out=out, settings=Settings({"verbosity": "normal"}))
    parts: list[str] = []

    def send(line: str) -> None:
        at = out.tell()
        run_line(session, line)
        parts.append(f"> {line}\n{out.getvalue()[at:]}[{session.prompt.strip()}]\n")

    send(FRIENDS)
    undone = False
    for step in range(LIMIT):
        act = game_of(session)
        assert act is not None
        if act.over:
            break
        extra = _extra(step)
        if extra is not None and not act.waiting:
            send(extra)
        line = choose_line(act)
        send(line)
        if line == "play treasures" and not undone and act.game.players[act.holder].turns > 2:
            send("undo")  # taken back once, then played again
            undone = True
    send("score")
    return "".join(parts)


class _Here:
    """Who is connected, as a server would say it (for who, bot and back)."""

    def __init__(self) -> None:
        self.away: set[int] = set()

    def connected(self, game: Any, seat: int) -> bool:
        return seat not in self.away


def hosted(folder: Path) -> str:
    """A hosted game of two people and a bot, seat by seat, through the room's steps as a server takes them
    (no sockets): joining, chat and help before the start, the whole game, undo, a bot for an away seat and
    the seat taken back, a returning seat's welcome."""
    from companion.net import room
    from companion.net.hosted import HostedGame, Options, Wiring

    names = ["Ana", "Ben"]
    parts: list[str] = []

    def send(game: HostedGame, seat: int, msg: dict[str, Any]) -> None:
        reply = f" (answer to line {msg['reply']})" if msg.get("reply") else ""
        flags = "".join(f" {k}" for k in ("yours", "over") if msg.get(k))
        parts.append(f"[to {names[seat]} #{msg['n']}{reply}{flags}, prompt {msg['prompt'].strip()}]\n"
                     f"{msg['text']}\n")

    game = HostedGame("golden", "123456789", Options(3, ["bigmoney"], "First Game", 7), folder, Wiring(send))
    here = _Here()
    ids = [0, 0]

    def typed(seat: int, text: str) -> None:
        parts.append(f"> {names[seat]}: {text}\n")
        ids[seat] += 1
        said = room.apply_line(here, game, seat, ids[seat], text)
        room.tell_line(game, seat, ids[seat], said)

    def event(what: str) -> None:
        parts.append(f"* {what}\n")

    game.take_seat("Ana")
    event("Ana joins")
    room.joined(game, 0, "new")
    typed(0, "help")
    typed(0, "card village")
    typed(0, "say hello")
    typed(0, "hand")
    typed(0, "who")
    game.take_seat("Ben")
    event("Ben joins")
    game.to_all("Ben joined.", but=1)
    game.start_if_full()
    seating = game.seating
    assert seating is not None
    act = seating.act  # type: ignore[attr-defined]
    typed(1, "say hi Ana")
    undone = away = False
    for step in range(LIMIT):
        if seating.over():
            break
        seat = seating.waiting_for()
        assert seat is not None and seat < 2
        other = 1 - seat
        extra = _extra(step)
        if extra is not None:
            typed(other if step % 2 else seat, extra)
        line = choose_line(act, seat)
        typed(seat, line)
        if line == "play treasures" and not undone and act.game.players[seat].turns > 2:
            typed(seat, "undo")
            undone = True
        if step == 24 and not away:  # Ben leaves for a while: a bot plays his seat, then he is back
            away = True
            here.away.add(1)
            event("Ben leaves")
            room.left(game, 1)
            typed(0, "bot Ben")
            here.away.discard(1)
            event("Ben comes back")
            was_away = room.take_back(game, 1)
            room.welcome_back(game, 1, was_away, [])
            typed(1, "who")
    typed(0, "score")
    typed(1, "hand")
    return "".join(parts)


def lobby(folder: Path) -> str:
    """A server's lobby: a welcome, help, create's questions, the list of games, sit, and a lobby word typed
    at a game; two people, one after the other (frames on loopback)."""
    import aiohttp

    from tests.server.helpers import file_server
    from tests.server.raw import Raw, run

    parts: list[str] = []

    def heard(who: str, frames: list[dict[str, Any]]) -> None:
        for m in frames:
            if m.get("type") == "say" and m.get("text"):
                parts.append(f"[to {who}, prompt {str(m.get('prompt', '')).strip()}]\n{m['text']}\n")
            elif m.get("type") in ("bye", "closed"):
                parts.append(f"[{who}: {m['type']}]\n")

    with file_server(folder) as server:
        base = f"ws://127.0.0.1:{server.port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                async def enter(who: str, url: str, code: str = "") -> Raw:
                    raw = Raw(http, url)
                    parts.append(f"* {who} connects\n")
                    await raw.open(who, code)
                    heard(who, await raw.until(lambda m: m.get("type") == "say"))
                    return raw

                async def say(raw: Raw, who: str, text: str) -> dict[str, Any]:
                    parts.append(f"> {who}: {text}\n")
                    before = len(raw.heard)
                    answer = await raw.say(text)
                    heard(who, raw.heard[before:])
                    return answer

                ana = await enter("Ana", f"{base}/lobby/ws")
                for text in ("help", "help create", "who", "games", "gmes", "sit Friday", "create", "9", "3", "2", "big money",
                             "first game", "maybe", "no"):
                    made = await say(ana, "Ana", text)
                ben = await enter("Ben", f"{base}/lobby/ws")
                for text in ("who", "games", "sit anas gmae"):
                    await say(ben, "Ben", text)
                went = await say(ben, "Ben", "sit ana's game")
                await say(ana, "Ana", "who")
                go_to = made["go"]
                seat = await enter("Ana at the game", f"{base}/g/{go_to['game']}/ws", go_to["code"])
                for text in ("games", "lobby", "who", "say hello"):
                    await say(seat, "Ana at the game", text)
                await say(ben, "Ben", "hand")
                assert went["go"]["game"] == go_to["game"]
                for raw in (seat, ben, ana):
                    await raw.close()

        run(go(), 120)
    return "".join(parts)


def normal(text: str) -> str:
    """A transcript with what is new each run (a private game's code, the day) written the same way."""
    return _DATE.sub("YYYY-MM-DD", _CODE.sub("CODE", text))
