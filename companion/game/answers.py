"""Reading a typed answer to a card's question: numbers, card names or codes, several at once.

``parse(decision, text)`` returns the engine answer or raises AnswerError, whose ``str()`` is a
speakable error that quotes what was typed and says what to type instead. Nothing is changed here.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards import Card, catalogue
from companion.cards.names import NameError_, normalise, or_list, quote
from companion.engine import ChooseCards, ChooseOne, Decision, NameCard, OrderCards, PlayerView, Purpose, YesNo
from companion.game.questions import distinct
from companion.numbers import as_number

NONE_WORDS = {"none", "nothing", "0", "no", "done", "skip", "pass"}
YES_WORDS = {"yes", "y", "1", "ok", "sure"}
NO_WORDS = {"no", "n", "2"}
ALL_WORDS = {"all", "everything"}


class AnswerError(ValueError):
    """A typed answer that does not fit the question; ``str()`` is the error sentence."""


def _one_of(k: int) -> str:
    """The numbers of k choices as said: "1", "1 or 2", "1 to 5"."""
    return "1" if k == 1 else "1 or 2" if k == 2 else f"1 to {k}"


def _hint(d: Decision) -> str:
    if isinstance(d, ChooseCards):
        k = len(distinct(d.options))
        copies = d.max > 1 and len(d.options) > k  # a number said twice takes two copies
        if d.max > 1 and k > 1:
            end = ". Repeat one for copies." if copies else "."
            return f"Type numbers from 1 to {k}" + (", or none" if d.min == 0 else "") + end
        return f"Type {_one_of(k)}" + (", or none." if d.min == 0 else ".")
    if isinstance(d, ChooseOne):
        return f"Type {_one_of(len(d.options))}, or {or_list(list(d.options))}."  # every word, not one
    if isinstance(d, YesNo):
        return "Type yes or no."
    if isinstance(d, OrderCards):
        return f"Type {len(d.cards)} numbers, top card first, or keep."
    return "Type a card's name, such as gold."


def hint(d: Decision) -> str:
    return _hint(d)


def parse(d: Decision, text: str, view: PlayerView | None = None) -> object:
    """``view`` (the seat's, optional) lets a refused card to gain say why: it costs too much, or its pile is empty."""
    typed = text.strip()
    if not typed:
        raise AnswerError(f"nothing was typed. {_hint(d)}")
    words = normalise(typed).replace(",", " ").split()
    if isinstance(d, YesNo):
        w = " ".join(words)
        if w in YES_WORDS:
            return True
        if w in NO_WORDS:
            return False
        raise AnswerError(f"{quote(typed)} is not yes or no. Type yes or no.")
    if isinstance(d, ChooseOne):
        n = as_number(words[0]) if len(words) == 1 else None
        if n is not None and 1 <= n <= len(d.options):
            return d.options[n - 1]
        w = " ".join(words)
        found = [o for o in d.options if normalise(o) == w] or [o for o in d.options if normalise(o).startswith(w)]
        if len(found) == 1:
            return found[0]
        raise AnswerError(f"{quote(typed)} is not a choice. {_hint(d)}")
    if isinstance(d, NameCard):
        try:
            return catalogue().find(typed, d.options)
        except NameError_ as e:
            raise AnswerError(f"{e} {_hint(d)}") from None  # what to type, after the name not found
    if isinstance(d, OrderCards):
        if " ".join(words) in ("keep", "as is", "same"):
            return d.cards
        cards = _cards(d, list(d.cards), typed, words)
        reason = d.validate(cards)
        if reason is not None:
            raise AnswerError(f"{quote(typed)} does not order all {len(d.cards)} cards. {_hint(d)}")
        return tuple(cards)
    if isinstance(d, ChooseCards):
        if " ".join(words) in NONE_WORDS:
            chosen: list[Card] = []
        elif " ".join(words) in ALL_WORDS:
            chosen = list(d.options)[: d.max]
        else:
            chosen = _cards(d, list(d.options), typed, words, view)
        reason = d.validate(tuple(chosen))
        if reason is not None:
            n = len(chosen)
            if n > d.max or n < d.min:
                k = d.min if d.min == d.max or n < d.min else d.max
                need = ("exactly " if d.min == d.max else "at most " if n > d.max else "at least ") + \
                    f"{k} {'card' if k == 1 else 'cards'}"
                raise AnswerError(f"{quote(typed, 12)}, choose {need}. {_hint(d)}")
            raise AnswerError(f"{quote(typed)}, {reason} {_hint(d)}")
        return tuple(chosen)
    raise AnswerError(f"{quote(typed)} cannot answer this. {_hint(d)}")


def _cards(d: Decision, options: list[Card], typed: str, words: list[str], view: PlayerView | None = None) -> list[Card]:
    """Cards by number (each number a different card; repeat a number for another copy) or by name."""
    numbered = distinct(options, d.purpose)
    numbers = [as_number(w) for w in words]
    if words and all(n is not None for n in numbers):
        out = []
        for w, i in zip(words, numbers):
            assert i is not None
            if not 1 <= i <= len(numbered):
                raise AnswerError(f"{quote(w)} is not a choice number. {_hint(d)}")
            out.append(numbered[i - 1])
        return out
    read = _plurals_as_all(typed, options, d.max) if isinstance(d, ChooseCards) and d.max > 1 else typed
    try:
        return catalogue().find_many(read, numbered)
    except NameError_ as e:
        why = _why_not(d, typed, view)
        raise AnswerError(f"{quote(typed)}, {why} {_hint(d)}" if why else
                          f"{quote(typed)} is not one of the choices. {_hint(d)}") from e


def _why_not(d: Decision, typed: str, view: PlayerView | None) -> str | None:
    """Why a card named is not a choice, or None. At a gain question: not in the Supply, its pile empty, or it
    costs more than the dearest choice ("Duchy costs 5 coins. You may gain a card costing up to 4 coins.");
    at any card question, a card in the Supply or in hand not of the type every choice is ("Estate is not a
    Treasure.", at Mine; but at Chapel with only Treasures in hand, "estate" is only not one of the choices)."""
    if not isinstance(d, ChooseCards) or not d.options:
        return None
    words = normalise(typed).split()
    if len(words) > 1 and as_number(words[0]) is not None:
        words = words[1:]  # "1 duchy"
    try:
        card = catalogue().find(" ".join(words))
    except NameError_:
        return None
    if card in d.options:
        return None
    if d.purpose is Purpose.GAIN and view is not None:
        if card not in view.supply:
            return f"{card.name} is not in the Supply."
        if not view.supply[card]:
            return f"the {card.name} pile is empty."
        cost, most = view.cost(card), max(view.cost(o) for o in d.options)
        if cost > most:
            return f"{card.name} costs {cost} coins. You may gain a card costing up to {most} coins."
        return _not_of_the_type(card, d.options)  # in the Supply, not too dear: left out by its type
    if view is not None and card in view.hand:  # in hand, and left out: by its type, where every choice shares one
        return _not_of_the_type(card, d.options)
    return None


def _not_of_the_type(card: Card, options: Sequence[Card]) -> str | None:
    """When every choice shares a type the card named lacks (Mine: Treasures): "Village is not a Treasure."."""
    common = set(options[0].types).intersection(*(o.types for o in options[1:])) if options else set()
    if not common or common & set(card.types):
        return None
    kind = sorted(common)[0]
    return f"{card.name} is not {'an' if kind[0] in 'AEIOU' else 'a'} {kind}."


def _plurals_as_all(typed: str, options: list[Card], most: int) -> str:
    """At a question that takes several cards, a plural with no number before it means every copy there, up
    to the ``most`` the question takes: "2 estates and coppers" is 2 Estates and all 3 Coppers (it was one
    Copper); at Chapel, "coppers" with 5 in hand is 4 of them. A plural that is also the name (Gardens) stays
    one card."""
    plurals = {normalise(c.plural): c for c in options if normalise(c.plural) != normalise(c.name)}
    tokens = normalise(typed).replace(",", " ").split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        run = next((j for j in range(len(tokens), i, -1) if " ".join(tokens[i:j]) in plurals), None)
        counted = bool(out) and as_number(out[-1]) is not None and catalogue().by_code(out[-1]) is None
        if run is None or counted:
            out.append(tokens[i])
            i += 1
            continue
        phrase = " ".join(tokens[i:run])
        out += [str(min(options.count(plurals[phrase]), most)), phrase]
        i = run
    return " ".join(out)
