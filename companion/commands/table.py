"""Table commands: keep count at a real game of Dominion played with physical cards.

``table new`` lays out the game; ``buy``, ``gain``, ``trash``, ``vp``, ``play``, ``next``, ``undo``,
``score`` record it (shared verbs: they serve the table while one is open); ``piles``, ``pile`` and
``count`` answer questions. Every entry is saved at once. A table and a game are never on together:
starting one puts the other away (both are saved), and says how to go back.

When the shell starts, ``offer_on_start`` (called by ``companion.commands.starting``) says the offer;
``resume_offer(session)`` returns that sentence (or None when there is no unfinished table), and
``resume(session)`` opens the last table and returns its status lines.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from companion.cards import Card, catalogue
from companion.cards.names import AmbiguousName, NameError_, NameIndex, UnknownName, and_list, loose, or_list, quote
from companion.commands.registry import ArgumentParser, CommandError, activity, command, take_over
from companion.kingdom import KingdomError, check_players, choose_kingdom
from companion.settings import define_setting
from companion.table import storage
from companion.table.model import DEFAULT_LOW, Entry, Setup, Table, TableError
from companion.table.scoring import scores, winners
from companion.table.storage import Saved, StorageError
from companion.table import text

if TYPE_CHECKING:
    from companion.session import Session

TOPIC = "Table"
HINT = "Start a game with new, or a table with table new."  # the same words as the game's, so said once
KEY = "table"


def table_open(session: "Session") -> bool:
    return session.state.get(KEY) is not None


def _saved(session: "Session") -> Saved:
    saved = session.state.get(KEY)
    if saved is None:
        raise CommandError(HINT)
    return saved


def _put_away(session: "Session") -> str | None:
    """A game is starting: put the table away (it is saved after every entry) so the shared verbs leave it."""
    saved = session.state.get(KEY)
    if saved is None:
        return None
    session.state[KEY] = None
    return f"Table {saved.name} is saved; table load {saved.name} returns to it."


activity(KEY, is_on=table_open, where="at a table", put_away=_put_away)


def _fail(typed: str, problem: str) -> CommandError:
    """A one-line error that quotes what was typed (unless the problem already quotes it)."""
    quoted = re.search(r'"([^"]+)"', problem)
    if quoted and quoted.group(1).lower() in typed.lower():
        return CommandError(problem)
    verb = problem.split(" ", 1)[0]  # "coins x" needs a number; "undo": there is nothing to undo
    return CommandError(f"{quote(typed, 60)}{' ' if verb in ('is', 'needs', 'has', 'takes') else ': '}{problem}")


def _complete_supply(session: "Session", typed: str) -> list[str]:
    """Whole replacements for what was typed after the command: its last card completed from this game's
    Supply, e.g. "Ann vil" gives "Ann Village" and "C1 C1 si" gives "C1 C1 Silver" and "C1 C1 Smithy"."""
    saved = session.state.get(KEY)
    supply = None if saved is None else {c.name for c in saved.table.setup.supply}
    words = typed.split(" ")
    for k in range(len(words)):
        names = [n for n in catalogue().complete(" ".join(words[k:])) if supply is None or n in supply]
        if names:
            return [" ".join(words[:k] + [n]) for n in names]
    return []


# Reading what was typed.
def split_player(table: Table, args: str) -> tuple[int | None, str]:
    """A player's name at the start of ``args`` (any case), and the rest."""
    words = args.strip()
    low = words.lower()
    best: tuple[int, int] | None = None
    for i, name in enumerate(table.players):
        key = name.lower()
        if (low == key or low.startswith(key + " ")) and (best is None or len(key) > best[1]):
            best = (i, len(key))
    if best is None:
        return None, words
    return best[0], words[best[1]:].strip()


