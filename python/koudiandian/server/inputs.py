"""Reading what a client sends (JSON text, numbers in a URL) and writing error text back.

Every request body and WebSocket message is read by :func:`load_json`, every number in a
path or query by :func:`count` (ASCII digits only, ``koudiandian._count``), and every error
message sent is :func:`safe_text`, so that no input, however nested or however odd its
Unicode, escapes a handler as anything but the documented :class:`ProtocolError` reply.
"""

from __future__ import annotations

import json
from typing import Any

from .._count import parse_count
from ..errors import ProtocolError

__all__ = ["MAX_DEPTH", "load_json", "count", "safe_text"]

#: The deepest nesting of arrays and objects read (a table spec needs 3, an event log 5).
MAX_DEPTH = 64


def load_json(data: str | bytes, what: str) -> Any:
    """``data`` (``what``: "the message", "the request body"...) read as JSON. Raises
    :class:`ProtocolError` if it is not UTF-8 JSON or nests deeper than :data:`MAX_DEPTH`."""
    try:
        value = json.loads(data)
    except RecursionError:
        raise ProtocolError(f"{what} nests deeper than {MAX_DEPTH} arrays or objects") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise ProtocolError(f"{what} is not JSON: {e}") from None
    # Each array or object opens with one of these: text with no more of them than
    # MAX_DEPTH (a client's message) cannot nest deeper, and need not be walked.
    opening = (b"[", b"{") if isinstance(data, bytes) else ("[", "{")
    if data.count(opening[0]) + data.count(opening[1]) > MAX_DEPTH:  # type: ignore[arg-type]
        _check_depth(value, what)
    return value


def _check_depth(value: Any, what: str) -> None:
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise ProtocolError(f"{what} nests deeper than {MAX_DEPTH} arrays or objects")
        todo.extend((child, depth + 1) for child in children)


def count(text: str, name: str) -> int:
    """The number ``name`` of a path or query (``hand``, ``since``): ASCII digits, 0 or more,
    at most nine; otherwise :class:`ProtocolError` naming it."""
    return parse_count(text, name, ProtocolError)


def safe_text(text: str) -> str:
    """``text`` as UTF-8 can carry it: a lone surrogate (``"\\ud800"``, which JSON escapes
    can bring in) is written as its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
