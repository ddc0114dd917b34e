"""Reading what was typed at a table: players' names, cards of this game's Supply, and one-line errors.

Nothing here speaks or saves; the table's commands (``companion.commands.table`` and
``companion.commands.table_entries``) use these to understand a line and to refuse it with a sentence
(``companion.table.text.refused``).
"""

from __future__ import annotations

from companion.cards import Card, catalogue
from companion.cards.names import AmbiguousName, NameError_, UnknownName, and_list, or_list, quote
from companion.refusal import CommandError
from companion.table.model import Table
from companion.table.text import refused
from companion.numbers import as_number


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
    if tail and as_number(tail[-1], signed=True) is not None:
        tail = tail[:-1]
    if tail:  # "Zed curse", "Zed gardens 2": the rest names cards
        try:
            cat.find_many(" ".join(tail))
        except NameError_:
            return
    elif verb not in ("vp", "count"):  # "gain Zed" alone is an unknown card, said as such
        return
    if verb == "vp" and not tail and as_number(words[-1], signed=True) is None and len(words) == 1:
        raise CommandError(f"{quote(words[0])} is not a number of VP tokens. Type vp 2, or vp and a player "
                           "and a number.")
    raise CommandError(f"{quote(words[0])} is not playing. Type {verb} and a player, {or_list(list(table.players))}.")


def find_cards(table: Table, typed: str, what: str, full: str | None = None) -> list[Card]:
    """Cards of this game's Supply named in ``typed``; a card from outside it is refused naming the kingdom."""
    cat = catalogue()
    supply = table.setup.supply
    if not typed.strip():
        raise refused(full or what, f"needs a card. Type {what} and a card, for example {what} silver.")
    try:
        return cat.find_many(typed, supply)
    except AmbiguousName as e:
        raise refused(typed, str(e)) from None
    except UnknownName as e:
        try:
            everywhere = cat.find_many(typed)
        except UnknownName as wider:
            best = e if e.suggestions or not wider.suggestions else wider
            raise refused(typed, f"{best} Type piles to hear this game's cards.") from None
        except NameError_:
            raise refused(typed, f"{e} Type piles to hear this game's cards.") from None
        outside = [c for c in everywhere if c not in supply]
        if not outside:
            raise refused(typed, f"{e} Type piles to hear this game's cards.") from None
        raise refused(typed_words(typed, outside[0]) or full or f"{what} {typed}", not_in_game(table, outside[0])) from None
    except NameError_ as e:  # a count out of range, an "and" with no card after it: said, not a crash
        raise refused(typed, str(e)) from None


def taken_as(typed: str, cards: list[Card]) -> str | None:
    """A card named exactly that is not in this game, read as one that is: ``village`` in a kingdom with
    Worker's Village and no Village gives "Village is not in this game, so it was taken as Worker's Village."
    None when every card is the one named."""
    try:
        anywhere = catalogue().find_many(typed)
    except NameError_:
        return None
    if len(anywhere) != len(cards):
        return None
    swapped = list(dict.fromkeys((named.name, card.name) for named, card in zip(anywhere, cards) if named != card))
    if not swapped:
        return None
    named, taken = and_list([n for n, _ in swapped]), and_list([t for _, t in swapped])
    verb = "is" if len(swapped) == 1 else "are"
    return f"{named} {verb} not in this game, so {'it was' if len(swapped) == 1 else 'they were'} taken as {taken}."


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
        return f"{card.name} is not in this game. The kingdom is {setup.kingdom_name}. Type piles to hear it."
    return f"not in this game. Choose from {or_list(list(setup.kingdom))}."


def players_for(table: Table, typed: str, verb: str) -> tuple[list[int], bool, str]:
    """Who an entry is for: a named player, ``others`` (each other player in turn order), or the current one."""
    rest = typed.strip()
    if rest.lower().startswith("others ") or rest.lower() == "others":
        n, cur = len(table.players), table.state.current
        return [(cur + i) % n for i in range(1, n)], True, rest[6:].strip()
    player, rest = split_player(table, rest)
    if player is None:
        check_stranger(table, rest, verb)
    return [table.state.current if player is None else player], False, rest
