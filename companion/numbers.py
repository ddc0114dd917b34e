"""One number parser for the whole program: every command that takes a number reads it here.

``str.isdigit()`` is True for "²", "①" and "¹²", but ``int()`` refuses them, so a test with one and a
conversion with the other turned a typed superscript into the generic "something went wrong". Here a
number is what ``int()`` takes: decimal digits of any script (so "12", a full-width "１２" and Arabic-Indic
digits all work), an optional sign where a command allows one. A word made of other numerals
(superscripts, circled or fraction-like digits) is refused with ``NumberError``, a sentence that says
what to type instead; the dispatcher says it as an ``Error:`` line with the typed line quoted.
"""

from __future__ import annotations

import unicodedata

MINUS = "-\u2212"  # hyphen-minus, and the minus sign some keyboards and screen readers give


class NumberError(Exception):
    """A word that looks like a number but is not one this program reads; ``str()`` is a sentence.

    Not a ValueError, so that argparse (which turns a ValueError from a ``type=`` function into its own
    "invalid int value: '²'") lets it through to the dispatcher."""


def _plain(word: str) -> str | None:
    """The plain digits a numeral like "²", "¹²" or "①" stands for, if each of its characters has one."""
    digits = []
    for ch in word:
        value = unicodedata.digit(ch, None)
        if value is None:
            numeric = unicodedata.numeric(ch, None)
            if numeric is None or numeric != int(numeric):
                return None
            digits.append(str(int(numeric)))
        else:
            digits.append(str(value))
    return "".join(digits)


def looks_numeric(word: str) -> bool:
    """Whether ``word`` is written only in numerals of some kind (plain or not), with an optional sign."""
    body = word[1:] if word and word[0] in MINUS + "+" else word
    return bool(body) and all(ch.isnumeric() for ch in body)


def as_number(word: str, *, signed: bool = False) -> int | None:
    """The whole number ``word`` is; None if it is not a number at all (a name, a word);
    NumberError if it is written in numerals this program does not read ("²", "①", "¹²")."""
    word = word.strip()
    sign = ""
    body = word
    if signed and word and word[0] in MINUS + "+":
        sign, body = ("-" if word[0] in MINUS else ""), word[1:]
    if body and body.isdecimal():
        return int(sign + body)
    if body and all(ch.isnumeric() for ch in body):
        from companion.cards.names import quote  # here: the card package itself reads numbers through this module

        plain = _plain(body)
        if not plain:
            raise NumberError(f"{quote(word)} is not a whole number. Type one with the digits 0 to 9.")
        raise NumberError(f"{quote(word)} is not a number written with the digits 0 to 9. Type {sign}{plain} instead.")
    return None


def is_number(word: str, *, signed: bool = False) -> bool:
    """Whether ``word`` is a number (raises NumberError for odd numerals, like ``as_number``)."""
    return as_number(word, signed=signed) is not None


def number(word: str, *, signed: bool = False, what: str = "a number") -> int:
    """The whole number ``word`` is, or NumberError saying it is not ``what``."""
    value = as_number(word, signed=signed)
    if value is None:
        from companion.cards.names import quote

        raise NumberError(f"{quote(word)} is not {what}. Type it with the digits 0 to 9.")
    return value


def whole(text: str) -> int:
    """An argparse ``type=``: a whole number, signed or not, or NumberError (``--players 3``, ``--seed -7``)."""
    return number(text, signed=True, what="a whole number")


__all__ = ["NumberError", "as_number", "is_number", "looks_numeric", "number", "whole"]
