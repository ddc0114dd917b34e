"""The strong bot's plan search imports companion.bots.strong in a thread of its own: a buy typed while that
import was half done failed with "something went wrong" (the module was there, its StrongBot not yet)."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from tests.game.helpers import Typist


def test_a_buy_while_the_strong_bot_is_still_being_imported_is_not_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    t = Typist()
    t('new --bots bigmoney --kingdom "First Game" --seed 7')
    t("play all")
    monkeypatch.setitem(sys.modules, "companion.bots.strong", types.ModuleType("companion.bots.strong"))
    out = t("buy silver")
    assert out.startswith("Bought Silver."), out
