"""The shared accessibility checker (tests/accessibility.py) applied to a table command and its response.

A response to a list the user asked for (the layout, piles, the log, scores, a player's cards, help) has
no word or line limit; everything else does. An error must quote what was typed.
"""

from __future__ import annotations

from tests.accessibility import error_problems, response_problems

# Lines whose answer is a list the user asked for: the first line and sentence are still checked.
LISTINGS = ("table", "piles", "log", "score", "count", "help")


def problems(command: str, response: str, verbosity: str = "normal") -> list[str]:
    """Everything the shared checker finds wrong with ``response`` to the typed ``command``."""
    if response.startswith("Error,"):
        return error_problems(response, typed=command)
    verb = command.split(" ", 1)[0].lower()
    return response_problems(response, verbosity, listing=verb in LISTINGS)
