"""Settings that persist between runs, in ``settings.toml`` under the config folder (see companion.paths).

A setting has a name, a few allowed values and a default. Areas may add their own with ``define_setting``
(at import time of their command module). A damaged or unreadable file never stops the program: the
defaults are used and ``Settings.notice`` holds one line saying so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from companion.cards.names import NameIndex, or_list, quote


def choices_said(choices: tuple[str, ...] | list[str]) -> str:
    """A setting's choices for the ear: "0 to 10" for a run of whole numbers, else "brief, normal or full"."""
    if len(choices) > 3 and all(c.isdigit() for c in choices):
        numbers = [int(c) for c in choices]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{numbers[0]} to {numbers[-1]}"
    return or_list(list(choices))

FILENAME = "settings.toml"
DAMAGED = "settings.damaged.toml"  # a damaged settings file is moved here before a new one is written
HEADER = "Dominion Companion settings. Change them in the program with: set NAME VALUE"
_ON = {"on", "yes", "true", "1", "enable", "enabled"}
_OFF = {"off", "no", "false", "0", "disable", "disabled"}


class SettingError(ValueError):
    """A setting name or value that does not exist; ``str()`` says what to type instead."""


@dataclass(frozen=True, slots=True)
class SettingSpec:
    name: str
    choices: tuple[str, ...]
    default: str
    summary: str  # what it changes, one short phrase

    def __str__(self) -> str:
        return self.name

    @property
    def is_switch(self) -> bool:
        return set(self.choices) == {"on", "off"}


SPECS: dict[str, SettingSpec] = {}


def define_setting(name: str, choices: tuple[str, ...], default: str, summary: str) -> SettingSpec:
    """Add a setting (areas call this when their module is imported). Defining it again is harmless."""
    if default not in choices:
        raise ValueError(f"default {default!r} of setting {name!r} is not one of {choices}")
    spec = SettingSpec(name, tuple(choices), default, summary)
    SPECS[name] = spec
    return spec


define_setting("verbosity", ("brief", "normal", "full"), "normal", "how much is said")
define_setting("speech", ("off", "on"), "off", "the program speaks each response itself")
define_setting("sounds", ("off", "on"), "off", "short sounds for your turn, attacks, low piles, the end and errors")
define_setting("codes", ("on", "off"), "on", "say braille codes such as C1 with cards")
define_setting("notes", ("off", "on"), "off", "card always adds the rulebook note")
BUILT_IN = tuple(SPECS)  # said first; the areas' settings follow by name, whichever area was imported first


def find_spec(typed: str) -> SettingSpec:
    index: NameIndex[SettingSpec] = NameIndex(((s, s.name, ()) for s in SPECS.values()), "setting")
    try:
        return index.resolve(typed)
    except LookupError as e:
        raise SettingError(f"{e} Type settings for the list.") from None