def check_stranger(table: Table, rest: str, verb: str) -> None:
    """Refuse a first word that looks like a player's name not at this table ("gain Zed curse", "vp Zed 2",
    "count Zed"): a word that is no card, not even a misspelt one, followed by cards, a number or nothing."""
    words = rest.split()
    if not words or not words[0].isalpha() or words[0].lower() == "others":
        return
    cat = catalogue()
    try:
        cat.find(words[0])
        return
    except UnknownName as e:
        if e.suggestions:
            return  # more likely a misspelt card: its own error says "Did you mean"
    except NameError_:
        return
    tail = words[1:]
    if tail and tail[-1].lstrip("-").isdigit():
        tail = tail[:-1]
    if tail:  # "Zed curse", "Zed gardens 2": the rest names cards
        try:
            cat.find_many(" ".join(tail))
        except NameError_:
            return
    elif verb not in ("vp", "count"):  # "gain Zed" alone is an unknown card, said as such
        return
    raise CommandError(f"{quote(words[0])} is not playing. Type {verb} and a player: {or_list(list(table.players))}.")


def find_cards(table: Table, typed: str, what: str, full: str | None = None) -> list[Card]:
    """Cards of this game's Supply named in ``typed``; a card from outside it is refused naming the kingdom."""
    cat = catalogue()
    supply = table.setup.supply
    if not typed.strip():
        raise _fail(full or what, f"needs a card. Type {what} and a card, for example {what} silver.")
    try:
        return cat.find_many(typed, supply)
    except AmbiguousName as e:
        raise _fail(typed, str(e)) from None
    except UnknownName as e:
        try:
            everywhere = cat.find_many(typed)
        except UnknownName as wider:
            best = e if e.suggestions or not wider.suggestions else wider
            raise _fail(typed, f"{best} Type piles to hear this game's cards.") from None
        except NameError_:
            raise _fail(typed, f"{e} Type piles to hear this game's cards.") from None
        outside = [c for c in everywhere if c not in supply]
        if not outside:
            raise _fail(typed, f"{e} Type piles to hear this game's cards.") from None
        raise _fail(typed_words(typed, outside[0]) or full or f"{what} {typed}", not_in_game(table, outside[0])) from None


def typed_words(typed: str, card: Card) -> str | None:
    """The words of ``typed`` that name ``card`` (to quote just them), or None."""
    cat = catalogue()
    words = typed.split()
    for size in (3, 2, 1):
        for i in range(len(words) - size + 1):
            run = " ".join(words[i:i + size])
            try:
                if cat.find_many(run) == [card]:
                    return run
            except NameError_:
                continue
    return None


def not_in_game(table: Table, card: Card) -> str:
    """Refuse a card from outside this game's Supply, naming the kingdom."""
    setup = table.setup
    if setup.kingdom_name:
        return f"{card.name} is not in this game. The kingdom is {setup.kingdom_name}; type piles to hear it."
    return f"not in this game. Choose from {or_list(list(setup.kingdom))}."


def _players_for(table: Table, typed: str, verb: str) -> tuple[list[int], bool, str]:
    """Who an entry is for: a named player, ``others`` (each other player in turn order), or the current one."""
    rest = typed.strip()
    if rest.lower().startswith("others ") or rest.lower() == "others":
        n, cur = len(table.players), table.state.current
        return [(cur + i) % n for i in range(1, n)], True, rest[6:].strip()
    player, rest = split_player(table, rest)
    if player is None:
        check_stranger(table, rest, verb)
    return [table.state.current if player is None else player], False, rest


def _save(session: "Session", saved: Saved) -> None:
    try:
        storage.save(saved)
    except StorageError as e:
        session.say(f"Warning: not saved. {e}")


def _record(session: "Session", typed: str, entry: Entry, confirm) -> None:  # type: ignore[no-untyped-def]
    """Record ``entry``, then say the announcements first and the confirmation after, and save."""
    saved = _saved(session)
    before = saved.table.state
    try:
        notes = saved.table.record(entry)
    except TableError as e:
        raise _fail(typed, str(e)) from None
    said = confirm(saved.table, before)
    if _verbosity(session) == "brief":
        said = said[:1]  # brief: announcements and the confirmation itself, no coins left or notes
    lines = notes + said
    lines[0:1] = text.fit_first(lines[0])  # long names: keep the first line to a 40-cell display
    session.say("\n".join(lines))
    _save(session, saved)


def _verbosity(session: "Session") -> str:
    """brief, normal or full: the session's (or its settings') verbosity, normal when neither says."""
    found = getattr(session, "verbosity", None) or getattr(session.settings, "verbosity", None)
    return found if isinstance(found, str) else "normal"


