"""Golden transcripts: what a user hears for every command, byte for byte.

Each file in golden/ is a transcript: a line starting with "> " is typed, the lines after it are the
response. The test types the same lines into a fresh session and compares. After a deliberate change to
the words, rewrite the files with UPDATE_GOLDEN=1 and read the diff before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.accessibility import check_error
from tests.home import Typist

GOLDEN = Path(__file__).parent / "golden"


def transcript_lines(path: Path) -> list[str]:
    return [line[2:] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("> ")]


DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def replay(lines: list[str]) -> tuple[str, list[tuple[str, str]]]:
    typist = Typist()
    parts: list[str] = []
    pairs = []
    for line in lines:
        out = typist.type(line)
        pairs.append((line, out))
        parts.append(f"> {line}\n{out}")
    return DATE.sub("YYYY-MM-DD", "".join(parts)), pairs  # a kept game is named for the day it was kept


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.txt")), ids=lambda p: p.stem)
def test_golden_transcript(path: Path) -> None:
    got, pairs = replay(transcript_lines(path))
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8")
    for _typed, out in pairs:
        if out.startswith("Error,"):
            check_error(out)


def test_every_command_has_a_golden_transcript() -> None:
    from companion.commands import registry

    typed = {line.split()[0] for path in GOLDEN.glob("*.txt") for line in transcript_lines(path) if line.strip()}
    missing = [c.name for c in registry.unique_commands() if c.name not in typed and c.shell]
    assert not missing, f"commands without a golden transcript: {missing}"
