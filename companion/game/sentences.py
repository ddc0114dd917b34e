"""Event sentences: a stretch of the log said as the listening player may know it (``event.seen_by``),
your own doings in detail and each other player's turn in one line, and the piles that ran out.

Your own doings are said without "You" ("Bought Silver."): you typed them. Verbosity: ``brief`` says only
what changed for you and what others bought; ``normal`` adds what others played and attacks, all but their
Copper, Silver, Gold and Platinum (what they bought says what those came to), and the same for your own in the
answer that ends your turn ("Bought Gold."); ``full`` adds those, draws, shuffles and discards.
"""

from __future__ import annotations

from typing import Collection, Sequence

from companion.cards import Card
from companion.cards.names import and_list
from companion.engine import Phase
from companion.engine.events import (
    Bought, Discarded, Drew, Event, Gained, GameOver, LookedAt, Named, PhaseStarted, Played, PutOnDeck,
    Reacted, Revealed, SetAside, Shuffled, TookVP, Trashed, TurnStarted, Zone,
)
from companion.engine.view import PlayerView
from companion.game.fitting import Attack, Said, Spoken, TurnLine
from companion.game.words import count, grouped, in_order, possessive


def name_of(view: PlayerView, seat: int) -> str:
    """A player as the seat of ``view`` hears them: "You", or their name."""
    return "You" if seat == view.player else view.name_of(seat)

# ---- events ---------------------------------------------------------------------------------------
class _Clauses:
    """Clauses about one actor at a time, joined into sentences: "Bot played Smithy, bought Gold."; what a
    bot did for a person in another's turn is its own sentence: "The bot discarded 2 cards for Ben."."""

    def __init__(self) -> None:
        self.sentences: list[str] = []
        self.actor: str | None = None
        self.bot = False  # the clauses are what a bot did for the actor
        self.parts: list[str] = []
        self.mine: set[str] = set()  # the sentences of your own doings, said without "You"

    def add(self, actor: str, clause: str, bot: bool = False) -> None:
        if actor != self.actor or bot != self.bot:
            self.flush()
            self.actor = actor
            self.bot = bot
        self.parts.append(clause)

    stand_in: str | None = None  # the actor whose turn a bot played for them: "You", or their name

    def flush(self) -> None:
        if self.parts and self.actor is not None:
            parts = _collapse(self.parts)
            if self.bot:
                self.sentences.append(bot_did_sentence(self.actor, parts))
            elif self.actor == self.stand_in:
                self.sentences.append(by_bot_sentence(self.actor, parts))
            elif self.actor == "You":
                self.sentences.append(_own(", ".join(parts)))
                self.mine.add(self.sentences[-1])
            else:
                self.sentences.append(f"{self.actor} {', '.join(parts)}.")
        self.parts = []
        self.actor = None


def _own(clauses: str) -> str:
    """Your own doings as a sentence without "You": "Bought Silver." (you typed them)."""
    return f"{clauses[0].upper()}{clauses[1:]}."


VERBS = frozenset({"played", "drew", "bought", "gained", "trashed", "discarded", "revealed", "looked", "put", "set",
                   "shuffled", "blocked", "reacted", "named", "took"})  # the first words of event clauses


def is_own(sentence: str) -> bool:
    """Whether a sentence is your own doings, said without "You" ("Played 3 Coppers, bought Silver.")."""
    return sentence.split(" ", 1)[0].rstrip(".,").lower() in VERBS


def by_bot_sentence(actor: str, clauses: list[str]) -> str:
    """What a bot did in a turn it played for a person: "The bot played for you, 3 Coppers, bought Silver."."""
    first = clauses[0].removeprefix("played ") if clauses else "nothing"
    who = "you" if actor == "You" else actor
    return f"{BY_BOT} {who}, {', '.join([first, *clauses[1:]])}."


BY_BOT = "The bot played for"
THE_BOT = "The bot "  # how each sentence of a bot's doings for a person begins


def bot_did_sentence(actor: str, clauses: list[str]) -> str:
    """What a bot did for a person in another player's turn: "The bot discarded Copper and Estate for Ben."."""
    return f"{THE_BOT}{', '.join(clauses)} for {'you' if actor == 'You' else actor}."


_LISTED_VERBS = ("trashed", "gained", "bought")  # one verb for several cards: "trashed Copper and Silver"


