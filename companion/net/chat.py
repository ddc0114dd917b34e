"""The words a hosted game adds to the game's own: say, who, bot and back; and the line's way in.

``answer_line`` is what the server calls for every typed line, and it returns the line's ``Response``
(companion.response): these verbs are answered here, before the game starts everything else waits (but
help, card, rule and the like, run for the seat with ``companion.dispatch.respond``), and after it every
other line goes to the game's seating, which runs it in the seat's own session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.names import and_list, quote
from companion.net.clean import clean
from companion.refusal import CommandError
from companion.response import Response

if TYPE_CHECKING:
    from companion.net.hosted import HostedGame
    from companion.net.room import Here
    from companion.net.seating import Seating

VERBS = ("say", "who", "bot", "back")
MAX_CHAT = 300


def _waiting(game: "HostedGame", seat: int | None = None) -> str:
    """Whom the game waits for; "you" to the seat it waits for."""
    if not game.started:
        n = game.free_seats()
        return f"Waiting for {n} more {'player' if n == 1 else 'players'} to join."
    s = game.seating
    assert s is not None
    if s.over():
        return "The game is over."
    who = s.waiting_for()
    if who is None:
        return ""
    return "Waiting for you." if who == seat else f"Waiting for {s.names[who]}."


def _bot_names(game: "HostedGame") -> list[str]:
    """The names of the game's own bots (not those playing for a person who is away), in seat order."""
    if game.seating is not None:
        return list(game.seating.names[len(game.seats):])
    from companion.bots import UnknownBot, display_name

    try:
        return [display_name(b) for b in game.options.bots]
    except UnknownBot:  # a bot no longer known: said as it was saved
        return list(game.options.bots)


def answer_line(host: "Here", game: "HostedGame", seat: int, text: str) -> Response:
    """What ``seat`` typing ``text`` did: its response, with what each other seat hears; a refusal of these
    verbs (a CommandError) is the response's one failed line."""
    try:
        said = _answer(host, game, seat, text)
    except CommandError as e:
        return Response(seat, (f"Error, {e}",), failed=True)
    return said if isinstance(said, Response) else Response.words(seat, said)


def _answer(host: "Here", game: "HostedGame", seat: int, text: str) -> "dict[int, str] | Response":
    """The hosted game's own words for ``text`` by seat, or the seating's response."""
    line = text.strip()
    word, _, rest = line.partition(" ")
    verb = word.lower()
    if verb == "chat":  # as people type it
        verb = "say"
    extra = game.extra_words(seat, line)  # a server's own words, such as its lobby's commands typed in a game
    if extra is not None:  # the lobby answers in words: its refusals are those it says as one
        return Response.words(seat, extra, failed=extra.get(seat, "").startswith("Error,"))
    if verb == "say":
        return _say(game, seat, rest)
    if verb == "who":
        return {seat: _who(host, game, seat)}
    if verb in ("bot", "back"):
        return _bot(host, game, seat, verb, rest.strip())
    if not game.started:
        return _before_start(game, seat, verb, line)
    assert game.seating is not None
    if verb == "analysis" and game.seating.over() and hasattr(host, "analyst"):
        from companion.net.analysing import at_seat

        return {seat: at_seat(host, game, seat, rest)}  # never on the loop: a minute of work for every game
    return game.seating.run(seat, text)


def _say(game: "HostedGame", seat: int, rest: str) -> dict[int, str]:
    """``say TEXT``: the words to every other seated player, and "You said" to the speaker."""
    said = clean(rest)  # no control, bidi override or pile of marks reaches another seat's terminal
    if not said:
        raise CommandError("say needs words after it. Type say hello, for example.")
    if len(said) > MAX_CHAT:
        raise CommandError(f"that message is {len(said)} characters, more than {MAX_CHAT}. Shorten it.")
    me = game.seats[seat].name
    out = {i: f"{me} says, {said}" for i, st in enumerate(game.seats) if st.digest and i != seat}
    out[seat] = f"You said, {said}"
    return out


