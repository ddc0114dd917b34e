"""The lobby's words: its help, create's questions, and each sentence about a game (made, listed, sat at,
not found), apart from the socket and the store (companion.server.lobby). Short, the key fact first, a
game said by its name and a code in groups of three, never an id."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from companion.narrow import each, to_int
from companion.cards.names import and_list, quote
from companion.net import codes
from companion.net.clean import clean

if TYPE_CHECKING:
    from companion.net.hosted import Options

WORDS = ("games", "create", "sit", "code", "who", "say", "help", "register", "password", "logout", "rating", "top",
         "history", "report", "ignore", "unignore", "analysis")
LEAVING = ("quit", "exit", "bye", "leave")
HELP = ("Lobby commands.\n"
        "games, to hear open games.\n"
        "sit and a game's name, and its code if private.\n"
        "create, to make a game. code, to hear its code again.\n"
        "who, say, analysis, help create, help account, or quit to leave.")
HELP_ON = {
    "create": ("create asks how many players, how many people and which kingdom, and whether the game is "
               "private. Or type them at once, create --players 3 --bots strong --kingdom \"First Game\" "
               "--name Friday --private. create --table Ana,Ben makes a table of real cards for those players. "
               "--unrated makes a game of accounts that is not rated, as --seed does."),
    "who": "who says who is in the lobby, a page at a time. who 2 says the second page, who and a name finds one.",
    "account": ("register keeps your name with a password. password changes it. logout, or logout everywhere, "
                "asks for it again. delete account removes it. rating, rating and a name, top, history, history "
                "and a name. report, a name and why, tells the moderators. ignore and unignore a name."),
    "moderator": ("A moderator types mute NAME MINUTES, unmute NAME, kick NAME and why, ban NAME DAYS and why, "
                  "unban NAME, remove and a game's name, announce and words, reports, or reports and a number."),
    "analysis": ("analysis says where your moves in your newest finished game differed from Strong Bot's, and "
                 "what each cost. analysis 2 takes the game before, as history numbers them. analysis turn 7 says "
                 "one turn, analysis all every move, a page at a time."),
    "sit": ("sit and a game's name sits you there, and its start is enough. A private game also needs its code, "
            "as in sit Friday 482 193 765, or the code alone. quit at a game brings you back here."),
}

DEFAULT_BOT = "strong"  # as new's: companion.bots.DEFAULT_BOT
# The bots' levels as the question says them (the table calls the normal bot just "Bot").
LEVELS = {"easy": "Easy Bot", "casual": "Casual Bot", "normal": "Normal Bot", "strong": "Strong Bot",
          "bigmoney": "Big Money"}


def level_typed(typed: str) -> str:
    """A level as typed, "Normal Bot" or "normal bot" as well as "normal"."""
    t = " ".join(typed.lower().split())
    return t[:-4] if t.endswith(" bot") else t


class Questions:
    """The questions ``new`` asks, one answer a line: players, people, kingdom, and whether it is private."""

    def __init__(self) -> None:
        self.counts: list[int] = []  # the players, then the people
        self.kingdom: str | None = None
        self.private: bool | None = None
        self.bot: str | None = None  # which bot plays the seats no person takes, asked after the people

    def _answered(self) -> int:
        return len(self.counts) + (self.kingdom is not None) + (self.private is not None)

    def _asks_bot(self) -> bool:
        return self._answered() == 2 and self.counts[1] < self.counts[0] and self.bot is None

    def question(self) -> str:
        n = self._answered()
        if self._asks_bot():
            return f"Which bot? Enter for {LEVELS[DEFAULT_BOT]}. Or {LEVELS['easy']}, {LEVELS['casual']}, " \
                   f"{LEVELS['normal']} or {LEVELS['bigmoney']}."
        if n == 0:
            return "New game. How many players, 2 to 6? Enter for 2, or type cancel."
        if n == 1:
            return f"How many people, you included? Enter for {self.counts[0]}. The rest are bots."
        if n == 2:
            return "Which kingdom? Enter for First Game. Or a set name, 10 cards with commas, or random."
        return "Private, so only those you tell its code can sit? Type yes or no. Enter for no."

    def answer(self, typed: str) -> str | None:
        """Take one answer: an error sentence if it cannot be taken (the question is asked again)."""
        from companion.kingdom import KingdomError, choose_kingdom
        from companion.numbers import NumberError, as_number

        n = self._answered()
        t = typed.strip()
        if self._asks_bot():
            from companion.bots import UnknownBot, bot_name

            try:
                self.bot = bot_name(level_typed(t) or DEFAULT_BOT)
            except UnknownBot:  # the lobby's own words: its question names these bots
                return (f"Error, no bot named {quote(t)}. Type {LEVELS['easy']}, {LEVELS['casual']}, "
                        f"{LEVELS['normal']}, {LEVELS['strong']} or {LEVELS['bigmoney']}.")
            return None
        if n in (0, 1):
            low, high = (2, 6) if n == 0 else (1, self.counts[0])
            t = t or str(high if n == 1 else 2)
            try:
                count = as_number(t)
            except NumberError as e:
                return f"Error, {e}"
            if count is None or not low <= count <= high:
                what = "players" if n == 0 else "people"
                return f"Error, {quote(t)} is not {low} to {high} {what}. Type a number from {low} to {high}."
            self.counts.append(count)
        elif n == 2:
            t = t or "First Game"
            try:
                chosen = choose_kingdom(t, seed=1)
            except KingdomError as e:
                return f"Error, {e}"
            self.kingdom = chosen.name or t  # a set by its own name: "First Game", not as typed
        else:
            t = (t or "no").lower()
            if t not in ("yes", "no", "y", "n"):
                return f"Error, {quote(t)} is not yes or no. Type yes or no."
            self.private = t.startswith("y")
        return None

    def done(self) -> bool:
        return self._answered() == 4

    def options(self) -> Options:
        from companion.net.hosted import Options

        players, people = self.counts
        assert self.kingdom is not None
        return Options(players, [self.bot or DEFAULT_BOT] * (players - people), self.kingdom, server_seed())


def server_seed() -> int:
    """The shuffles of a game the lobby makes: drawn by the server from 2**62, so no player chooses them or can
    find them from the first hands dealt (a million seeds could be tried one by one)."""
    import secrets

    return secrets.randbelow(2**62) + 1


def called(name: str) -> str:
    """A game's name as said in a sentence: "Ben's game" as it is, "the game Friday" otherwise."""
    if not name:
        return "this game"
    return name if name.lower().endswith("game") else f"the game {name}"


