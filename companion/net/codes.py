"""Join codes and seat tokens.

A join code is nine digits said in three groups ("482 193 765"): easy to read aloud and to type, with no
letters to confuse. Nine digits are about 30 bits, so guessing is slowed instead: a host takes at most 5
wrong codes a minute from one address (companion.net.limits). A seat token is 192 random bits. Both are
compared in constant time (``hmac.compare_digest``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

DIGITS = 9


def new_code() -> str:
    n = secrets.randbelow(10**DIGITS)
    text = f"{n:0{DIGITS}d}"
    return " ".join(text[i:i + 3] for i in range(0, DIGITS, 3))


def normal_code(typed: str) -> str:
    """The digits of a typed code (spaces and dashes dropped), or "" if it is not a code at all."""
    digits = "".join(c for c in typed if c not in " -")
    return digits if digits.isascii() and digits.isdigit() and len(digits) == DIGITS else ""


def said_code(code: str) -> str:
    digits = normal_code(code)
    return " ".join(digits[i:i + 3] for i in range(0, DIGITS, 3)) if digits else code


def same(a: str, b: str) -> bool:
    """Whether two secrets are equal, in time that does not depend on where they differ."""
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    """What is kept on disk for a token: its hash, so a save file cannot be used to take a seat."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def code_key(code: str) -> str:
    """The key a host files its games under: a hash, so finding a game leaks nothing about the code."""
    return hashlib.sha256(normal_code(code).encode("ascii")).hexdigest()
