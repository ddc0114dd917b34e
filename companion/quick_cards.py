"""The card cache read without the program, for companion.quick_lookup: found, checked and searched as the
full path does it, with os, json and re only.

Mirrors companion.cards.cache (where the cache is, its key, how it is read), companion.cards.loader (every
check the full path makes of what the cache holds, so that a cache the full path would refuse is refused
here too), companion.cards.catalogue and companion.cards.names (finding a card or a term) and
companion.cards.describe (the words). Cards and terms are plain dicts here. Every function returns None
where the full path would do anything else than answer from this cache.
"""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

    Entry = dict[str, Any]
    Index = tuple[dict[str, Any], list[tuple[str, str, Any]]]  # of cards, terms or anything with a name
else:
    Entry = dict

CACHE_VERSION = 2  # companion.cards.cache
MAX_BYTES = 4 * 1024 * 1024
CARD_FILES: tuple[str, ...] = ("base2e.yaml", "prosperity2e.yaml")  # companion.cards.loader
GLOSSARY_FILES: tuple[str, ...] = ("glossary.yaml",)
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
SETS: dict[str, str] = {"base2e": "Dominion", "prosperity2e": "Prosperity"}  # companion.cards.model
TYPES: tuple[str, ...] = ("Action", "Treasure", "Victory", "Curse", "Attack", "Reaction")
KINDS: tuple[str, ...] = ("basic", "kingdom")

_HERE = os.path.dirname(__file__)


class _Refused(Exception):
    """What the cache holds fails a check of companion.cards.loader: the full path reads the YAML."""


# ---------------------------------------------------------------- the cache: where, its key, reading it


def _data_dir() -> str | None:
    """companion.cards.loader.data_dir: the folder of the YAML (companion.installed.card_folder)."""
    from companion.installed import card_folder

    folder = card_folder()
    return None if folder is None else os.path.realpath(folder)


def _code_stamps() -> list[list[Any]]:
    """The checking code's part of the key (companion.cards.cache._key): each ``*.py`` beside the cache
    module, in Path order, with its modification time. A folder that cannot be listed holds none (as
    Path.glob says); a file that cannot be stat-ed raises OSError."""
    here = os.path.dirname(os.path.realpath(os.path.join(_HERE, "cards", "cache.py")))
    try:
        names = os.listdir(here)
    except PermissionError:
        names = []
    if os.name == "nt":  # Windows paths match and sort without regard to case
        chosen = sorted((n for n in names if n.lower().endswith(".py")), key=str.lower)
    else:
        chosen = sorted(n for n in names if n.endswith(".py"))
    return [[n, os.stat(os.path.join(here, n)).st_mtime_ns] for n in chosen]


def _load(state: str, name: str, files: tuple[str, ...]) -> tuple[str, Any] | None:
    """companion.cards.cache.cached up to the check: (the data folder, the cached data), or None where
    the full path would read the YAML (no cache, an old or damaged one, a file it cannot stat)."""
    try:
        folder = _data_dir()
        if folder is None:
            return None
        stats = []
        for file in files:
            st = os.stat(os.path.join(folder, file))
            stats.append([file, st.st_size, st.st_mtime_ns])
        key = [CACHE_VERSION, list(sys.version_info[:2]), os.path.realpath(folder), stats, _code_stamps()]
    except OSError:
        return None
    data = read_cache(os.path.join(state, "cache", f"{name}.json"), key)
    return None if data is None else (folder, data)


def read_cache(path: str, key: list[Any]) -> Any:
    """The data a cache file keeps under ``key``, or None (no cache, an old or damaged one, one too big or
    too deep). The card cache's own reader (companion.cards.cache) is this one."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        doc = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("key") != key:
        return None
    return doc.get("data")


def cards(state: str) -> list[Entry] | None:
    """Every card from the cache in the state folder ``state``, checked as the loader checks it, or None."""
    loaded = _load(state, "cards", CARD_FILES)
    if loaded is None:
        return None
    try:
        return _checked_cards(loaded[1])
    except _Refused:
        return None


def terms(state: str) -> list[Entry] | None:
    """Every rules term from the cache, checked as the loader checks it, or None."""
    loaded = _load(state, "glossary", GLOSSARY_FILES)
    if loaded is None:
        return None
    try:
        return _checked_terms(loaded[1])
    except _Refused:
        return None


# ---------------------------------------------------------------- the loader's checks


def _text(raw: dict[str, Any], field: str, required: bool = True) -> str:
    """loader._Fields.str."""
    value = raw.get(field)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise _Refused
    return value


def _whole(raw: dict[str, Any], field: str, required: bool = True) -> int | None:
    """loader._Fields.int."""
    value = raw.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Refused
    return value


def _texts(raw: dict[str, Any], field: str, required: bool = True) -> tuple[str, ...]:
    """loader._Fields.strs."""
    value = raw.get(field)
    if value is None and not required:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _Refused
    if required and not value:
        raise _Refused
    return tuple(value)


def pile_sizes(pile_raw: Any) -> int | dict[int, int] | None:
    """A card file's ``pile``: one size, or one for each of 2 to 6 players; None if it is neither. The
    loader's check too."""
    if isinstance(pile_raw, int) and not isinstance(pile_raw, bool) and pile_raw > 0:
        return pile_raw
    if isinstance(pile_raw, dict) and sorted(map(_player_count, pile_raw)) == [2, 3, 4, 5, 6] and all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in pile_raw.values()
    ):
        return {_player_count(k): v for k, v in pile_raw.items()}
    return None