def _pile_left(table: Table, cards: list[Card], named: bool = False) -> str:
    names = list(dict.fromkeys(c.name for c in cards))
    if len(names) == 1 and not named:
        return f"{table.state.piles[names[0]]} left"
    return ", ".join(f"{n} pile: {table.state.piles[n]} left" for n in names)


# Shared verbs: each serves the table while one is open.
def _gain_like(session: "Session", args: str, verb: str) -> None:
    table = _saved(session).table
    typed = f"{verb} {args}".strip()
    players, others, rest = _players_for(table, args, verb)
    cards = find_cards(table, rest, verb, typed)
    if verb == "buy" and others:
        raise _fail(typed, "only one player buys at a time. Type buy and a card, or buy Ann and a card.")
    entry = Entry(verb, tuple(players), tuple(c.name for c in cards), others=others)

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        got = [p for p in players if t.state.decks[p] != before.decks[p]]
        if others and len(got) == len(players):
            said = f"Others gained {text.cards_said(cards)}"
        else:
            said = text.describe(t, Entry(verb, tuple(got), entry.cards), before)
        line = f"{said[0].upper()}{said[1:]}, {_pile_left(t, cards)}."
        lines = [line]
        missed = [t.players[p] for p in players if p not in got]
        if missed:
            lines.append(f"{and_list(missed)} got none.")
        turn = t.state.turn
        if verb == "buy" and players[0] == t.state.current and turn.started:
            if turn.coins >= 0 and turn.buys >= 0:
                lines.append(f"{text.plural(turn.coins, 'coin')}, {text.plural(turn.buys, 'buy')} left.")
            elif before.turn.coins >= 0 and before.turn.buys >= 0:  # said once, when it first happens
                lines.append("More was bought than the calculator counted.")
        return lines

    _record(session, typed, entry, confirm)


@command("buy", summary="records a card the current player buys.", usage="buy CARD, or buy PLAYER CARD",
         example="buy P6", topic=TOPIC, complete=_complete_supply, active=table_open, inactive_hint=HINT,
         one_shot=False, details="With 2 Buys name both: buy silver village. It spends the coins that play counted.")
def buy(session: "Session", args: str) -> None:
    _gain_like(session, args, "buy")


@command("gain", summary="records a card a player gains without buying it.", usage="gain CARD, or gain PLAYER CARD",
         example="gain Ann curse", topic=TOPIC, complete=_complete_supply, active=table_open, inactive_hint=HINT,
         one_shot=False, details="For Witch, gain others curse gives each other player a Curse, in turn order.")
def gain(session: "Session", args: str) -> None:
    _gain_like(session, args, "gain")


@command("trash", summary="records cards a player trashes.", usage="trash CARD, or trash PLAYER CARD", example="trash estate",
         topic=TOPIC, complete=_complete_supply, active=table_open, inactive_hint=HINT, one_shot=False)
def trash(session: "Session", args: str) -> None:
    table = _saved(session).table
    typed = f"trash {args}".strip()
    player, rest = split_player(table, args)
    if player is None:
        check_stranger(table, rest, "trash")
    player = table.state.current if player is None else player
    cards = find_cards(table, rest, "trash", typed)
    entry = Entry("trash", (player,), tuple(c.name for c in cards))

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        return [f"{text.describe(t, entry, before)}.", f"{t.players[player]} has {text.plural(t.state.deck_size(player), 'card')}."]

    _record(session, typed, entry, confirm)


@command("vp", summary="records VP tokens a player takes.", usage="vp N, or vp PLAYER N", example="vp 2", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False, details="A negative number takes tokens back.")
def vp(session: "Session", args: str) -> None:
    table = _saved(session).table
    typed = f"vp {args}".strip()
    player, rest = split_player(table, args)
    if player is None:
        check_stranger(table, rest, "vp")
    player = table.state.current if player is None else player
    try:
        amount = int(rest)
    except ValueError:
        raise _fail(typed, "needs a number of VP tokens. Type vp 2, or vp Ann 2.") from None
    if amount == 0:
        raise _fail(typed, "0 tokens changes nothing. Type vp 2, or vp Ann 2.")
    entry = Entry("vp", (player,), amount=amount)

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        return [f"{text.describe(t, entry, before)}, {t.state.tokens[player]} in all."]

    _record(session, typed, entry, confirm)