def _who(host: "Here", game: "HostedGame", seat: int) -> str:
    """``who``: who is connected, who is away, the bots, and whom the game waits for."""
    here = [st.name for i, st in enumerate(game.seats) if st.digest and host.connected(game, i)]
    away = [st.name for i, st in enumerate(game.seats) if st.digest and not host.connected(game, i)]
    bots = game.seating.away_bots if game.seating is not None else {}
    parts = [f"Here, {and_list(here)}." if here else "Nobody is connected."]
    if away:
        parts.append(f"Away, {and_list(away)}.")
    table_bots = _bot_names(game)
    if table_bots:  # every seat is named: the bots that were made with the game too
        parts.append(f"{'Bot' if len(table_bots) == 1 else 'Bots'}, {and_list(table_bots)}.")
    if bots:
        parts.append(f"A bot plays for {and_list([game.seats[i].name for i in sorted(bots)])}.")
    parts.append(_waiting(game, seat))
    return "\n".join(p for p in parts if p)


def _before_start(game: "HostedGame", seat: int, verb: str, line: str) -> "dict[int, str] | Response":
    """A line before everyone has joined: the few words that need no game (help, card, set...), else a note."""
    if verb in ("help", "repeat", "review", "quit", "set", "settings", "card", "cards", "rule"):
        from companion.dispatch import respond
        from companion.net.seating import SeatSettings, refusal, refused
        from companion.session import NOWHERE, Session

        barred = refused(line)  # set speech, quit: as refused once the game is on
        if barred is not None:
            return refusal(seat, barred)
        return respond(Session(NOWHERE, settings=SeatSettings(), seat=seat), line)
    return {seat: f"The game starts when everyone has joined. {_waiting(game)} Type say TEXT to chat."}


def _bot(host: "Here", game: "HostedGame", seat: int, verb: str, name: str) -> dict[int, str]:
    """``bot NAME`` hands a seat to a bot; ``back NAME`` takes it back. Refused (CommandError) at a table of
    real cards, outside a game in play, or without a seated player's name."""
    s = game.seating
    if game.options.table is not None:  # real cards: no bot can play them
        raise CommandError("a table of real cards has no bots. Type who to hear who is here.")
    if s is None or s.over():
        raise CommandError(f"{quote(verb)} works while the game is on. Type who to hear who is here.")
    if not name:
        raise CommandError(f"{verb} needs a player's name. Type {verb} {game.seats[-1].name}, for example.")
    target = game.seat_named(name)
    if target is None:
        names = and_list([st.name for st in game.seats if st.digest])
        raise CommandError(f"no player named {quote(name)}. Type {verb} and one of {names}.")
    if verb == "bot":
        return _to_bot(host, game, s, seat, target)
    return _back(game, s, seat, target)


def _to_bot(host: "Here", game: "HostedGame", s: "Seating", seat: int, target: int) -> dict[int, str]:
    who = game.seats[target].name
    if seat != 0 and target != seat:
        raise CommandError("only the host can hand another player's seat to a bot. Type say to ask.")
    if target in s.away_bots:
        raise CommandError(f"a bot already plays for {who}. Type back {who} to take the seat back.")
    if target != seat and host.connected(game, target):
        raise CommandError(f"{who} is here. Type say to ask {who} first.")
    out = dict(s.hand_to_bot(target).heard())
    note = f"A bot plays for {who} now. Type back {who} to take the seat back."
    for i, st in enumerate(game.seats):
        # Not to an away seat whose bot this is: it would hear the note only on coming back, when it is no
        # longer so (``room.welcome_back`` says "You have your seat back from the bot" instead).
        if st.digest and (i != target or target == seat):
            out[i] = note + ("\n" + out[i] if out.get(i) else "")  # and what the bot's turns did
    return out


def _back(game: "HostedGame", s: "Seating", seat: int, target: int) -> dict[int, str]:
    who = game.seats[target].name
    if target not in s.away_bots:
        raise CommandError(f"{who} plays their own seat already. Type who to hear who is here.")
    if seat != 0 and target != seat:
        raise CommandError(f"only {who} or the host can take that seat back. Type who.")
    out = dict(s.take_back(target).heard())
    note = f"{who} has their seat back from the bot."
    for i, st in enumerate(game.seats):
        if st.digest and i != target:
            out[i] = note
    return out