def _collapse(parts: list[str]) -> list[str]:
    """``trashed Copper, trashed Copper`` becomes ``trashed 2 Coppers``; ``trashed Copper, trashed
    Silver`` becomes ``trashed Copper and Silver``."""
    from companion.cards import catalogue

    cat = catalogue()
    out: list[str] = []
    runs: list[tuple[str, int]] = []
    for p in parts:
        if runs and runs[-1][0] == p:
            runs[-1] = (p, runs[-1][1] + 1)
        else:
            runs.append((p, 1))
    listed: list[str] = []  # the cards of the verb being listed
    listing = ""

    def close() -> None:
        if listed:
            out.append(f"{listing} {and_list(listed)}")
            listed.clear()

    for p, n in runs:
        verb, _, rest = p.partition(" ")
        card = cat.by_name.get(rest)
        if card is not None and verb in _LISTED_VERBS:
            if verb != listing:
                close()
                listing = verb
            listed.append(card.counted(n) if n > 1 else card.name)
            continue
        close()
        if n > 1 and card is not None:
            out.append(f"{verb} {card.counted(n)}")
        else:
            out.extend([p] * n)
    close()
    return out


def event_clause(view: PlayerView, e: Event, verbosity: str) -> tuple[int, str] | None:
    """(actor seat, clause) for one event as the seat of ``view`` knows it, or None if not said at this
    verbosity."""
    viewer = view.player
    full = verbosity == "full"
    brief = verbosity == "brief"
    mine = getattr(e, "player", None) == viewer
    if isinstance(e, Played):
        if brief and not mine:
            return None
        by = f" with {e.by.name}" if e.by is not None and e.by != e.card else ""
        return e.player, f"played {e.card.name}{by}"
    if isinstance(e, Drew):
        if e.cards:
            return e.player, f"drew {grouped(e.cards)}"
        if full:
            return e.player, f"drew {count(e.count, 'card')}"
        return None
    if isinstance(e, Bought):
        return e.player, f"bought {e.card.name}"
    if isinstance(e, Gained):
        if e.bought:
            return None
        where = {Zone.HAND: " into hand", Zone.DECK: " onto the deck"}.get(e.to, "")
        return e.player, f"gained {e.card.name}{where}"
    if isinstance(e, Trashed):
        if brief and not mine:
            return None
        return e.player, f"trashed {e.card.name}"
    if isinstance(e, Discarded):
        if e.cards:
            if e.source is not Zone.HAND and not (mine or full):
                return None
            return e.player, f"discarded {grouped(e.cards)}"
        if brief:
            return None
        top = f", {e.top.name} on top" if e.top is not None and full else ""
        return e.player, f"discarded {count(e.count, 'card')}{top}"
    if isinstance(e, Revealed):
        if brief and not mine:
            return None
        return (e.player, f"revealed {in_order(e.cards)}") if e.cards else None
    if isinstance(e, LookedAt):
        if e.cards:
            return e.player, f"looked at {in_order(e.cards)}"
        return (e.player, "looked at some cards") if full else None
    if isinstance(e, PutOnDeck):
        if e.cards:
            return e.player, f"put {in_order(e.cards)} on the deck"
        return (e.player, f"put {count(e.count, 'card')} on the deck") if not brief else None
    if isinstance(e, SetAside):
        return e.player, f"set aside {e.card.name}"
    if isinstance(e, Shuffled):
        return (e.player, "shuffled") if (full or (mine and not brief)) else None
    if isinstance(e, Reacted):
        if e.to is not None and e.to in view.attacks:
            return e.player, f"blocked {e.to.name} with {e.card.name}"
        to = f" to {e.to.name}" if e.to is not None else ""
        return e.player, f"reacted with {e.card.name}{to}"
    if isinstance(e, Named):
        return e.player, f"named {e.card.name} for {e.for_card.name}"
    if isinstance(e, TookVP):
        return e.player, f"took {count(e.amount, 'VP token')}"
    return None


