"""The table's shared verbs: ``buy``, ``gain``, ``trash``, ``vp``, ``play``, ``coins``, ``next``, ``undo``,
``score`` and ``log`` record and answer while a table is open; ``piles``, ``pile`` and ``count`` answer
questions and correct counts. Each entry is recorded through ``_record``, which says it and saves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import catalogue
from companion.cards.names import and_list
from companion.commands.registry import command
from companion.commands.table_session import HINT, TOPIC, _complete_supply, _pile_left, _record, _save, _saved, \
    _writable, restore, table_open
from companion.commands.table_typed import _fail, _players_for, check_stranger, find_cards, split_player, typed_words
from companion.table.model import Entry, Table
from companion.table import text
from companion.numbers import as_number

if TYPE_CHECKING:
    from companion.session import Session


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
            said = f"{and_list([t.players[p] for p in got])} gained {text.cards_said(cards)}"  # who, by name
        else:
            said = text.describe(t, Entry(verb, tuple(got), entry.cards), before)
        line = f"{said[0].upper()}{said[1:]}, {_pile_left(t, cards)}."
        lines = [line]
        missed = [t.players[p] for p in players if p not in got]
        if missed:
            lines.append(f"{and_list(missed)} got none.")
        lines += text.gain_reminders(t, entry, got)
        turn = t.state.turn
        counted = turn.started or before.turn.coins > 0  # cards played, or coins typed with coins N
        if verb == "buy" and players[0] == t.state.current and counted:
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
    amount = as_number(rest, signed=True)
    if amount is None:
        raise _fail(typed, "needs a number of VP tokens. Type vp 2, or vp Ann 2.")
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
    player, rest = split_player(table, args)
    if player is not None and rest:  # "play Ann C1": only the player whose turn it is plays
        if player != table.state.current:
            name = table.players[player]
            raise _fail(name, f"only {table.current_name}, whose turn it is, plays now. "
                              f"If it is {name}'s turn, type next first.")
        args = rest
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

    _record(session, typed, entry, confirm, lambda name: typed_words(args, catalogue()[name]))


@command("coins", summary="adds coins the calculator cannot count, such as Moneylender's.", usage="coins N",
         example="coins 3", topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="A negative number takes coins away.")
def coins(session: "Session", args: str) -> None:
    _saved(session)  # (refuses when no table is open)
    typed = f"coins {args}".strip()
    word = args.strip()
    amount = as_number(word, signed=True)
    if amount is None:
        raise _fail(typed, "needs a number of coins. Type coins 3, or coins -1.")
    if amount == 0:
        raise _fail(typed, "0 coins changes nothing. Type coins 3, or coins -1.")
    if abs(amount) > 99:
        raise _fail(typed, "at most 99 coins at a time. Type a smaller number.")
    entry = Entry("coins", amount=amount)
    _record(session, typed, entry, lambda t, before: text.turn_line(t.state).split("\n"))


@command("next", summary="ends this turn and passes to the next player.", usage="next", example="next", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False)
def next_turn(session: "Session", args: str) -> None:
    _saved(session)  # (refuses when no table is open)
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
    _writable(session, "undo")
    back = restore(saved, list(table.entries), table.low)
    before = table.state
    if not table.entries:
        raise _fail("undo", "there is nothing to undo yet. Type buy, gain, trash or play to record something.")
    try:
        replayed_before = Table(table.setup, table.entries[:-1], table.low).state
        entry, notes = table.undo()
        said = text.describe(table, entry, replayed_before)
        lines = text.fit_first(f"Undone: {said}.") + notes
        if entry.verb in ("buy", "gain"):
            lines.append(f"{_pile_left(table, [catalogue()[c] for c in entry.cards], named=True)}.")
            turn = table.state.turn
            if entry.verb == "buy" and entry.players[0] == table.state.current and turn.started:
                lines.append(f"{text.plural(max(0, turn.coins), 'coin')}, {text.plural(max(0, turn.buys), 'buy')} left.")
        elif entry.verb in ("next", "end"):
            if before.over is not None:
                lines.append("The game is not over now.")
            lines.append(f"{table.current_name}'s turn {table.state.turns[table.state.current]} again.")
            ending = table.ending()
            if ending:
                lines.append(f"Game ends this turn: {and_list(ending)}.")
        elif entry.verb in ("play", "coins"):
            lines.append(text.turn_line(table.state))
    except BaseException:
        back()
        raise
    _save(session, saved, "undo", back)
    session.say("\n".join(lines))


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
    n = as_number(word) if word else 4
    if n is None or not 1 <= n <= 50:
        raise _fail(f"log {args}".strip(), "needs a number from 1 to 50. Type log, or log 10.")
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
    last = as_number(words[-1], signed=True) if len(words) > 1 and catalogue().by_code(words[-1]) is None else None
    if last is not None:
        amount, args = last, " ".join(words[:-1])
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
    last = as_number(words[-1]) if len(words) >= 2 and catalogue().by_code(words[-1]) is None else None
    if last is None:
        raise _fail(typed, f"needs a card and a number. Type count {name} gardens 2, or count {name} to hear them.")
    cards = find_cards(table, " ".join(words[:-1]), "count", typed)
    if len(set(cards)) != 1 or len(cards) != 1:
        raise _fail(typed, f"name one card. Type count {name} gardens 2.")
    card, amount = cards[0], last
    entry = Entry("count", (player,), (card.name,), amount)

    def confirm(t: Table, before) -> list[str]:  # type: ignore[no-untyped-def]
        return [f"{name} has {card.counted(amount)} now.", f"{text.plural(t.state.deck_size(player), 'card')} in all."]

    _record(session, typed, entry, confirm)
