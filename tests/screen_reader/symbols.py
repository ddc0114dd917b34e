"""What a listener hears from what Orca sends: the SSML taken away, then speech-dispatcher's own symbol table
(``symbols.dic`` of its ``locale/en`` folder, the real file Debian installs) applied at the punctuation level
Orca asked for, the way speech-dispatcher applies it (src/server/symbols.c, itself NVDA's algorithm):

- one regular expression: trailing spaces, a character repeated four times or more, then the complex symbols
  in file order (sentence and phrase endings, decimal point ...), then the simple symbols, longest first;
- a symbol whose level is at or below the level asked for is replaced by `` replacement`` followed by the
  symbol itself when it is preserved (``always``; ``norep`` only when not replaced), else by a space.

Levels: none < some < most < all < char. Orca's default is ``most``; NVDA's is ``some``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

LEVELS = {"-": 0, "none": 0, "some": 100, "most": 200, "all": 300, "char": 1000}
PRESERVE = {"-": "never", "never": "never", "always": "always", "norep": "norep", "literal": "literal"}
PLACES = (Path("/usr/share/speech-dispatcher/locale/en/symbols.dic"),
          Path("/usr/local/share/speech-dispatcher/locale/en/symbols.dic"))


def symbols_file() -> Path | None:
    return next((path for path in PLACES if path.is_file()), None)


@dataclass(frozen=True)
class Symbol:
    identifier: str
    replacement: str | None
    level: int
    preserve: str


@dataclass(frozen=True)
class Table:
    regex: re.Pattern[str]
    complex: tuple[Symbol, ...]
    simple: dict[str, Symbol]


def _identifier(field: str) -> str:
    if field.startswith("\\") and len(field) > 1:
        return {"t": "\t", "n": "\n", "r": "\r", "f": "\f", "v": "\v"}.get(field[1], field[1]) + field[2:]
    return field


def parse(text: str) -> Table:
    """The table from a symbols.dic file's text."""
    patterns: list[tuple[str, str]] = []
    fields: dict[str, tuple[str | None, int | None, str | None]] = {}
    section = ""
    for raw in text.lstrip("\ufeff").splitlines():
        if raw.startswith("#") or not raw.strip():
            continue
        if raw in ("complexSymbols:", "symbols:"):
            section = raw
            continue
        parts = raw.split("\t")
        if section == "complexSymbols:" and len(parts) >= 2:
            patterns.append((parts[0], "\t".join(parts[1:])))
        elif section == "symbols:" and len(parts) >= 2 and parts[0] and parts[0] != "\\0":  # NUL: not loaded
            if parts[-1].startswith("#"):
                parts = parts[:-1]
            replacement = None if parts[1] == "-" else parts[1]
            level = LEVELS.get(parts[2]) if len(parts) > 2 else None
            preserve = PRESERVE.get(parts[3]) if len(parts) > 3 else None
            fields[_identifier(parts[0])] = (replacement, level, preserve)

    def symbol(identifier: str) -> Symbol | None:
        replacement, level, preserve = fields.get(identifier, (None, None, None))
        if replacement is None:
            return None  # a symbol without a replacement is dropped, as speech-dispatcher drops it
        return Symbol(identifier, replacement, LEVELS["all"] if level is None else level, preserve or "never")

    complex_symbols = [(name, pattern, symbol(name)) for name, pattern in patterns]
    kept = [(pattern, s) for _, pattern, s in complex_symbols if s is not None]
    names = {name for name, _, _ in complex_symbols}
    simple = {k: s for k in fields if k not in names and (s := symbol(k)) is not None}
    singles = "".join(re.escape(k) for k in simple if len(k) == 1 and k.isascii())
    multi = sorted((k for k in simple if not (len(k) == 1 and k.isascii())), key=lambda k: -len(k.encode()))
    alternatives = [r"(?P<rstripSpace>  +$)"]
    if singles:
        alternatives.append(rf"(?P<repeated>(?P<repTmp>[{singles}])(?P=repTmp){{3,}})")
    alternatives += [f"(?P<c{i}>{pattern})" for i, (pattern, _) in enumerate(kept)]
    simple_pattern = "|".join([*(re.escape(k) for k in multi), *([f"[{singles}]"] if singles else [])])
    if simple_pattern:
        alternatives.append(f"(?P<simple>{simple_pattern})")
    return Table(re.compile("|".join(alternatives), re.MULTILINE), tuple(s for _, s in kept), simple)


@lru_cache(maxsize=1)
def table() -> Table:
    path = symbols_file()
    assert path is not None, "speech-dispatcher's symbols.dic is not installed (apt-get install speech-dispatcher)"
    return parse(path.read_text(encoding="utf-8"))


def apply(text: str, level: str, symbols: Table | None = None, read: list[str] | None = None) -> str:
    """``text`` with its symbols replaced as speech-dispatcher replaces them at ``level``; each word a symbol
    was read as is added to ``read`` when given."""
    t = symbols or table()
    said = read if read is not None else []
    asked = LEVELS.get(level, LEVELS["most"])

    def replace(match: re.Match[str]) -> str:
        # Asked by name, as speech-dispatcher does: the repeated group's inner group closes last, so
        # match.lastgroup would name that one.
        if match.group("rstripSpace") is not None:
            return ""
        if "repeated" in t.regex.groupindex and match.group("repeated") is not None:
            found = match.group("repeated")
            s = t.simple[found[0]]
            if asked >= s.level:
                said.append(str(s.replacement))
                return f" {len(found)} {s.replacement} "
            return " "
        found = match.group()
        if match.group("simple") is not None:
            s = t.simple[found]
        else:
            s = t.complex[next(i for i in range(len(t.complex)) if match.group(f"c{i}") is not None)]
        prefix = "" if s.preserve == "literal" else " "
        if s.preserve == "always" or (s.preserve == "norep" and asked < s.level):
            suffix = found
        else:
            suffix = "" if s.preserve == "literal" else " "
        if asked >= s.level and s.replacement is not None:
            if s.replacement:
                said.append(s.replacement)
            return f"{prefix}{s.replacement}{suffix}"
        return suffix

    return t.regex.sub(replace, text)


def without_ssml(sent: str) -> str:
    """The text of an SSML utterance: tags removed, entities resolved."""
    return html.unescape(re.sub(r"<[^>]*>", "", sent))


def heard(sent: str, level: str) -> str:
    """An utterance as heard: without SSML, its symbols read at ``level``, spaces made single."""
    return " ".join(apply(without_ssml(sent), level).split())


# Signs read as the word they stand for, which is what the text means: "+1 Card" heard "plus 1 Card", the
# rulebook's set "Silver & Gold" heard "Silver and Gold".
MEANT = frozenset({"plus", "minus", "percent", "and"})


def signs_read(sent: str, level: str) -> list[str]:
    """The words symbols in an utterance are read as, at ``level``, leaving out those in MEANT."""
    read: list[str] = []
    apply(without_ssml(sent), level, read=read)
    return [word for word in read if word not in MEANT]


_SPOKEN_SIGNS = re.compile(r"[^\w']+")


def heard_words(words: str) -> list[str]:
    """The words of heard text (the punctuation left in it makes pauses, not words)."""
    return [w for w in _SPOKEN_SIGNS.split(words) if w]
