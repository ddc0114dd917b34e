"""Quick answers to ``companion card NAME``, ``cards FILTER`` and ``rule TERM``, without loading the program.

The full path (companion.cli) imports the command registry, the session, dataclasses, pathlib, argparse,
typing and the settings module before it says a word: about four times the start-up of Python itself.
This module answers the common one-shot lookups with os and json (and re, which the launcher pip writes
imports anyway, only where a pattern is needed), from the card cache the full path keeps
(companion.cards.cache).

It answers only what it can answer with certainty, exactly as the full path would, to the byte and with
the same exit status: a name (a card, a rules term, a filter of ``cards``) found by braille code, exact
name, alias or plural, or a unique start of a name or of one of its words; the settings file absent or
in the plain form this program writes; the cache present, fresh and valid. Anything else gives None and
the full path runs as before: a misspelling (which needs fuzzy matching), any error, a missing, stale or
damaged cache, a settings file it does not fully understand or would warn about, speech turned on,
COMPANION_NO_CACHE.

Each function mirrors one place of the full path, named in its docstring; the tests run both paths on
many inputs and compare their output byte for byte, and check which modules this path imports.
"""

from __future__ import annotations

import os
import stat

from companion import quick_cards
from companion.quick_cards import Entry

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

APP = "companion"  # companion.paths.APP
SETTINGS_FILE = "settings.toml"  # companion.settings.FILENAME
# The settings the card and rule commands read, with their choices and defaults (companion.settings); the
# first choice of each is its default.
CHOICES: dict[str, tuple[str, ...]] = {
    "verbosity": ("normal", "brief", "full"),
    "speech": ("off", "on"),
    "sounds": ("off", "on"),
    "codes": ("on", "off"),
    "notes": ("off", "on"),
}
MAX_LINE = 1000  # companion.dispatch.MAX_LINE
_NOTES_WORDS = {"notes", "note", "--notes", "-n", "--note"}  # companion.commands.lookup
_MORE_WORDS = ("more", "full", "--more", "--full")
# A settings file line this module reads with certainty: blank, a comment, or a bare key set to a string
# without escapes or to true or false (and a comment after it). Any other line, valid TOML or not, sends
# the lookup to the full path, whose TOML reader decides. (Compiled only when there is a settings file:
# no regular expression is compiled on the way to a card otherwise.)
_TOML_LINE = (
    r"[ \t]*(?:(?P<key>[A-Za-z0-9_-]+)[ \t]*=[ \t]*"
    r"(?:\"(?P<basic>[^\"\\\x00-\x08\x0a-\x1f\x7f]*)\"|'(?P<literal>[^'\x00-\x08\x0a-\x1f\x7f]*)'|(?P<flag>true|false))"
    r"[ \t]*)?(?:#.*)?"
)
_TOML_CONTROL = r"[\x00-\x08\x0b-\x1f\x7f]"  # \r too: a CRLF file goes to the full path


def answer(argv: Sequence[str]) -> str | None:
    """What ``companion ARGV`` prints on standard output, ending in a newline, when that is a lookup this
    module can answer with certainty (its exit status is then 0 and nothing goes to standard error);
    otherwise None. Never raises an Exception: a surprise here is a question for the full path."""
    try:
        return _answer(list(argv))
    except Exception:  # noqa: BLE001 - whatever happens, the full path answers instead
        return None


def _answer(argv: list[str]) -> str | None:
    if not argv or argv[0] not in QUICK or os.environ.get("COMPANION_NO_CACHE"):
        return None
    args = _args(argv)
    if args is None:
        return None
    folders = _folders()
    if folders is None:
        return None
    config, state = folders
    settings = _settings(config)
    if settings is None or settings["speech"] == "on":
        return None
    text = QUICK[argv[0]](args, settings, state)
    return None if text is None else text.rstrip("\n") + "\n"


def _args(argv: list[str]) -> str | None:
    """The words after the command, as the command sees them: companion.cli.run_one builds the line (the
    lookups take their words unquoted), companion.dispatch.check_line checks it, and the lookups'
    ``_plain`` drops the quotes people bring from other shells. None for a line the dispatcher refuses."""
    rest = " ".join(argv[1:])
    line = f"{argv[0]} {rest}".strip()
    if len(line) > MAX_LINE or any("\udc80" <= ch <= "\udcff" or ch == "\ufffd" for ch in line):
        return None  # the dispatcher's _NOT_TEXT: bytes that were not UTF-8
    line = line.replace("\t", " ").rstrip("\r\n")
    if any(ch <= "\x08" or "\x0a" <= ch <= "\x1f" or "\x7f" <= ch <= "\x9f" for ch in line):
        return None  # the dispatcher's _CONTROL
    name, _, args = line.strip().partition(" ")
    if name != argv[0]:
        return None
    return _plain(args.strip())