@command("play", summary="adds played cards to this turn's coins, buys and actions.", usage="play CARD, or several cards",
         example="play village", topic=TOPIC, complete=_complete_supply, active=table_open,
         inactive_hint=HINT, one_shot=False,
         details="It counts cards whose effect is fixed, and Merchant's first Silver. next starts again.")
def play(session: "Session", args: str) -> None:
    table = _saved(session).table
    typed = f"play {args}".strip()
    if not args.strip():
        session.say(text.turn_line(table.state) if table.state.over is None else f"Game over: {table.state.over}.")
        return
    cards = find_cards(table, args, "play", typed)
    for card in cards:
        if not (card.is_action or card.is_treasure or card.name in table.treasure_values):
            raise _fail(typed_words(args, card) or typed,
                        f"{card.name} is not played. Type play and an Action or a Treasure.")
    entry = Entry("play", cards=tuple(c.name for c in cards))

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        lines = text.turn_line(t.state).split("\n")
        took = t.state.tokens[t.state.current] - before.tokens[t.state.current]
        if took:
            lines.append(f"{t.current_name} took {text.plural(took, 'VP token')}.")
        return lines

    _record(session, typed, entry, confirm)


@command("coins", summary="adds coins the calculator cannot count, such as Moneylender's.", usage="coins N",
         example="coins 3", topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="A negative number takes coins away.")
def coins(session: "Session", args: str) -> None:
    table = _saved(session).table
    typed = f"coins {args}".strip()
    word = args.strip()
    if not word.lstrip("-").isdigit() or int(word) == 0 or abs(int(word)) > 99:
        raise _fail(typed, "needs a number of coins. Type coins 3, or coins -1.")
    entry = Entry("coins", amount=int(word))
    _record(session, typed, entry, lambda t, before: text.turn_line(t.state).split("\n"))


@command("next", summary="ends this turn and passes to the next player.", usage="next", example="next", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False)
def next_turn(session: "Session", args: str) -> None:
    table = _saved(session).table
    if args.strip():
        raise _fail(f"next {args}".strip(), "next takes nothing after it. Type next.")

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        if t.state.over:
            return [f"Game over: {t.state.over}."] + text.score_lines(t, final=True)
        return [f"{t.current_name}'s turn {t.state.turns[t.state.current]}."]

    _record(session, "next", Entry("next"), confirm)


@command("undo", summary="takes back the last entry.", usage="undo", example="undo", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False)
def undo(session: "Session", args: str) -> None:
    saved = _saved(session)
    table = saved.table
    if args.strip():
        raise _fail(f"undo {args}".strip(), "undo takes nothing after it. Type undo, once for each entry.")
    before = table.state
    if not table.entries:
        raise _fail("undo", "there is nothing to undo yet. Type buy, gain, trash or play to record something.")
    replayed_before = Table(table.setup, table.entries[:-1], table.low).state
    entry, notes = table.undo()
    said = text.describe(table, entry, replayed_before)
    lines = text.fit_first(f"Undone: {said}.") + notes
    if entry.verb in ("buy", "gain"):
        lines.append(f"{_pile_left(table, [catalogue()[c] for c in entry.cards], named=True)}.")
    elif entry.verb in ("next", "end"):
        if before.over is not None:
            lines.append("The game is not over now.")
        lines.append(f"{table.current_name}'s turn {table.state.turns[table.state.current]} again.")
        ending = table.ending()
        if ending:
            lines.append(f"Game ends this turn: {and_list(ending)}.")
    elif entry.verb == "play":
        lines.append(text.turn_line(table.state))
    session.say("\n".join(lines))
    _save(session, saved)


@command("score", summary="says VP for every player now, or one player's in detail.", usage="score, or score PLAYER",
         example="score", topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False)
