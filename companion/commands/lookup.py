"""Cards and rules lookups, help and the review buffer: the commands every user meets first (settings and
speech are in settings_commands).

Each works in the shell and one-shot (``companion card village``). Words for cards come from
companion.cards.describe; every failure is a CommandError raised before anything changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from companion.cards import catalogue, glossary
from companion.cards.describe import coins, describe, names_by_cost, plain
from companion.cards.model import SETS, TYPES
from companion.cards.names import NameError_, NameIndex, and_list, normalise, or_list, quote
from companion.commands import registry
from companion.commands.registry import answer, command
from companion.refusal import CommandError
from companion.numbers import as_number
from companion.response import Response

if TYPE_CHECKING:
    from companion.session import Session

CARDS = "Cards and rules"
REVIEW = "Help and review"
SETTINGS = "Settings"
LEAVING = "Leaving"

_NOTES_WORDS = {"notes", "note", "--notes", "-n", "--note"}


def unquoted(args: str) -> str:
    """What was typed, without the quotes people bring from other shells: "throne room" or 'trash'.
    An apostrophe inside a word (King's Court) stays."""
    text = args.replace('"', " ").replace("\u201c", " ").replace("\u201d", " ")
    text = re.sub(r"(^|\s)'|'(\s|$)", r"\1\2", text)
    return " ".join(text.split())


def _verbosity(session: "Session") -> str:
    return session.verbosity


def _setting_on(session: "Session", name: str) -> bool:
    return session.settings.on(name)


# ---------------------------------------------------------------- card


def _with_hint(error: NameError_, hint: str) -> str:
    """A name error already says what to type when it suggests or lists names; otherwise add the hint."""
    text = str(error)
    return text if ("Did you mean" in text or "Type more" in text) else f"{text} {hint}"


def _complete_card(session: "Session", text: str) -> list[str]:
    found = catalogue().complete(text)
    card = catalogue().by_code(text.strip()) if text.strip() else None
    if card is not None and card.name not in found:
        found.insert(0, card.name)
    if not found:  # after a whole name: offer the notes word
        words = text.rstrip().rsplit(" ", 1)
        if len(words) == 2 and "notes".startswith(words[1].lower()) and words[1]:
            return [f"{words[0]} notes"]
    return found


_COUNT_WORDS = {"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}


@command(
    "card",
    summary="says one card's cost, types and text.",
    usage="card NAME",
    example="card village",
    details="A name, a braille code such as C1, or the start of a name will do. "
    "Add the word notes for the rulebook's note, as in card village notes.",
    complete=_complete_card,
)
def card_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    words = args.split()
    notes = bool(words) and words[-1].lower() in _NOTES_WORDS
    if notes:
        words = words[:-1]
    if len(words) > 1 and (as_number(words[0]) is not None or words[0].lower() in _COUNT_WORDS):
        words = words[1:]  # "card 2 silvers" is Silver: a count says nothing of the card
    name = " ".join(words)
    if not name:
        raise CommandError("card needs a name. Type card and a name, like card village.")
    try:
        card = catalogue().find(name)
    except NameError_ as e:
        from companion.cards.first_edition import replaced

        said = replaced(name)  # a 1st edition card is a lookup: what it was, and what took its place
        if said is not None:
            return answer(session, said)
        raise CommandError(_with_hint(e, "Type cards for the list.")) from None
    notes = notes or _setting_on(session, "notes")
    return answer(session, describe(card, _verbosity(session), codes=_setting_on(session, "codes"), notes=notes))


# ---------------------------------------------------------------- cards

_TYPE_PLURALS = {"Treasure": "Treasures", "Action": "Actions", "Victory": "Victory cards", "Curse": "Curses",
                 "Attack": "Attacks", "Reaction": "Reactions"}


def _filter_words() -> NameIndex[tuple[str, str]]:
    items: list[tuple[tuple[str, str], str, tuple[str, ...]]] = [
        (("set", "base2e"), "dominion", ("base", "base set", "base2e")),
        (("set", "prosperity2e"), "prosperity", ("prosperity2e",)),
        (("kind", "kingdom"), "kingdom", ()),
        (("kind", "basic"), "basic", ()),
        (("all", ""), "all", ()),
    ]
    for t in TYPES:
        items.append((("type", t), t.lower(), (_TYPE_PLURALS[t].lower(),)))
    return NameIndex(items, "card filter")


def _cost_filter(words: list[str]) -> tuple[int | None, list[str]]:
    """Take ``cost 4``, ``costs 4``, ``4``, ``4 coins`` out of the words."""
    rest: list[str] = []
    cost: int | None = None
    skip = {"cost", "costs", "costing", "coin", "coins", "cards", "card", "with", "of", "and", "that", "the"}
    for w in words:
        n = as_number(w.removeprefix("$"))
        if n is not None and len(w.removeprefix("$")) <= 2:
            if cost is not None:
                raise CommandError(f"only one cost at a time, not '{w}' too. Type cards cost 4, for example.")
            cost = n
        elif w not in skip:
            rest.append(w)
    return cost, rest


def _complete_cards(session: "Session", text: str) -> list[str]:
    head, _, last = text.rpartition(" ")
    options = ["dominion", "prosperity", "kingdom", "basic", "cost", "all"] + [t.lower() for t in TYPES]
    prefix = f"{head} " if head else ""
    return [prefix + o for o in options if o.startswith(last.lower())]


@command(
    "cards",
    summary="lists cards by set, cost or type.",
    usage="cards FILTER",
    example="cards cost 4",
    details="Filters combine, as in cards prosperity attack. Filters are dominion, prosperity, kingdom, basic, "
    "a type such as action or treasure, and cost N. Type cards all for every card.",
    complete=_complete_cards,
)
def cards_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    words = normalise(args).replace(",", " ").split()
    cost, words = _cost_filter(words)
    index = _filter_words()
    chosen: dict[str, list[str]] = {}
    for w in words:
        try:
            kind, value = index.resolve(w)
        except NameError_:
            raise CommandError(
                f"{quote(w)} is not a set, type or cost. Type cards prosperity, cards attack or cards cost 4."
            ) from None
        chosen.setdefault(kind, [])
        if value not in chosen[kind]:
            chosen[kind].append(value)
    cat = catalogue()
    if not chosen and cost is None:
        kingdom = len(cat.kingdom)
        return answer(
            session,
            f"{len(cat)} cards, {len(cat.in_set('base2e'))} Dominion, {len(cat.in_set('prosperity2e'))} Prosperity.\n"
            f"{kingdom} are kingdom cards, {len(cat) - kingdom} basic.\n"
            "Type cards all, or a filter such as cards cost 4 or cards prosperity attack."
        )
    cards = list(cat.cards)
    if "set" in chosen:
        cards = [c for c in cards if c.set in chosen["set"]]
    if "kind" in chosen:
        cards = [c for c in cards if c.kind in chosen["kind"]]
    for t in chosen.get("type", []):
        cards = [c for c in cards if t in c.types]
    if cost is not None:
        cards = [c for c in cards if c.cost == cost]
    label = _label(chosen, cost, len(cards))
    if not cards:
        return answer(session, f"No {label}.")
    if cost is not None:
        return answer(session, f"{len(cards)} {label}.\n{and_list(sorted(c.name for c in cards))}.")
    brief = _verbosity(session) == "brief" or len(cards) == 1
    lines = [f"{len(cards)} {label}." if brief else f"{len(cards)} {label}, by cost."]
    if brief:
        lines.append(and_list(sorted(c.name for c in cards)) + ".")
    else:
        lines.extend(names_by_cost(cards))
    return answer(session, "\n".join(lines))


def _label(chosen: dict[str, list[str]], cost: int | None, n: int) -> str:
    words: list[str] = []
    if chosen.get("set"):
        words.append(" and ".join(SETS[s] for s in chosen["set"]))
    if chosen.get("kind"):
        words.append(" or ".join(chosen["kind"]))
    words.extend(chosen.get("type", []))
    noun = "card" if n == 1 else "cards"
    label = " ".join(words + [noun])
    if cost is not None:
        label += f" cost {coins(cost)}" if n != 1 else f" costs {coins(cost)}"
        if n == 0:
            label = label.replace(" cost ", " costing ")
    return label


# ---------------------------------------------------------------- rule


def _complete_rule(session: "Session", text: str) -> list[str]:
    found = glossary().complete(text)
    words = text.rstrip().rsplit(" ", 1)
    if not found and len(words) == 2 and words[1] and "more".startswith(words[1].lower()):
        return [f"{words[0]} more"]
    return found


@command(
    "rule",
    aliases=("rules",),
    summary="explains a rules term. Alone, it lists the terms.",
    usage="rule TERM",
    example="rule trash",
    details="Add the word more for the whole explanation, as in rule trash more.",
    complete=_complete_rule,
)
def rule_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    words = args.split()
    more = bool(words) and words[-1].lower() in ("more", "full", "--more", "--full")
    if more and len(words) > 1:
        words = words[:-1]
    typed = " ".join(words)
    terms = glossary()
    if not typed:
        from companion.rule_groups import terms_said

        return answer(session, terms_said([t.term for t in terms.terms], and_list))
    try:
        term = terms.find(typed)
    except NameError_ as e:
        raise CommandError(_with_hint(e, "Type rule for the list.")) from None
    from companion.rule_groups import said_term

    verbosity = _verbosity(session)  # the rulebook's words said as card text is, without a sign named aloud
    if more or verbosity == "full":
        return answer(session, f"{plain(term.short)}\n{plain(term.full)}")
    if verbosity == "brief":
        return answer(session, plain(term.short))
    return answer(session, f"{plain(term.short)}\nFor more, type rule {said_term(term.term).lower()} more.")


# ---------------------------------------------------------------- help


SHORT_TOPIC = 5  # a topic with more commands than this is one short line in help: "new and 19 more"
TOPICS_FIRST = (CARDS,)  # then every other area's topics, in the order of registry.AREAS
TOPICS_LAST = (SETTINGS, REVIEW, LEAVING)


def _topics() -> dict[str, list["registry.Command"]]:
    """Each topic's commands, topics in the order help says them: cards first, then the areas' (a game, a
    table, braille, simulations), then settings, help and leaving."""
    topics: dict[str, list[registry.Command]] = {t: [] for t in TOPICS_FIRST}
    for cmd in registry.unique_commands():
        if (cmd.shell or cmd.one_shot) and cmd.topic not in TOPICS_LAST:
            topics.setdefault(cmd.topic, []).append(cmd)
    for topic in TOPICS_LAST:
        topics[topic] = [c for c in registry.unique_commands() if c.topic == topic and (c.shell or c.one_shot)]
    return {t: cmds for t, cmds in topics.items() if cmds}


def topic_key(topic: str) -> str:
    """The word that names a topic after help: "Playing a game" is game, "Table" is table."""
    return topic.split()[-1].lower()


def _topic_line(topic: str, cmds: list["registry.Command"], whole: bool) -> str:
    names = list(dict.fromkeys(c.name for c in cmds))
    if whole or len(names) <= SHORT_TOPIC:
        return f"{topic}. {and_list(names)}."  # a full stop: a colon is heard as "colon"
    lead = next((c.name for c in cmds if c.active is None), names[0])  # what starts it: new, table
    return f"{topic}. {lead} and {len(names) - 1} more, help {topic_key(topic)}."


def _complete_help(session: "Session", text: str) -> list[str]:
    words = sorted(set(registry.names()) | {topic_key(t) for t in _topics()})
    return [n for n in words if n.startswith(text.strip().lower())]


@command(
    "help",
    summary="lists the commands, or says how to use one.",
    usage="help COMMAND",
    example="help card",
    topic=REVIEW,
    aliases=("?",),
    complete=_complete_help,
    details="help and a topic, such as help game or help table, lists that topic's commands.",
)
def help_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    name = args.strip().lower()
    topics = _topics()
    if not name:
        lines = ["Commands, by topic."]
        lines += [_topic_line(topic, cmds, whole=False) for topic, cmds in topics.items()]
        lines.append("Type help and a command, like help card.")
        return answer(session, "\n".join(lines))
    topic = next((t for t in topics if name in (topic_key(t), t.lower())), None)
    registered = registry.registrations(name)
    if not registered and topic is not None:
        return answer(session, f"{_topic_line(topic, topics[topic], whole=True)}\nType help and one of them for more.")
    shared = False
    try:
        cmd = registry.find_command(session, name)
    except CommandError:
        cmd = registered[0] if registered else None  # inactive now, but its help still applies
        shared = True
    if cmd is None:
        close = registry.suggest(name)
        hint = f" Did you mean {or_list(close)}?" if close else ""
        raise CommandError(f"no command {quote(name)}.{hint} Type help for the list.")
    lines = [f"Type {cmd.usage}.", f"{cmd.name} {cmd.summary}", f"For example, {cmd.example}"]
    also = f"Also called {and_list(list(cmd.aliases))}." if cmd.aliases else ""
    if cmd.details:  # one line with the other names, so help stays within its lines
        lines.append(f"{cmd.details} {also}".strip())
    elif also:
        lines.append(also)
    for other in registered if shared else []:  # a shared verb, nothing on: what it means elsewhere
        where = registry.activity_of(other)
        if other is not cmd and where is not None:
            lines.append(f"{where.where.capitalize()}, {other.name} {other.summary}")
    if topic is not None and len({c.name for c in topics[topic]}) > SHORT_TOPIC:  # help said "help table"
        lines.append(_topic_line(topic, topics[topic], whole=True))
    return answer(session, "\n".join(lines))


# ---------------------------------------------------------------- repeat, review, history


@command("repeat", summary="says the last response again.", usage="repeat", example="repeat", topic=REVIEW,
         aliases=("rp",))
def repeat_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    if args.strip():
        raise CommandError(f"repeat takes nothing after it, not {quote(args)}. Type repeat alone, or review 3.")
    if session.last is None:
        return answer(session, "Nothing to repeat yet.")
    return answer(session, session.last, kept=False)


@command(
    "review",
    summary="says the last few responses again, oldest first.",
    usage="review N",
    example="review 3",
    details="Without a number, the last 5.",
    topic=REVIEW,
)
def review_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    typed = args.strip()
    n = as_number(typed) if typed else 5
    if n is None:
        raise CommandError(f"review needs a number, not {quote(typed)}. Type review 3, for example.")
    if n < 1:
        raise CommandError(f"review needs a number from 1 up, not {quote(typed)}. Type review 3.")
    past = list(session.responses)[-n:]
    if not past:
        return answer(session, "Nothing to review yet.")
    head = f"Last {len(past)} responses, oldest first." if len(past) > 1 else "The last response."
    if len(past) < n and typed:
        head = f"Only {len(past)} so far, oldest first." if len(past) > 1 else "Only 1 so far."
    return answer(session, "\n".join([head, *past]), kept=False)


@command(
    "history",
    summary="says the lines you typed, oldest first.",
    usage="history N",
    example="history 5",
    details="Up arrow also brings back earlier lines. Without a number, the last 10.",
    topic=REVIEW,
    one_shot=False,
)
def history_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    typed = args.strip()
    n = as_number(typed) if typed else 10
    if n is None:
        raise CommandError(f"history needs a number, not {quote(typed)}. Type history 5, for example.")
    lines = [line for line in session.typed[:-1]][-n:] if n else []  # not this history command itself
    if not lines:
        return answer(session, "Nothing typed yet.")
    start = len(session.typed) - 1 - len(lines)
    return answer(session, "\n".join([f"{len(lines)} lines typed."] + [f"{start + i}, {line}" for i, line in
                                                               enumerate(lines, 1)]), kept=False)


# ---------------------------------------------------------------- quit


@command("quit", summary="leaves the program.", usage="quit", example="quit", topic=LEAVING,
         aliases=("exit", "bye"), one_shot=False)
def quit_command(session: "Session", args: str) -> Response:
    return answer(session, "Goodbye.", quit=True)
