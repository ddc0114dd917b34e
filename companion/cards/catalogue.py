"""The catalogue: every card, rules term and recommended set, with the resolvers the program uses."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Generic, Iterable, Iterator, Sequence, TypeVar

from companion.cards.first_edition import removed
from companion.cards.loader import RecommendedSet, Term
from companion.cards.model import Card
from companion.cards.names import AmbiguousName, NameError_, NameIndex, UnknownName, loose, normalise, quote
from companion.numbers import as_number

T = TypeVar("T")
MOST_AT_ONCE = 100  # "3 coppers": the most copies of a card one line may name


class _Once(Generic[T]):
    """A value loaded once per process. The engine holds Card objects (Copper, Province) and compares
    cards by identity, so a program has exactly one catalogue; tests that load other card data put the
    very same one back with ``kept()``."""

    def __init__(self, load: Callable[[], T]) -> None:
        self._load = load
        self._value: T | None = None
        self.__doc__ = load.__doc__
        self.__wrapped__ = load

    def __call__(self) -> T:
        value = self._value
        if value is None:
            value = self._value = self._load()
        return value

    def cache_clear(self) -> None:
        self._value = None

    @contextmanager
    def kept(self) -> Iterator[None]:
        """Whatever is loaded inside, the value loaded before comes back afterwards."""
        before = self()
        try:
            yield
        finally:
            self._value = before


def _code_key(text: str) -> str:
    return normalise(text).replace(" ", "")


def _initials(cards: Sequence[Card]) -> dict[Card, str]:
    """Players' shorthand for two-word names: KC King's Court, TR Throne Room, WV Worker's Village.

    Only where the initials name one card and are not the start of another card's name (CR would
    take "cr" away from Crystal Ball, so Council Room has none).
    """
    names = [loose(c.name) for c in cards]
    found: dict[str, list[Card]] = {}
    for card in cards:
        words = loose(card.name).split()
        if len(words) > 1:
            found.setdefault("".join(w[0] for w in words), []).append(card)
    return {
        group[0]: key for key, group in found.items()
        if len(group) == 1 and not any(n.startswith(key) for n in names)
    }


class Catalogue:
    """Every card of the two boxes, found by name, braille code, plural, prefix or misspelling."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_name: dict[str, Card] = {c.name: c for c in self.cards}
        self._codes: dict[str, Card] = {_code_key(c.code): c for c in self.cards if c.code}
        initials = _initials(self.cards)
        self._index: NameIndex[Card] = NameIndex(
            ((c, c.name, (initials[c],) if c in initials else ()) for c in self.cards), "card"
        )

    def __getitem__(self, name: str) -> Card:
        return self.by_name[name]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def kingdom(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_kingdom)

    @property
    def basic(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.is_kingdom)

    def in_set(self, set_id: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.set == set_id)

    def by_code(self, code: str) -> Card | None:
        return self._codes.get(_code_key(code))

    def exact(self, typed: str) -> Card | None:
        """The card ``typed`` names exactly (name, plural or code, any case), or None: no guessing."""
        return self.by_code(typed) or self._index.get(typed)

    def find(self, typed: str, within: Iterable[Card] | None = None) -> Card:
        """The card a person means by ``typed``: name, code (C1, p6), plural, unique prefix.

        Raises UnknownName (with close spellings) or AmbiguousName (naming the candidates).
        """
        allowed = None if within is None else list(within)
        coded = self.by_code(typed)
        if coded is not None and (allowed is None or coded in allowed):
            return coded
        try:
            return self._index.resolve(typed, allowed)
        except UnknownName:
            gone = removed(typed)
            if gone is not None:
                raise gone from None
            raise

    def find_many(self, typed: str, within: Iterable[Card] | None = None) -> list[Card]:
        """Several cards in one line: ``C1 C1 S2``, ``copper, copper, silver``, ``throne room village``,
        ``3 coppers``, ``copper and silver``. Longest names are matched first; a number before a name repeats it.
        """
        allowed = None if within is None else list(within)
        tokens = normalise(typed).replace(",", " ").split()
        found: list[Card] = []
        i = 0
        while i < len(tokens):
            if tokens[i] == "and":  # "c1 and c1": said as a list is said; alone it names nothing ("Expand?")
                if not found or i + 1 == len(tokens) or tokens[i + 1] == "and":
                    raise NameError_("'and' goes between two cards. Type them as copper and silver, or c1 s2.")
                i += 1
                continue
            repeat = 1
            count = as_number(tokens[i]) if i + 1 < len(tokens) and self.by_code(tokens[i]) is None else None
            if count is not None:
                if count < 1:  # "buy 0 silver" was 'no card named "0 silver"'
                    raise NameError_(f"{quote(tokens[i])} is no number of cards. Type a number from 1 to "
                                     f"{MOST_AT_ONCE}, or the card alone for one.")
                if count > MOST_AT_ONCE:  # said, not cut short: "trash 150 coppers" trashed 100 and said so nowhere
                    raise NameError_(f"{quote(tokens[i])} is more than {MOST_AT_ONCE} cards at once. "
                                     f"Type a number up to {MOST_AT_ONCE}.")
                repeat = count
                i += 1
            card = None
            for j in range(len(tokens), i, -1):  # the longest run of words that names a card exactly
                phrase = " ".join(tokens[i:j])
                exact = self.by_code(phrase) or self._index.get(phrase)
                if exact is not None and (allowed is None or exact in allowed):
                    card, i = exact, j
                    break
            if card is None:
                for j in range(len(tokens), i + 1, -1):  # "royal seal": a 1st edition card, said as such
                    gone = removed(" ".join(tokens[i:j]))
                    if gone is not None:
                        raise gone
                # one word: prefix or misspelling, with the usual errors
                card = self.find(tokens[i], allowed)
                i += 1
            found.extend([card] * repeat)
        if not found:
            raise UnknownName(typed, "card", ())
        return found

    def complete(self, prefix: str) -> list[str]:
        return self._index.complete(prefix)


