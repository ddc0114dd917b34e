"""``hint``: what the strong bot would do now and why; ``bots``: the bots you can play against.

The words come from companion.game.coach; this module only finds the game and says them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.bots import LADDER, SUMMARIES
from companion.cards.names import and_list
from companion.commands.registry import alone, answer, command
from companion.refusal import CommandError

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session
    from companion.game.activity import GameActivity



def _bot_lines() -> list[str]:
    """One short line per bot, its name then a comma (a colon is heard as "colon"); Big Money with each drawing
    card shares one line, which names the cards, and says one bot's name only as an option to type (the dash
    in ``smithy-bm`` is heard as "dash")."""
    from companion.bots import DRAWING_CARDS, bm_name

    family = [bm_name(card) for card in DRAWING_CARDS]
    lines = [f"{name}, {summary}" for name, summary in SUMMARIES.items() if name not in family]
    lines.insert(-1, f"Big Money Ultimate with one drawing card, the card's name and bm, as in --bots {family[0]}. "
                     f"The cards are {and_list(list(DRAWING_CARDS))}.")
    return lines


def _game_of(session: "Session") -> "GameActivity | None":
    """The session's game; the game's modules load only when hint is used (``bots`` lists without them)."""
    from companion.game.activity import game_of

    return game_of(session)


@command(
    "hint",
    summary="says what a strong player would do now, and why.",
    usage="hint",
    example="hint",
    topic="Playing a game",
    one_shot=False,
    active=lambda session: _game_of(session) is not None,
    inactive_hint="'hint' works in a game. Start one with new, then type hint.",
    details="It works at every question of a game. set hints on gives one before each of your turns. "
            "At brief verbosity it says the move without the reason.",
)
def hint_command(session: "Session", args: str) -> "Response":
    alone("hint", args)
    act = _game_of(session)
    if act is None:
        raise CommandError("'hint' works in a game. Start one with new, then type hint.")
    if act.over:
        return answer(session, "The game is over. Type new for another.")
    from companion.commands.game import seat_of

    me = seat_of(session, act)  # on their own devices, the seat that typed it; at one keyboard, its holder
    d = act.mine(me) if me >= 0 else None
    if d is None:  # options is refused while the keyboard changes hands: say what does work
        if act.waiting and not act.own_devices:
            name = act.game.players[act.holder].name
            return answer(session, f"Nothing is yours to decide now. Press Enter when {name} has the keyboard.")
        return answer(session, "Nothing is yours to decide now. Type status to hear where the game is.")
    from companion.game.coach import advice, move_only

    act.plan_ready()  # found in the background since the game began; "Thinking." if it is still a while
    _, text = advice(act.game, d.player)
    return answer(session, move_only(text) if session.verbosity == "brief" else text)


@command(
    "bots",
    summary="lists the bots you can play against.",
    usage="bots",
    example="bots",
    topic="Playing a game",
    details="\n".join(["Name one with new --bots strong. strong is the default.", *_bot_lines()]),
)
def bots_command(session: "Session", args: str) -> "Response":
    alone("bots", args)
    return answer(session, "\n".join([f"{len(SUMMARIES)} bots.", LADDER, *_bot_lines()]))
