"""The WebSocket messages a client sends, read and checked (docs/server.md has the protocol).

A client of protocol :data:`PROTOCOL` sends JSON objects of at most :data:`MAX_MESSAGE`
bytes::

    {"type": "action", "decision": 7, "action": {"kind": "discard", "tile": 33}}
    {"type": "action", "decision": 7, "action": "discard 7z"}   # the text str(Action) prints
    {"type": "ping"}
    {"type": "ready", "ready": true}     # at a room's table: ready (or not) for its match
    {"type": "resume"}                   # take the seat back from 托管
    {"type": "dismiss"}                  # propose to dismiss the match (解散)
    {"type": "vote", "accept": true}     # answer the open dismiss vote


``decision`` is the number of the decision the action answers, as the seat's last view
gave it (:meth:`Match.decision`, ``koudiandian/decisions.py``). Anything else raises :class:`ProtocolError` (or, for an
action that names no action, :class:`IllegalActionError`), naming what is wrong; so does
an action of protocol 1, which named no decision.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..action import Action, read_action
from ..errors import IllegalActionError, KoudiandianError, ProtocolError
from .inputs import load_json, safe_text

__all__ = ["PROTOCOL", "MAX_MESSAGE", "Message", "parse_message", "error_message"]

#: The protocol's version, sent in ``hello``. Version 2 numbers the decisions: a view
#: carries ``decision`` and an action must name it (version 1 had no numbers).
PROTOCOL = 2
#: The largest message a client may send, in bytes (UTF-8).
MAX_MESSAGE = 4096
_TYPES = ("action", "ping", "ready", "resume", "dismiss", "vote")


@dataclass(frozen=True, slots=True)
class Message:
    """A client's message, read: its ``type``, and for an action the :class:`Action` and
    the number of the decision it answers; for ``ready``, whether ready; for ``vote``,
    whether it accepts."""

    type: str
    action: Action | None = None
    decision: int | None = None
    ready: bool = True
    accept: bool = True


def parse_message(data: str | bytes) -> Message:
    """The client's message ``data`` (a WebSocket frame's text or bytes), read and checked."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise ProtocolError(f"message of {size} bytes; at most {MAX_MESSAGE} are read")
    obj = load_json(data, "the message")
    if not isinstance(obj, dict):
        raise ProtocolError(f"a message is a JSON object, got {type(obj).__name__}")
    kind = obj.get("type")
    if kind not in _TYPES:
        raise ProtocolError(
            f"unknown message type {kind!r}; expected one of {', '.join(map(repr, _TYPES))}"
        )
    if kind == "ping":
        return Message("ping")
    if kind in ("resume", "dismiss"):
        if set(obj) != {"type"}:
            raise ProtocolError(
                f'a {kind} message is {{"type": "{kind}"}}, got {json.dumps(obj)[:200]}'
            )
        return Message(kind)
    if kind == "vote":
        accept = obj.get("accept")
        if not isinstance(accept, bool) or set(obj) != {"type", "accept"}:
            raise ProtocolError(
                f'a vote is {{"type": "vote", "accept": true or false}}, got {json.dumps(obj)[:200]}'
            )
        return Message("vote", accept=accept)
    if kind == "ready":
        ready = obj.get("ready", True)
        if not isinstance(ready, bool) or set(obj) - {"type", "ready"}:
            raise ProtocolError(
                f'a ready message is {{"type": "ready", "ready": true or false}}, got '
                f"{json.dumps(obj)[:200]}"
            )
        return Message("ready", ready=ready)
    decision = obj.get("decision")
    if decision is None:
        raise ProtocolError(
            f"an action names the decision it answers (protocol {PROTOCOL}): "
            '{"type": "action", "decision": <the view\'s decision>, "action": ...}'
        )
    if isinstance(decision, bool) or not isinstance(decision, int) or decision < 0:
        raise ProtocolError(
            f"decision must be the view's decision number, got {json.dumps(decision)[:40]}"
        )
    return Message("action", parse_action(obj.get("action")), decision)


def parse_action(value: Any) -> Action:
    """An action as a client writes it: ``{"kind": ..., "tile": ...}`` or text, read by
    :func:`~koudiandian.action.read_action` (as :meth:`Game.step` reads it); every refusal
    an :class:`IllegalActionError`, a value of another JSON type shown as the client wrote
    it."""
    if not isinstance(value, str | dict):
        raise IllegalActionError(
            f"'action' must be an object {{'kind', 'tile'}} or text, got {json.dumps(value)[:200]}"
        )
    try:
        return read_action(value)
    except KoudiandianError as e:
        raise IllegalActionError(str(e)) from None


def error_message(error: Exception, legal: list[Action] | None = None) -> dict[str, Any]:
    """The error a client is sent: the exception's class and message, and what it may do."""
    return {
        "type": "error",
        "error": type(error).__name__,
        "message": safe_text(str(error)),
        "legal_actions": [a.to_dict() for a in legal or []],
    }