def _player_count(key: Any) -> int:
    """loader._player_count."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) == 1:
        return int(key)
    return -1


def plural_of(name: str) -> str:
    """companion.cards.model.plural_of."""
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith("s"):
        return name
    if name.endswith(("ch", "sh", "x")):
        return name + "es"
    return name + "s"


def _card(set_id: str, raw: Any) -> Entry:
    """loader._card."""
    if not isinstance(raw, dict):
        raise _Refused
    name = _text(raw, "name")
    kind = _text(raw, "kind")
    if kind not in KINDS:
        raise _Refused
    types = _texts(raw, "types")
    if any(t not in TYPES for t in types):
        raise _Refused
    cost = _whole(raw, "cost")
    if cost is None or cost < 0:
        raise _Refused
    pile = pile_sizes(raw.get("pile"))
    if pile is None:
        raise _Refused
    coin, vp = _whole(raw, "coin", required=False), _whole(raw, "vp", required=False)
    if "Treasure" in types and kind == "basic" and coin is None:
        raise _Refused
    note = _text(raw, "note")
    code = _text(raw, "code", required=False) or None
    return {
        "name": name, "set": set_id, "kind": kind, "cost": cost, "types": types, "text": _texts(raw, "text"),
        "below_line": _texts(raw, "below_line", required=False), "coin": coin, "vp": vp, "pile": pile,
        "note": " ".join(note.split()), "code": code, "plural": plural_of(name),
    }


def _checked_cards(docs: Any) -> list[Entry]:
    """loader.cards_from_docs and loader._check_box."""
    if not isinstance(docs, list) or len(docs) != len(CARD_FILES):
        raise _Refused
    found: list[Entry] = []
    for doc in docs:
        if not isinstance(doc, dict):
            raise _Refused
        set_id = _text(doc, "set")
        if set_id not in SETS:
            raise _Refused
        raw_cards = doc.get("cards")
        if not isinstance(raw_cards, list) or not raw_cards:
            raise _Refused
        loaded = [_card(set_id, raw) for raw in raw_cards]
        names = {c["name"] for c in loaded}
        expected = BOX_CARDS[set_id]
        if any(n not in names for n in expected) or any(c["name"] not in expected for c in loaded):
            raise _Refused
        found.extend(loaded)
    if len({c["name"].lower() for c in found}) != len(found):
        raise _Refused  # a card listed twice
    return found


def _checked_terms(doc: Any) -> list[Entry]:
    """loader.glossary_from_doc."""
    if not isinstance(doc, dict):
        raise _Refused
    raw_terms = doc.get("terms")
    if not isinstance(raw_terms, list) or not raw_terms:
        raise _Refused
    found = []
    for raw in raw_terms:
        if not isinstance(raw, dict):
            raise _Refused
        found.append({"term": _text(raw, "term"), "aliases": _texts(raw, "aliases", required=False),
                      "short": _text(raw, "short"), "full": _text(raw, "full")})
    return found


# ---------------------------------------------------------------- finding a name (companion.cards.names)

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})


def normalise(text: str) -> str:
    """names.normalise, without compiling its pattern: each run of white space or underscores (``[\\s_]+``,
    where ``\\s`` is exactly what ``str.split`` splits at) as one space, the ends trimmed, lower case."""
    return " ".join(text.translate(_APOSTROPHES).replace("_", " ").split()).lower()


def loose(text: str) -> str:
    """names.loose."""
    return normalise(text).replace("'", "").replace("&", "and")


def _plural_forms(name: str) -> list[str]:
    """names._plural_forms (each form once; the order does not change what the index holds)."""
    n = normalise(name)
    forms = [n + "s", n + "es"]
    if n.endswith("y"):
        forms.append(n[:-1] + "ies")
    return forms


def index(items: Iterable[tuple[Any, str, Iterable[str]]]) -> Index:
    """names.NameIndex: the exact keys (names, aliases, plurals) and the loose names in order."""
    exact: dict[str, Any] = {}
    names: list[tuple[str, str, Any]] = []
    for item, name, aliases in items:
        names.append((loose(name), name, item))
        for key in (name, *aliases):
            exact.setdefault(normalise(key), item)
            exact.setdefault(loose(key), item)
        for form in _plural_forms(name):
            exact.setdefault("plural:" + form, item)
            exact.setdefault("plural:" + loose(form), item)
    return exact, names


def find(found_in: Index, typed: str) -> Any:
    """names.NameIndex.resolve where it finds one item: an exact name, alias or plural, else a unique start
    of a name, else a unique start of a later word of one. None where it would raise (nothing typed, more
    than one match, or a misspelling, whose suggestions need difflib)."""
    exact, names = found_in
    key = loose(typed)
    if not key:
        return None
    normal = normalise(typed)
    item = exact.get(normal)
    if item is None:
        item = exact.get(key)
    if item is None:
        item = exact.get("plural:" + normal)
    if item is not None:
        return item
    tests: tuple[Callable[[str], bool], ...] = (
        lambda n: n.startswith(key),
        lambda n: any(word.startswith(key) for word in n.split(" ")[1:]),
    )
    for test in tests:
        hits = [entry for n, _, entry in names if test(n)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None
    return None


def _code_key(text: str) -> str:
    """catalogue._code_key."""
    return normalise(text).replace(" ", "")


def _initials(found: list[Entry]) -> dict[int, str]:
    """catalogue._initials, keyed by the position of the card."""
    names = [loose(c["name"]) for c in found]
    groups: dict[str, list[int]] = {}
    for i, n in enumerate(names):
        words = n.split()
        if len(words) > 1:
            groups.setdefault("".join(w[0] for w in words), []).append(i)
    return {
        group[0]: key for key, group in groups.items()
        if len(group) == 1 and not any(n.startswith(key) for n in names)
    }


def find_card(found: list[Entry], typed: str) -> Entry | None:
    """catalogue.Catalogue.find with no narrowing: by braille code, then by name."""
    codes = {_code_key(c["code"]): c for c in found if c["code"]}
    coded = codes.get(_code_key(typed))
    if coded is not None:
        return coded
    initials = _initials(found)
    return find(index((c, c["name"], (initials[i],) if i in initials else ()) for i, c in enumerate(found)), typed)


def term_index(found: list[Entry]) -> Index:
    """catalogue.Glossary's index: each term with its aliases."""
    return index((t, t["term"], t["aliases"]) for t in found)


