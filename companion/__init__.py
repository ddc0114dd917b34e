"""The Dominion Companion: a screen-reader-first companion for Dominion players."""

__version__ = "0.1.0"