def render_events(view: PlayerView, events: Sequence[Event], verbosity: str,
                  turn_player: int | None = None, turn: int | None = None,
                  bot_did: Collection[int] = (), treasures: bool = False) -> list[Spoken]:
    """Lines for a stretch of the log (``view.log``), as the seat of ``view`` knows it: your own doings in detail, each other
    player's turn in one line with attacks on you and piles running out first. ``turn_player`` is
    whose turn it was where the stretch begins, and ``turn`` which of their turns (None: not known).
    A turn a bot played for a person says so (companion.engine.stand_in), and so do the events at
    ``bot_did`` (positions in ``events``): what a bot did for a person in another player's turn.
    ``treasures``: say every Treasure played at ``normal`` too (the log, where you look for them)."""
    lines: list[Spoken] = []
    group: list[Event] = []
    group_bot: set[int] = set()  # positions in ``group`` of what a bot did for a person

    def close(ended: bool = False) -> None:
        if group and turn_player is not None:  # the setup's first draws are said with the first turn
            bot = view.by_bot(turn_player, turn)
            lines.extend(_render_group(view, group, verbosity, turn_player, ended, bot, group_bot, treasures))
        group.clear()
        group_bot.clear()

    for at, e in enumerate(events):
        if isinstance(e, TurnStarted):
            close(ended=True)
            turn_player, turn = e.player, e.turn
            continue
        if isinstance(e, GameOver):
            close()
            continue
        if at in bot_did:
            group_bot.add(len(group))
        group.append(e)
    close()
    return [line for line in lines if str(line)]


def _render_group(view: PlayerView, events: list[Event], verbosity: str,
                  turn_player: int | None, ended: bool = False, bot: bool = False,
                  bot_did: Collection[int] = (), treasures: bool = False) -> list[Spoken]:
    """One turn's lines (or the part of it in ``events``); ``bot``: a bot played it for its person;
    ``bot_did``: the positions in ``events`` of what a bot did for a person in this other player's turn."""
    viewer, attacks, is_treasure = view.player, view.attacks, view.is_treasure
    out = _Clauses()
    if bot and turn_player is not None:
        out.stand_in = name_of(view, turn_player)
    urgent: list[tuple[str, bool]] = []  # (clause, whether a bot did it for you)
    attack: Card | None = None
    i = 0
    cleanup = False
    # Your own turn ends in these events: its Copper, Silver and Gold go unsaid at normal, as another's do
    # ("Bought Gold.", not "Played 3 Coppers and Gold, bought Gold."): you heard them in your hand.
    own_end = turn_player == viewer and not bot and any(
        isinstance(x, PhaseStarted) and x.phase is Phase.CLEANUP for x in events)
    while i < len(events):
        e = events[i]
        did = i in bot_did
        i += 1
        if isinstance(e, PhaseStarted):
            cleanup = e.phase is Phase.CLEANUP
            continue
        if cleanup and isinstance(e, (Discarded, Drew, Shuffled)) and e.player == turn_player:
            continue  # clean-up goes without saying; the next hand is said when that turn starts
        if verbosity == "brief" and ended and isinstance(e, Bought) and e.player == viewer and not bot:
            continue  # brief: your own buy that ended your turn goes without saying
        nxt = events[i] if i < len(events) else None
        if isinstance(e, Reacted) and e.to is None and isinstance(nxt, Played) and nxt.player == e.player \
                and nxt.card == e.card:
            continue  # Clerk played at the start of a turn: "played Clerk", not "reacted with Clerk, played Clerk"
        if isinstance(e, Played) and e.by is None and is_treasure(e.card):
            run = [e.card]  # Treasures played one after another: one clause, counted
            while i < len(events):
                more = events[i]
                if not (isinstance(more, Played) and more.player == e.player and more.by is None
                        and is_treasure(more.card)):
                    break
                run.append(more.card)
                i += 1
            if verbosity == "brief" or (verbosity == "normal" and (e.player != viewer and not bot or own_end)
                                            and not treasures and all(card.kind == "basic" for card in run)):
                continue  # Copper, Silver and Gold of a turn that ends: what was bought says what those came to
            c: tuple[int, str] | None = (e.player, f"played {grouped(run)}")
        elif isinstance(e, Drew) and e.cards:
            drawn = list(e.cards)  # Library draws one card at a time: one clause
            while i < len(events):
                more = events[i]
                if not (isinstance(more, Drew) and more.player == e.player and more.cards and (i in bot_did) == did):
                    break
                drawn += more.cards
                i += 1
            c = (e.player, f"drew {grouped(drawn)}")
        else:
            c = event_clause(view, e, verbosity)
        if c is None:
            continue
        actor, clause = c
        if isinstance(e, Played) and e.player == turn_player and e.card in attacks:
            attack = e.card
        if actor == viewer and turn_player is not None and turn_player != viewer:
            # Something that happened to you in someone else's turn (an attack): say it first.
            urgent.append((clause, did))
            continue
        out.add(name_of(view, actor), clause, did)
    out.flush()
    head: list[Spoken] = []
    if urgent and any(did for _, did in urgent):
        head.append(_bot_did_to_you(view, urgent, turn_player, attack, verbosity))
    elif urgent:
        urgent_clauses = [c for c, _ in urgent]
        by = f"{possessive(view.name_of(turn_player))} {attack.name}, you" if attack is not None \
            and turn_player is not None and verbosity != "brief" else "You"
        said = ", ".join(_collapse(urgent_clauses))
        known = ("revealed ", "drew ", "looked at ") + (("discarded ", "put ") if verbosity == "brief" else ())
        kept = [c for c in _collapse(urgent_clauses) if not c.startswith(known)]
        first = _collapse(urgent_clauses)[0]
        first = "revealed your hand" if first.startswith("revealed ") else first  # the cards are in the log
        short = ", ".join(kept or ([] if verbosity == "brief" else [first]))
        who = view.name_of(turn_player) if turn_player is not None else ""
        if verbosity == "brief":  # what you chose yourself goes without saying when words are short
            head.append(Attack(f"{said[0].upper()}{said[1:]}.", f"{short[0].upper()}{short[1:]}." if short else "",
                               who, attack, short, True))
        else:
            head.append(Attack(f"{by} {said}.", f"{by} {short}.", who, attack, short, False, droppable=not kept))
    sentences = _merge_same(out.sentences)
    if turn_player is None:
        return [*head, *sentences]
    if turn_player == viewer:
        mine: list[Spoken] = list(sentences)
        if cleanup and sentences and sentences[0] in out.mine and verbosity != "brief":
            mine[0] = Said(sentences[0], _own(_turn_summary(view, events, viewer)), droppable=True)
        elif bot and cleanup and sentences and sentences[0].startswith(BY_BOT) and verbosity != "brief":
            said = by_bot_sentence("You", [_turn_summary(view, events, viewer)])
            mine[0] = Said(sentences[0], said)
        return head + mine
    # Another player's turn: each line can give way to one short line of what matters, when many are said.
    who = name_of(view, turn_player)
    short = _turn_summary(view, events, turn_player, cleanup or ended)
    if bot:  # the bot played this turn for its person: each way of saying it says so
        nothing = by_bot_sentence(who, ["bought nothing"]) if short == "bought nothing" else ""
        short_line = by_bot_sentence(who, [short]) if short else ""
    else:
        nothing = f"{who} bought nothing." if short == "bought nothing" else ""  # an empty turn is still said
        short_line = f"{who} {short}." if short else ""
    lines: list[Spoken] = [TurnLine(sentences[0] if sentences else nothing, short_line, who,
                                 _bought(events, turn_player),
                                 tuple(e.card for e in events if isinstance(e, Bought) and e.player == turn_player))]
    lines += [TurnLine(s, "", who, "") for s in sentences[1:]]
    return head + lines


