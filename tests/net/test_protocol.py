"""The protocol's checks on a player's message, field by field."""

from __future__ import annotations

import json

import pytest

from companion.net.protocol import ProtocolError, decode_client


def test_a_lone_surrogate_in_a_line_is_refused_before_it_can_reach_an_answer():
    # valid JSON, but no text quoting it can be sent back as UTF-8: every answer to it would be lost
    raw = json.dumps({"v": 1, "type": "line", "id": 1, "text": "say \ud800 hi"})
    with pytest.raises(ProtocolError, match="text is not Unicode text"):
        decode_client(raw)
    hello = json.dumps({"v": 1, "type": "hello", "code": "123456789", "name": "Ana", "token": "\udfff"})
    with pytest.raises(ProtocolError, match="token is not Unicode text"):
        decode_client(hello)
    assert decode_client(json.dumps({"v": 1, "type": "line", "id": 1, "text": "say hé 👋"}))["text"] == "say hé 👋"
