"""Orca's own launcher, with its check for another Orca kept to this desktop's display.

    python3 orca_on_display.py /usr/bin/orca --replace      (run by desktop.Desktop inside its D-Bus session)

Orca's launcher (/usr/bin/orca) refuses to start while any other Orca of the same user runs, and ``--replace``
kills every one of them: two desktops of the screen reader tests (pytest -n 2, one a worker) could then not
run side by side, and each would kill the other's Orca. Here the launcher's own code runs unchanged but for
``otherOrcas``, which only counts the Orcas on this desktop's X display (a stale one left there is still
replaced). Each desktop has its own Xvfb display, D-Bus session bus and AT-SPI bus, so an Orca hears only
its own desktop's programs, and speaks only to its own desktop's SSIP server (SPEECHD_ADDRESS).

Run with Orca's own interpreter (the launcher's first line), without anything of the test suite.
"""

from __future__ import annotations

import os
import sys


def orcas_on(display: str) -> list[int]:
    """The process ids of this user's other Orca processes whose DISPLAY is ``display``."""
    mine, found = os.getpid(), []
    wanted = f"DISPLAY={display}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == mine:
            continue
        try:
            if os.stat(f"/proc/{entry}").st_uid != os.getuid():
                continue
            with open(f"/proc/{entry}/comm", encoding="utf-8", errors="replace") as comm:
                if comm.read().strip() != "orca":
                    continue
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if wanted in environ.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:  # ended meanwhile, or not ours to read
            continue
    return found


def main() -> object:
    launcher = sys.argv[1]
    display = os.environ["DISPLAY"]
    with open(launcher, encoding="utf-8") as f:
        code = compile(f.read(), launcher, "exec")
    scope: dict[str, object] = {"__name__": "orca_launcher", "__file__": launcher}
    exec(code, scope)  # defines the launcher's functions; its main() runs below
    scope["otherOrcas"] = lambda: orcas_on(display)
    sys.argv = [launcher, *sys.argv[2:]]
    run = scope["main"]
    assert callable(run)
    return run()  # as the launcher's own last line: sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