def score(session: "Session", args: str) -> None:
    table = _saved(session).table
    if not args.strip():
        session.say("\n".join(text.score_lines(table)))
        return
    player, rest = split_player(table, args)
    if player is None or rest:
        raise _fail(f"score {args}".strip(), f"no player by that name. Type score, or score {table.players[0]}.")
    session.say("\n".join(text.player_score_lines(table, player)))


@command("log", summary="says the last entries recorded at the table, oldest first.", usage="log, or log N", example="log 3",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="Use it to check what was recorded before you type undo.")
def log(session: "Session", args: str) -> None:
    table = _saved(session).table
    word = args.strip()
    if word and not (word.isdigit() and 1 <= int(word) <= 50):
        raise _fail(f"log {args}".strip(), "needs a number from 1 to 50. Type log, or log 10.")
    n = int(word) if word else 4
    if not table.entries:
        session.say("Nothing recorded yet.\nType buy, gain, trash or play.")
        return
    said = []
    replay = Table(table.setup, low=table.low)
    for entry in table.entries:
        said.append(text.describe(replay, entry, replay.state))
        replay.record(entry)
    shown = said[-n:]
    if len(shown) == len(said):
        head = "The only entry:" if len(said) == 1 else f"All {len(said)} entries:"
    else:
        head = f"Last {len(shown)} entries of {len(said)}:" if len(shown) > 1 else f"Last entry of {len(said)}:"
    session.say("\n".join([head] + [f"{line[0].upper()}{line[1:]}." for line in shown]))


# Table-only questions and corrections (registered with the same predicate, in case a game uses the names).
@command("piles", summary="says every Supply pile's count, grouped.", usage="piles, or piles low", example="piles low",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="piles low lists every pile by count, the lowest first.")
def piles(session: "Session", args: str) -> None:
    table = _saved(session).table
    word = args.strip().lower()
    if word not in ("", "low", "l"):
        raise _fail(f"piles {args}".strip(), "piles takes only the word low. Type piles, or piles low.")
    session.say("\n".join(text.piles_lines(table, low_first=bool(word))))


@command("pile", summary="says one pile's count, or corrects it.", usage="pile CARD, or pile CARD N", example="pile province",
         topic=TOPIC, complete=_complete_supply, active=table_open, inactive_hint=HINT, one_shot=False,
         details="pile village 6 sets the Village pile to 6 where the record differs from the table.")
def pile(session: "Session", args: str) -> None:
    table = _saved(session).table
    typed = f"pile {args}".strip()
    words = args.split()
    amount = None
    if len(words) > 1 and words[-1].lstrip("-").isdigit() and catalogue().by_code(words[-1]) is None:
        amount, args = int(words[-1]), " ".join(words[:-1])
    cards = find_cards(table, args, "pile", typed)
    if len(set(cards)) != 1 or len(cards) != 1:
        raise _fail(typed, "name one pile. Type pile province, or piles for all of them.")
    card = cards[0]
    if amount is None:
        session.say(text.pile_line(table, card))
        return
    entry = Entry("pile", cards=(card.name,), amount=amount)
    _record(session, typed, entry, lambda t, before: ["Corrected.", text.pile_line(t, card)])


@command("count", summary="says a player's cards, or corrects how many of a card they have.",
         usage="count PLAYER CARD N", example="count Ann gardens 2", topic=TOPIC, active=table_open,
         inactive_hint=HINT, one_shot=False, details="count Ann alone says all of Ann's cards.")
def count(session: "Session", args: str) -> None:
    table = _saved(session).table
    typed = f"count {args}".strip()
    player, rest = split_player(table, args)
    if player is None:
        check_stranger(table, rest, "count")
    player = table.state.current if player is None else player
    name = table.players[player]
    if not rest:
        deck = table.state.decks[player]
        session.say(f"{name} has {text.plural(table.state.deck_size(player), 'card')}.\n{text.deck_said(deck)}.")
        return
    words = rest.split()
    if len(words) < 2 or not words[-1].isdigit() or catalogue().by_code(words[-1]) is not None:
        raise _fail(typed, f"needs a card and a number. Type count {name} gardens 2, or count {name} to hear them.")
    cards = find_cards(table, " ".join(words[:-1]), "count", typed)
    if len(set(cards)) != 1 or len(cards) != 1:
        raise _fail(typed, f"name one card. Type count {name} gardens 2.")
    card, amount = cards[0], int(words[-1])
    entry = Entry("count", (player,), (card.name,), amount)

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        return [f"{name} has {card.counted(amount)} now.", f"{text.plural(t.state.deck_size(player), 'card')} in all."]

    _record(session, typed, entry, confirm)


