"""Finding a thing the way a person says it: exact name, code, plural, unique prefix, or misspelled.

One resolver serves cards, rules terms, recommended sets and anything else with a name. Errors are
sentences fit to be read aloud; the shell puts ``Error:`` in front of them.
"""

from __future__ import annotations

import difflib
import re
from typing import Generic, Iterable, Sequence, TypeVar

T = TypeVar("T")

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_SPACES = re.compile(r"[\s_]+")


def normalise(text: str) -> str:
    """Lower case, straight apostrophes, single spaces; dashes and dots kept (C-1)."""
    return _SPACES.sub(" ", text.translate(_APOSTROPHES)).strip().lower()


def loose(text: str) -> str:
    """``normalise`` without apostrophes or hyphens between words: kings court, workers village."""
    return normalise(text).replace("'", "").replace("&", "and")


ELLIPSIS = "\u2026"  # one character: a run of three dots is noise to a screen reader


# Glyphs a screen reader names at length or a braille display shows as noise (box drawing, arrows, braille
# spinners, dingbats, emoji): said as "?" when quoted back, as control characters are.
_GLYPH = re.compile("[\u2190-\u21ff\u2500-\u27bf\u2800-\u28ff\U0001f000-\U0001faff\ufe0f]")


def quote(text: str, limit: int = 30) -> str:
    """What the user typed, made printable, in single quotes, for an error message: a braille display and
    the screen show where it begins and ends, and no screen reader reads a single quote at its default
    punctuation level (Orca's ``most`` reads a double quote as "quote").

    Longer than ``limit``: cut at the last space that keeps at least half of it (else at the limit), and
    an ellipsis after the closing quote says it was cut; what is inside the quotes is what was typed, a
    control character or a glyph (an emoji, a box-drawing line) shown as a question mark.
    """
    shown = "".join(ch if ch.isprintable() and not _GLYPH.match(ch) else "?" for ch in text.strip())
    if len(shown) <= limit:
        return f"'{shown}'"
    cut = shown[:limit]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return f"'{cut.rstrip()}'{ELLIPSIS}"


class NameError_(LookupError):
    """Base for every failure to resolve a name; ``str()`` is a speakable sentence."""


class UnknownName(NameError_):
    def __init__(self, typed: str, kind: str, suggestions: Sequence[str]) -> None:
        self.typed, self.kind, self.suggestions = typed, kind, tuple(suggestions)
        message = f"no {kind} named {quote(typed)}."
        if suggestions:
            message += f" Did you mean {or_list(suggestions)}?"
        super().__init__(message)


class AmbiguousName(NameError_):
    def __init__(self, typed: str, kind: str, candidates: Sequence[str]) -> None:
        self.typed, self.kind, self.candidates = typed, kind, tuple(candidates)
        shown = list(candidates[:4])
        rest = len(candidates) - len(shown)
        listed = or_list(shown) if not rest else ", ".join(shown) + f" or {rest} more"
        super().__init__(f"{quote(typed)} could be {listed}. Type more of the name.")


def or_list(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def and_list(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural_forms(name: str) -> set[str]:
    n = normalise(name)
    forms = {n + "s", n + "es"}
    if n.endswith("y"):
        forms.add(n[:-1] + "ies")
    return forms


def _singulars(key: str) -> list[str]:
    """What ``key`` may be the English plural of, longest first: villages, bridges, duchies, witches.
    Stems shorter than three letters are left out (``es`` is no plural of anything here)."""
    stems = []
    if key.endswith("ies"):
        stems.append(key[:-3] + "y")
    if key.endswith("s"):
        stems.append(key[:-1])
    if key.endswith("es"):
        stems.append(key[:-2])
    return [s for s in dict.fromkeys(stems) if len(s) >= 3]


class NameIndex(Generic[T]):
    """Resolve typed text to one item of a fixed collection.

    Order of trust: exact name or alias (any case, any apostrophe, with or without it), then plural,
    then unique prefix of the name, then unique prefix of any word of it (each tried again with a plural
    made singular when nothing starts with what was typed), then close misspellings.
    """

    def __init__(self, items: Iterable[tuple[T, str, Iterable[str]]], kind: str) -> None:
        self.kind = kind
        self._exact: dict[str, T] = {}
        self._names: list[tuple[str, str, T]] = []  # (loose name, display name, item)
        for item, name, aliases in items:
            self._names.append((loose(name), name, item))
            for key in (name, *aliases):
                self._exact.setdefault(normalise(key), item)
                self._exact.setdefault(loose(key), item)
            for form in _plural_forms(name):
                self._exact.setdefault("plural:" + form, item)
                self._exact.setdefault("plural:" + loose(form), item)

    def __len__(self) -> int:
        return len(self._names)

    def get(self, typed: str) -> T | None:
        """The item for an exact name, alias or plural, or None."""
        key = normalise(typed)
        found = self._exact.get(key)
        if found is None:
            found = self._exact.get(loose(typed))
        if found is None:
            found = self._exact.get("plural:" + key)
        return found

    def resolve(self, typed: str, within: Iterable[T] | None = None) -> T:
        """The one item ``typed`` names, or UnknownName / AmbiguousName.

        ``within`` narrows the candidates (for example the cards in this game's Supply).
        """
        allowed = None if within is None else list(within)
        key = loose(typed)
        if not key:
            raise UnknownName(typed, self.kind, ())
        exact = self.get(typed)
        if exact is not None and (allowed is None or exact in allowed):
            return exact
        names = [(n, d, item) for n, d, item in self._names if allowed is None or item in allowed]
        for start in (key, *_singulars(key)):  # "villages" is read as "village" only when nothing starts so
            for test in (
                lambda n, start=start: n.startswith(start),
                lambda n, start=start: any(word.startswith(start) for word in n.split(" ")[1:]),
            ):
                hits = [(d, item) for n, d, item in names if test(n)]
                if len(hits) == 1:
                    return hits[0][1]
                if hits:
                    raise AmbiguousName(typed, self.kind, sorted(d for d, _ in hits))
        if exact is not None:  # a real name, but not among the allowed ones
            raise UnknownName(typed, self.kind, ())
        display = {n: d for n, d, _ in names}
        close = difflib.get_close_matches(key, list(display), n=3, cutoff=0.6)
        if not close:  # a misspelled start of a longer name: "frist" for First Game
            starts: dict[str, list[str]] = {}
            for n in display:
                starts.setdefault(n[: len(key)], []).append(n)
            near = difflib.get_close_matches(key, list(starts), n=3, cutoff=0.75)
            close = [n for start in near for n in starts[start]][:3]
        raise UnknownName(typed, self.kind, [display[c] for c in close])

    def complete(self, prefix: str) -> list[str]:
        """Display names that start with ``prefix``, for Tab completion."""
        key = loose(prefix)
        return sorted(d for n, d, _ in self._names if n.startswith(key))
