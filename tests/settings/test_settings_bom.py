"""A settings file saved by an editor that starts it with a UTF-8 byte-order mark (Windows Notepad) is read,
not set aside as damaged, and is written back readable."""

from __future__ import annotations

from pathlib import Path

from companion.settings import load_settings


def test_a_byte_order_mark_is_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'\xef\xbb\xbf# mine\nverbosity = "brief"\n')
    settings = load_settings(path)
    assert settings.notice is None
    assert settings.get("verbosity") == "brief"
    settings.set("verbosity", "full")
    assert settings.save() is None
    assert not (tmp_path / "settings.damaged.toml").exists()
    again = load_settings(path)
    assert again.notice is None and again.get("verbosity") == "full"
    assert "# mine" in path.read_text(encoding="utf-8-sig")  # the person's comment kept
