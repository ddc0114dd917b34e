"""The messages between a host and its players: versioned JSON, one message per WebSocket text frame.

Every message is an object with ``v`` (the protocol version) and ``type``. A message from a player is
checked field by field before anything is done with it; anything else (not JSON, an unknown type, a
field of the wrong kind or size, a frame too big) raises ``ProtocolError``, whose text is the reason
the host gives when it closes that connection. Nothing in the game changes on a refused message.

From a player:
- ``hello``: ``code`` (the join code), ``name``, and to come back, ``seat`` and ``token``; ``seen``: the
  number of the last message heard, so the host can say again what was missed.
- ``line``: ``id`` (1, 2, 3... per seat, kept across connections) and ``text``, one typed line. A line
  whose id was already applied is answered again from memory, never applied twice.
- ``ping``.

From the host:
- ``welcome``: ``seat``, ``name``, ``token`` (a new seat's), ``renewed`` (a returning seat's new token: the
  one it came with fits only until it next speaks), ``game``, ``prompt``, ``last_line`` (the last applied id).
- ``say``: ``n`` (a number per seat, kept across connections), ``text``, ``prompt``, ``yours`` (the game
  waits for this seat), ``over``, and ``reply`` (the line id it answers, or 0 for news).
- ``pong``; ``bye``: ``reason``, said just before the host closes the connection.
"""

from __future__ import annotations

import json
from typing import TypedDict, cast

VERSION = 1
MAX_FRAME = 4096  # bytes in one message from a player; a typed line is at most 1,000 characters
MAX_LINE = 1000
MAX_NAME = 20
MAX_CODE = 40
MAX_TOKEN = 100
MAX_PASSWORD = 200
MAX_ID = 2**53
MAX_DEPTH = 20  # brackets inside brackets; a message of ours has 1


def _depth(raw: str) -> int:
    """How deep the brackets of a JSON text go, brackets inside strings not counted; a cheap linear scan."""
    if raw.count("[") + raw.count("{") <= MAX_DEPTH:
        return 0  # cannot be deeper: no need to look
    deepest = depth = 0
    quoted = escaped = False
    for c in raw:
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


# A player's message once decode_client has checked it: each field present has the type named here (hello has
# code and name; line has id and text). "pass" is a Python word, so the class is written as a call.
ClientMessage = TypedDict("ClientMessage", {
    "v": int, "type": str,
    "code": str, "name": str, "seat": "int | None", "token": "str | None", "seen": "int | None",
    "password": "str | None", "device": "str | None", "pass": "str | None",
    "id": int, "text": str, "secret": bool,
}, total=False)


class HostMessage(TypedDict, total=False):
    """A host's message once decode_host has checked it: the text and whole-number fields have their types;
    the rest (a lobby's additions) are looked at with isinstance where they are read."""

    v: int
    type: str
    text: str
    prompt: str
    reason: str
    name: str
    token: str
    renewed: str
    game: str
    n: int
    seat: int
    reply: int
    last_line: int
    yours: object
    over: object
    secret: object
    secret_lines: object
    device: object
    go: object


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``str()`` is the reason told to the sender before closing."""


def encode(kind: str, **fields: object) -> str:
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"), ensure_ascii=False)


def _text(msg: dict[str, object], key: str, most: int, required: bool = True) -> str | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"the field {key} must be text.")
    if len(value) > most:
        raise ProtocolError(f"the field {key} is longer than {most} characters.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, as JSON allows: no answer quoting it could be sent
        raise ProtocolError(f"the field {key} is not Unicode text.") from None
    return value


def _count(msg: dict[str, object], key: str, required: bool = True) -> int | None:
    value = msg.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_ID:
        raise ProtocolError(f"the field {key} must be a whole number from 0.")
    return value


_FIELDS = {
    # password, device: a server's account (the password the first time on a device, then the device's token);
    # pass: the lobby's pass to a game for a signed-in account
    "hello": {"v", "type", "code", "name", "seat", "token", "seen", "password", "device", "pass"},
    # secret: typed at a password question (a server's lobby says it takes the mark with secret_lines)
    "line": {"v", "type", "id", "text", "secret"},
    "ping": {"v", "type"},
}


def decode_client(raw: str | bytes) -> ClientMessage:
    """A player's message, checked; ProtocolError saying what is wrong otherwise."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages must be text frames, not binary.")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ProtocolError(f"a message was bigger than {MAX_FRAME} bytes.")
    if _depth(raw) > MAX_DEPTH:  # json would recurse once a bracket: thousands of them end in RecursionError
        raise ProtocolError(f"a message was nested more than {MAX_DEPTH} deep.")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("a message was not JSON.") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object.")
    if msg.get("v") != VERSION:
        raise ProtocolError(f"this host speaks protocol version {VERSION}. Update the program.")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError("a message had an unknown type.")
    extra = set(msg) - _FIELDS[kind]
    if extra:
        raise ProtocolError(f"a {kind} message had unknown fields.")
    if kind == "hello":
        _text(msg, "code", MAX_CODE)
        name = _text(msg, "name", MAX_NAME)
        assert name is not None
        if not name.strip() or any(not (c.isalnum() or c in " -'.") for c in name):
            raise ProtocolError("a name may have letters, digits, spaces, dashes and apostrophes.")
        _count(msg, "seat", required=False)
        _text(msg, "token", MAX_TOKEN, required=False)
        _count(msg, "seen", required=False)
        _text(msg, "password", MAX_PASSWORD, required=False)
        _text(msg, "device", MAX_TOKEN, required=False)
        _text(msg, "pass", MAX_TOKEN, required=False)
    elif kind == "line":
        if _count(msg, "id") == 0:
            raise ProtocolError("line ids start at 1.")
        _text(msg, "text", MAX_LINE)
        if not isinstance(msg.get("secret", False), bool):
            raise ProtocolError("the field secret must be true or false.")
    return cast(ClientMessage, msg)  # each of its fields checked above


def decode_host(raw: str | bytes) -> HostMessage:
    """A host's message, as a joining program reads it: hostile too, so checked before use."""
    if isinstance(raw, bytes) or len(raw) > 1_000_000 or _depth(raw) > MAX_DEPTH:
        raise ProtocolError("the host sent a message this program cannot read.")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("the host sent a message that was not JSON.") from None
    if not isinstance(msg, dict) or msg.get("v") != VERSION or not isinstance(msg.get("type"), str):
        raise ProtocolError("the host speaks another version of the protocol.")
    for key in ("text", "prompt", "reason", "name", "token", "renewed", "game"):
        if key in msg and not isinstance(msg[key], str):
            raise ProtocolError("the host sent a message this program cannot read.")
    for key in ("n", "seat", "reply", "last_line"):
        if key in msg and (not isinstance(msg[key], int) or isinstance(msg[key], bool)):
            raise ProtocolError("the host sent a message this program cannot read.")
    return cast(HostMessage, msg)  # its typed fields checked above