def _plain(args: str) -> str:
    """companion.commands.lookup._plain."""
    text = args.replace('"', " ").replace("\u201c", " ").replace("\u201d", " ")
    if "'" in text:  # (the pattern matches nothing else: no need to compile it otherwise)
        import re

        text = re.sub(r"(^|\s)'|'(\s|$)", r"\1\2", text)
    return " ".join(text.split())


def _card(args: str, settings: dict[str, str], state: str) -> str | None:
    """companion.commands.lookup.card_command, for a card it finds with certainty."""
    words = args.split()
    notes = bool(words) and words[-1].lower() in _NOTES_WORDS
    if notes:
        words = words[:-1]
    name = " ".join(words)
    if not name:
        return None
    cards = quick_cards.cards(state)
    if cards is None:
        return None
    card = quick_cards.find_card(cards, name)
    if card is None:
        return None
    notes = notes or settings["notes"] == "on"
    return quick_cards.describe(card, settings["verbosity"], codes=settings["codes"] == "on", notes=notes)


def _rule(args: str, settings: dict[str, str], state: str) -> str | None:
    """companion.commands.lookup.rule_command, for a term it finds with certainty."""
    words = args.split()
    more = bool(words) and words[-1].lower() in _MORE_WORDS
    if more and len(words) > 1:
        words = words[:-1]
    typed = " ".join(words)
    terms = quick_cards.terms(state)
    if terms is None:
        return None
    if not typed:
        from companion.rule_groups import terms_said

        return terms_said([t["term"] for t in terms], quick_cards.and_list) + "\n"
    term: Entry | None = quick_cards.find(quick_cards.term_index(terms), typed)
    if term is None:
        return None
    verbosity = settings["verbosity"]
    if more or verbosity == "full":
        return f"{term['short']}\n{term['full']}"
    if verbosity == "brief":
        return str(term["short"])
    return f"{term['short']}\nFor more, type rule {term['term'].lower()} more."


def _cards(args: str, settings: dict[str, str], state: str) -> str | None:
    """companion.commands.lookup.cards_command, for filters it reads with certainty."""
    words = quick_cards.normalise(args).replace(",", " ").split()
    cost: int | None = None
    rest: list[str] = []
    for w in words:  # lookup._cost_filter
        n = _number(w.removeprefix("$"))
        if n is not None and len(w.removeprefix("$")) <= 2:
            if cost is not None:
                return None  # two costs: an error
            cost = n
        elif w not in _COST_WORDS:
            rest.append(w)
    index = quick_cards.index(_FILTERS)
    chosen: dict[str, list[str]] = {}
    for w in rest:
        found = quick_cards.find(index, w)
        if found is None:
            return None
        kind, value = found
        chosen.setdefault(kind, [])
        if value not in chosen[kind]:
            chosen[kind].append(value)
    every = quick_cards.cards(state)
    if every is None:
        return None
    if not chosen and cost is None:
        kingdom = sum(c["kind"] == "kingdom" for c in every)
        base = sum(c["set"] == "base2e" for c in every)
        prosperity = sum(c["set"] == "prosperity2e" for c in every)
        return (f"{len(every)} cards: {base} Dominion, {prosperity} Prosperity.\n"
                f"{kingdom} are kingdom cards, {len(every) - kingdom} basic.\n"
                "Type cards all, or a filter such as cards cost 4 or cards prosperity attack.")
    found_cards = [c for c in every if ("set" not in chosen or c["set"] in chosen["set"])
                   and ("kind" not in chosen or c["kind"] in chosen["kind"])
                   and all(t in c["types"] for t in chosen.get("type", []))
                   and (cost is None or c["cost"] == cost)]
    label = _label(chosen, cost, len(found_cards))
    if not found_cards:
        return f"No {label}."
    names = sorted(c["name"] for c in found_cards)
    if cost is not None:
        return f"{len(found_cards)} {label}:\n{quick_cards.and_list(names)}."
    if settings["verbosity"] == "brief" or len(found_cards) == 1:
        return f"{len(found_cards)} {label}:\n{quick_cards.and_list(names)}."
    return "\n".join([f"{len(found_cards)} {label}, by cost:", *quick_cards.names_by_cost(found_cards)])


def _number(word: str) -> int | None:
    """companion.numbers.as_number for a word without white space; None also where it would raise (a word
    of numerals it does not read, such as "²", which the full path answers with an error)."""
    if word and word.isdecimal():
        return int(word)
    if word and all(ch.isnumeric() for ch in word):
        raise ValueError(word)  # answer() gives the line to the full path
    return None


