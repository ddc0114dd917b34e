"""The files the program reads at run time, which the package itself holds, and the check of them at start.

The card data is installed as ``companion/carddata`` (pyproject.toml maps it from ``data/braille_reference``,
where it is edited); a checkout or an editable install reads it from ``data/braille_reference`` beside the
package. The browser seat's page is ``companion/net/page``. A half-installed package (a file deleted, cut to
nothing, a folder missing) is said at start in one sentence that names the file and how to reinstall, instead
of failing later in every command. This module loads nothing but ``os``: it runs before every command.
"""

from __future__ import annotations

import os

HERE = os.path.dirname(os.path.abspath(__file__))
CARD_FILES: tuple[str, ...] = ("base2e.yaml", "prosperity2e.yaml", "glossary.yaml", "recommended_sets.yaml")
PAGE_FILES: tuple[str, ...] = ("index.html", "play.js")
DISTRIBUTION = "dominion-companion"
REINSTALL = (f"Reinstall the companion. Type pipx reinstall {DISTRIBUTION}, or python3 -m pip install "
             f"--force-reinstall {DISTRIBUTION} if pip installed it.")


def card_folder() -> str | None:
    """The folder of the card, glossary and recommended-set YAML: the installed package's own, else a
    checkout's ``data/braille_reference``; None when neither is there."""
    for candidate in (os.path.join(HERE, "carddata"), os.path.join(os.path.dirname(HERE), "data", "braille_reference")):
        if os.path.isdir(candidate):
            return candidate
    return None


def page_folder() -> str:
    """The folder of the browser seat's page and script."""
    return os.path.join(HERE, "net", "page")


def _unusable(path: str) -> str | None:
    """Why the package file ``path`` cannot be used ("is missing", "is empty"), or None when it can."""
    try:
        size = os.stat(path).st_size
    except OSError:
        return "is missing"
    if not os.path.isfile(path):
        return "is not a file"
    if size == 0:
        return "is empty"
    return None


def card_data_problem() -> str | None:
    """One sentence naming the card data file that is missing or empty, with how to reinstall; or None."""
    folder = card_folder()
    if folder is None:
        return f"the program's card data folder {os.path.join(HERE, 'carddata')} is missing. {REINSTALL}"
    for name in CARD_FILES:
        path = os.path.join(folder, name)
        why = _unusable(path)
        if why:
            return f"the program's card data file {path} {why}. {REINSTALL}"
    return None


def page_problem() -> str | None:
    """One sentence naming the browser seat's file that is missing or empty, with how to reinstall; or None."""
    for name in PAGE_FILES:
        path = os.path.join(page_folder(), name)
        why = _unusable(path)
        if why:
            return f"the browser seat's file {path} {why}, so friends could not open the page. {REINSTALL}"
    return None
