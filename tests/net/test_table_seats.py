"""A hosted table's seats, without the network: each seat hears its own response, and every other seat
the one line the table's service made for it; refusals, questions and errors tell nobody else."""

from __future__ import annotations

import pytest

from companion.net.table_seating import TableSeating, load_table, new_table
from companion.table import storage


@pytest.fixture
def seating(tmp_path, monkeypatch) -> TableSeating:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    made, said = new_table("--players Ana, Ben, Cleo --kingdom First Game --seed 4")
    assert made is not None, said
    assert said.startswith("Table game 1, 3 players."), said
    yield made
    made.held.release()


def test_an_entry_is_said_in_full_to_its_seat_and_in_one_line_to_each_other(seating: TableSeating) -> None:
    first = seating.waiting_for()
    assert first is not None
    name = seating.names[first]
    heard = seating.run(first, "buy gold").heard()
    assert heard[first] == f"{name} bought a Gold, 29 left."
    others = [s for s in seating.people() if s != first]
    assert {s: heard[s] for s in others} == {s: heard[first] for s in others}  # it starts with the name
    assert all(seating.sessions[s].last == heard[first] for s in others)  # kept for repeat and review there
    after = seating.run(first, "next").heard()
    assert [after[s] for s in others] == [f"{name} recorded. {after[first]}"] * 2
    assert storage.load(seating.saved.name).table.entries == seating.saved.table.entries  # saved before said


def test_questions_refusals_and_errors_tell_nobody_else(seating: TableSeating) -> None:
    first = seating.waiting_for()
    assert first is not None
    for line in ("score", "piles", "table close", "buy zzz", "card village", "table new --players A,B"):
        heard = seating.run(first, line).heard()
        assert list(heard) == [first], line
    assert seating.run(first, "table close").heard()[first].startswith("Error, 'table' is not available in a hosted game.")
    assert seating.saved.table.entries == []


def test_a_hosted_table_comes_back_with_its_entries(seating: TableSeating) -> None:
    first = seating.waiting_for()
    assert first is not None
    seating.run(first, "gain others curse").heard()
    name = seating.saved.name
    seating.held.release()
    again = load_table(name)
    assert again is not None
    try:
        assert again.saved.table.entries == seating.saved.table.entries
        caught_up = again.catch_up(first).text
        assert caught_up == again.run(first, "table status").heard()[first]  # what table status says
        assert f"Table {name}, 3 players." in caught_up.splitlines()
    finally:
        again.held.release()
        seating.service.held = storage.hold(name)  # for the fixture's own release