# ---------------------------------------------------------------- the words (companion.cards.describe)



def _worth(line: str) -> bool:
    """describe._WORTH, ``^-?\\d+ (coin|coins|VP)$``, without compiling it: ``$`` also matches before a
    newline at the very end, and ``\\d`` is any decimal digit (``str.isdecimal``)."""
    body = line[:-1] if line.endswith("\n") else line
    number, space, unit = body.partition(" ")
    number = number[1:] if number.startswith("-") else number
    return bool(space) and unit in ("coin", "coins", "VP") and number.isdecimal()


def and_list(items: list[str]) -> str:
    """names.and_list."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def card_text(card: Entry) -> str:
    """describe.card_text."""
    return spoken_text(card["text"])


def spoken_text(text: list[str] | tuple[str, ...]) -> str:
    """A card's lines above its dividing line, as sentences: ``+1 Card, +2 Actions.`` (the quick path's
    and companion.cards.describe's one way to say them)."""
    if len(text) == 1 and _worth(text[0]):
        return f"Worth {text[0]}."
    parts: list[str] = []
    run: list[str] = []  # consecutive short bonuses (+1 Card, +1 Action) are said as one list
    for line in text:
        if line.startswith("+") and "." not in line and len(line.split()) <= 3:
            run.append(line)
            continue
        if run:
            parts.append(sentence(", ".join(run)))
            run = []
        parts.append(sentence(line))
    if run:
        parts.append(sentence(", ".join(run)))
    return " ".join(parts)


def describe(card: Entry, verbosity: str, *, codes: bool, notes: bool) -> str:
    """describe.describe."""
    lines: list[str]
    if verbosity == "brief":
        lines = [f"{card['name']}, {coins(card['cost'])}.", card_text(card)]
    else:
        lines = [f"{card['name']}, {coins(card['cost'])}, {' '.join(card['types'])}.", card_text(card)]
        if card["below_line"]:
            lines.append("Below the line: " + " ".join(sentence(t) for t in card["below_line"]))
        extra: list[str] = []
        if codes and card["code"]:
            extra.append(f"Braille code {card['code']}.")
        if verbosity == "full":
            extra.append(f"From {SETS[card['set']]}, {card['kind']} card.")
            extra.append(pile_text(card))
        if extra:
            lines.append(" ".join(extra))
    if notes:
        lines.append(f"Note: {card['note']}")
    return "\n".join(lines)


def names_by_cost(found: list[Entry]) -> list[str]:
    """describe.names_by_cost."""
    groups: dict[int, list[str]] = {}
    for card in sorted(found, key=lambda c: (c["cost"], c["name"])):
        groups.setdefault(card["cost"], []).append(card["name"])
    return [f"{coins(cost)}: {and_list(names)}." for cost, names in groups.items()]


def pile_text(card: Entry) -> str:
    """describe.pile_text."""
    pile = card["pile"]
    if isinstance(pile, int):
        return f"Pile of {pile}."
    groups: dict[int, list[int]] = {}
    for players in range(2, 7):
        groups.setdefault(pile[players], []).append(players)
    return f"Pile: {and_list([f'{size} with {players_said(p)}' for size, p in groups.items()])}."


def players_said(counts: Sequence[int]) -> str:
    """"2 players", "3 to 6 players", "2 and 4 players" (describe's too)."""
    if len(counts) == 1:
        return f"{counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return and_list([str(c) for c in counts]) + " players"