class Glossary:
    def __init__(self, terms: Sequence[Term]) -> None:
        self.terms = tuple(terms)
        self._index: NameIndex[Term] = NameIndex(((t, t.term, t.aliases) for t in self.terms), "rule")

    def find(self, typed: str) -> Term:
        return self._index.resolve(typed)

    def complete(self, prefix: str) -> list[str]:
        return self._index.complete(prefix)


class RecommendedSets:
    """The recommended Sets of 10. Where both rulebooks print a name, Prosperity's version wins."""

    def __init__(self, sets: Sequence[RecommendedSet]) -> None:
        self.all = tuple(sets)
        preferred: dict[str, RecommendedSet] = {}
        for s in self.all:
            key = loose(s.name)
            if key not in preferred or s.source == "prosperity2e":
                preferred[key] = s
        self.current = tuple(preferred.values())
        self._index: NameIndex[RecommendedSet] = NameIndex(
            ((s, s.name, (s.name[4:],) if s.name.startswith("The ") else ()) for s in self.current), "recommended set"
        )

    def find(self, typed: str) -> RecommendedSet:
        return self._index.resolve(typed)

    def get(self, typed: str) -> RecommendedSet | None:
        return self._index.get(typed)

    def retired(self, name: str) -> RecommendedSet | None:
        """The base rulebook's older version of a set Prosperity reprinted, if any."""
        for s in self.all:
            if loose(s.name) == loose(name) and s.source == "base2e" and s is not self.get(name):
                return s
        return None

    def complete(self, prefix: str) -> list[str]:
        return self._index.complete(prefix)


def _catalogue() -> Catalogue:
    """The catalogue of every card, loaded once per process (from the card cache when the YAML is unchanged)."""
    from companion.cards.cache import cached
    from companion.cards.loader import CARD_FILES, cards_from_docs, data_dir, read_card_docs

    folder = data_dir()
    return Catalogue(cached("cards", folder, CARD_FILES, lambda: read_card_docs(folder),
                            lambda docs: cards_from_docs(folder, docs)))


def _glossary() -> Glossary:
    from companion.cards.cache import cached
    from companion.cards.loader import data_dir, glossary_from_doc, read_glossary_doc

    folder = data_dir()
    return Glossary(cached("glossary", folder, ("glossary.yaml",), lambda: read_glossary_doc(folder),
                           lambda doc: glossary_from_doc(folder, doc)))


def _recommended_sets() -> RecommendedSets:
    """The recommended sets, from the card cache when their YAML is unchanged (parsing it took 155 M
    instructions in every process that set up a game), checked as the YAML is."""
    from companion.cards.cache import cached
    from companion.cards.loader import SET_FILES, data_dir, read_recommended_doc, recommended_sets_from_doc

    folder = data_dir()
    return RecommendedSets(cached("recommended_sets", folder, SET_FILES, lambda: read_recommended_doc(folder),
                                  lambda doc: recommended_sets_from_doc(folder, doc)))


catalogue = _Once(_catalogue)
glossary = _Once(_glossary)
recommended_sets = _Once(_recommended_sets)


__all__ = [
    "AmbiguousName", "Card", "Catalogue", "Glossary", "RecommendedSets", "UnknownName",
    "catalogue", "glossary", "recommended_sets",
]
