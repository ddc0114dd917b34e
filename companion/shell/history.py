"""Lines typed in earlier runs (``history.txt`` in the state folder), for up-arrow in every line editor."""

from __future__ import annotations

from pathlib import Path

from companion.session import Session

HISTORY_FILE = "history.txt"
HISTORY_LENGTH = 1000


def history_path() -> Path:
    from companion.paths import state_dir

    return state_dir() / HISTORY_FILE


def load_history() -> list[str]:
    """Lines typed in earlier runs, oldest first (for up-arrow)."""
    try:
        text = history_path().read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line for line in text.splitlines() if line.strip()][-HISTORY_LENGTH:]


def save_history(session: Session) -> None:
    if not session.typed:
        return
    lines = (load_history() + session.typed)[-HISTORY_LENGTH:]
    try:
        from companion.paths import atomic_write

        atomic_write(history_path(), "\n".join(lines) + "\n")
    except OSError:
        pass  # history is a convenience
