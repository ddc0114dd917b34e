"""The lobby's words: its help, create's questions, and each sentence about a game (made, listed, sat at,
not found), apart from the socket and the store (companion.server.lobby). Short, the key fact first, a
game said by its name and a code in groups of three, never an id."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from companion.cards.names import and_list, quote
from companion.net import codes

if TYPE_CHECKING:
    from companion.net.hosted import Options

WORDS = ("games", "create", "sit", "code", "who", "say", "help")
LEAVING = ("quit", "exit", "bye", "leave")
HELP = ("In the lobby, type:\n"
        "games, to hear open games;\n"
        "sit and a game's name, and its code if private;\n"
        "create, to make a game; code, to hear its code again;\n"
        "who, say and words, help create, or quit to leave.")
HELP_ON = {
    "create": ("create asks how many players, how many people and which kingdom, and whether the game is "
               "private. Or type them at once: create --players 3 --bots strong --kingdom \"First Game\" "
               "--name Friday --private. create --table Ana,Ben makes a table of real cards for those players."),
    "sit": ("sit and a game's name sits you there; its start is enough. A private game also needs its code, "
            "as in sit Friday 482 193 765, or the code alone. quit at a game brings you back here."),
}

class Questions:
    """The questions ``new`` asks, one answer a line: players, people, kingdom, and whether it is private."""

    def __init__(self) -> None:
        self.answers: list[Any] = []

    def question(self) -> str:
        n = len(self.answers)
        if n == 0:
            return "New game. How many players, 2 to 6? Enter for 2, or type cancel."
        if n == 1:
            return f"How many people, you included? Enter for {self.answers[0]}. The rest are bots."
        if n == 2:
            return "Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random."
        return "Private, so only those you tell its code can sit? Type yes or no. Enter for no."

    def answer(self, typed: str) -> str | None:
        """Take one answer: an error sentence if it cannot be taken (the question is asked again)."""
        from companion.kingdom import KingdomError, choose_kingdom
        from companion.numbers import NumberError, as_number

        n = len(self.answers)
        t = typed.strip()
        if n in (0, 1):
            low, high = (2, 6) if n == 0 else (1, self.answers[0])
            t = t or str(high if n == 1 else 2)
            try:
                count = as_number(t)
            except NumberError as e:
                return f"Error, {e}"
            if count is None or not low <= count <= high:
                what = "players" if n == 0 else "people"
                return f"Error, {quote(t)} is not {low} to {high} {what}. Type a number from {low} to {high}."
            self.answers.append(count)
        elif n == 2:
            t = t or "First Game"
            try:
                chosen = choose_kingdom(t, seed=1)
            except KingdomError as e:
                return f"Error, {e}"
            self.answers.append(chosen.name or t)  # a set by its own name: "First Game", not as typed
        else:
            t = (t or "no").lower()
            if t not in ("yes", "no", "y", "n"):
                return f"Error, {quote(t)} is not yes or no. Type yes or no."
            self.answers.append(t.startswith("y"))
        return None

    def done(self) -> bool:
        return len(self.answers) == 4

    def options(self) -> Options:
        import random

        from companion.net.hosted import Options

        players, people, kingdom, _ = self.answers
        return Options(players, ["bigmoney"] * (players - people), kingdom, random.SystemRandom().randrange(1, 10**6))


def called(name: str) -> str:
    """A game's name as said in a sentence: "Ben's game" as it is, "the game Friday" otherwise."""
    if not name:
        return "this game"
    return name if name.lower().endswith("game") else f"the game {name}"


def made_words(name: str, players: int, people: int, kingdom: str, private: bool, code: str) -> str:
    bots = players - people
    who = (f"{people} {'person' if people == 1 else 'people'} and {bots} {'bot' if bots == 1 else 'bots'}"
           if bots else "no bots")
    said = f"Made {called(name)}: {players} players, {who}, {_kingdom(kingdom)}."
    return said + _private(name, code, private) + " Taking your seat."


def table_words(name: str, players: list[str], kingdom: str, private: bool, code: str) -> str:
    said = (f"Made the table {name}: a table of real cards for {and_list(players)}, {_kingdom(kingdom)}. Each "
            "player sits with their own name.")
    return said + _private(name, code, private) + " Taking your seat."


def _private(name: str, code: str, private: bool) -> str:
    """What its maker tells those they invite to a private game: the code once, in groups of three."""
    if not private:
        return ""
    return f" It is private: those you invite type sit {name} and its code, {codes.said_code(code)}."


def code_words(name: str, code: str, private: bool) -> str:
    """A game's code said again to one who sat there (its maker, or one they told): in groups of three."""
    if not private:
        return f"{name} is open, so it needs no code: those you invite type sit {name} in the lobby."
    return f"The code of {called(name)} is {codes.said_code(code)}. Those you invite type sit {name} and its code."