def left_words(name: str) -> str:
    """Said on leaving a game for the lobby: where the seat is kept, and how to go back to it."""
    if not name:
        return "You left the game, and your seat is kept."
    return f"You left {called(name)}, and your seat is kept. Type sit {name} to go back."


def made_words(name: str, players: int, people: int, kingdom: str, private: bool, code: str) -> str:
    bots = players - people
    who = (f"{people} {'person' if people == 1 else 'people'} and {bots} {'bot' if bots == 1 else 'bots'}"
           if bots else "no bots")
    said = f"Made {called(name)}, {players} players, {who}, {_kingdom(kingdom)}."
    return said + _private(name, code, private) + " Taking your seat."


def table_words(name: str, players: list[str], kingdom: str, private: bool, code: str) -> str:
    said = (f"Made the table {name}, a table of real cards for {and_list(players)}, {_kingdom(kingdom)}. Each "
            "player sits with their own name.")
    return said + _private(name, code, private) + " Taking your seat."


def _private(name: str, code: str, private: bool) -> str:
    """What its maker tells those they invite to a private game: the code once, in groups of three."""
    if not private:
        return ""
    return f" It is private. Those you invite type sit {name} and its code, {codes.said_code(code)}."


def code_words(name: str, code: str, private: bool) -> str:
    """A game's code said again to one who sat there (its maker, or one they told): in groups of three."""
    if not private:
        return f"{name} is open, so it needs no code. Those you invite type sit {name} in the lobby."
    return f"The code of {called(name)} is {codes.said_code(code)}. Those you invite type sit {name} and its code."


def codes_words(games: list[tuple[str, str]]) -> str:
    """The codes of the private games a person made or sat at, said in the lobby."""
    if not games:
        return ("You have no private game, so there is no code to tell. A private game is made with create "
                "--private.")
    if len(games) == 1:
        return code_words(games[0][0], games[0][1], True)
    return "\n".join([f"Your {len(games)} private games.",
                      *(f"{name}, code {codes.said_code(code)}." for name, code in games)])


def describe(line: dict[str, object]) -> str:
    """One game's line in the list: its name, who sits, seats free, kingdom, bots, private or not. One
    speakable line, with one colon, after the name. A line that cannot be said (a record from another
    version, damaged) is said by its name alone: one game never breaks the list."""
    try:
        return _describe(line)
    except Exception:  # noqa: BLE001 - the store is read like any file: hostile
        return f"{_name(line)}, a game this server cannot describe."


def _name(line: dict[str, object]) -> str:
    """A listed game's name as said: cleaned again (a store is hostile too), never empty."""
    return clean(str(line.get("name") or ""), limit=40) or "A game"


