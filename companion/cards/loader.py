"""Read the card data from YAML, checking every field, and fail loudly naming file, card and field."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.cards.model import KINDS, SETS, TYPES, Card, plural_of


def _yaml_loader() -> type:
    """The C safe loader where libyaml is present (several times faster), else the Python one.
    PyYAML is imported only when YAML is read, not when the card cache answers."""
    import yaml  # type: ignore[import-untyped]  # PyYAML ships no type hints

    loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


def __getattr__(name: str) -> object:  # ``loader._Loader`` as before, without importing yaml at import time
    if name == "_Loader":
        return _yaml_loader()
    raise AttributeError(name)



CARD_FILES: tuple[str, ...] = ("base2e.yaml", "prosperity2e.yaml")
# Every card of both boxes: a file cut short, or padded, is refused instead of half loaded.
BOX_CARDS: dict[str, tuple[str, ...]] = {
    "base2e": (
        "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Artisan", "Bandit", "Bureaucrat",
        "Cellar", "Chapel", "Council Room", "Festival", "Gardens", "Harbinger", "Laboratory", "Library",
        "Market", "Merchant", "Militia", "Mine", "Moat", "Moneylender", "Poacher", "Remodel", "Sentry",
        "Smithy", "Throne Room", "Vassal", "Village", "Witch", "Workshop",
    ),
    "prosperity2e": (
        "Platinum", "Colony", "Anvil", "Bank", "Bishop", "Charlatan", "City", "Clerk", "Collection",
        "Crystal Ball", "Expand", "Forge", "Grand Market", "Hoard", "Investment", "King's Court", "Magnate",
        "Mint", "Monument", "Peddler", "Quarry", "Rabble", "Tiara", "Vault", "War Chest", "Watchtower",
        "Worker's Village",
    ),
}


def pile_sizes(pile_raw: object) -> int | dict[int, int] | None:
    """A card file's ``pile``: one size, or one for each of 2 to 6 players ("2" as a key from JSON, the card
    cache); None if it is neither."""
    if isinstance(pile_raw, int) and not isinstance(pile_raw, bool) and pile_raw > 0:
        return pile_raw
    if isinstance(pile_raw, dict) and sorted(map(_player_count, pile_raw)) == [2, 3, 4, 5, 6] and all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in pile_raw.values()
    ):
        return {_player_count(k): v for k, v in pile_raw.items()}
    return None


def _player_count(key: object) -> int:
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) == 1:
        return int(key)
    return -1


def data_dir() -> Path:
    """The folder holding the card, glossary and recommended-set YAML (companion.installed.card_folder)."""
    from companion.installed import card_data_problem, card_folder

    folder = card_folder()
    if folder is None:
        raise CardDataError(card_data_problem() or "the card data folder is missing.")
    return Path(folder).resolve()


class CardDataError(Exception):
    """The card data is malformed or incomplete. The message names the file, the card and the field."""


@dataclass(frozen=True, slots=True)
class Term:
    """A rules term of the glossary."""

    term: str
    aliases: tuple[str, ...]
    short: str
    full: str

    def __str__(self) -> str:
        return self.term


@dataclass(frozen=True, slots=True)
class RecommendedSet:
    """One of the rulebooks' recommended Sets of 10."""

    name: str
    source: str
    group: str
    kingdom: tuple[str, ...]
    missing: tuple[str, ...] = ()
    platinum_colony: bool = False

    def __str__(self) -> str:
        return self.name

    @property
    def playable(self) -> bool:
        return not self.missing


def read_yaml(path: Path) -> object:
    import yaml

    try:
        with path.open("rb") as f:
            return yaml.load(f, Loader=_yaml_loader())
    except OSError as e:
        raise CardDataError(f"{path.name}: cannot be read: {e.strerror}.") from e
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise CardDataError(f"{path.name}: is not valid YAML{where}.") from e
    except (ValueError, RecursionError) as e:  # text that is not UTF-8, nesting too deep
        raise CardDataError(f"{path.name}: is not valid YAML text.") from e


class _Fields:
    """Typed access to one YAML mapping, with errors that say where."""

    def __init__(self, path: Path, what: str, raw: object) -> None:
        if raw is None and what == "the file":
            raise CardDataError(f"{path.name}: is empty.")
        if not isinstance(raw, dict):
            raise CardDataError(f"{path.name}: {what}: must be a mapping of fields, got {type(raw).__name__}.")
        self.path, self.what, self.raw = path, what, raw

    def fail(self, field: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.path.name}: {self.what}: field {field!r} {problem}.")

    def str(self, field: str, required: bool = True) -> str:
        value = self.raw.get(field)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(field, "is missing or not text" if value is None else f"must be text, got {value!r}")
        return value

    # below, ``str`` is the method above: the built-in type is named in full
    def int(self, field: builtins.str, required: bool = True) -> builtins.int | None:
        value = self.raw.get(field)
        if value is None and not required:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(field, "is missing" if value is None else f"must be a whole number, got {value!r}")
        return value

    def strs(self, field: builtins.str, required: bool = True) -> tuple[builtins.str, ...]:
        value = self.raw.get(field)
        if value is None and not required:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(field, "is missing" if value is None else f"must be a list of text, got {value!r}")
        if required and not value:
            raise self.fail(field, "must not be empty")
        return tuple(value)


