"""The table's shared verbs: ``buy``, ``gain``, ``trash``, ``vp``, ``play``, ``coins``, ``next``, ``undo``,
``score`` and ``log`` record and answer while a table is open; ``piles``, ``pile`` and ``count`` answer
questions and correct counts. Each parses what was typed, calls one method of the open table's
``TableService`` (``companion.table.service``), which records and saves, and returns its ``Outcome`` made
the line's answer by ``answered``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import catalogue
from companion.commands.registry import command
from companion.commands.table_session import HINT, TOPIC, brief, complete_supply, open_table, answered, seat, table_open
from companion.commands.table_typed import check_stranger, find_cards, players_for, split_player, taken_as, typed_words
from companion.table.text import refused
from companion.numbers import as_number

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


# Shared verbs: each serves the table while one is open.
def _gain_like(session: "Session", args: str, verb: str) -> "Response":
    service = open_table(session)
    typed = f"{verb} {args}".strip()
    players, others, rest = players_for(service.table, args, verb)
    cards = find_cards(service.table, rest, verb, typed)
    if verb == "buy" and others:
        raise refused(typed, "only one player buys at a time. Type buy and a card, or buy Ann and a card.")
    if verb == "buy":
        outcome = service.buy(typed, players[0], cards, by=seat(session), brief=brief(session))
    else:
        outcome = service.gain(typed, players, cards, others=others, by=seat(session), brief=brief(session))
    return answered(session, outcome, taken_as(rest, cards))


@command("buy", summary="records a card the current player buys.", usage="buy CARD, or buy PLAYER CARD",
         example="buy P6", topic=TOPIC, complete=complete_supply, active=table_open, inactive_hint=HINT,
         one_shot=False, details="With 2 Buys name both, as in buy silver village. It spends the coins that play counted.")
def buy(session: "Session", args: str) -> "Response":
    return _gain_like(session, args, "buy")


@command("gain", summary="records a card a player gains without buying it.", usage="gain CARD, or gain PLAYER CARD",
         example="gain Ann curse", topic=TOPIC, complete=complete_supply, active=table_open, inactive_hint=HINT,
         one_shot=False, details="For Witch, gain others curse gives each other player a Curse, in turn order.")
def gain(session: "Session", args: str) -> "Response":
    return _gain_like(session, args, "gain")


@command("trash", summary="records cards a player trashes.", usage="trash CARD, or trash PLAYER CARD", example="trash estate",
         topic=TOPIC, complete=complete_supply, active=table_open, inactive_hint=HINT, one_shot=False)
def trash(session: "Session", args: str) -> "Response":
    service = open_table(session)
    table = service.table
    typed = f"trash {args}".strip()
    player, rest = split_player(table, args)
    if player is None:
        check_stranger(table, rest, "trash")
    player = table.state.current if player is None else player
    cards = find_cards(table, rest, "trash", typed)
    return answered(session, service.trash(typed, player, cards, by=seat(session), brief=brief(session)), taken_as(rest, cards))


@command("vp", summary="records VP tokens a player takes.", usage="vp N, or vp PLAYER N", example="vp 2", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False, details="A negative number takes tokens back.")
def vp(session: "Session", args: str) -> "Response":
    service = open_table(session)
    table = service.table
    typed = f"vp {args}".strip()
    player, rest = split_player(table, args)
    if player is None:
        check_stranger(table, rest, "vp")
    player = table.state.current if player is None else player
    amount = as_number(rest, signed=True)
    if amount is None:
        raise refused(typed, "needs a number of VP tokens. Type vp 2, or vp Ann 2.")
    if amount == 0:
        raise refused(typed, "0 tokens changes nothing. Type vp 2, or vp Ann 2.")
    return answered(session, service.vp(typed, player, amount, by=seat(session), brief=brief(session)))


@command("play", summary="adds played cards to this turn's coins, buys and actions.", usage="play CARD, or several cards",
         example="play village", topic=TOPIC, complete=complete_supply, active=table_open,
         inactive_hint=HINT, one_shot=False,
         details="It counts cards whose effect is fixed, and Merchant's first Silver. next starts again.")
def play(session: "Session", args: str) -> "Response":
    service = open_table(session)
    table = service.table
    typed = f"play {args}".strip()
    if not args.strip():
        return answered(session, service.turn())
    player, rest = split_player(table, args)
    if player is not None and rest:  # "play Ann C1": only the player whose turn it is plays
        if player != table.state.current:
            name = table.players[player]
            raise refused(name, f"only {table.current_name}, whose turn it is, plays now. "
                                f"If it is {name}'s turn, type next first.")
        args = rest
    cards = find_cards(table, args, "play", typed)
    said = service.play(typed, cards, lambda name: typed_words(args, catalogue()[name]), by=seat(session),
                        brief=brief(session))
    return answered(session, said, taken_as(args, cards))


@command("coins", summary="adds coins the calculator cannot count, such as Moneylender's.", usage="coins N",
         example="coins 3", topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="A negative number takes coins away.")
def coins(session: "Session", args: str) -> "Response":
    service = open_table(session)
    typed = f"coins {args}".strip()
    amount = as_number(args.strip(), signed=True)
    if amount is None:
        raise refused(typed, "needs a number of coins. Type coins 3, or coins -1.")
    if amount == 0:
        raise refused(typed, "0 coins changes nothing. Type coins 3, or coins -1.")
    if abs(amount) > 99:
        raise refused(typed, "at most 99 coins at a time. Type a smaller number.")
    return answered(session, service.coins(typed, amount, by=seat(session), brief=brief(session)))


@command("next", summary="ends this turn and passes to the next player.", usage="next", example="next", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False)
def next_turn(session: "Session", args: str) -> "Response":
    service = open_table(session)
    if args.strip():
        raise refused(f"next {args}".strip(), "next takes nothing after it. Type next.")
    return answered(session, service.next_turn(by=seat(session), brief=brief(session)))


@command("undo", summary="takes back the last entry.", usage="undo", example="undo", topic=TOPIC,
         active=table_open, inactive_hint=HINT, one_shot=False)
def undo(session: "Session", args: str) -> "Response":
    service = open_table(session)
    if args.strip():
        raise refused(f"undo {args}".strip(), "undo takes nothing after it. Type undo, once for each entry.")
    return answered(session, service.undo(by=seat(session)))


@command("score", summary="says VP for every player now, or one player's in detail.", usage="score, or score PLAYER",
         example="score", topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False)
def score(session: "Session", args: str) -> "Response":
    service = open_table(session)
    if not args.strip():
        return answered(session, service.score())
    player, rest = split_player(service.table, args)
    if player is None or rest:
        raise refused(f"score {args}".strip(), f"no player by that name. Type score, or score {service.table.players[0]}.")
    return answered(session, service.score(player))


@command("log", summary="says the last entries recorded at the table, oldest first.", usage="log, or log N", example="log 3",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="Use it to check what was recorded before you type undo.")
def log(session: "Session", args: str) -> "Response":
    service = open_table(session)
    word = args.strip()
    n = as_number(word) if word else 4
    if n is None or not 1 <= n <= 50:
        raise refused(f"log {args}".strip(), "needs a number from 1 to 50. Type log, or log 10.")
    return answered(session, service.log(n))


# Table-only questions and corrections (registered with the same predicate, in case a game uses the names).
@command("piles", summary="says every Supply pile's count, grouped.", usage="piles, or piles low", example="piles low",
         topic=TOPIC, active=table_open, inactive_hint=HINT, one_shot=False,
         details="piles low lists every pile by count, the lowest first.")
def piles(session: "Session", args: str) -> "Response":
    service = open_table(session)
    word = args.strip().lower()
    if word not in ("", "low", "l"):
        raise refused(f"piles {args}".strip(), "piles takes only the word low. Type piles, or piles low.")
    return answered(session, service.piles(low_first=bool(word)))


@command("pile", summary="says one pile's count, or corrects it.", usage="pile CARD, or pile CARD N", example="pile province",
         topic=TOPIC, complete=complete_supply, active=table_open, inactive_hint=HINT, one_shot=False,
         details="pile village 6 sets the Village pile to 6 where the record differs from the table.")
def pile(session: "Session", args: str) -> "Response":
    service = open_table(session)
    typed = f"pile {args}".strip()
    words = args.split()
    amount = None
    last = as_number(words[-1], signed=True) if len(words) > 1 and catalogue().by_code(words[-1]) is None else None
    if last is not None:
        amount, args = last, " ".join(words[:-1])
    cards = find_cards(service.table, args, "pile", typed)
    if len(set(cards)) != 1 or len(cards) != 1:
        raise refused(typed, "name one pile. Type pile province, or piles for all of them.")
    if amount is None:
        return answered(session, service.pile(cards[0]))
    else:
        return answered(session, service.correct_pile(typed, cards[0], amount, by=seat(session), brief=brief(session)))


@command("count", summary="says a player's cards, or corrects how many of a card they have.",
         usage="count PLAYER CARD N", example="count Ann gardens 2", topic=TOPIC, active=table_open,
         inactive_hint=HINT, one_shot=False, details="count Ann alone says all of Ann's cards.")
def count(session: "Session", args: str) -> "Response":
    service = open_table(session)
    table = service.table
    typed = f"count {args}".strip()
    player, rest = split_player(table, args)
    if player is None:
        check_stranger(table, rest, "count")
    player = table.state.current if player is None else player
    name = table.players[player]
    if not rest:
        return answered(session, service.cards(player))
    words = rest.split()
    last = as_number(words[-1]) if len(words) >= 2 and catalogue().by_code(words[-1]) is None else None
    if last is None:
        raise refused(typed, f"needs a card and a number. Type count {name} gardens 2, or count {name} to hear them.")
    cards = find_cards(table, " ".join(words[:-1]), "count", typed)
    if len(set(cards)) != 1 or len(cards) != 1:
        raise refused(typed, f"name one card. Type count {name} gardens 2.")
    return answered(session, service.correct_count(typed, player, cards[0], last, by=seat(session), brief=brief(session)))
