"""A table's connection: one WebSocket's seat, what it has been sent, and the queue of
frames its writer task sends.

Memory stays bounded: a connection's queue of frames not yet sent is capped in bytes
(:data:`MAX_QUEUED_BYTES`); a client that does not read is let go.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Connection", "MAX_QUEUED_BYTES"]

try:  # a faster JSON encoder, if installed (the [server] extra brings it)
    import orjson

    #: A message's JSON text, written into a frame as it is (an event, or a view, as the
    #: engine wrote it): ``raw(text)``.
    raw = orjson.Fragment

    def _frame(messages: list[Any]) -> str:
        return orjson.dumps(messages).decode()

    def dumps(value: Any) -> str:
        """``value`` as compact JSON text."""
        return orjson.dumps(value).decode()

except ImportError:  # pragma: no cover - orjson is in the [server] extra

    class raw:  # type: ignore[no-redef]
        __slots__ = ("contents",)

        def __init__(self, contents: str) -> None:
            self.contents = contents

    def dumps(value: Any) -> str:
        """``value`` as compact JSON text."""
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    def _frame(messages: list[Any]) -> str:
        parts = (str(m.contents) if isinstance(m, raw) else dumps(m) for m in messages)
        return "[" + ",".join(parts) + "]"


#: Bytes of frames queued for one connection, not yet sent, before the server gives up on
#: it (a client that does not read): its socket is closed with the too-slow code. A frame
#: counts its length as text (JSON with ASCII escapes but for names: about its bytes).
MAX_QUEUED_BYTES = 4 * 1024 * 1024


@dataclass(eq=False)
class Connection:
    """One WebSocket: a seat (``None`` for a spectator), what it has been sent, and the
    queue of frames its writer task sends in order. A frame is a JSON array of messages:
    what one change of the table brings a connection goes out as one frame.

    With ``direct`` (the socket's send, run at once: :func:`~.eagersend.send_now`) a frame
    is sent without the queue while nothing is queued or still being sent (``inflight``);
    the writer task waits for a frame in flight before it sends the next."""

    seat: int | None
    hand: int = 0  # the hand whose events it is being sent
    sent: int = 0  # how many events of that hand it has been sent
    view_key: tuple[int, int, int | None] | None = None  # (hand, events, decision) last sent
    view_due: bool = False  # a view is owed (held back while a claim window is open)
    all_views: bool = False  # a view after every change, not only when the seat must act
    ended: bool = False  # whether it has been told that the match is over
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    queued_bytes: int = 0  # the size of the frames in ``queue``
    max_queued_bytes: int = MAX_QUEUED_BYTES
    overflowed: bool = False
    close_code: int = 1000  # the code its socket is closed with once the queue ends
    pending: list[Any] = field(default_factory=list)  # messages: dicts, or raw JSON text
    start: str | None = None  # the start_hand event sent for ``hand`` (its JSON text)
    clock_key: tuple[int, float] | None = None  # the public clock last sent (seat, start)
    direct: Callable[[str], asyncio.Future[None] | None] | None = None
    inflight: asyncio.Future[None] | None = None  # a direct send that had to wait

    def add(self, message: dict[str, Any] | raw) -> None:
        """Queue ``message`` (a dict, or :data:`raw` JSON text) for the next frame."""
        self.pending.append(message)

    def push(self) -> None:
        """Send the queued messages as one frame."""
        if not self.pending or self.overflowed:
            self.pending.clear()
            return
        text = _frame(self.pending)
        self.pending.clear()
        if self.direct is not None and self.queue.empty() and not self.queued_bytes:
            inflight = self.inflight
            if inflight is None or inflight.done():
                self.inflight = self.direct(text)
                return
        if self.queued_bytes + len(text) > self.max_queued_bytes:
            self.overflowed = True
            self.queue.put_nowait(None)  # the writer closes the socket
            return
        self.queued_bytes += len(text)
        self.queue.put_nowait(text)

    def sent_frame(self, text: str) -> None:
        """The writer has taken ``text`` from the queue to send it."""
        self.queued_bytes -= len(text)

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` now (after anything queued), in a frame of its own."""
        self.add(message)
        self.push()
