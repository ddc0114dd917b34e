"""``analysis`` in the server's lobby: the coach's analysis of one of your finished games, from the history.

``analysis`` takes your newest finished game, ``analysis 2`` the one before (as ``history`` numbers them),
and either may go on with a form of the shell's analysis: ``analysis turn 7``, ``analysis 2 all 3``. An
account's games come from its history; a guest's from the games this connection sat in, while the server
keeps them. The work runs in a process of its own (companion.net.analysing), so no game waits for it;
its progress and its words are told to the person in the lobby when they come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.narrow import each
from companion.game.analysis import AnalysisError
from companion.game.analysis_run import check_form
from companion.server import names
from companion.server.standing import SHOWN, finished_log, kept_log

if TYPE_CHECKING:
    from companion.server.lobby import Lobby, Person

USAGE = "Type analysis for your newest finished game, or analysis 2 for the one before."
NONE_KEPT = ("Error, you have no finished game kept here to analyse. Play one to the end, then type analysis "
             "in the lobby.")


def split(rest: str) -> tuple[int, list[str]]:
    """Which game (1 the newest) and the form's words; AnalysisError with one sentence if wrong."""
    words = rest.split()
    index = 1
    if words and words[0].isascii() and words[0].isdigit():
        index = int(words[0])
        words = words[1:]
        if not 1 <= index <= SHOWN:
            raise AnalysisError(f"Error, the server keeps your {SHOWN} newest games for analysis. "
                                f"Type analysis with 1 to {SHOWN}.")
    try:
        check_form(words)
    except AnalysisError as e:
        raise AnalysisError(f"Error, {e}") from None
    return index, words


async def _guest_game(lobby: Lobby, person: Person, index: int) -> dict[str, object] | None:
    """The ``index``-th newest finished game this connection sat in, as the history keeps it."""
    found = 0
    for game_id in reversed(person.been):
        rec = await kept_log(lobby.community.kv, game_id)
        if rec is None:
            continue
        if not any(isinstance(s, dict) and names.same(str(s.get("name")), person.name) for s in each(rec.get("seats") or [])):
            continue
        found += 1
        if found == index:
            return rec
    return None


async def answer(lobby: Lobby, person: Person, rest: str) -> str:
    """The lobby's answer to ``analysis ...``: a refusal, the kept words, or that it has started."""
    from companion.server.store import StoreDown

    try:
        index, words = split(rest)
    except AnalysisError as e:
        return str(e)
    account = lobby.community.member(person).account
    try:
        rec = await finished_log(lobby.community.kv, account, index) if account else \
            await _guest_game(lobby, person, index)
    except StoreDown:
        return "Error, the server's store is not answering, so no game can be found now. Try again in a minute."
    if rec is None:
        return NONE_KEPT if index == 1 else f"Error, you have fewer than {index} finished games kept. {USAGE}"
    record = rec.get("record")
    if not isinstance(record, str):
        return "Error, the moves of that game are no longer kept, so it cannot be analysed."
    name = account or person.name
    seat = next((s for s in each(rec.get("seats") or []) if isinstance(s, dict)
                 and names.same(str(s.get("account") or s.get("name")), name)), None)
    if seat is None:
        return f"Error, {name} did not play in that game."
    played_as = str(seat.get("name"))
    analyst = lobby.host.analyst
    kept = analyst.kept(record, played_as, words)
    if kept is not None:
        return kept

    async def tell(text: str) -> None:
        if lobby.people.get(person.id) is person:
            lobby.tell(person, text)

    return analyst.start(person.who or person.name, record, played_as, words, tell)