def _describe(line: dict[str, object]) -> str:
    seats = [clean(str(s), limit=40) for s in each(line.get("seats", []))]
    who = f"{and_list(seats)} {'sits' if len(seats) == 1 else 'sit'}" if seats else "nobody sits yet"
    free = to_int(line.get("free", 0))
    from companion.bots import bot_name, display_name

    bots = [str(b) for b in each(line.get("bots", []))]
    try:
        named = [LEVELS.get(bot_name(b)) or display_name(b) for b in bots]  # "Normal Bot", not the table's "Bot"
    except Exception:  # noqa: BLE001 - a name from the store that is no bot's: said as it is
        named = bots
    # the game's name, then a full stop, and no colon: "the bot Big Money", never "1 bot: Big Money"
    bots_said = f"{'the bot' if len(bots) == 1 else 'the bots'} {and_list(named)}" if bots else "no bots"
    if line.get("table"):
        names = [str(n) for n in each(line.get("names") or [])]
        return (f"{_name(line)}, a table of real cards for {and_list(names)}. {who[:1].upper()}{who[1:]}, {free} "
                f"{'seat' if free == 1 else 'seats'} free, {_kingdom(str(line.get('kingdom') or ''))}, "
                f"{'private' if line.get('private') else 'open'}.")
    return (f"{_name(line)}. {who[:1].upper()}{who[1:]}, {free} {'seat' if free == 1 else 'seats'} free, "
            f"{_kingdom(str(line.get('kingdom') or ''))}, {bots_said}, {'private' if line.get('private') else 'open'}.")


def _kingdom(kingdom: str) -> str:
    """A kingdom as said: a recommended set by its own name, however it was typed; "random kingdom"."""
    from companion.cards.names import loose

    if loose(kingdom) in ("random", "r", ""):  # as choose_kingdom reads it
        return "random kingdom"
    if "," in kingdom:  # ten cards by name: too long for a list's line
        return "10 chosen cards"
    return _set_name(kingdom)


@functools.lru_cache(maxsize=256)
def _set_name(typed: str) -> str:
    from companion.cards.names import NameError_
    from companion.kingdom import KingdomError, recommended_kingdom

    try:
        return recommended_kingdom(typed).name or clean(typed, limit=40)
    except (KingdomError, NameError_, ValueError):
        return clean(typed, limit=40) or "random kingdom"  # a set this version does not know: as typed


def _plain(name: str) -> str:
    """A name as compared when typed: no case, no apostrophes or other marks, single spaces."""
    return " ".join("".join(c for c in name.lower() if c.isalnum() or c.isspace()).split())


def named(lines: dict[str, dict[str, object]], typed: str) -> list[tuple[str, dict[str, object]]]:
    """The games of that name, typed without its capitals or apostrophe as well: exactly, else the only ones
    it begins."""
    t = _plain(typed)
    exact = [(i, s) for i, s in lines.items() if _plain(str(s.get("name", ""))) == t]
    return exact or [(i, s) for i, s in lines.items() if t and _plain(str(s.get("name", ""))).startswith(t)]


def not_named(lines: dict[str, dict[str, object]], typed: str) -> str:
    """No game has that name: the nearest name, if one is near, else what to type."""
    import difflib

    names = {_plain(str(s.get("name", ""))): str(s.get("name", "")) for s in lines.values()}
    near = difflib.get_close_matches(_plain(typed), list(names), n=1, cutoff=0.6)
    if near:
        return f"Error, no game is named {quote(typed)}. Did you mean {names[near[0]]}? Type sit {names[near[0]]}."
    if not lines:
        return f"Error, no game is named {quote(typed)}, and there are no games yet. Type create to start one."
    return f"Error, no game is named {quote(typed)}. Type games to hear the open games."


WHO_PAGE = 30  # names a page of who


def who_said(names: list[str], me: str, typed: str = "") -> str:
    """The answer to ``who``, ``who 2`` or ``who NAME``: everyone else in the lobby, a page at a time (at most
    WHO_PAGE names and PAGE_CHARS characters), as ``games`` pages the games."""
    others = _but(names, me)
    if not others:
        return "Only you are in the lobby."
    typed = typed.strip()
    page = int(typed) if typed.isdigit() else 1
    if typed and not typed.isdigit():
        found = [n for n in others if _plain(typed) in _plain(n)]
        if not found:
            return f"Nobody else in the lobby has {quote(typed)} in their name. Type who to hear everyone."
        others = found
    pages = _paged(others, WHO_PAGE, 2)
    if typed and not typed.isdigit() and len(pages) == 1:
        return f"In the lobby with {quote(typed)} in the name, {and_list(others)}."
    if len(pages) == 1 and page == 1:
        return f"In the lobby, you and {and_list(others)}."
    if not 1 <= page <= len(pages):
        if len(pages) == 1:
            return "Error, there is 1 page of people in the lobby. Type who to hear it."
        return f"Error, there are {len(pages)} pages of people in the lobby. Type who {len(pages)} for the last."
    nxt = f"Type who {page + 1} for the next page, or who and a name to find one." if page < len(pages) else \
        "That is the last page."
    count = len(others)
    head = (f"{count} others with {quote(typed)} in the name" if typed and not typed.isdigit()
            else f"You and {count} {'other' if count == 1 else 'others'} are in the lobby")
    return "\n".join([f"{head}, page {page} of {len(pages)}.", f"{and_list(pages[page - 1])}.", nxt])