def _card(path: Path, set_id: str, raw: object) -> Card:
    name = raw.get("name") if isinstance(raw, dict) else None
    f = _Fields(path, f"card {name!r}" if name else "a card", raw)
    name = f.str("name")
    kind = f.str("kind")
    if kind not in KINDS:
        raise f.fail("kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
    types = f.strs("types")
    for t in types:
        if t not in TYPES:
            raise f.fail("types", f"has unknown type {t!r}")
    cost = f.int("cost")
    assert cost is not None
    if cost < 0:
        raise f.fail("cost", f"must not be negative, got {cost}")
    pile_raw = f.raw.get("pile")
    pile = pile_sizes(pile_raw)
    if pile is None:
        raise f.fail("pile", f"must be a number or one number for each of 2 to 6 players, got {pile_raw!r}")
    coin, vp = f.int("coin", required=False), f.int("vp", required=False)
    if "Treasure" in types and kind == "basic" and coin is None:
        raise f.fail("coin", "is missing for a basic Treasure")
    note = f.str("note")
    code = f.str("code", required=False) or None
    return Card(
        name=name, set=set_id, kind=kind, cost=cost, types=types, text=f.strs("text"),
        below_line=f.strs("below_line", required=False), coin=coin, vp=vp, pile=pile,
        note=" ".join(note.split()), code=code, plural=plural_of(name),
    )


def read_card_docs(folder: Path | None = None) -> list[object]:
    """The card files as plain data (mappings, lists, text, numbers), one per file of CARD_FILES, unchecked."""
    folder = folder or data_dir()
    return [read_yaml(folder / filename) for filename in CARD_FILES]


def cards_from_docs(folder: Path, docs: object) -> tuple[Card, ...]:
    """Every card, checked field by field: from the YAML just read, or from the card cache (never trusted)."""
    if not isinstance(docs, list) or len(docs) != len(CARD_FILES):
        raise CardDataError("the card cache does not hold one document for each card file.")
    cards: list[Card] = []
    for filename, doc in zip(CARD_FILES, docs):
        path = folder / filename
        top = _Fields(path, "the file", doc)
        set_id = top.str("set")
        if set_id not in SETS:
            raise top.fail("set", f"must be one of {', '.join(SETS)}, got {set_id!r}")
        raw_cards = top.raw.get("cards")
        if not isinstance(raw_cards, list) or not raw_cards:
            raise top.fail("cards", "must be a list of cards")
        loaded = [_card(path, set_id, raw) for raw in raw_cards]
        _check_box(path, set_id, loaded)
        cards.extend(loaded)
    seen: set[str] = set()
    for card in cards:
        if card.name.lower() in seen:
            raise CardDataError(f"{card.set}.yaml: card {card.name!r} is listed twice.")
        seen.add(card.name.lower())
    return tuple(cards)


def _check_box(path: Path, set_id: str, cards: list[Card]) -> None:
    """Every card of the box, and no other (a file cut in half at a card boundary still parses)."""
    names = {c.name for c in cards}
    expected = BOX_CARDS[set_id]
    missing = [n for n in expected if n not in names]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise CardDataError(f"{path.name}: card {missing[0]!r}{more} is missing.")
    unknown = [c.name for c in cards if c.name not in expected]
    if unknown:
        raise CardDataError(f"{path.name}: card {unknown[0]!r} is not a card of this box.")


def load_cards(folder: Path | None = None) -> tuple[Card, ...]:
    folder = folder or data_dir()
    return cards_from_docs(folder, read_card_docs(folder))


def read_glossary_doc(folder: Path | None = None) -> object:
    return read_yaml((folder or data_dir()) / "glossary.yaml")


def glossary_from_doc(folder: Path, doc: object) -> tuple[Term, ...]:
    """Every rules term, checked: from the YAML just read or from the cache."""
    path = folder / "glossary.yaml"
    raw_terms = _Fields(path, "the file", doc).raw.get("terms")
    if not isinstance(raw_terms, list) or not raw_terms:
        raise CardDataError(f"{path.name}: the file: field 'terms' must be a list of terms.")
    terms = []
    for raw in raw_terms:
        f = _Fields(path, f"term {raw.get('term')!r}" if isinstance(raw, dict) else "a term", raw)
        terms.append(Term(f.str("term"), f.strs("aliases", required=False), f.str("short"), f.str("full")))
    return tuple(terms)


def load_glossary(folder: Path | None = None) -> tuple[Term, ...]:
    folder = folder or data_dir()
    return glossary_from_doc(folder, read_glossary_doc(folder))


SET_FILES = ("recommended_sets.yaml",)


def read_recommended_doc(folder: Path | None = None) -> object:
    return read_yaml((folder or data_dir()) / SET_FILES[0])


def load_recommended_sets(folder: Path | None = None) -> tuple[RecommendedSet, ...]:
    folder = folder or data_dir()
    return recommended_sets_from_doc(folder, read_recommended_doc(folder))


def recommended_sets_from_doc(folder: Path, doc: object) -> tuple[RecommendedSet, ...]:
    """Every recommended set, checked: from the YAML just read or from the cache."""
    path = folder / SET_FILES[0]
    raw_sets = _Fields(path, "the file", doc).raw.get("sets")
    if not isinstance(raw_sets, list) or not raw_sets:
        raise CardDataError(f"{path.name}: the file: field 'sets' must be a list of sets.")
    sets = []
    for raw in raw_sets:
        f = _Fields(path, f"set {raw.get('name')!r}" if isinstance(raw, dict) else "a set", raw)
        sets.append(RecommendedSet(
            name=f.str("name"), source=f.str("source"), group=f.str("group"), kingdom=f.strs("kingdom"),
            missing=f.strs("missing", required=False), platinum_colony=bool(raw.get("platinum_colony", False)),
        ))
    return tuple(sets)


@lru_cache(maxsize=1)
def cards() -> tuple[Card, ...]:
    """Every card, loaded once."""
    return load_cards()
