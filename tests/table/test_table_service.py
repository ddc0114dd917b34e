"""The table's service (companion.table.service): whole intents with parsed arguments, each returning an
Outcome, with no session and no command; refusals as the shared refusal; saved before said; what every
other seat of a hosted table hears comes with the outcome. (tests/project/test_layers.py keeps the table
below the commands and every module's private names its own.)"""

from __future__ import annotations

import pytest

from companion.cards import catalogue
from companion.kingdom import choose_kingdom
from companion.refusal import CommandError
from companion.table import opening, storage
from companion.table.service import Outcome, TableService
from tests.table.driver import Driver


def _first_game() -> TableService:
    kingdom = choose_kingdom("First Game")
    service, outcome = opening.new("table new", ["Ann", "Ben", "Cal"], kingdom, seed=3, name=None, first="Ann",
                                   low=3, previous=None)
    assert outcome.saved and outcome.lines[0] == "Table game 1, 3 players."
    return service


def test_an_entry_is_on_disk_before_its_outcome_is_returned() -> None:
    service = _first_game()
    village = catalogue()["Village"]
    outcome = service.buy("buy village", 0, [village])
    assert isinstance(outcome, Outcome)
    assert outcome.changed and outcome.saved
    assert outcome.lines == ("Ann bought a Village, 9 left.",)
    assert storage.load(service.name).table.entries == service.table.entries  # on disk, as said
    assert service.last is outcome


def test_the_same_entry_is_said_the_same_through_the_command() -> None:
    service = _first_game()
    gold = catalogue()["Gold"]
    said = service.gain("gain Ben gold", [1], [gold]).text
    d = Driver()
    d.run('table new --players Ann,Ben,Cal --kingdom "First Game" --seed 3 --first Ann --name other')
    assert d.run("gain Ben gold") == said + "\n"


def test_a_refusal_is_the_shared_refusal_and_changes_nothing() -> None:
    service = _first_game()
    province = catalogue()["Province"]
    before = list(service.table.entries)
    with pytest.raises(CommandError) as refused:
        service.trash("trash province", 0, [province])
    assert str(refused.value).startswith("'trash province'")
    assert service.table.entries == before
    assert storage.load(service.name).table.entries == before
    with pytest.raises(CommandError, match="nothing to undo"):
        service.undo()


def test_a_seat_that_records_an_entry_tells_every_other_seat_one_line() -> None:
    service = _first_game()
    outcome = service.gain("gain others curse", [1, 2], [catalogue()["Curse"]], others=True, by=0)
    assert set(outcome.others) == {1, 2}
    assert outcome.others[1] == outcome.others[2] == (f"Ann recorded. {outcome.lines[0]}",)
    assert service.vp("vp Ben 2", 1, 2, by=1).others[0] == ("Ben took 2 VP tokens, 2 in all.",)  # names itself
    assert not service.score().others and not service.score().changed  # a question tells nobody
    assert not service.next_turn().others  # the one terminal of a shell: nobody else to tell


def test_a_table_open_read_only_refuses_every_entry() -> None:
    service = _first_game()
    look = TableService(storage.load(service.name))
    with pytest.raises(CommandError, match="open read only here"):
        look.next_turn()
    with pytest.raises(CommandError, match="open read only here"):
        look.set_low("table low 2", 2)
    assert look.status().lines == service.status().lines  # it can still be heard