def _but(names: list[str], me: str) -> list[str]:
    """The names without the first that is ``me`` (in any case)."""
    others = list(names)
    for i, n in enumerate(others):
        if n.lower() == me.lower():
            del others[i]
            break
    return others


def _paged(items: list[str], most: int, gap: int) -> list[list[str]]:
    """Items in pages of at most ``most`` and about PAGE_CHARS characters (each item and ``gap`` between),
    filled in order, so page 2 is the same page each time it is asked for."""
    pages: list[list[str]] = [[]]
    for item in items:
        if len(pages[-1]) >= most or sum(len(x) + gap for x in pages[-1]) + len(item) > PAGE_CHARS - 160:
            pages.append([])
        pages[-1].append(item)
    return pages


def elsewhere(verb: str) -> str:
    import difflib

    from companion.commands import registry

    if verb in LEAVING:  # the page sends it: the terminal program leaves by itself
        return "You are in the lobby. To leave the server, close the page. To play, type games, then sit and a name."
    known = any(verb in words for words in registry.AREAS.values())
    if known:
        return (f"You are in the lobby, not at a game, so {quote(verb)} does nothing here. Type games, then sit "
                "and a game's name.")
    near = difflib.get_close_matches(verb, list(WORDS), n=1, cutoff=0.7)
    if near:
        return f"Error, {quote(verb)} is not a lobby word. Did you mean {near[0]}? Type help to hear the rest."
    return f"Error, {quote(verb)} is not a lobby word. Type help to hear what works here."


PAGE = 10  # games a page of the list
PAGE_CHARS = 1200  # characters a page of the list says at most: one breath of a screen reader, a braille screenful or two


def _in_order(name: str) -> list[tuple[int, str]]:
    """A name as the list orders it: without case or marks, and its numbers by value (Game 2 before Game 10)."""
    import re

    return [(int(p), "") if p.isdigit() else (-1, p) for p in re.split(r"(\d+)", _plain(name)) if p]


def games_page(lines: list[dict[str, object]], playing: int, typed: str) -> str:
    """The answer to ``games``, ``games 2`` or ``games NAME``: one page of the open games (at most PAGE of
    them and PAGE_CHARS characters), what page it is and how to hear the next."""
    typed = typed.strip()
    open_ = sorted(lines, key=lambda s: _in_order(str(s.get("name", ""))))
    after = f" {playing} more {'is' if playing == 1 else 'are'} being played." if playing else ""
    if not open_:
        more = f", and {playing} {'is' if playing == 1 else 'are'} being played" if playing else ""
        return f"No open games{more}. Type create to start one."
    page, named_with, word = 1, "", ""
    if typed.isdigit():
        page = int(typed)
    elif typed:
        t = _plain(typed)
        open_ = [s for s in open_ if t in _plain(str(s.get("name", "")))]
        if not open_:
            return f"No open game has {quote(typed)} in its name. Type games to hear them all."
        named_with, word = f" with {quote(typed)} in the name", f" {typed}"
    said = [describe(s) for s in open_]
    pages = _paged(said, PAGE, 1)
    n = len(said)
    games = f"{n} open {'game' if n == 1 else 'games'}{named_with}"
    if len(pages) == 1 and page == 1:
        return "\n".join([f"{games}.", *pages[0], *([after.strip()] if after else [])])
    if not 1 <= page <= len(pages):
        if len(pages) == 1:
            return "Error, there is 1 page of open games. Type games to hear it."
        return f"Error, there are {len(pages)} pages of open games. Type games {len(pages)} for the last."
    nxt = f"Type games{word} {page + 1} for the next page." if page < len(pages) and not word else \
        ("Type more of the name to hear fewer." if page < len(pages) else "That is the last page.")
    return "\n".join([f"{games}, page {page} of {len(pages)}.", *pages[page - 1], nxt + after])


def store_trouble(e: Exception) -> str:
    """What is wrong with the store, said: full (Redis refuses writes past its maxmemory), or not answering."""
    if "OOM" in str(e) or "maxmemory" in str(e):
        return "is full, as Redis's maxmemory is reached, and its operator raises it or frees memory"
    return "is not answering"
