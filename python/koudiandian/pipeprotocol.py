"""The pipe protocol of ``exec:`` bots (docs/bots.md, *The protocol*): its messages, their
framing, and how an answer reads.

Each line sent to the bot is a *frame*: a JSON array of messages, as the game server's
WebSocket sends them (docs/server.md): a ``hello`` once, then before each decision the
seat's new ``event`` messages and a ``view`` (the server's view of the seat, with its
``legal_actions`` and its ``decision`` number); in profiles with bids, event 0 is sent
again with ``"replaces": true`` once the bids are in and the deal is filled in. The events
that end a hand come first in the next hand's first frame. The bot answers every frame
that holds a ``view`` with one line: ``{"decision": n, "action": {"kind": "discard",
"tile": 4}}`` (the server's action message; ``"type": "action"`` may be there or not, and
``action`` may be the text ``"discard 5m"``), or only the action's text, ``discard 5m``.
Frames without a view (the ``hello``, and the last hand's end sent when the bot is closed)
need no answer.

Messages are built as JSON text (an event or a view the engine wrote as JSON is put in as
it is); :class:`~koudiandian.execbot.ExecBot` decides which to send and when.
"""

from __future__ import annotations

import json
from typing import Any

from .action import Action, read_action
from .view import SeatView

__all__ = [
    "PROTOCOL",
    "hello_message",
    "event_message",
    "view_message",
    "seat_view_json",
    "frame_line",
    "answer_parts",
    "answer_action",
]

#: The version of the pipe protocol, sent in the ``hello`` message.
PROTOCOL = 1


def _json(value: Any) -> str:
    """``value`` as compact JSON text, UTF-8 characters kept (the protocol's encoding)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def hello_message(bot: str) -> str:
    """The ``hello`` message, as JSON, to the bot named ``bot``: the first frame, alone."""
    return _json({"type": "hello", "protocol": PROTOCOL, "bot": bot})


def event_message(hand: int, n: int, event: str, *, replaces: bool = False) -> str:
    """An ``event`` message, as JSON: event ``n`` (from 0) of the seat's log of hand
    ``hand``, ``event`` already written as JSON (the engine's text); ``replaces`` for the
    deal sent again once the bids are in."""
    tail = ',"replaces":true' if replaces else ""
    return f'{{"type":"event","hand":{hand},"n":{n},"event":{event}{tail}}}'


def view_message(hand: int, view: str) -> str:
    """The ``view`` message, as JSON, of a decision in hand ``hand``: ``view`` is the seat's
    view already written as JSON, with its ``decision`` number."""
    return f'{{"type":"view","hand":{hand},"view":{view}}}'


def seat_view_json(view: SeatView, decision: int) -> str:
    """A plain :class:`SeatView` as a ``view`` message holds it: its
    :meth:`SeatView.to_dict` with ``decision`` (the number asked, from 1), as JSON."""
    return _json({**view.to_dict(), "decision": decision})


def frame_line(messages: list[str]) -> bytes:
    """The frame line of ``messages`` (each already written as JSON): a JSON array, a
    newline, UTF-8."""
    return ("[" + ",".join(messages) + "]\n").encode("utf-8")


def answer_parts(text: str, asked: int) -> tuple[object, object]:
    """The decision an answer line names (``asked``, the decision asked, where it names
    none) and its action as the bot wrote it (text or an object, not read yet: see
    :func:`answer_action`). ``text`` is the line, decoded and stripped: a JSON object with
    an ``action``, or only the action's text. Raises :class:`ValueError` for an object that
    is no JSON or has no ``action``."""
    if not text.startswith("{"):
        return asked, text
    data = json.loads(text)
    if not isinstance(data, dict) or "action" not in data:
        raise ValueError("an answer object needs an 'action'")
    return data.get("decision", asked), data["action"]


def answer_action(written: object) -> Action:
    """The action of an answer as the bot wrote it (:func:`answer_parts`): its text or an
    object ``{"kind", "tile"}``, read as every action is (:func:`~.action.read_action`).
    Raises its errors for one that names no action, and :class:`ValueError` for neither
    text nor an object. Whether the action is legal is not checked."""
    if not isinstance(written, str | dict):
        raise ValueError("'action' must be an object or text")
    return read_action(written)