def codes_words(games: list[tuple[str, str]]) -> str:
    """The codes of the private games a person made or sat at, said in the lobby."""
    if not games:
        return ("You have no private game, so there is no code to tell. A private game is made with create "
                "--private.")
    if len(games) == 1:
        return code_words(games[0][0], games[0][1], True)
    return "\n".join([f"Your {len(games)} private games:",
                      *(f"{name}, code {codes.said_code(code)}." for name, code in games)])


def describe(line: dict[str, Any]) -> str:
    """One game's line in the list: its name, who sits, seats free, kingdom, bots, private or not. One
    speakable line, with one colon, after the name."""
    seats = [str(s) for s in line.get("seats", [])]
    who = f"{and_list(seats)} {'sits' if len(seats) == 1 else 'sit'}" if seats else "nobody sits yet"
    free = int(line.get("free", 0))
    from companion.bots import display_name

    bots = [str(b) for b in line.get("bots", [])]
    try:
        named = [display_name(b) for b in bots]
    except Exception:  # noqa: BLE001 - a name from the store that is no bot's: said as it is
        named = bots
    # one colon a line, after the game's name: "the bot Big Money", never "1 bot: Big Money"
    bots_said = f"{'the bot' if len(bots) == 1 else 'the bots'} {and_list(named)}" if bots else "no bots"
    if line.get("table"):
        names = [str(n) for n in line.get("names") or []]
        return (f"{line.get('name')}: a table of real cards for {and_list(names)}; {who}, {free} "
                f"{'seat' if free == 1 else 'seats'} free, {_kingdom(str(line.get('kingdom')))}, "
                f"{'private' if line.get('private') else 'open'}.")
    return (f"{line.get('name')}: {who}, {free} {'seat' if free == 1 else 'seats'} free, "
            f"{_kingdom(str(line.get('kingdom')))}, {bots_said}, {'private' if line.get('private') else 'open'}.")


def _kingdom(kingdom: str) -> str:
    """A kingdom as said: a recommended set by its own name, however it was typed; "random kingdom"."""
    if kingdom.strip().lower() == "random":
        return "random kingdom"
    return _set_name(kingdom)


@functools.lru_cache(maxsize=256)
def _set_name(typed: str) -> str:
    from companion.kingdom import KingdomError, recommended_kingdom

    try:
        return recommended_kingdom(typed).name or typed
    except (KingdomError, ValueError):
        return typed  # ten cards by name, said as typed


def _plain(name: str) -> str:
    """A name as compared when typed: no case, no apostrophes or other marks, single spaces."""
    return " ".join("".join(c for c in name.lower() if c.isalnum() or c.isspace()).split())


def named(lines: dict[str, dict[str, Any]], typed: str) -> list[tuple[str, dict[str, Any]]]:
    """The games of that name, typed without its capitals or apostrophe as well: exactly, else the only ones
    it begins."""
    t = _plain(typed)
    exact = [(i, s) for i, s in lines.items() if _plain(str(s.get("name", ""))) == t]
    return exact or [(i, s) for i, s in lines.items() if t and _plain(str(s.get("name", ""))).startswith(t)]


def not_named(lines: dict[str, dict[str, Any]], typed: str) -> str:
    """No game has that name: the nearest name, if one is near, else what to type."""
    import difflib

    names = {_plain(str(s.get("name", ""))): str(s.get("name", "")) for s in lines.values()}
    near = difflib.get_close_matches(_plain(typed), list(names), n=1, cutoff=0.6)
    if near:
        return f"Error, no game is named {quote(typed)}. Did you mean {names[near[0]]}? Type sit {names[near[0]]}."
    if not lines:
        return f"Error, no game is named {quote(typed)}; there are no games yet. Type create to start one."
    return f"Error, no game is named {quote(typed)}. Type games to hear the open games."


def who_said(names: list[str], me: str) -> str:
    others = list(names)
    for i, n in enumerate(others):
        if n.lower() == me.lower():
            del others[i]
            break
    if not others:
        return "Only you are in the lobby."
    return f"In the lobby: you and {and_list(others)}."


def elsewhere(verb: str) -> str:
    import difflib

    from companion.commands import registry

    if verb in LEAVING:  # the page sends it: the terminal program leaves by itself
        return "You are in the lobby. To leave the server, close the page; to play, type games, then sit and a name."
    known = any(verb in words for words in registry.AREAS.values())
    if known:
        return (f"You are in the lobby, not at a game, so {quote(verb)} does nothing here. Type games, then sit "
                "and a game's name.")
    near = difflib.get_close_matches(verb, list(WORDS), n=1, cutoff=0.7)
    if near:
        return f"Error, {quote(verb)} is not a lobby word. Did you mean {near[0]}? Type help to hear the rest."
    return f"Error, {quote(verb)} is not a lobby word. Type help to hear what works here."