# The table itself.
def _parse_new(args: str) -> tuple[list[str], str, int | None, bool | None, str | None, str | None]:
    typed = f"table new {args}".strip()
    parser = ArgumentParser("table new")
    # Several words are joined, so quotes are optional: --kingdom First Game, --players Ann, Ben.
    parser.add_argument("--players", nargs="+")
    parser.add_argument("--kingdom", nargs="+", default=["random"])
    parser.add_argument("--seed")
    parser.add_argument("--colony")
    parser.add_argument("--name", nargs="+")
    parser.add_argument("--first", nargs="+")
    try:
        ns = parser.parse(args)
    except CommandError:
        raise _fail(typed, 'is not understood. Type table new --players Ann,Ben --kingdom First Game.') from None
    if not ns.players:
        raise _fail(typed, "needs players. Type table new --players Ann,Ben.")
    words = ns.players if any("," in w for w in ns.players) else [w + "," for w in ns.players]
    names = [p.strip() for p in " ".join(words).split(",") if p.strip()]
    ns.kingdom = " ".join(ns.kingdom)
    ns.name = None if ns.name is None else " ".join(ns.name)
    ns.first = None if ns.first is None else " ".join(ns.first)
    if ns.seed is not None and not ns.seed.lstrip("-").isdigit():
        raise _fail(f"--seed {ns.seed}", "the seed is a whole number. Type --seed 7, say.")
    colony = None if ns.colony is None else {"on": True, "off": False}.get(ns.colony.lower())
    if ns.colony is not None and colony is None:
        raise _fail(f"--colony {ns.colony}", "must be on or off. Type --colony on, or --colony off.")
    if ns.name is not None and not 0 < len(ns.name.strip()) <= 30:
        raise _fail(f"--name {ns.name}", "a table's name has 1 to 30 letters. Type --name friday, say.")
    return names, ns.kingdom, None if ns.seed is None else int(ns.seed), colony, ns.name, ns.first


def _check_names(typed: str, names: list[str]) -> None:
    typed = "--players " + ",".join(names)
    try:
        check_players(len(names))
    except KingdomError:
        raise _fail(typed, f"2 to 6 players, not {len(names)}. Type the names with commas: --players Ann,Ben.") from None
    seen: set[str] = set()
    cat = catalogue()
    for name in names:
        key = name.lower()
        if key in seen:
            raise _fail(typed, f"{name} is named twice. Give each player a different name.")
        seen.add(key)
        card_words = {loose(c.name) for c in cat} | {loose(c.plural) for c in cat}
        if key == "others" or cat.by_code(name) is not None or loose(name) in card_words:
            raise _fail(typed, f"{name} is also a card's name. Choose another name for that player.")
        if not any(ch.isalpha() for ch in name) or len(name) > 20:
            raise _fail(typed, f"{name[:20]} is not a usable name. Use letters, up to 20.")


LOW_SETTING = "lowpile"  # the threshold for new tables: set lowpile 2
define_setting(LOW_SETTING, tuple(str(n) for n in range(0, 11)), str(DEFAULT_LOW),
               "a table announces a pile with this many cards or fewer as low")


def _default_low(session: "Session") -> int:
    """The low-pile threshold for a new table: the user's lowpile setting if there is one, else 3."""
    try:
        value = int(session.settings.get(LOW_SETTING))
    except (AttributeError, KeyError, TypeError, ValueError):
        return DEFAULT_LOW
    return value if 0 <= value <= 20 else DEFAULT_LOW