def _label(chosen: dict[str, list[str]], cost: int | None, n: int) -> str:
    """companion.commands.lookup._label."""
    words: list[str] = []
    if chosen.get("set"):
        words.append(" and ".join(quick_cards.SETS[s] for s in chosen["set"]))
    if chosen.get("kind"):
        words.append(" or ".join(chosen["kind"]))
    words.extend(chosen.get("type", []))
    label = " ".join(words + ["card" if n == 1 else "cards"])
    if cost is not None:
        label += f" cost {quick_cards.coins(cost)}" if n != 1 else f" costs {quick_cards.coins(cost)}"
        if n == 0:
            label = label.replace(" cost ", " costing ")
    return label


QUICK = {"card": _card, "cards": _cards, "rule": _rule}
_COST_WORDS = {"cost", "costs", "costing", "coin", "coins", "cards", "card", "with", "of", "and", "that", "the"}
_TYPE_PLURALS = {"Treasure": "Treasures", "Action": "Actions", "Victory": "Victory cards", "Curse": "Curses",
                 "Attack": "Attacks", "Reaction": "Reactions"}  # companion.commands.lookup
_FILTERS: list[tuple[tuple[str, str], str, tuple[str, ...]]] = [  # lookup._filter_words
    (("set", "base2e"), "dominion", ("base", "base set", "base2e")),
    (("set", "prosperity2e"), "prosperity", ("prosperity2e",)),
    (("kind", "kingdom"), "kingdom", ()),
    (("kind", "basic"), "basic", ()),
    (("all", ""), "all", ()),
    *((("type", t), t.lower(), (_TYPE_PLURALS[t].lower(),)) for t in quick_cards.TYPES),
]


# ---------------------------------------------------------------- where the files are


def _folders() -> tuple[str, str] | None:
    """(config folder, state folder) as companion.paths gives them, or None where Path would fail."""
    if not any(os.environ.get(v) for v in ("COMPANION_HOME", "COMPANION_CONFIG_DIR", "COMPANION_STATE_DIR")):
        from companion.quick_folders import platform_folders

        return platform_folders()
    config = _folder("COMPANION_CONFIG_DIR", "config", "user_config_dir")
    state = _folder("COMPANION_STATE_DIR", "state", "user_state_dir")
    return None if config is None or state is None else (config, state)


def _folder(variable: str, sub: str, default: str) -> str | None:
    """companion.paths._folder, without pathlib: the same folder, or None where Path would fail."""
    explicit = os.environ.get(variable)
    if explicit:
        return _expanded(explicit)
    home = os.environ.get("COMPANION_HOME")
    if home:
        base = _expanded(home)
        return None if base is None else os.path.join(base, sub)
    import platformdirs

    return str(getattr(platformdirs, default)(APP, appauthor=False))


def _expanded(path: str) -> str | None:
    """Path.expanduser: ``~`` or ``~user`` at the start, None where Path would raise (no home found)."""
    if not path.startswith("~"):
        return path
    expanded = os.path.expanduser(path)
    return None if expanded.startswith("~") else expanded


# ---------------------------------------------------------------- settings


def _settings(config: str) -> dict[str, str] | None:
    """The settings the lookups read, as companion.settings.load_settings gives them from the config folder
    ``config``, or None where it would say a notice (a damaged or unreadable file, a value it does not
    understand) or where the file holds anything this reader does not take with certainty (a file that is
    not a regular one, such as a pipe, is left to the full path too)."""
    values = {name: choices[0] for name, choices in CHOICES.items()}
    try:
        fd = os.open(os.path.join(config, SETTINGS_FILE), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return values
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb") as f:
            fd = -1
            raw = f.read()
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
    saved = _simple_toml(raw)
    if saved is None:
        return None
    for key, value in saved.items():
        choices = CHOICES.get(key)
        if choices is None:
            continue  # another area's setting, or another version's: the lookups never read it
        text = ("on" if value else "off") if isinstance(value, bool) else value.lower()
        if text not in choices:
            return None  # the full path says its notice
        values[key] = text
    return values


def _simple_toml(raw: bytes) -> dict[str, str | bool] | None:
    """The keys and values of a TOML text made only of lines of ``_TOML_LINE``, as tomllib reads them;
    None for any other text (damaged, or valid TOML in a form this reader leaves to tomllib)."""
    import re

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if re.search(_TOML_CONTROL, text):
        return None
    values: dict[str, str | bool] = {}
    pattern = re.compile(_TOML_LINE)
    for line in text.split("\n"):
        found = pattern.fullmatch(line)
        if found is None:
            return None
        key = found.group("key")
        if key is None:
            continue
        if key in values:
            return None  # a key given twice: tomllib refuses the file
        flag = found.group("flag")
        if flag is not None:
            values[key] = flag == "true"
        else:
            basic = found.group("basic")
            values[key] = basic if basic is not None else found.group("literal")
    return values
