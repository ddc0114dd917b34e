"""The program's long-lived objects, set aside from the cycle collector.

Modules, the card catalogue and the command registry live as long as the program, and a full pass of
Python's cycle collector walks every one of them: in a long game that pass paused whatever command it
fell in by 3 to 6 ms, and by tens of milliseconds on a busy machine. ``gc.freeze()`` moves every object
that exists now into a generation the collector never walks. Nothing there is lost: reference counting
still frees any of them; cyclic garbage is collected first, so none is kept for ever (a game left to the
collector holds its save's lock until it is collected).
"""

from __future__ import annotations

import gc

_settled: set[str] = set()


def settle(stage: str) -> None:
    """Freeze what exists now, once per ``stage`` of loading (the shell; the game modules)."""
    if stage in _settled:
        return
    _settled.add(stage)
    gc.collect()
    gc.freeze()
