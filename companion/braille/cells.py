"""Braille cells two ways: North American Braille ASCII (what a BRF file holds) and Unicode braille.

Braille ASCII gives each of the 64 six-dot cells one printable byte from 0x20 to 0x5F. Unicode gives
the same cell the code point U+2800 plus its dot bits. The string below lists the ASCII byte of every
cell in the order of those dot bits, so the two convert with a lookup.
"""

from __future__ import annotations

# BRAILLE_ASCII[bits] is the Braille ASCII character of the cell whose dots are ``bits``
# (dot 1 = 1, dot 2 = 2, dot 3 = 4, dot 4 = 8, dot 5 = 16, dot 6 = 32).
BRAILLE_ASCII = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="
UNICODE_BLANK = "\u2800"

_TO_UNICODE = {ascii_char: chr(0x2800 + bits) for bits, ascii_char in enumerate(BRAILLE_ASCII)}
_TO_ASCII = {chr(0x2800 + bits): ascii_char for bits, ascii_char in enumerate(BRAILLE_ASCII)}


def is_braille_ascii(text: str) -> bool:
    """True if every character is one of the 64 Braille ASCII cells (upper case letters)."""
    return all(ch in _TO_UNICODE for ch in text)


def to_unicode(brf: str) -> str:
    """Braille ASCII to Unicode braille cells; a space becomes the blank cell U+2800."""
    return "".join(_TO_UNICODE[ch] for ch in brf.upper())


def to_screen(brf: str) -> str:
    """Braille ASCII to Unicode braille cells for the screen: words parted by an ordinary space.

    A screen reader finds words at whitespace, and U+2800 is a symbol, not whitespace: Orca's review read a
    whole line of braille words as one word, and espeak-ng read each blank cell as the word "braille". A
    braille display shows the space as a blank cell all the same."""
    return " ".join(to_unicode(word) for word in brf.split(" "))


def to_ascii(cells: str) -> str:
    """Unicode braille cells (six-dot only, an ordinary space as a blank cell) back to Braille ASCII."""
    return "".join(" " if ch == " " else _TO_ASCII[ch] for ch in cells)
