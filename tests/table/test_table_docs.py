"""Every example in docs/table.md works, in the order the guide gives them, and passes the checks."""

from __future__ import annotations

import re
from pathlib import Path

from tests.table.checks import problems
from tests.table.driver import Driver

DOC = Path(__file__).resolve().parents[2] / "docs" / "table.md"


def examples() -> list[str]:
    return re.findall(r"^Example: `([^`]+)`$", DOC.read_text(), flags=re.M)


def test_every_example_in_the_guide_works_in_order() -> None:
    d = Driver()
    found = examples()
    assert len(found) >= 30
    for line in found:
        said = d.run(line)
        assert not said.startswith("Error"), (line, said)
        assert not problems(line, said), (line, said, problems(line, said))


def test_every_table_command_has_an_example_in_the_guide() -> None:
    from companion.commands import registry

    mine = [c for c in registry.unique_commands() if c.topic == "Table"]
    used = {line.split()[0] for line in examples()}
    assert {c.name for c in mine} <= used, {c.name for c in mine} - used
    for cmd in mine:
        assert cmd.example.split()[0] == cmd.name
