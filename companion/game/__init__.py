"""Playing a whole game in the shell: the activity (game, bots, keyboard, autosave), answers, words."""

from companion.game.activity import GameActivity, new_activity

__all__ = ["GameActivity", "new_activity"]