class Settings:
    """The current settings. Read with ``settings.verbosity``, ``settings.get("codes")``, ``settings.on("speech")``."""

    def __init__(self, values: dict[str, str] | None = None, path: Path | None = None, notice: str | None = None,
                 raw: dict[str, object] | None = None):
        self._values: dict[str, str] = dict(values or {})
        self.path = path
        self.notice = notice  # one line about a damaged file, said once at start
        self.raw: dict[str, object] = dict(raw or {})  # the file as read: other versions' keys are written back as they were

    def get(self, name: str) -> str:
        spec = SPECS[name]
        value = self._values.get(name, spec.default)
        return value if value in spec.choices else spec.default

    def on(self, name: str) -> bool:
        return self.get(name) == "on"

    @property
    def verbosity(self) -> str:
        return self.get("verbosity")

    @property
    def speech(self) -> bool:
        return self.on("speech")

    def items(self) -> list[tuple[SettingSpec, str]]:
        names = [*BUILT_IN, *sorted(n for n in SPECS if n not in BUILT_IN)]
        return [(SPECS[name], self.get(name)) for name in names]

    def parse(self, name: str, value: str) -> tuple[SettingSpec, str]:
        """The setting and the canonical value for what a person typed, or SettingError. Changes nothing."""
        spec = find_spec(name)
        typed = value.strip().lower()
        if spec.is_switch and typed in _ON | _OFF:
            typed = "on" if typed in _ON else "off"
        matches = [c for c in spec.choices if c.startswith(typed)] if typed else []
        if typed in spec.choices:
            return spec, typed
        if len(matches) == 1:
            return spec, matches[0]
        raise SettingError(f"{spec.name} cannot be {quote(value)}. Type set {spec.name} {choices_said(spec.choices)}.")

    def set(self, name: str, value: str) -> tuple[SettingSpec, str]:
        """Change a setting for now (``save`` keeps it). Raises SettingError before changing anything."""
        spec, canonical = self.parse(name, value)
        self._values[spec.name] = canonical
        return spec, canonical

    def to_toml(self, existing: str | None = None) -> str:
        """The settings file's new text: ``existing`` (the file as it is now) with our settings changed.

        Written by tomlkit, which keeps the person's comments, layout and every key this version does not
        know exactly as they were (quoted keys, multi-line strings, tables); the result is read back with
        tomllib before it is used, so a file this program could not read is never written."""
        import tomllib

        import tomlkit

        doc: tomlkit.TOMLDocument | None = None
        if existing is not None:
            try:
                tomllib.loads(existing)
                doc = tomlkit.parse(existing)
            except Exception:  # noqa: BLE001 - damaged (set aside by save) or beyond tomlkit: start afresh
                doc = None
        if doc is None:
            doc = tomlkit.document()
            doc.add(tomlkit.comment(HEADER))
            for key, value in self.raw.items():
                if key not in SPECS:
                    doc[key] = value
        for key, value in self._values.items():
            if key in SPECS or key not in doc:
                doc[key] = value
        text = tomlkit.dumps(doc)
        tomllib.loads(text)  # raises rather than write what could not be read back
        return str(text)

    def save(self) -> str | None:
        """Write the settings file. Returns None, or one sentence saying why it could not be saved."""
        import tomllib

        from companion.paths import atomic_write, config_dir

        path = self.path or config_dir() / FILENAME
        try:
            existing: str | None = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            existing = None
        except (OSError, UnicodeDecodeError):
            existing = ""
        try:
            if existing:
                try:
                    tomllib.loads(existing)
                except tomllib.TOMLDecodeError:
                    os.replace(path, path.with_name(DAMAGED))  # kept for the person, not written over
                    existing = None
            atomic_write(path, self.to_toml(existing))
        except OSError as e:
            return f"This is set for now, but it could not be saved, {e.strerror or e}."
        except Exception:  # noqa: BLE001 - a value no TOML writer takes: keep the file as it was
            return "This is set for now, but it could not be saved."
        self.path = path
        return None


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (with a one-line notice) if the file is damaged."""
    if path is None:
        from companion.paths import config_dir

        path = config_dir() / FILENAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(path=path)
    except OSError as e:
        return Settings(path=path, notice=f"Notice, settings could not be read, {e.strerror}, so defaults are used.")
    import tomllib

    try:
        doc = tomllib.loads(raw.decode("utf-8-sig"))  # a byte-order mark (Notepad writes one) is not damage
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return Settings(path=path, notice="Notice, the settings file is damaged, so defaults are used.")
    values: dict[str, str] = {}
    bad: list[str] = []
    for key, value in doc.items():
        spec = SPECS.get(key)
        if spec is None:
            # An area's setting whose module is not imported yet, or another version's: read it as text
            # (``get`` checks it once the area defines it); ``raw`` keeps it to be written back as it was.
            if isinstance(value, (str, bool, int)) and not isinstance(value, float):
                values[key] = ("on" if value else "off") if isinstance(value, bool) else str(value).lower()
            continue
        text = ("on" if value else "off") if isinstance(value, bool) else str(value).lower()
        if text in spec.choices:
            values[key] = text
        else:
            bad.append(key)
    notice = None
    if bad:
        notice = f"Notice, the saved {or_list(bad)} setting was not understood, so its default is used."
    return Settings(values, path=path, notice=notice, raw=doc)