def _bot_did_to_you(view: PlayerView, urgent: list[tuple[str, bool]], turn_player: int | None,
                    attack: Card | None, verbosity: str) -> Attack:
    """What happened to you in another's turn when a bot answered for you: "Ana's Militia: the bot discarded
    Copper and Estate for you." Each run of your own clauses and the bot's is said as whose it is. Nothing
    the bot did goes without saying (you did not choose it), so it is never merged with other attacks."""
    brief = verbosity == "brief"
    known = ("revealed ", "drew ", "looked at ") + (("discarded ", "put ") if brief else ())

    def say(clauses: list[tuple[str, bool]]) -> str:
        runs: list[tuple[bool, list[str]]] = []
        for clause, did in clauses:
            if runs and runs[-1][0] == did:
                runs[-1][1].append(clause)
            else:
                runs.append((did, [clause]))
        body = ", and ".join(f"the bot {', '.join(_collapse(c))} for you" if did else f"you {', '.join(_collapse(c))}"
                         for did, c in runs)
        if attack is not None and turn_player is not None and not brief:
            return f"{possessive(view.name_of(turn_player))} {attack.name}, {body}."
        return f"{body[0].upper()}{body[1:]}."

    kept = [(c, did) for c, did in urgent if did or not c.startswith(known)]
    who = view.name_of(turn_player) if turn_player is not None else ""
    return Attack(say(urgent), say(kept), who, attack, "", brief)


