"""Damaged card data says what is wrong (file, card, field) through the real dispatch path, a file cut
short does not half load, and the card cache cannot run code: it is JSON, checked like the YAML."""

from __future__ import annotations

import io
import json
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterator

import pytest
import yaml

import companion.cards.loader as loader
from companion.cards import catalogue
from companion.cards.catalogue import glossary
from companion.dispatch import run_line
from companion.session import Session
from tests.accessibility import check_error, check_response
from tests.conftest import ROOT

DATA = ROOT / "data" / "braille_reference"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the card data that the program reads instead of its own, with a private state folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    for f in DATA.glob("*.yaml"):
        (folder / f.name).write_bytes(f.read_bytes())
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(loader, "data_dir", lambda: folder)
    with catalogue.kept(), glossary.kept():  # the rest of the suite goes on with the very same cards
        catalogue.cache_clear()
        glossary.cache_clear()
        yield folder


def say(line: str) -> str:
    out = io.StringIO()
    run_line(Session(out=out), line)
    return out.getvalue()


def _cut_in_half(text: str) -> str:
    at = text.index("- name: Militia")  # a card boundary: what is left is valid YAML with fewer cards
    return text[:at]


def _twice(text: str) -> str:
    start = text.index("- name: Village")
    end = text.index("- name:", start + 1)
    return text + text[start:end] if text.endswith("\n") else text + "\n" + text[start:end]


def _drop_field(text: str) -> str:
    doc = yaml.safe_load(text)
    village = next(c for c in doc["cards"] if c["name"] == "Village")
    del village["cost"]
    return yaml.safe_dump(doc, sort_keys=False)


DAMAGE: dict[str, tuple[Callable[[str], str], str]] = {
    "invalid": (lambda t: t.replace("- name: Village", "- name: [Village", 1), "base2e.yaml: is not valid YAML at line"),
    "empty": (lambda t: "", "base2e.yaml: is empty."),
    "missing field": (_drop_field, "base2e.yaml: card 'Village': field 'cost' is missing."),
    "listed twice": (_twice, "base2e.yaml: card 'Village' is listed twice."),
    "cut in half": (_cut_in_half, "base2e.yaml: card 'Militia' and 12 more is missing."),
    "not UTF-8": (lambda t: t.replace("Village", "Vill\udcffage", 1), "base2e.yaml: is not valid YAML"),
}


@pytest.mark.parametrize("kind", DAMAGE)
def test_damaged_card_data_says_file_card_and_field(data: Path, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    damage, sentence = DAMAGE[kind]
    path = data / "base2e.yaml"
    path.write_bytes(damage(path.read_text()).encode("utf-8", "surrogateescape"))
    out = say("card village")
    assert out.startswith("Error, 'card village', the card data is damaged. ")
    assert sentence in out and out.endswith("Check that file, or reinstall the companion.\n")
    assert "something went wrong" not in out
    monkeypatch.undo()  # the checker itself reads the card data
    catalogue.cache_clear()
    check_error(out, "card village")


def test_a_half_file_never_answers_with_another_card(data: Path) -> None:
    path = data / "base2e.yaml"
    path.write_text(_cut_in_half(path.read_text()))
    out = say("card village")
    assert "Worker's Village" not in out and out.startswith("Error,")


def test_a_card_this_version_does_not_know_is_refused(data: Path) -> None:
    path = data / "prosperity2e.yaml"
    doc = yaml.safe_load(path.read_text())
    extra = dict(doc["cards"][-1], name="Stonemason", code=None)
    doc["cards"].append(extra)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    out = say("card anvil")
    assert "prosperity2e.yaml: card 'Stonemason' is not a card of this box." in out


def test_the_cache_is_used_and_is_plain_json(data: Path, tmp_path: Path) -> None:
    first = say("card village")
    cache = tmp_path / "home" / "state" / "cache" / "cards.json"
    doc = json.loads(cache.read_text())
    assert {c["name"] for c in doc["data"][0]["cards"]} >= {"Village", "Copper"}
    catalogue.cache_clear()
    import companion.cards.loader as fresh

    calls = []
    real = fresh.read_yaml
    fresh.read_yaml = lambda p: calls.append(p) or real(p)  # type: ignore[assignment]
    try:
        again = say("card village")
    finally:
        fresh.read_yaml = real  # type: ignore[assignment]
    assert again == first and calls == []  # answered from the cache, not the YAML
    check_response(again)


def test_a_cache_that_fails_the_checks_is_ignored(data: Path, tmp_path: Path) -> None:
    say("card village")
    cache = tmp_path / "home" / "state" / "cache" / "cards.json"
    doc = json.loads(cache.read_text())
    village = next(c for c in doc["data"][0]["cards"] if c["name"] == "Village")
    village["cost"] = "three"
    cache.write_text(json.dumps(doc))
    catalogue.cache_clear()
    assert say("card village").startswith("Village, 3 coins, Action.")
    doc["data"] = [[[[[[]]]]]] * 3
    cache.write_text("[" * 100_000 + "]" * 100_000)  # nested too deep for the parser
    catalogue.cache_clear()
    assert say("card village").startswith("Village, 3 coins, Action.")


class _Marker:
    """Unpickling this runs ``open(marker, "w")``: the harmless stand-in for any code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def test_a_crafted_cache_file_runs_no_code(tmp_path: Path) -> None:
    """The whole program, one-shot: crafted pickles where the cache was and is must not run."""
    home = tmp_path / "home"
    cache = home / "state" / "cache"
    cache.mkdir(parents=True)
    markers = [tmp_path / f"ran-{i}" for i in range(4)]
    payloads = [pickle.dumps(_Marker(m), protocol=p) for m, p in zip(markers, (0, 2, 4, 5))]
    (cache / "cards.pickle").write_bytes(payloads[0])
    (cache / "glossary.pickle").write_bytes(payloads[1])
    (cache / "cards.json").write_bytes(payloads[2])
    (cache / "glossary.json").write_bytes(payloads[3])
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("COMPANION_", "PYTEST"))}
    env.update(PYTHONPATH=str(ROOT), COMPANION_HOME=str(home))
    for args in (["card", "village"], ["rule", "trash"], ["card", "village"]):
        result = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, cwd=ROOT, env=env,
                                timeout=60)
        assert result.returncode == 0, result.stdout
    assert not any(m.exists() for m in markers)
    assert result.stdout.startswith(b"Village, 3 coins, Action.")
    assert json.loads((cache / "cards.json").read_text())["data"]  # replaced by a good cache