def _first_player(typed: str, names: list[str], asked: str | None, seed: int | None,
                  previous: Saved | None) -> tuple[int, str]:
    """Who goes first: as asked; else after the last game's winner (the rulebook); else at random."""
    lower = [n.lower() for n in names]
    if asked is not None:
        if asked.strip().lower() not in lower:
            raise _fail(f"--first {asked}", f"{asked.strip()} is not playing. Type --first and one of {or_list(names)}.")
        return lower.index(asked.strip().lower()), ""
    if previous is not None and previous.table.state.over:
        won = winners(scores(previous.table))
        if len(won) == 1 and won[0].player.lower() in lower:
            seat = lower.index(won[0].player.lower())
            return (seat + 1) % len(names), f"as {names[seat]} won the last game and goes last"
    rng = random.Random(seed) if seed is not None else random.Random()
    return rng.randrange(len(names)), ""


def _new(session: "Session", args: str) -> None:
    typed = f"table new {args}".strip()
    names, kingdom_text, seed, colony, name, first_name = _parse_new(args)
    _check_names(typed, names)
    try:
        kingdom = choose_kingdom(kingdom_text, seed=seed, platinum_colony=colony)
    except KingdomError as e:
        raise _fail(typed, str(e)) from None
    taken = storage.saved_names()
    if name is None:
        name = storage.free_name()
    elif storage.file_name(name) in {storage.file_name(n) for n in taken}:
        raise _fail(f"--name {name}", f"that name is taken. Choose another --name, or type table load {name}.")
    previous = session.state.get(KEY)
    first, why = _first_player(typed, names, first_name, seed, previous)
    setup = Setup(tuple(names), tuple(c.name for c in kingdom.cards), kingdom.platinum_colony, kingdom.name,
                  first, seed)
    saved = Saved(name, Table(setup, low=_default_low(session)))
    game_said = take_over(session, KEY)
    session.state[KEY] = saved
    lines = text.setup_lines(name, setup)
    if why:
        lines[-1] = lines[-1].replace(" goes first.", f" goes first, {why}.", 1)
    if previous is not None and previous.name != name:
        lines.append(f"{previous.name} is saved; table load {previous.name} returns to it.")
    lines += game_said
    session.say("\n".join(lines))
    _save(session, saved)


def _open(session: "Session", saved: Saved, verb: str) -> None:
    game_said = take_over(session, KEY)
    session.state[KEY] = saved
    lines = text.status_lines(saved.name, saved.table, named=False)
    lines[0:0] = [f"Table {saved.name} {verb}."]
    lines += game_said
    session.say("\n".join(lines))
    _save(session, saved)


def offer_on_start(session: "Session") -> None:
    """An on-start hook for the shell (``session.on_start.append(offer_on_start)``): says the offer, if any."""
    offer = resume_offer(session)
    if offer:
        session.say(offer)



def resume_offer(session: "Session") -> str | None:
    """For the shell's on-start hook: a sentence offering the last unfinished table, or None."""
    if table_open(session):
        return None
    name = storage.last_name()
    if name is None:
        return None
    try:
        saved = storage.load(name)
    except StorageError:
        return None
    if saved.table.state.over:
        return None
    return f"Table {name} is not finished: {saved.table.current_name}'s turn. Type table resume."


def resume(session: "Session") -> list[str]:
    """Open the last table used; return what was said. Raises CommandError if there is none."""
    name = storage.last_name()
    if name is None:
        raise _fail("table resume", "no table is saved yet. Type table new --players Ann,Ben to start one.")
    try:
        saved = storage.load(name)
    except StorageError as e:
        raise _fail("table resume", f"{e} Type table list to hear the saved tables.") from None
    _open(session, saved, "resumed")
    return (session.last or "").splitlines()


def _resume(session: "Session") -> None:
    resume(session)


def _load(session: "Session", args: str) -> None:
    typed = f"table load {args}".strip()
    names = storage.saved_names()
    if not args.strip():
        raise _fail(typed, "needs a table's name. Type table list to hear them.")
    if not names:
        raise _fail(typed, "no table is saved yet. Type table new --players Ann,Ben to start one.")
    index: NameIndex[str] = NameIndex(((n, n, ()) for n in names), "saved table")
    try:
        name = index.resolve(args.strip())
    except NameError_ as e:
        raise _fail(typed, f"{e} Type table list to hear them.") from None
    try:
        saved = storage.load(name)
    except StorageError as e:
        raise _fail(typed, f"{e} Type table list to hear the saved tables.") from None
    _open(session, saved, "loaded")


