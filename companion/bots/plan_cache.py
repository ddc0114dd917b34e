"""The strong bot's searched plans, kept on disk by kingdom, Platinum and Colony, and player count.

A plan search costs about a second of processor time; a person who plays the same kingdom again (a
recommended set, a saved game, ``simulate`` on one kingdom) gets the plan found before. The file is
``plans.json`` in the state folder's ``cache`` (beside the card cache; the platform's folder through
platformdirs, or under COMPANION_HOME). Its key holds the bots' code (each module's size and
modification time) and the search's budget: a change of either means the plans are found again.

The file is hostile input like every file the program reads: it is read only up to MAX_BYTES, and a
damaged, old or hand-made file, or any entry that is not a plan the kingdom allows, is ignored and
the plan searched again, never an error. Writes replace the file whole (``paths.atomic_write``): two
programs writing at once lose at most a plan, which is searched again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.bots.plans import VARIANTS, Plan, every_plan_key, plan_of

VERSION = 1
MAX_BYTES = 1024 * 1024
KEPT = 2000  # plans kept at most (about 150 bytes each); the oldest go first


def _code_key() -> list[Any]:
    here = Path(__file__).resolve().parent
    return [[p.name, p.stat().st_size, p.stat().st_mtime_ns] for p in sorted(here.glob("*.py"))]


def _path() -> Path:
    from companion.paths import state_dir

    return state_dir() / "cache" / "plans.json"


def entry_key(names: tuple[str, ...], colony: bool, players: int, shape: str = "") -> str:
    """The entry's key; ``shape``, a table searched against what it was seen to build (``rush``)."""
    return f"{'|'.join(names)}|{int(colony)}|{players}" + (f"|{shape}" if shape else "")


class PlanCache:
    """The plans on disk for one budget, read once and written when a new plan is found."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._plans: dict[str, list[Any]] | None = None
        self._key: list[Any] | None = None

    def key(self) -> list[Any]:
        if self._key is None:
            self._key = [VERSION, self.budget, _code_key()]
        return self._key

    def _read(self) -> dict[str, list[Any]]:
        if self._plans is None:
            self._plans = {}
            try:
                with open(_path(), "rb") as f:
                    raw = f.read(MAX_BYTES + 1)
                doc = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_BYTES else None
            except (OSError, ValueError, RecursionError, RuntimeError):
                doc = None
            if isinstance(doc, dict) and doc.get("key") == self.key() and isinstance(doc.get("plans"), dict):
                self._plans = {k: v for k, v in doc["plans"].items() if isinstance(k, str) and isinstance(v, list)}
        return self._plans

    def get(self, names: tuple[str, ...], colony: bool, players: int, shape: str = "") -> Plan | None:
        """The plan kept for this kingdom and table, if one is there and is a plan the kingdom allows."""
        try:
            found = self._read().get(entry_key(names, colony, players, shape))
        except OSError:
            return None
        if found is None or len(found) != 4:
            return None
        key, variant, rate, tried = found
        if not (isinstance(key, str) and isinstance(variant, str) and variant in VARIANTS
                and type(rate) is int and 0 <= rate <= 100 and type(tried) is int and 0 <= tried <= 1_000_000):
            return None
        if key not in every_plan_key(names) or not set(key.split("+")) <= set(names) | {"money"}:
            return None
        return plan_of(key, variant, rate, tried)

    def put(self, names: tuple[str, ...], colony: bool, players: int, plan: Plan, shape: str = "") -> None:
        try:
            self._plans = None  # read again: another program may have kept plans since
            plans = self._read()
            plans[entry_key(names, colony, players, shape)] = [plan.key, plan.variant, plan.rate, plan.tried]
            while len(plans) > KEPT:
                del plans[next(iter(plans))]
            from companion.paths import atomic_write

            atomic_write(_path(), json.dumps({"key": self.key(), "plans": plans}))
        except (OSError, RuntimeError):
            pass  # no cache (a read-only folder, no home folder): the plan is searched again next time


_caches: dict[int, PlanCache] = {}


def cache_for(budget: int) -> PlanCache | None:
    """The disk cache for this budget; None when COMPANION_NO_CACHE is set."""
    if os.environ.get("COMPANION_NO_CACHE"):
        return None
    cache = _caches.get(budget)
    if cache is None:
        cache = _caches[budget] = PlanCache(budget)
    return cache
