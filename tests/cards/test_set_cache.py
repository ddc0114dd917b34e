"""The recommended sets are kept in the card cache like the cards: the YAML is parsed once, and a cache that
fails the YAML's own checks is ignored (the YAML decides)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

import companion.cards.loader as loader
from companion.cards.catalogue import recommended_sets
from tests.conftest import ROOT

DATA = ROOT / "data" / "braille_reference"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    folder.mkdir()
    for f in DATA.glob("*.yaml"):
        (folder / f.name).write_bytes(f.read_bytes())
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("COMPANION_NO_CACHE", raising=False)
    monkeypatch.setattr(loader, "data_dir", lambda: folder)
    with recommended_sets.kept():
        recommended_sets.cache_clear()
        yield folder


def _parsed(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every YAML file parsed from now on."""
    calls: list[Path] = []
    real = loader.read_yaml
    monkeypatch.setattr(loader, "read_yaml", lambda p: calls.append(p) or real(p))
    return calls


def test_the_sets_are_parsed_once_then_read_from_the_cache(data: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    first = recommended_sets().find("first game")
    cache = tmp_path / "home" / "state" / "cache" / "recommended_sets.json"
    assert any(s["name"] == "First Game" for s in json.loads(cache.read_text())["data"]["sets"])
    recommended_sets.cache_clear()
    calls = _parsed(monkeypatch)
    assert recommended_sets().find("first game") == first
    assert calls == []  # from the cache, not the YAML


def test_a_changed_yaml_is_read_again(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recommended_sets()
    path = data / "recommended_sets.yaml"
    path.write_text(path.read_text().replace("First Game", "Very First Game", 1))
    recommended_sets.cache_clear()
    assert recommended_sets().find("very first game").name == "Very First Game"


def test_a_cache_that_fails_the_checks_is_ignored(data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recommended_sets()
    cache = tmp_path / "home" / "state" / "cache" / "recommended_sets.json"
    doc = json.loads(cache.read_text())
    doc["data"]["sets"][0]["kingdom"] = "Village"  # a text where the YAML must have a list
    cache.write_text(json.dumps(doc))
    recommended_sets.cache_clear()
    calls = _parsed(monkeypatch)
    assert len(recommended_sets().find("first game").kingdom) == 10  # the YAML's ten cards, not the text
    assert calls == [data / "recommended_sets.yaml"]