def _merge_same(sentences: list[str]) -> list[str]:
    """``Bot discarded 2 cards. Bot 2 discarded 2 cards.`` becomes ``Bot and Bot 2 discarded 2 cards.``"""
    out: list[str] = []
    run: list[tuple[str, str]] = []  # (actor, rest) of consecutive sentences saying the same thing

    def close() -> None:
        if len(run) > 1:
            said = f"{and_list([a for a, _ in run])} {run[0][1]}"
            if len(said.split()) > 12:  # the first sentence stays short: how many did it, then who
                said = f"{len(run)} players {run[0][1]} {and_list([a for a, _ in run])}."
            out.append(said)
        elif run:
            out.append(f"{run[0][0]} {run[0][1]}")
        run.clear()

    for s in sentences:
        for verb in _SHARED_CLAUSES:
            at = s.find(f" {verb} ")
            # one clause only, said by its actor: else the "actor" would hold other clauses or the bot's words
            if at > 0 and "," not in s and not s.startswith(THE_BOT):
                actor, rest = s[:at], s[at + 1:]
                break
        else:
            close()
            out.append(s)
            continue
        if run and run[0][1] != rest:
            close()
        run.append((actor, rest))
    close()
    return out


_SHARED_CLAUSES = ("discarded", "gained", "put", "revealed", "drew", "trashed", "blocked", "reacted")


def _bought(events: Sequence[Event], player: int) -> str:
    """What ``player`` bought in these events, grouped ("Gold", "2 Silvers"); "" for nothing."""
    cards = [e.card for e in events if isinstance(e, Bought) and e.player == player]
    return grouped(cards) if cards else ""


def _turn_summary(view: PlayerView, events: Sequence[Event], player: int, over: bool = True) -> str:
    """Only what matters of another player's turn: the attacks played, VP tokens, gains and buys
    ("bought nothing" only once the turn is ``over``)."""
    parts: list[str] = []
    kingdom_attacks = view.attacks
    attacks = [e.card for e in events if isinstance(e, Played) and e.player == player and e.card in kingdom_attacks]
    if attacks:
        parts.append(f"played {grouped(attacks)}")
    tokens = sum(e.amount for e in events if isinstance(e, TookVP) and e.player == player)
    if tokens:
        parts.append(f"took {count(tokens, 'VP token')}")
    gained = [e.card for e in events if isinstance(e, Gained) and e.player == player and not e.bought]
    if gained:
        parts.append(f"gained {grouped(gained)}")
    bought = _bought(events, player)
    if bought or over:
        parts.append(f"bought {bought}" if bought else "bought nothing")
    return ", ".join(parts)


def pile_news(view: PlayerView, before: dict[Card, int], brief: bool = False) -> list[Said]:
    """Piles that ran out or ran low since ``before`` (a copy of the Supply counts)."""
    news: list[Spoken] = []
    emptied = [c for c, n in view.supply.items() if n == 0 and before.get(c, 0) > 0]
    if emptied:  # several piles emptied at once are said together, with one count of what is left
        left = view.piles_to_end - view.empty_piles()
        ending = any(c in (view.province, view.colony) for c in emptied) or left <= 0
        names = and_list([c.name for c in emptied])
        if brief:  # the count of piles left can give way when words are short: supply low says it
            said = f"{names} pile{'s' if len(emptied) > 1 else ''} empty"
            news.append(Said(f"{said}, 1 more ends the game." if left == 1 and not ending else f"{said}.",
                             f"{said}."))
        else:
            said = f"The {names} pile is empty" if len(emptied) == 1 else f"The {names} piles are empty"
            verb = "ends" if left == 1 else "end"
            news.append(said + ("." if ending else f", {count(left, 'more empty pile')} {verb} the game."))
    for c in (view.province, view.colony):
        if c is None:
            continue
        n = view.supply[c]
        if 0 < n <= 4 and before.get(c, 0) != n:
            news.append(f"{c.plural}, {n}." if brief else f"{c.counted(n)} left.")
    return [line if isinstance(line, Said) else Said(line, line) for line in news]  # said first and whole; may share a line when many