def _save_as(session: "Session", args: str) -> None:
    typed = f"table save {args}".strip()
    saved = _saved(session)
    name = args.strip().strip('"')
    if not name or len(name) > 40:
        raise _fail(typed, "needs a name. Type table save friday, up to 40 letters.")
    if storage.file_name(name) != storage.file_name(saved.name) and \
            storage.file_name(name) in {storage.file_name(n) for n in storage.saved_names()}:
        raise _fail(typed, f"that name is taken. Choose another, or type table load {name}.")
    old, saved.name = saved.name, name
    try:
        storage.save(saved)
        if storage.file_name(old) != storage.file_name(name):
            storage.remove(old)
    except StorageError as e:
        saved.name = old
        raise _fail(typed, f"{e} Type table save and another name.") from None
    session.say(f"Saved as {name}.\nLater entries are saved there too.")


def _list(session: "Session", args: str) -> None:
    names = storage.saved_names()
    if not names:
        session.say("No tables saved yet. Type table new --players Ann,Ben to start one.")
        return
    current = session.state.get(KEY)
    lines = [f"{text.plural(len(names), 'saved table')}, newest first."]
    for name in names:
        try:
            t = storage.load(name).table
        except StorageError:
            lines.append(f"{name}: damaged.")
            continue
        where = "over" if t.state.over else f"{t.current_name}'s turn {t.state.turns[t.state.current]}"
        mark = ", open now" if current is not None and current.name == name else ""
        lines.append(f"{name}: {and_list(list(t.players))}, {where}{mark}.")
    session.say("\n".join(lines))


def _end(session: "Session", args: str) -> None:
    saved = _saved(session)
    _record(session, "table end", Entry("end"),
            lambda t, before: ["Game over, ended at the table."] + text.score_lines(t, final=True))


def _close(session: "Session", args: str) -> None:
    saved = _saved(session)
    _save(session, saved)
    session.state[KEY] = None
    session.say(f"Table {saved.name} put away and saved. Type table load {saved.name} to return.")


def _low(session: "Session", args: str) -> None:
    typed = f"table low {args}".strip()
    saved = _saved(session)
    if not args.strip().isdigit() or not 0 <= int(args) <= 20:
        raise _fail(typed, "needs a number from 0 to 20. Type table low 3.")
    saved.table.low = int(args)
    _save(session, saved)
    session.say(f"Low piles: {text.plural(saved.table.low, 'card')} or fewer.")


def _status(session: "Session", args: str) -> None:
    saved = _saved(session)
    session.say("\n".join(text.status_lines(saved.name, saved.table)))


@command("status", summary="says whose turn it is, this turn's counts and the piles.", usage="status", example="status",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="The same as table alone. In a game, status says your turn.")
def status(session: "Session", args: str) -> None:
    if args.strip():
        raise _fail(f"status {args}".strip(), "status takes nothing after it. Type status.")
    _status(session, "")


SUBCOMMANDS = {
    "new": _new, "resume": lambda session, args: _resume(session), "load": _load, "save": _save_as, "list": _list,
    "end": _end, "close": _close, "low": _low, "status": _status,
}
NEEDS_TABLE = ("save", "end", "close", "low", "status")


@command("table", summary="keeps count at a game with real cards.",
         usage="table new --players A,B",
         example='table new --players Ann,Ben --kingdom "First Game"', topic=TOPIC, one_shot=True,
         details="Also table resume, list, load NAME, save NAME, end, close, and low N. table alone says whose turn it is.")
def table_command(session: "Session", args: str) -> None:
    word, _, rest = args.strip().partition(" ")
    word = word.lower()
    if not word:
        if not table_open(session):
            raise _fail("table", "no table is open. Type table new --players Ann,Ben, or table resume.")
        _status(session, "")
        return
    run = SUBCOMMANDS.get(word)
    if run is None:
        raise _fail(f"table {args}".strip(), "is not a table command. Type table new, resume, load, save, list or end.")
    if word in NEEDS_TABLE and not table_open(session):
        raise _fail(f"table {args}".strip(), "no table is open. Type table new --players Ann,Ben, or table resume.")
    run(session, rest)
